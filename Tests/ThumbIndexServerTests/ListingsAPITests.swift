import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import ThumbIndex
import ThumbIndexFormats
import ThumbIndexRequests
@testable import ThumbIndexServer

/// `GET /api/listings`.
@Suite("GET /api/listings: the listings served")
struct CatalogEndpointTests {
    @Test func listsEveryListingWithItsLocaleAndSizes() async throws {
        try await TestServer.run { client in
            let answer = try await client.getJSON("/api/listings", as: CatalogAnswer.self)
            let expected = TestServer.catalog.entries.map {
                CatalogAnswer.Entry(name: $0.name, locale: $0.locale,
                                    items: $0.count, sections: try! $0.listing.sections().count)
            }
            #expect(answer.listings == expected)
            #expect(answer.writable == false, "no store: the server takes no writes")
            #expect(answer.listings.first?.name == "people")
            #expect(answer.listings.first?.items == TestServer.names.count)
        }
    }

    @Test func servesTheBundledContactsCorpusWithItsFavorites() async throws {
        try await TestServer.run { client in
            let answer = try await client.getJSON("/api/listings/contacts/sections?limit=10", as: SectionsAnswer.self)
            #expect(answer.total == 600)
            #expect(answer.sections.first?.title == "Favorites")
            #expect(answer.sections.first?.count == 8)
            // English letters A-Z; no name starts with a digit (no "#"), and the 37 names in other
            // scripts (Greek, Cyrillic, Korean, Japanese, Chinese) go to ICU's "…" section, last.
            #expect(answer.indexTitles == ["{search}", "★"] + (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) } + ["…"])
            #expect(answer.sections.last?.title == "…")
            #expect(answer.sections.last?.count == 37)
            #expect(answer.items.count == 10)
        }
    }
}

/// `GET /api/listings/{name}/sections`.
@Suite("GET /api/listings/{name}/sections: filtered sections, counts and one page of rows")
struct SectionsEndpointTests {
    /// The same names as a listing built by the library, not by the server.
    let listing = try! Listing(texts: TestServer.names, locale: "en")

    @Test func anEmptyQueryIsTheWholeListing() async throws {
        try await TestServer.run { [listing] client in
            let answer = try await client.getJSON("/api/listings/people/sections", as: SectionsAnswer.self)
            #expect(answer.total == listing.count)
            #expect(answer.indexTitles == listing.indexTitles)
            #expect(answer.sections.map(\.title) == listing.sections.map(\.title))
            #expect(answer.sections.map(\.count) == listing.sections.map(\.count))
            #expect(answer.sections.map(\.offset) == listing.sections.map(\.rows.lowerBound))
            #expect(answer.texts == (0..<listing.count).map { listing.text(ofRow: $0) })
            #expect(answer.items.allSatisfy { $0.matches.isEmpty })
            // Each section's index is its title's position in the side index.
            for section in answer.sections { #expect(answer.indexTitles[section.index] == section.indexTitle) }
        }
    }

    @Test func aBlankQueryIsTheWholeListing() async throws {
        try await TestServer.run { [listing] client in
            let answer = try await client.getJSON("/api/listings/people/sections?q=%20%20+", as: SectionsAnswer.self)
            #expect(answer.total == listing.count)
            #expect(answer.q == "")
        }
    }

    @Test func aQueryKeepsMatchingItemsInTheirSectionsWithMatchRanges() async throws {
        try await TestServer.run { client in
            let answer = try await client.getJSON("/api/listings/people/sections?q=an", as: SectionsAnswer.self)
            // "an" (diacritics and case folded by default) is in Anna, Anders, Eva Hansen, Ängel.
            #expect(Set(answer.texts) == ["Anna Berg", "Anders Lind", "Eva Hansen", "Ängel Ek"])
            #expect(answer.total == 4)
            #expect(answer.sections.map(\.title) == ["A", "E"])
            #expect(answer.sections.map(\.count) == [3, 1])
            #expect(answer.sections.map(\.offset) == [0, 3])
            #expect(answer.indexTitles == ["{search}", "A", "E"])
            #expect(answer.sections.map(\.index) == [1, 2])
            let anna = try #require(answer.items.first { $0.text == "Anna Berg" })
            #expect(anna.matches == [[0, 2]])
            let hansen = try #require(answer.items.first { $0.text == "Eva Hansen" })
            #expect(hansen.matches == [[5, 7]])
        }
    }

    @Test func matchRangesAreUTF16Offsets() async throws {
        try await TestServer.run { client in
            // 😀 is two UTF-16 units, so "Smile" starts at 3 (as JavaScript counts).
            let answer = try await client.getJSON("/api/listings/people/sections?q=smile", as: SectionsAnswer.self)
            #expect(answer.items == [.init(text: "😀 Smile Inc", matches: [[3, 8]])])
            // An emoji sorts before the first letter: ICU's underflow section "…", the listing's first.
            #expect(answer.sections.map(\.title) == ["…"])
            #expect(answer.indexTitles == ["{search}", "…"])
        }
    }

    @Test func percentEncodingAndPlusDecodeToTheQuery() async throws {
        try await TestServer.run { client in
            let answer = try await client.getJSON("/api/listings/people/sections?q=chlo%C3%A9+m", as: SectionsAnswer.self)
            #expect(answer.q == "chloé m")
            // Two terms ("chloé", "m"), each with its own range (issue 23).
            #expect(answer.items == [.init(text: "Chloé Martin", matches: [[0, 5], [6, 7]])])
            let raw = try await client.getJSON("/api/listings/people/sections?q=Åsa", as: SectionsAnswer.self)
            #expect(raw.texts == ["Åsa Nyström"])
        }
    }

    @Test func foldAndModeAreAcceptedAndEchoed() async throws {
        try await TestServer.run { client in
            for fold in Fold.allCases {
                for mode in MatchMode.allCases {
                    let answer = try await client.getJSON("/api/listings/people/sections?q=a&fold=\(fold.rawValue)&mode=\(mode.rawValue)", as: SectionsAnswer.self)
                    #expect(answer.fold == fold.rawValue)
                    #expect(answer.mode == mode.rawValue)
                }
            }
        }
    }

    @Test func onlyRowsInsideTheWindowCarryItems() async throws {
        try await TestServer.run { [listing] client in
            let answer = try await client.getJSON("/api/listings/people/sections?offset=3&limit=4", as: SectionsAnswer.self)
            #expect(answer.offset == 3 && answer.limit == 4)
            // Every section is listed, with its full count ...
            #expect(answer.sections.map(\.count) == listing.sections.map(\.count))
            // ... but only rows 3..<7 of the listing are items, each under its own section.
            #expect(answer.texts == (3..<7).map { listing.text(ofRow: $0) })
            for section in answer.sections {
                let inWindow = min(section.offset + section.count, 7) - max(section.offset, 3)
                #expect(section.items.count == max(0, inWindow), "section \(section.title)")
            }
        }
    }

    @Test func anOffsetPastTheEndGivesCountsWithoutItems() async throws {
        try await TestServer.run { [listing] client in
            let answer = try await client.getJSON("/api/listings/people/sections?offset=5000", as: SectionsAnswer.self)
            #expect(answer.total == listing.count)
            #expect(answer.sections.count == listing.sections.count)
            #expect(answer.items.isEmpty)
            let none = try await client.getJSON("/api/listings/people/sections?limit=0", as: SectionsAnswer.self)
            #expect(none.items.isEmpty && none.total == listing.count)
        }
    }

    @Test func limitDefaultsTo100AndGoesUpTo1000() async throws {
        try await TestServer.run { client in
            let defaults = try await client.getJSON("/api/listings/many/sections", as: SectionsAnswer.self)
            #expect(defaults.total == 1500)
            #expect(defaults.items.count == 100)
            #expect(defaults.limit == 100)
            let most = try await client.getJSON("/api/listings/many/sections?limit=1000&offset=1000", as: SectionsAnswer.self)
            #expect(most.items.count == 500)
            let page = try await client.getJSON("/api/listings/many/sections?limit=1000", as: SectionsAnswer.self)
            #expect(page.items.count == 1000)
        }
    }

    @Test func unknownParametersAreIgnored() async throws {
        try await TestServer.run { client in
            let answer = try await client.getJSON("/api/listings/people/sections?q=anna&_=12345&&", as: SectionsAnswer.self)
            #expect(answer.texts == ["Anna Berg"])
        }
    }

    @Test func concurrentQueriesGiveTheSameAnswersAsOneAtATime() async throws {
        try await TestServer.run { client in
            let queries = ["a", "an", "e", "ö", "smile", "", "zo", "b", "x", "42"]
            var sequential: [String: [String]] = [:]
            for q in queries {
                sequential[q] = try await client.getJSON("/api/listings/people/sections?q=\(q.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)", as: SectionsAnswer.self).texts
            }
            try await withThrowingTaskGroup(of: (String, [String]).self) { group in
                for round in 0..<64 {
                    let q = queries[round % queries.count]
                    group.addTask {
                        (q, try await client.getJSON("/api/listings/people/sections?q=\(q.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)", as: SectionsAnswer.self).texts)
                    }
                }
                for try await (q, texts) in group { #expect(texts == sequential[q]) }
            }
        }
    }
}

/// `GET /api/listings/{name}/index/{position}`.
@Suite("GET /api/listings/{name}/index/{position}: where an index title leads")
struct IndexEndpointTests {
    @Test func theSentinelLeadsToTheSearchField() async throws {
        try await TestServer.run { client in
            let answer = try await client.getJSON("/api/listings/people/index/0", as: IndexTargetAnswer.self)
            #expect(answer == IndexTargetAnswer(title: "{search}", target: "search"))
        }
    }

    @Test func aLetterLeadsToTheFirstRowOfItsSection() async throws {
        try await TestServer.run { client in
            let listing = try Listing(texts: TestServer.names, locale: "en")
            for position in 1..<listing.indexTitles.count {
                let answer = try await client.getJSON("/api/listings/people/index/\(position)", as: IndexTargetAnswer.self)
                #expect(answer.title == listing.indexTitles[position])
                #expect(answer.target == "section")
                #expect(answer.section == listing.sections[position - 1].title)
                #expect(answer.offset == listing.sections[position - 1].rows.lowerBound)
            }
        }
    }

    @Test func whileFilteringPositionsAreThoseOfTheFilteredIndex() async throws {
        try await TestServer.run { client in
            let answer = try await client.getJSON("/api/listings/people/index/2?q=an", as: IndexTargetAnswer.self)
            #expect(answer == IndexTargetAnswer(title: "E", target: "section", section: "E", offset: 3))
        }
    }

    @Test func aPositionOutOfRangeIsNotFound() async throws {
        try await TestServer.run { client in
            let titles = try Listing(texts: TestServer.names, locale: "en").indexTitles.count
            let answer = try await client.getJSON("/api/listings/people/index/\(titles)", as: ErrorAnswer.self, status: .notFound)
            #expect(answer.error.contains("out of range"))
            let bad = try await client.getJSON("/api/listings/people/index/-1", as: ErrorAnswer.self, status: .badRequest)
            #expect(bad.error.contains("non-negative integer"))
        }
    }
}

/// `GET /api/listings/{name}/items/{id}` on a server without a store: the item from the listing
/// itself (looked up off the event loops: the first lookup hashes every id of the listing).
@Suite("GET /api/listings/{name}/items/{id}: one item of a read-only listing")
struct ItemEndpointTests {
    struct Page: Decodable {
        struct Section: Decodable { let items: [ItemAnswer] }
        let sections: [Section]
    }

    struct ItemAnswer: Decodable, Equatable { let id: String, text: String }

    @Test func everyItemComesBackByItsID() async throws {
        try await TestServer.run { client in
            let items = try await client.getJSON("/api/listings/people/sections?limit=100", as: Page.self).sections.flatMap(\.items)
            #expect(items.map(\.text).sorted() == TestServer.names.sorted())
            for item in items {
                #expect(try await client.getJSON("/api/listings/people/items/\(item.id)", as: ItemAnswer.self) == item)
            }
        }
    }

    @Test func anUnknownIDIsNotFound() async throws {
        try await TestServer.run { client in
            try await client.execute(uri: "/api/listings/people/items/nobody", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body).contains("listing 'people' has no item with id 'nobody'"))
            }
        }
    }
}

/// Which reads compute where they arrive (`FilterQuery.isShort(on:)`): all but a dial-pad query
/// that first makes the dial-pad index of many rows, which would hold an event loop for seconds.
@Suite("Reads that compute where they arrive, and dial-pad reads that first make an index")
struct ShortReadTests {
    func query(_ raw: String) throws -> FilterQuery { try FilterQuery(QueryString(raw)) }

    @Test func aDialpadQueryThatFirstIndexesManyRowsIsNotShortUntilTheIndexIsMade() throws {
        let rows = FilterQuery.dialpadRowsMadeInPlace + 1
        let entry = try TestServer.entry("big", RecordTable(texts: (0..<rows).map { "Name \($0)" }))
        let dialpad = try query("q=6263&dialpad=1"), text = try query("q=name")
        #expect(text.isShort(on: entry))
        #expect(!dialpad.isShort(on: entry))
        #expect(try entry.listing.filter("6263", dialpad: true).total == rows)
        #expect(dialpad.isShort(on: entry), "the index is made: the next dial-pad query is short")
    }

    @Test func aDialpadQueryOnAFewRowsIsShort() throws {
        let entry = try TestServer.entry("few", RecordTable(texts: (0..<FilterQuery.dialpadRowsMadeInPlace).map { "Name \($0)" }))
        #expect(try query("q=6263&dialpad=1").isShort(on: entry))
    }
}

/// `GET /openapi.json` and the methods the API does not take.
@Suite("The OpenAPI document and undeclared methods")
struct OpenAPIEndpointTests {
    @Test func servesTheOpenAPIDocumentOfTheRepository() async throws {
        try await TestServer.run { client in
            try await client.execute(uri: "/openapi.json", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(Array(buffer: response.body) == PackageResources.openapi_json)
                let document = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect(document?["openapi"] as? String == "3.1.0")
                // Every path and method the document declares is one the server routes, and the server
                // routes nothing else but the page's own files (/index.html, /page.js and its modules, /page.css).
                let paths = document?["paths"] as? [String: [String: Any]] ?? [:]
                let declared = Dictionary(uniqueKeysWithValues: paths.map { path, operations in
                    (path, Set(operations.keys.map { $0.uppercased() }))
                })
                let routed = Dictionary(uniqueKeysWithValues: APIErrorMiddleware<BasicRequestContext>.routes
                    .map { ("/" + $0.pattern.joined(separator: "/"), Set($0.methods.components(separatedBy: ", "))) })
                let pageFiles = Set(["/index.html", "/page.js", "/page.css"]
                                    + PageController<BasicRequestContext>.scriptModules.map(\.path))
                #expect(pageFiles.count == 8)
                #expect(declared == routed.filter { !pageFiles.contains($0.key) })
                #expect(Set(routed.keys).subtracting(declared.keys) == pageFiles)
            }
        }
    }

    @Test(arguments: [(HTTPRequest.Method.post, "/api/listings", "GET"), (.delete, "/api/listings/people/sections", "GET"),
                      (.put, "/api/listings/people/index/0", "GET"), (.patch, "/", "GET"), (.post, "/openapi.json", "GET"),
                      (.post, "/page.js", "GET"), (.delete, "/page.css", "GET"), (.post, "/page/api.js", "GET"),
                      (.get, "/api/listings/people", "PUT, DELETE"), (.put, "/api/listings/people/items", "POST"),
                      (.post, "/api/listings/people/items/7", "GET, PATCH, DELETE")])
    func aMethodAPathDoesNotTakeIs405WithAllow(method: HTTPRequest.Method, path: String, allowed: String) async throws {
        try await TestServer.run { client in
            try await client.execute(uri: path, method: method) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == allowed)
                let body = try JSONDecoder().decode([String: String].self, from: Data(buffer: response.body))
                #expect(body == ["error": "\(method) is not allowed on \(path); use \(allowed)"])
            }
        }
    }

    @Test func anUnknownPathIsStill404() async throws {
        try await TestServer.run { client in
            try await client.execute(uri: "/api/nothing/here", method: .post) { response in
                #expect(response.status == .notFound)
            }
        }
    }
}
