import Hummingbird

/// Serves the page and the API's OpenAPI document (`/openapi.json`). The page is one self-contained HTML file (styles and script inline, no build step, no
/// CDN), embedded in the binary as a SwiftPM resource so the server works from any directory
/// and offline.
struct PageController<Context: RequestContext>: Sendable {
    func addRoutes(to router: Router<Context>) {
        router.get("/", use: page)
        router.get("/index.html", use: page)
        router.get("/openapi.json", use: openAPI)
    }

    /// The OpenAPI 3.1 document of the JSON API (Sources/ThumbIndexServer/OpenAPI/openapi.json).
    @Sendable func openAPI(_ request: Request, context: Context) async throws -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: PackageResources.openapi_json))
        )
    }

    @Sendable func page(_ request: Request, context: Context) async throws -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: PackageResources.index_html))
        )
    }
}
