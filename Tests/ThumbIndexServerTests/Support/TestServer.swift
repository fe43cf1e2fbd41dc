import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import ThumbIndex
import ThumbIndexFormats
@testable import ThumbIndexServer

/// The listings the API tests run against, and a way to call the router without a socket.
enum TestServer {
    /// A small English address book: accents, a digit, an astral-plane emoji (two UTF-16 units).
    static let names = [
        "Anna Berg", "Anders Lind", "Åsa Nyström", "Ängel Ek", "Bertil Holm", "Chloé Martin",
        "Émile Zola", "Zoë Quist", "42nd Street", "😀 Smile Inc", "Eva Hansen", "Björn Borg",
    ]

    /// `names` ("people"), 1500 generated names ("many", for paging limits), and the bundled
    /// contacts corpus when present ("contacts").
    static let catalog: ListingCatalog = {
        var entries = [
            try! entry("people", RecordTable(texts: names)),
            try! entry("many", RecordTable(texts: (0..<1500).map { "Name \($0)" })),
        ]
        if let contacts = contactsEntry() { entries.append(contacts) }
        return try! ListingCatalog(entries)
    }()

    /// A catalog entry for `table` (English), as `thumbindex serve` builds one.
    static func entry(_ name: String, _ table: RecordTable, columns: RecordListing.Columns = .init()) throws -> ListingCatalog.Entry {
        try ListingCatalog.Entry(name: name, table: table, columns: columns, collation: IndexedCollation(locale: "en"))
    }

    /// Corpora/contacts.tsv (this file is Tests/ThumbIndexServerTests/Support/) as the CLI serves it.
    static func contactsEntry() -> ListingCatalog.Entry? {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Corpora/contacts.tsv")
        guard let data = FileManager.default.contents(atPath: url.path),
              let table = try? RecordTable.read(Array(data), format: .tsv, source: url.path),
              let key = table.columnIndex("name"), let reading = table.columnIndex("reading"),
              let pin = table.columnIndex("favorite"), let phone = table.columnIndex("phone"),
              let region = table.columnIndex("locale")
        else { return nil }
        // As the CLI serves the bundled address book: its phone column searched by digits, in each record's locale.
        return try? entry("contacts", table, columns: .init(key: key, reading: reading, pin: pin, phones: [phone], region: region))
    }

    /// Runs `body` with a client of the router (no socket: `app.test(.router)`).
    static func run(_ body: @Sendable @escaping (any TestClientProtocol) async throws -> Void) async throws {
        let app = Application(router: buildRouter(catalog: catalog))
        try await app.test(.router) { client in try await body(client) }
    }
}

extension TestClientProtocol {
    /// GETs `uri` and decodes the JSON body as `T`, expecting `status`.
    func getJSON<T: Decodable>(_ uri: String, as type: T.Type = T.self, status: HTTPResponse.Status = .ok,
                               sourceLocation: SourceLocation = #_sourceLocation) async throws -> T {
        try await execute(uri: uri, method: .get) { response in
            #expect(response.status == status, "\(uri): \(String(buffer: response.body))", sourceLocation: sourceLocation)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8", sourceLocation: sourceLocation)
            return try JSONDecoder().decode(T.self, from: Data(buffer: response.body))
        }
    }
}

/// The shapes of the API's answers, as a client reads them.
struct CatalogAnswer: Decodable, Equatable {
    struct Entry: Decodable, Equatable { let name: String, locale: String, items: Int, sections: Int }
    /// Whether the server takes writes (a store and a token).
    let writable: Bool
    let listings: [Entry]
}

struct SectionsAnswer: Decodable {
    struct Item: Decodable, Equatable { let text: String, matches: [[Int]] }
    struct Section: Decodable {
        let title: String, indexTitle: String, index: Int, count: Int, offset: Int
        let items: [Item]
    }
    let listing: String, q: String, fold: String, mode: String
    let total: Int, offset: Int, limit: Int
    let indexTitles: [String]
    let sections: [Section]

    var items: [Item] { sections.flatMap(\.items) }
    var texts: [String] { items.map(\.text) }
}

struct IndexTargetAnswer: Decodable, Equatable {
    let title: String, target: String
    var section: String? = nil
    var offset: Int? = nil
}

struct ErrorAnswer: Decodable { let error: String }
