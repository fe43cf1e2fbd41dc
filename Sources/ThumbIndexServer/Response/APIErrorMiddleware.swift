import Hummingbird

/// Answers every failure under `/api/` with a JSON body: unknown paths get 404
/// `{"error": "no such endpoint: ..."}`, and an unexpected error 500 with its description, so an
/// API client never has to parse an empty or HTML body.
struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            throw error
        } catch let error as HTTPError where request.uri.path.hasPrefix("/api/") {
            if error.status == .notFound {
                throw APIError.notFound("no such endpoint: \(request.method) \(request.uri.path); see GET /api/listings")
            }
            throw APIError(error.status, error.body ?? error.status.reasonPhrase)
        } catch where request.uri.path.hasPrefix("/api/") && !(error is any HTTPResponseError) {
            context.logger.error("request failed: \(request.method) \(request.uri): \(error)")
            throw APIError(.internalServerError, "internal error: \(error)")
        }
    }
}
