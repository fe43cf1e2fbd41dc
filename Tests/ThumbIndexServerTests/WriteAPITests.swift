import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import ThumbIndex
import ThumbIndexStore
@testable import ThumbIndexServer

/// A server with a store of its own in a scratch folder, a token, and small compaction and merge
/// thresholds so that tests cross them.
struct WriteServer {
    static let token = "test-token-0123456789abcdef"
    let store: SQLiteStore
    let catalog: ListingCatalog
    let writer: ListingWriter
    let folder: URL

    /// With `saved`, listings are saved to an index folder beside the store, as `serve --store` does.
    init(compactAfter: Int = 4, mergeAfter: Int = 12, names: Bool = false, saved: Bool = false) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-writes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = try SQLiteStore(path: folder.appendingPathComponent("store.db").path)
        catalog = try ListingCatalog([])
        let savedIndexes = saved ? SavedIndexes(folder: SavedIndexes.defaultFolder(for: store), logger: Logger(label: "test")) : nil
        writer = ListingWriter(catalog: catalog, store: store, logger: Logger(label: "test"), compactAfter: compactAfter,
                               mergeAfter: { _ in mergeAfter }, savedIndexes: savedIndexes, names: names, metrics: ServerMetrics())
    }

    /// Runs `body` with a client of the router; `token: nil` configures none.
    func run(token: String? = WriteServer.token, _ body: @Sendable @escaping (any TestClientProtocol) async throws -> Void) async throws {
        let app = Application(router: buildRouter(catalog: catalog, writer: writer,
                                                  token: try token.map { try WriteToken($0, source: "test") }))
        try await app.test(.router) { client in try await body(client) }
        try? FileManager.default.removeItem(at: folder)
    }
}

extension TestClientProtocol {
    /// Sends `body` (raw) with the test token unless `token` says otherwise; returns status and body.
    func send(_ method: HTTPRequest.Method, _ uri: String, _ body: String? = nil, bytes: [UInt8]? = nil,
              token: String? = WriteServer.token) async throws -> (status: HTTPResponse.Status, body: String) {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let token { headers[.authorization] = "Bearer \(token)" }
        let buffer = (bytes ?? body.map { Array($0.utf8) }).map { ByteBuffer(bytes: $0) }
        return try await execute(uri: uri, method: method, headers: headers, body: buffer) { response in
            (response.status, String(buffer: response.body))
        }
    }

    /// The sections answer of `listing` for `q`, decoded.
    func sections(_ listing: String, q: String = "", limit: Int = 1000) async throws -> LiveSectionsAnswer {
        let query = q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return try await getJSON("/api/listings/\(listing)/sections?q=\(query)&limit=\(limit)", as: LiveSectionsAnswer.self)
    }
}

/// A sections answer whose items carry ids.
struct LiveSectionsAnswer: Decodable {
    struct Item: Decodable, Equatable { let id: String, text: String, matches: [[Int]] }
    struct Section: Decodable { let title: String, count: Int, offset: Int, items: [Item] }
    let total: Int
    let indexTitles: [String]
    let sections: [Section]
    var items: [Item] { sections.flatMap(\.items) }
}

@Suite("The write API: authorization")
struct WriteAuthorizationTests {
    @Test func withoutATokenConfiguredWritesAre403SayingHowToConfigureOne() async throws {
        let server = try WriteServer()
        try await server.run(token: nil) { client in
            let answer = try await client.send(.put, "/api/listings/people", #"{"locale":"en","items":[]}"#)
            #expect(answer.status == .forbidden)
            #expect(answer.body.contains("--token-file"))
        }
    }

    @Test func withoutAStoreWritesAre403() async throws {
        let app = Application(router: buildRouter(catalog: TestServer.catalog))
        try await app.test(.router) { client in
            let answer = try await client.send(.post, "/api/listings/people/items", #"{"items":[{"text":"X"}]}"#)
            #expect(answer.status == .forbidden)
            #expect(answer.body.contains("--store"))
        }
    }

    @Test(arguments: [nil, "wrong-token-0123456789abcdef", "test-token-0123456789abcdeF", "test-token-0123456789abcde", ""])
    func aMissingOrWrongTokenIs401(token: String?) async throws {
        let server = try WriteServer()
        try await server.run { client in
            let answer = try await client.send(.put, "/api/listings/people", #"{"locale":"en","items":[]}"#, token: token)
            #expect(answer.status == .unauthorized)
            #expect(try await client.send(.get, "/api/listings").body.contains("people") == false)
        }
    }

    @Test func theListingsSayWhetherTheServerTakesWrites() async throws {
        let server = try WriteServer()
        try await server.run { client in
            let answer = try await client.getJSON("/api/listings", as: CatalogAnswer.self)
            #expect(answer.writable == true)
        }
        let withoutToken = try WriteServer()
        try await withoutToken.run(token: nil) { client in
            let answer = try await client.getJSON("/api/listings", as: CatalogAnswer.self)
            #expect(answer.writable == false)
        }
        try await TestServer.run { client in
            let answer = try await client.getJSON("/api/listings", as: CatalogAnswer.self)
            #expect(answer.writable == false)
        }
    }

    @Test func aShortTokenIsRefusedAtStartUp() {
        #expect(throws: TokenError.self) { try WriteToken("short", source: "--token-file t") }
        #expect(throws: TokenError.self) { try WriteToken("has a space in it 0123456789", source: "THUMBINDEX_TOKEN") }
    }
}

@Suite("The write API: listings and items, visible at the next request")
struct WriteAPITests {
    @Test func anAddressBookChangesAndEveryAnswerShowsIt() async throws {
        let server = try WriteServer()
        try await server.run { client in
            var answer = try await client.send(.put, "/api/listings/people",
                                               #"{"locale":"sv","items":[{"id":"a","text":"Anna"},{"text":"Östen"},{"id":"z","text":"Zoë","pinned":true}]}"#)
            #expect(answer.status == .created, "\(answer.body)")
            var sections = try await client.sections("people")
            #expect(sections.sections.map(\.title) == ["Favorites", "A", "Ö"])
            #expect(sections.items.map(\.id).prefix(2) == ["z", "a"])
            // Replacing answers 200.
            answer = try await client.send(.put, "/api/listings/people", #"{"locale":"sv","items":[{"id":"a","text":"Anna"},{"id":"o","text":"Östen"}]}"#)
            #expect(answer.status == .ok)

            // Add: the next request sees it in its section.
            answer = try await client.send(.post, "/api/listings/people/items", #"{"items":[{"id":"b","text":"Bertil"},{"text":"Åsa"}]}"#)
            #expect(answer.status == .created)
            let ids = try JSONDecoder().decode([String: [String]].self, from: Data(answer.body.utf8))["ids"]!
            #expect(ids.count == 2 && ids[0] == "b")
            sections = try await client.sections("people")
            #expect(sections.sections.map(\.title) == ["A", "B", "Å", "Ö"])
            #expect(sections.items.map(\.text) == ["Anna", "Bertil", "Åsa", "Östen"])

            // Rename into another section; the item keeps its id.
            answer = try await client.send(.patch, "/api/listings/people/items/b", #"{"text":"Cecilia"}"#)
            #expect(answer.status == .ok)
            #expect(answer.body.contains(#""id":"b""#) && answer.body.contains("Cecilia"))
            sections = try await client.sections("people")
            #expect(sections.sections.map(\.title) == ["A", "C", "Å", "Ö"])
            #expect(try await client.sections("people", q: "ce").items == [.init(id: "b", text: "Cecilia", matches: [[0, 2]])])

            // GET one item; delete it: its section goes, and the item is gone.
            answer = try await client.send(.get, "/api/listings/people/items/b", token: nil)
            #expect(answer.status == .ok && answer.body.contains("Cecilia"))
            #expect(try await client.send(.delete, "/api/listings/people/items/b").status == .noContent)
            #expect(try await client.sections("people").sections.map(\.title) == ["A", "Å", "Ö"])
            #expect(try await client.send(.get, "/api/listings/people/items/b").status == .notFound)
            #expect(try await client.send(.delete, "/api/listings/people/items/b").status == .notFound)
            #expect(try await client.send(.patch, "/api/listings/people/items/b", #"{"pinned":true}"#).status == .notFound)

            // Delete the listing.
            #expect(try await client.send(.delete, "/api/listings/people").status == .noContent)
            #expect(try await client.send(.get, "/api/listings/people/sections").status == .notFound)
            #expect(try await client.send(.delete, "/api/listings/people").status == .notFound)
        }
    }

    /// Bodies that must be refused with 400/413 naming what was wrong, writing nothing.
    static let badBodies: [(method: String, path: String, body: String, says: String)] = [
        ("POST", "items", "not json", "not valid JSON"),
        ("POST", "items", "", "empty"),
        ("POST", "items", #"{"items":[{"text":42}]}"#, "items[0].text"),
        ("POST", "items", #"{"items":[{"text":"ok"},{"text":"  "}]}"#, "items[1].text"),
        ("POST", "items", #"{"items":[{"text":"ok","pined":true}]}"#, "items[0].pined"),
        ("POST", "items", #"{"items":[{"text":"ok","pinned":"yes"}]}"#, "items[0].pinned"),
        ("POST", "items", #"{"items":[{"id":"x","text":"a"},{"id":"x","text":"b"}]}"#, "items[1].id"),
        ("POST", "items", #"{"items":[{"text":"a\tb"}]}"#, "items[0].text"),
        ("POST", "items", #"{"items":[]}"#, "items"),
        ("POST", "items", #"{"things":[]}"#, "things"),
        ("POST", "items", #"{"items":[{"text":""# + String(repeating: "x", count: 5000) + #""}]}"#, "items[0].text"),
        ("PATCH", "items/a", #"{"text":""}"#, "text"),
        ("PATCH", "items/a", #"{}"#, "at least one"),
        ("PUT", "", #"{"locale":"xx-nowhere","items":[]}"#, "locale"),
        ("PUT", "", #"{"items":[]}"#, "locale"),
    ]

    @Test(arguments: badBodies.indices)
    func aBadBodyIsRefusedNamingTheFieldAndNothingIsWritten(_ index: Int) async throws {
        let bad = Self.badBodies[index]
        let server = try WriteServer()
        try await server.run { client in
            #expect(try await client.send(.put, "/api/listings/people", #"{"locale":"en","items":[{"id":"a","text":"Anna"}]}"#).status == .created)
            let answer = try await client.send(HTTPRequest.Method(bad.method)!, "/api/listings/people" + (bad.path.isEmpty ? "" : "/" + bad.path), bad.body)
            #expect(answer.status == .badRequest, "\(bad.body.prefix(80)): \(answer.body)")
            #expect(answer.body.contains(bad.says), "\(answer.body)")
            let after = try await client.sections("people")
            #expect(after.items.map(\.text) == ["Anna"])
        }
    }

    @Test func invalidUTF8AnOversizedBodyAndABadNameAreRefused() async throws {
        let server = try WriteServer()
        try await server.run { client in
            #expect(try await client.send(.put, "/api/listings/people", #"{"locale":"en","items":[{"text":"Anna"}]}"#).status == .created)
            var answer = try await client.send(.post, "/api/listings/people/items", bytes: Array(#"{"items":[{"text":""#.utf8) + [0xC3, 0x28] + Array(#""}]}"#.utf8))
            #expect(answer.status == .badRequest && answer.body.contains("UTF-8"))
            let big = #"{"items":["# + Array(repeating: #"{"text":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}"#, count: 200_000).joined(separator: ",") + "]}"
            answer = try await client.send(.post, "/api/listings/people/items", big)
            #expect(answer.status == .contentTooLarge && answer.body.contains("larger than 4194304 bytes"), "\(answer.body.prefix(200))")
            answer = try await client.send(.put, "/api/listings/bad%20name", #"{"locale":"en","items":[]}"#)
            #expect(answer.status == .badRequest, "\(answer.body)")
            #expect(try await client.send(.post, "/api/listings/nosuch/items", #"{"items":[{"text":"x"}]}"#).status == .notFound)
            #expect(try await client.sections("people").items.map(\.text) == ["Anna"])
        }
    }

    /// Many writes, crossing compactions and merges: after each, the answer equals a listing built
    /// afresh from the store's items.
    @Test func manyWritesAcrossCompactionsAndMergesMatchARebuildFromTheStore() async throws {
        let server = try WriteServer(compactAfter: 3, mergeAfter: 10)
        try await server.run { client in
            #expect(try await client.send(.put, "/api/listings/people", #"{"locale":"en","items":[]}"#).status == .created)
            // A fixed, scrambled sequence of choices (the same every run).
            var state: UInt64 = 2026
            func next(_ n: Int) -> Int {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return Int((state >> 33) % UInt64(n))
            }
            let names = ["Anna", "Bo", "Åke", "Cleo", "Émile", "Zed", "42 Street", "Anders", "Eva", "Björn"]
            var ids: [String] = []
            for step in 0..<120 {
                let choice = next(10)
                let name = names[next(names.count)] + " \(step)"
                if choice < 5 || ids.isEmpty {
                    let answer = try await client.send(.post, "/api/listings/people/items", #"{"items":[{"text":"\#(name)","pinned":\#(choice == 0)}]}"#)
                    ids += try JSONDecoder().decode([String: [String]].self, from: Data(answer.body.utf8))["ids"]!
                } else if choice < 8 {
                    let id = ids[next(ids.count)]
                    #expect(try await client.send(.patch, "/api/listings/people/items/\(id)", #"{"text":"\#(name)"}"#).status == .ok)
                } else {
                    let id = ids.remove(at: next(ids.count))
                    #expect(try await client.send(.delete, "/api/listings/people/items/\(id)").status == .noContent)
                }
                if step % 7 == 0 || step == 119 {
                    if step == 119 { try await server.writer.waitForMaintenance() }
                    var stored: [StoredItem] = []
                    try server.store.forEachItem(listing: "people") { stored.append($0) }
                    let expected = try Listing(stored, locale: "en", text: \.text, pinned: \.pinned)
                    for q in ["", "a", "1"] {
                        let answer = try await client.sections("people", q: q)
                        let want = try SearchableListing(expected).filter(q)
                        #expect(answer.total == want.total, "step \(step) q '\(q)'")
                        #expect(answer.sections.map(\.title) == want.sections.map(\.title), "step \(step)")
                        #expect(answer.items.map(\.id) == (try want.matches(offset: 0, limit: 1000)).map(\.element.id), "step \(step)")
                    }
                }
            }
        }
    }
}
