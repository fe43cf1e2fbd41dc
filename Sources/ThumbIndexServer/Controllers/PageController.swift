import Hummingbird

/// Serves the page: one self-contained HTML file (styles and script inline, no build step, no
/// CDN), embedded in the binary as a SwiftPM resource so the server works from any directory
/// and offline.
struct PageController<Context: RequestContext>: Sendable {
    func addRoutes(to router: Router<Context>) {
        router.get("/", use: page)
        router.get("/index.html", use: page)
    }

    @Sendable func page(_ request: Request, context: Context) async throws -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: PackageResources.index_html))
        )
    }
}
