import Foundation
import HummingbirdTesting
import Testing
@testable import ThumbIndexServer

/// Items written through the API carry their fields, and a listing created through the API says
/// which of them are searched: an edit is found by its company or its phone number at the next
/// keystroke, and a restart from the store finds them again.
@Suite("Writes with fields: searched columns through the write API and the store")
struct FieldWritesTests {
    /// The totals and the first item's column matches of `q` (with `dialpad`).
    struct Answer: Decodable {
        struct Column: Decodable { let text: String, matches: [[Int]] }
        struct Item: Decodable { let id: String, text: String, columnMatches: [String: Column]? }
        struct Section: Decodable { let items: [Item] }
        let total: Int
        let sections: [Section]
        var items: [Item] { sections.flatMap(\.items) }
    }

    func answer(_ client: any TestClientProtocol, _ q: String, dialpad: Bool = false) async throws -> Answer {
        let query = q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return try await client.getJSON("/api/listings/people/sections?q=\(query)&dialpad=\(dialpad ? 1 : 0)", as: Answer.self)
    }

    @Test("a listing created with searched fields finds its items by company and phone, edits included")
    func createdWithSearchedFields() async throws {
        let server = try WriteServer()
        try await server.run { client in
            let created = try await client.send(.put, "/api/listings/people", """
                {"locale": "es", "search": {"fields": ["company"], "phones": ["phone"], "region": "region"},
                 "items": [{"id": "j", "text": "Jessica Acedo", "fields": {"company": "Acme", "phone": "+34844 468 710", "region": "es_ES"}},
                           {"id": "b", "text": "Bruno Díaz", "fields": {"company": "Globex", "phone": "915 550 123"}}]}
                """)
            #expect(created.status == .created, "\(created.body)")
            #expect(try await answer(client, "jessica acme").items.map(\.id) == ["j"])
            let byPhone = try await answer(client, "844")
            #expect(byPhone.items.map(\.id) == ["j"])
            #expect(byPhone.items.first?.columnMatches?["phone"]?.matches == [[3, 6]])
            // Bruno has no region of his own: the listing's locale (es) gives ES, so his national
            // number is also found through its E.164 form.
            #expect(try await answer(client, "+34915").items.map(\.id) == ["b"])

            // An edit is searchable in its fields at once; the old values are gone.
            let put = try await client.send(.post, "/api/listings/people/items", """
                {"items": [{"id": "b", "text": "Bruno Díaz", "fields": {"company": "Initech", "phone": "600 111 222"}}]}
                """)
            #expect(put.status.code < 300, "\(put.body)")
            #expect(try await answer(client, "initech").items.map(\.id) == ["b"])
            #expect(try await answer(client, "globex").total == 0)
            #expect(try await answer(client, "600111").items.map(\.id) == ["b"])
            #expect(try await answer(client, "2786", dialpad: true).items.map(\.id) == ["b"])  // B-R-U-N on the keypad
        }
    }

    @Test("a restart from the store searches the same fields")
    func rebuiltFromTheStore() async throws {
        let server = try WriteServer()
        try await server.run { client in
            _ = try await client.send(.put, "/api/listings/people", """
                {"locale": "en", "search": {"phones": ["phone"]},
                 "items": [{"id": "d", "text": "Dana Scully", "fields": {"phone": "(202) 555-0143"}}]}
                """)
            let (rebuilt, _) = try ListingWriter.build(name: "people", from: server.store)
            let found = try rebuilt.filter("5550143")
            #expect(found.total == 1)
            #expect(try found.matches(offset: 0, limit: 1).first?.fieldMatches.first?.field == "phone")
        }
    }

    @Test("a saved index keeps the searched fields: a restart from it finds items by company and phone")
    func savedAndLoaded() async throws {
        let server = try WriteServer()
        try await server.run { client in
            _ = try await client.send(.put, "/api/listings/people", """
                {"locale": "es", "search": {"fields": ["company"], "phones": ["phone"], "region": "region"},
                 "items": [{"id": "j", "text": "Jessica Acedo", "fields": {"company": "Acme", "phone": "+34844 468 710", "region": "es_ES"}},
                           {"id": "k", "text": "Kuno Wernecke", "fields": {"phone": "+49 (0) 0997 129181", "region": "DE"}}]}
                """)
            let saved = SavedIndexes(folder: server.store.path + ".index", logger: .init(label: "test"))
            let built = try saved.load(name: "people", from: server.store).listing   // built, then saved
            let loaded = try saved.load(name: "people", from: server.store).listing  // from the file
            #expect(loaded.schema == built.schema)
            for (query, id) in [("acme", "j"), ("844468710", "j"), ("0997129181", "k"), ("+490997", "k")] {
                #expect(try loaded.filter(query).matches(offset: 0, limit: 5).map(\.item.id) == [id], "\(query)")
            }
        }
    }

    @Test("a searched field the items do not name is refused with its name")
    func unknownSearchedField() async throws {
        let server = try WriteServer()
        try await server.run { client in
            let refused = try await client.send(.put, "/api/listings/people", """
                {"locale": "en", "search": {"fields": ["text"]}, "items": [{"text": "Dana Scully"}]}
                """)
            #expect(refused.status == .badRequest, "\(refused.body)")
            #expect(refused.body.contains("columns.search"), "\(refused.body)")
        }
    }
}
