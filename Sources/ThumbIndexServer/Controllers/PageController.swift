import Hummingbird

/// Serves the page and the API's OpenAPI document (`/openapi.json`).
///
/// The page's files are embedded in the binary as SwiftPM resources so the server works from any
/// directory and offline (no build step, no CDN): `Page/index.html` at `/` (and `/index.html`),
/// its script at `/page.js`, an ES module that imports the modules of `Page/page/` from `/page/`
/// (``scriptModules``), and its styles at `/page.css`. Nothing is inline, so the
/// Content-Security-Policy (``SecurityHeadersMiddleware``) can allow scripts and styles from the
/// server itself only.
struct PageController<Context: RequestContext>: Sendable {
    /// The modules `/page.js` imports, by path: the API client, rendering (the virtual list), the
    /// side index, the search, the write controls.
    static var scriptModules: [(path: String, bytes: [UInt8])] {
        [("/page/api.js", PackageResources.api_js), ("/page/render.js", PackageResources.render_js),
         ("/page/sideindex.js", PackageResources.sideindex_js), ("/page/query.js", PackageResources.query_js),
         ("/page/writes.js", PackageResources.writes_js)]
    }

    /// What each path serves: the embedded bytes and their content type. Scripts, modules included,
    /// are `text/javascript` (a browser runs a module only under a JavaScript type).
    static var assets: [(path: String, bytes: [UInt8], contentType: String)] {
        [("/", PackageResources.index_html, "text/html; charset=utf-8"),
         ("/index.html", PackageResources.index_html, "text/html; charset=utf-8"),
         ("/page.js", PackageResources.page_js, "text/javascript; charset=utf-8"),
         ("/page.css", PackageResources.page_css, "text/css; charset=utf-8"),
         ("/openapi.json", PackageResources.openapi_json, "application/json; charset=utf-8")]
            + scriptModules.map { ($0.path, $0.bytes, "text/javascript; charset=utf-8") }
    }

    func addRoutes(to router: Router<Context>) {
        for asset in Self.assets {
            let response = Response(
                status: .ok,
                headers: [.contentType: asset.contentType, .cacheControl: "no-cache"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: asset.bytes))
            )
            router.get(RouterPath(asset.path)) { _, _ in response }
        }
    }
}
