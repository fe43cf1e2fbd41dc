import Hummingbird

/// Answers every failure under `/api/` with a JSON body: unknown paths get 404
/// `{"error": "no such endpoint: ..."}`, and an unexpected error 500 with its description, so an
/// API client never has to parse an empty or HTML body. A method other than GET on a path that
/// exists gets 405 with `Allow: GET` (every endpoint reads).
struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Every path the server answers, as route patterns (`{x}`: any one segment). Keep in step with
    /// the controllers' routes and `OpenAPI/openapi.json`.
    static var getPaths: [[Substring]] {
        ["/", "/index.html", "/openapi.json", "/api/listings", "/api/listings/{name}/sections",
         "/api/listings/{name}/index/{position}"].map { $0.split(separator: "/") }
    }

    /// Whether `path` is one of ``getPaths``.
    static func isKnownPath(_ path: String) -> Bool {
        let segments = path.split(separator: "/")
        return getPaths.contains { pattern in
            pattern.count == segments.count
                && zip(pattern, segments).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            throw error
        } catch let error as HTTPError where error.status == .notFound && request.method != .get
                                            && Self.isKnownPath(request.uri.path) {
            throw APIError(.methodNotAllowed, "\(request.method) is not allowed on \(request.uri.path); use GET", allow: "GET")
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
