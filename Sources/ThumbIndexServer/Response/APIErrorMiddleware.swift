import Hummingbird
import ThumbIndexRequests

/// Answers every failure under `/api/` with a JSON body: unknown paths get 404
/// `{"error": "no such endpoint: ..."}`, and an unexpected error 500 with its description, so an
/// API client never has to parse an empty or HTML body. A method a path does not take gets 405
/// with the `Allow` header listing the methods it does.
struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Every path the server answers, as route patterns (`{x}`: any one segment), with its methods.
    /// Keep in step with the controllers' routes and `OpenAPI/openapi.json` (which leaves out the
    /// page's own files: `/index.html`, `/page.js`, `/page.css` and the script's modules under `/page/`).
    static var routes: [(pattern: [Substring], methods: String)] {
        ([("/", "GET"), ("/index.html", "GET"), ("/page.js", "GET"), ("/page.css", "GET"), ("/openapi.json", "GET"), ("/healthz", "GET"), ("/metrics", "GET"), ("/api/listings", "GET"),
          ("/api/listings/{name}", "PUT, DELETE"), ("/api/listings/{name}/sections", "GET"),
          ("/api/listings/{name}/index/{position}", "GET"), ("/api/listings/{name}/items", "POST"),
          ("/api/listings/{name}/items/{id}", "GET, PATCH, DELETE")]
            + PageController<Context>.scriptModules.map { ($0.path, "GET") }).map { ($0.0.split(separator: "/"), $0.1) }
    }

    /// The methods `path` takes, or nil when it is none of ``routes``.
    static func allowedMethods(_ path: String) -> String? {
        let segments = path.split(separator: "/")
        return routes.first { route in
            route.pattern.count == segments.count
                && zip(route.pattern, segments).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }?.methods
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            throw error
        } catch let error as HTTPError where error.status == .notFound && Self.allowedMethods(request.uri.path) != nil {
            let allowed = Self.allowedMethods(request.uri.path)!
            throw APIError(.methodNotAllowed, "\(request.method) is not allowed on \(request.uri.path); use \(allowed)",
                           headers: [.allow: allowed])
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
