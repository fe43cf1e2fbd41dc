import Hummingbird

/// Adds the headers that limit what a browser does with any answer of the server, errors included:
/// - `Content-Security-Policy` (``SecurityHeaders/contentSecurityPolicy``): scripts, styles and fetches from the
///   server itself only, no inline script or style, no plugins, no framing, no `<base>`, forms
///   posted only back to the server; string-to-DOM sinks (`innerHTML`) refused where the browser
///   supports Trusted Types. The page keeps its script and styles in `/page.js` (an ES module,
///   whose imports under `/page/` are scripts from the server too) and `/page.css`; a JSON answer
///   opened as a document runs nothing at all.
/// - `X-Content-Type-Options: nosniff`: a body is only ever what its `Content-Type` says.
/// - `Referrer-Policy: no-referrer`: the server's URLs (and queries) never leak to other sites.
///
/// Added first (outermost), so errors thrown by the routes or ``APIErrorMiddleware`` are turned
/// into their responses here and carry the headers too (Hummingbird's `ContentSecurityMiddleware`
/// adds its headers to successful responses only).
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        for field in SecurityHeaders.fields where response.headers[field.name] == nil {
            response.headers.append(field)
        }
        return response
    }
}

/// What ``SecurityHeadersMiddleware`` adds, made once (a generic type has no stored statics).
enum SecurityHeaders {
    /// The one policy of every answer.
    static let contentSecurityPolicy =
        ["default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "img-src 'self' data:",
         "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
         "require-trusted-types-for 'script'"].joined(separator: "; ")

    /// The headers of every answer.
    static let fields: HTTPFields = {
        var fields: HTTPFields = [.contentSecurityPolicy: contentSecurityPolicy, .xContentTypeOptions: "nosniff"]
        fields[.init("Referrer-Policy")!] = "no-referrer"
        return fields
    }()
}
