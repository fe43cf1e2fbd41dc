import Hummingbird

/// Times every request into ``ServerMetrics``' latency histogram, labelled with the route pattern
/// the request matched (Hummingbird's `context.endpointPath`, set by the router before the
/// middleware run; `NotFound` when no route matched), the method and the status class.
///
/// On the keystroke path it costs two clock reads, a dictionary lookup under a lock and the
/// histogram's update: no string is built per request. The time runs until the response is made
/// (bodies here are built in memory), not until it is written. A thrown error is timed with the
/// status it will be answered with (an `HTTPResponseError`'s, else 500) and thrown on.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            record(request, context, status: response.status, since: started)
            return response
        } catch {
            record(request, context, status: (error as? any HTTPResponseError)?.status ?? .internalServerError, since: started)
            throw error
        }
    }

    private func record(_ request: Request, _ context: Context, status: HTTPResponse.Status, since started: ContinuousClock.Instant) {
        metrics.recordRequest(endpoint: context.endpointPath ?? "NotFound", method: Self.methodLabel(request.method),
                              status: status.code, duration: ContinuousClock.now - started)
    }

    /// The method as a label: one of those HTTP defines for resources, else `other`, so that a
    /// client inventing methods cannot add series.
    static func methodLabel(_ method: HTTPRequest.Method) -> String {
        switch method {
        case .get: "GET"
        case .head: "HEAD"
        case .post: "POST"
        case .put: "PUT"
        case .patch: "PATCH"
        case .delete: "DELETE"
        case .options: "OPTIONS"
        default: "other"
        }
    }
}
