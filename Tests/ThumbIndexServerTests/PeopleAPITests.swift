import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import ThumbIndex
import ThumbIndexFormats
@testable import ThumbIndexServer

/// Finding people over the API (issue 23): terms in any order across the key and the searched
/// columns (the bundled address book searches its phone column, in each record's locale, as the
/// CLI serves it), `columnMatches` in the items as in the CLI's JSON, and `dialpad=`. What the
/// rules match is the library's business (Tests/ThumbIndexTests); here: that the API passes them
/// through, answers with them, and refuses what cannot be read.
@Suite("People over the API: searched columns, columnMatches and dialpad=")
struct PeopleAPITests {
    /// A sections answer with the columns besides the text where each item matched.
    struct Answer: Decodable {
        struct ColumnMatch: Decodable, Equatable { let text: String, matches: [[Int]] }
        struct Item: Decodable, Equatable {
            let id: String, text: String, matches: [[Int]]
            var columnMatches: [String: ColumnMatch]? = nil
        }
        struct Section: Decodable { let title: String, items: [Item] }
        let q: String, dialpad: Bool, total: Int
        let sections: [Section]
        var items: [Item] { sections.flatMap(\.items) }
        var texts: [String] { items.map(\.text) }
    }

    static func sections(_ client: some TestClientProtocol, _ listing: String, _ parameters: String) async throws -> Answer {
        try await client.getJSON("/api/listings/\(listing)/sections?\(parameters)", as: Answer.self)
    }

    @Test("`jessica 844` finds Jessica Acedo, with the phone's digits in columnMatches; dialpad is echoed false")
    func termsAcrossTheNameAndThePhone() async throws {
        try #require(TestServer.contactsEntry() != nil, "Corpora/contacts.tsv")
        try await TestServer.run { client in
            let answer = try await Self.sections(client, "contacts", "q=jessica%20844")
            #expect(answer.dialpad == false)
            #expect(answer.texts == ["Jessica Acedo"])
            let item = try #require(answer.items.first)
            #expect(item.matches == [[0, 7]])
            #expect(item.columnMatches == ["phone": .init(text: "+34844 468 710", matches: [[3, 6]])])
            // The other order finds her too; a term matching the name alone gives no columnMatches.
            let reversed = try await Self.sections(client, "contacts", "q=844+jessica")
            #expect(reversed.texts == ["Jessica Acedo"])
            let byName = try await Self.sections(client, "contacts", "q=acedo+jessica")
            #expect(byName.texts == ["Jessica Acedo"])
            #expect(byName.items.first?.columnMatches == nil)
            // The digits alone find her by her phone.
            let digits = try await Self.sections(client, "contacts", "q=468%20710")
            #expect(digits.texts.contains("Jessica Acedo"))
        }
    }

    @Test("dialpad=1: `5646` finds the Johns by the keys of their names; echoed; the index endpoint takes it too")
    func dialpad() async throws {
        try #require(TestServer.contactsEntry() != nil, "Corpora/contacts.tsv")
        try await TestServer.run { client in
            for value in ["1", "true"] {
                let answer = try await Self.sections(client, "contacts", "q=5646&dialpad=\(value)")
                #expect(answer.dialpad == true)
                #expect(answer.q == "5646")
                for john in ["John Kramer", "John Conway", "John Howard"] {
                    #expect(answer.texts.contains(john), "\(john) in \(answer.texts)")
                }
                #expect(answer.total > 0)
                // Every one is a John (a word beginning "john") or has 5646 in its number.
                for item in answer.items {
                    #expect(item.text.lowercased().split(separator: " ").contains { $0.hasPrefix("john") }
                            || item.columnMatches?["phone"] != nil, "\(item)")
                }
                let john = try #require(answer.items.first { $0.text == "John Kramer" })
                #expect(john.matches == [[0, 4]])
            }
            for value in ["0", "false"] {
                let off = try await Self.sections(client, "contacts", "q=5646&dialpad=\(value)")
                #expect(off.dialpad == false)
                #expect(!off.texts.contains("John Kramer"))
            }
            let target = try await client.getJSON("/api/listings/contacts/index/1?q=5646&dialpad=1", as: IndexTargetAnswer.self)
            #expect(target.target == "section")
            try await client.execute(uri: "/api/listings/contacts/index/1?q=abc&dialpad=1", method: .get) { response in
                #expect(response.status == .badRequest)
            }
        }
    }

    @Test("dialpad= other than 1, 0, true, false is a 400 naming it; a query no keypad can type is a 400",
          arguments: [("dialpad=2&q=5", "dialpad must be 1, 0, true or false, got '2'"),
                      ("dialpad=yes&q=5", "dialpad must be"),
                      ("dialpad=&q=5", "dialpad must be"),
                      ("dialpad=1&q=abc", "phone keypad"),
                      ("dialpad=true&q=j%C3%B6rn", "phone keypad")])
    func badDialpad(_ parameters: String, says: String) async throws {
        try await TestServer.run { client in
            let answer = try await client.getJSON("/api/listings/people/sections?\(parameters)", as: ErrorAnswer.self,
                                                  status: .badRequest)
            #expect(answer.error.contains(says), "error was: \(answer.error)")
            // An empty or blank query is fine on the dial pad.
            _ = try await Self.sections(client, "people", "dialpad=1&q=%20")
        }
    }

    @Test("a file listing with --fields and --phone columns: terms across them, columnMatches per column")
    func fileListingWithFields() async throws {
        let table = RecordTable(columnNames: ["name", "company", "phone", "locale"],
                                columns: [TextColumn(["Jessica Acedo", "Anna Berg"]), TextColumn(["Acme", "Zeta"]),
                                          TextColumn(["+34844 468 710", "08-123 456"]), TextColumn(["es_ES", "sv_SE"])])
        let entry = try TestServer.entry("crm", table, columns: .init(key: 0, fields: [1], phones: [2], region: 3))
        let app = Application(router: buildRouter(catalog: try ListingCatalog([entry])))
        try await app.test(.router) { client in
            let answer = try await Self.sections(client, "crm", "q=acme+844+jess")
            #expect(answer.texts == ["Jessica Acedo"])
            #expect(answer.items.first?.columnMatches == ["company": .init(text: "Acme", matches: [[0, 4]]),
                                                          "phone": .init(text: "+34844 468 710", matches: [[3, 6]])])
            // A phone column is searched by digits, never as text; a text column is not searched by digits.
            #expect(try await Self.sections(client, "crm", "q=zeta").texts == ["Anna Berg"])
            #expect(try await Self.sections(client, "crm", "q=123").texts == ["Anna Berg"])
            // The dial pad reads the keys of the names: 2662 is "anna".
            #expect(try await Self.sections(client, "crm", "q=2662&dialpad=1").texts == ["Anna Berg"])
        }
    }

    @Test("store listings have no searched fields yet: their filters, dial pad included, work as before")
    func storeListingsHaveNoFields() async throws {
        let server = try WriteServer()
        try await server.run { client in
            let put = try await client.send(.put, "/api/listings/people", #"{"locale":"en","items":[{"text":"John Doe"},{"text":"Anna"}]}"#)
            #expect(put.status == .created)
            _ = try await client.send(.post, "/api/listings/people/items", #"{"items":[{"text":"Johan"}]}"#)
            let answer = try await client.getJSON("/api/listings/people/sections?q=5646&dialpad=1", as: Answer.self)
            #expect(answer.texts == ["John Doe"])
            #expect(answer.items.first?.columnMatches == nil)
            #expect(try await client.getJSON("/api/listings/people/sections?q=53&dialpad=1", as: Answer.self).texts == ["John Doe"])
            #expect(try await client.getJSON("/api/listings/people/sections?q=doe+john", as: Answer.self).texts == ["John Doe"])
        }
    }
}
