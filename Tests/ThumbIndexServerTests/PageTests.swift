import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import ThumbIndexServer

/// `GET /`, `/page.js` and the modules it imports from `/page/`, `/page.css`: the page, its script
/// and its styles.
@Suite("The page and its files")
struct PageTests {
    /// The script and the modules it imports, as the server serves them: (path, text).
    static var scripts: [(path: String, text: String)] {
        [("/page.js", String(decoding: PackageResources.page_js, as: UTF8.self))]
            + PageController<BasicRequestContext>.scriptModules.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) }
    }

    /// All of the page's script, every module, as one text.
    static var allScript: String { scripts.map(\.text).joined(separator: "\n") }

    @Test(arguments: ["/", "/index.html"])
    func thePageIsHTMLThatLoadsItsScriptAndStylesFromTheServer(path: String) async throws {
        try await TestServer.run { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                // Served byte for byte as embedded (Sources/ThumbIndexServer/Page/index.html).
                #expect(Array(response.body.readableBytesView) == PackageResources.index_html)
                let html = String(buffer: response.body)
                #expect(html.contains("<input id=\"search\" type=\"search\""))
                #expect(html.contains("<link rel=\"stylesheet\" href=\"/page.css\">"))
                #expect(html.contains("<script type=\"module\" src=\"/page.js\"></script>"))
                // Its modules are fetched at once, not one import after another.
                for module in PageController<BasicRequestContext>.scriptModules {
                    #expect(html.contains("<link rel=\"modulepreload\" href=\"\(module.path)\">"), "\(module.path)")
                }
                // Nothing inline, so the CSP can refuse inline script and style: no <style>, no
                // <script> with a body, no event-handler or style attributes.
                #expect(!html.contains("<style"))
                #expect(html.components(separatedBy: "<script").count == 2)
                #expect(html.firstMatch(of: /\son[a-z]+\s*=/) == nil)
                #expect(html.firstMatch(of: /\sstyle\s*=/) == nil)
                // Works offline: nothing is loaded from another origin.
                #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("//cdn"))
            }
        }
    }

    @Test(arguments: [("/page.js", "text/javascript; charset=utf-8"), ("/page.css", "text/css; charset=utf-8")]
                     + PageController<BasicRequestContext>.scriptModules.map { ($0.path, "text/javascript; charset=utf-8") })
    func theScriptItsModulesAndTheStylesAreServedAsEmbeddedWithTheirTypes(path: String, contentType: String) async throws {
        let embedded = try #require(PageController<BasicRequestContext>.assets.first { $0.path == path }).bytes
        try await TestServer.run { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .ok)
                // With nosniff, a browser runs a script or applies styles only under these types.
                #expect(response.headers[.contentType] == contentType)
                #expect(response.headers[.cacheControl] == "no-cache")
                #expect(Array(response.body.readableBytesView) == embedded)
                #expect(!embedded.isEmpty)
            }
        }
    }

    @Test func everyImportIsAModuleTheServerServesAndEveryModuleIsImported() throws {
        let served = Set(Self.scripts.map(\.path))
        var imported: Set<String> = []
        for (path, text) in Self.scripts {
            // Relative specifiers only (no bare names: there is no build step to resolve them).
            for match in text.matches(of: /^import [^;]* from "([^"]+)";$/.anchorsMatchLineEndings()) {
                let specifier = String(match.output.1)
                #expect(specifier.hasPrefix("./"), "\(path) imports \(specifier)")
                let directory = path.split(separator: "/").dropLast().joined(separator: "/")
                let resolved = "/" + (directory.isEmpty ? "" : directory + "/") + specifier.dropFirst(2)
                #expect(served.contains(resolved), "\(path) imports \(resolved), which the server does not serve")
                imported.insert(resolved)
            }
        }
        #expect(imported == served.subtracting(["/page.js"]))
    }

    @Test func theScriptTreatsItemTextsAsData() throws {
        let script = Self.allScript
        // Index entries carry their title as data-index-title (what Tests/e2e reads).
        #expect(script.contains("entry.dataset.indexTitle = title;"))
        // No string ever becomes markup or code (and Trusted Types, required by the CSP, would
        // refuse the sinks anyway): texts go in with textContent and createTextNode.
        for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function", "setAttribute(\"on"] {
            #expect(!script.contains(sink), "the page's script uses \(sink)")
        }
        #expect(script.contains("textContent"))
        // The token is kept for the session only, never in localStorage.
        #expect(script.contains("sessionStorage") && !script.contains("localStorage"))
    }

    @Test func theDialPadToggleIsALabelledCheckboxBesideTheSearchField() throws {
        let html = String(decoding: PackageResources.index_html, as: UTF8.self)
        // A real checkbox inside its <label> (so the label names it for assistive technology).
        #expect(html.firstMatch(of: /<label[^>]*><input id="dialpad" type="checkbox"> Dial pad<\/label>/) != nil)
        let script = Self.allScript
        // With it on, the field asks for a telephone keypad and queries carry dialpad=1.
        #expect(script.contains("search.setAttribute(\"inputmode\", \"tel\")"))
        #expect(script.contains("dialpad: 1"))
    }

    @Test func closeMatchesAreShownWithANote() throws {
        let script = Self.allScript
        // The page asks with the API's default (typos=auto) and says when the answer is close matches.
        #expect(!script.contains("typos: \"off\""))
        #expect(script.contains("answer.approximate"))
        #expect(script.contains("No exact matches; showing close matches"))
    }

    @Test func columnMatchesAreHighlightedTheWayTheTextIs() throws {
        let script = Self.allScript
        // One highlighting function for the item's text and for each column where the query matched.
        #expect(script.contains("appendMarked(name, item.text, item.matches)"))
        #expect(script.contains("appendMarked(part, match.text, match.matches)"))
        #expect(script.contains("item.columnMatches"))
        let css = String(decoding: PackageResources.page_css, as: UTF8.self)
        #expect(css.contains(".row .columns"))
    }

    @Test func theStylesLoadNothing() throws {
        let css = String(decoding: PackageResources.page_css, as: UTF8.self)
        #expect(!css.contains("url(") && !css.contains("@import"))
    }
}

/// The headers every answer carries, the page's, the API's and the errors' alike.
@Suite("Security headers on every answer")
struct SecurityHeadersTests {
    /// The directives of a Content-Security-Policy value, by name.
    static func directives(_ policy: String) -> [String: [String]] {
        var directives: [String: [String]] = [:]
        for part in policy.split(separator: ";") {
            let words = part.split(separator: " ").map(String.init)
            if let name = words.first { directives[name] = Array(words.dropFirst()) }
        }
        return directives
    }

    static func expectSecurityHeaders(_ response: TestResponse, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(what)", sourceLocation: sourceLocation)
        #expect(response.headers[.init("Referrer-Policy")!] == "no-referrer", "\(what)", sourceLocation: sourceLocation)
        #expect(response.headers[values: .contentSecurityPolicy].count == 1, "\(what)", sourceLocation: sourceLocation)
        guard let policy = response.headers[.contentSecurityPolicy] else {
            Issue.record("\(what): no Content-Security-Policy", sourceLocation: sourceLocation)
            return
        }
        let d = directives(policy)
        // Scripts, styles and fetches from the server itself only; nothing inline, nothing else.
        #expect(d["default-src"] == ["'none'"], "\(what): \(policy)", sourceLocation: sourceLocation)
        #expect(d["script-src"] == ["'self'"], "\(what): \(policy)", sourceLocation: sourceLocation)
        #expect(d["style-src"] == ["'self'"], "\(what): \(policy)", sourceLocation: sourceLocation)
        #expect(d["connect-src"] == ["'self'"], "\(what): \(policy)", sourceLocation: sourceLocation)
        #expect(d["object-src"] == ["'none'"], "\(what): \(policy)", sourceLocation: sourceLocation)
        #expect(d["base-uri"] == ["'none'"], "\(what): \(policy)", sourceLocation: sourceLocation)
        #expect(d["form-action"] == ["'self'"], "\(what): \(policy)", sourceLocation: sourceLocation)
        #expect(d["frame-ancestors"] == ["'none'"], "\(what): \(policy)", sourceLocation: sourceLocation)
        let sources = d.values.flatMap { $0 }
        for loose in ["'unsafe-inline'", "'unsafe-eval'", "*", "http:", "https:"] {
            #expect(!sources.contains(loose), "\(what): \(policy) allows \(loose)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [
        (HTTPRequest.Method.get, "/", HTTPResponse.Status.ok), (.get, "/index.html", .ok), (.get, "/page.js", .ok),
        (.get, "/page/render.js", .ok), (.get, "/page.css", .ok), (.get, "/openapi.json", .ok), (.get, "/api/listings", .ok),
        (.get, "/healthz", .ok), (.get, "/metrics", .ok),
        (.get, "/api/listings/people/sections?q=an", .ok), (.get, "/api/listings/nobody/sections", .notFound),
        (.get, "/api/listings/people/sections?limit=-1", .badRequest), (.get, "/api/nothing", .notFound),
        (.get, "/nothing.html", .notFound), (.post, "/page.js", .methodNotAllowed),
        (.post, "/api/listings/people/items", .forbidden),
    ])
    func everyAnswerOfAReadOnlyServerCarriesThem(method: HTTPRequest.Method, uri: String, status: HTTPResponse.Status) async throws {
        try await TestServer.run { client in
            try await client.execute(uri: uri, method: method) { response in
                #expect(response.status == status, "\(method) \(uri)")
                Self.expectSecurityHeaders(response, "\(method) \(uri)")
            }
        }
    }

    @Test func writesAndTheirRefusalsCarryThemToo() async throws {
        let server = try WriteServer()
        try await server.run { client in
            let put = try await client.execute(uri: "/api/listings/people", method: .put,
                                               headers: [.authorization: "Bearer \(WriteServer.token)"],
                                               body: ByteBuffer(string: #"{"locale":"en","items":[{"text":"Anna"}]}"#))
            #expect(put.status == .created)
            Self.expectSecurityHeaders(put, "PUT with the token")
            let unauthorized = try await client.execute(uri: "/api/listings/people/items", method: .post,
                                                        body: ByteBuffer(string: #"{"items":[{"text":"Bo"}]}"#))
            #expect(unauthorized.status == .unauthorized)
            Self.expectSecurityHeaders(unauthorized, "POST without a token")
            let deleted = try await client.execute(uri: "/api/listings/people", method: .delete,
                                                   headers: [.authorization: "Bearer \(WriteServer.token)"])
            #expect(deleted.status == .noContent)
            Self.expectSecurityHeaders(deleted, "DELETE with the token")
        }
    }
}
