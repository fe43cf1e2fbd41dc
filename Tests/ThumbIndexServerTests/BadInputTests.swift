import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import ThumbIndexRequests
@testable import ThumbIndexServer

/// Every bad request gets a 4xx with `{"error": "..."}` saying what was wrong, and the server
/// answers the next request normally.
@Suite("Bad input: 400/404 with {\"error\"}, then the server answers normally")
struct BadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let uri: String
        let status: HTTPResponse.Status
        /// A fragment the error message must contain.
        let says: String
        var testDescription: String { uri.count > 80 ? String(uri.prefix(80)) + "…" : uri }
    }

    static let sections = "/api/listings/people/sections"

    static let cases: [Case] = [
        Case(uri: "\(sections)?q=\(String(repeating: "a", count: 257))", status: .badRequest, says: "q is 257 characters long; the limit is 256"),
        Case(uri: "\(sections)?q=\(String(repeating: "%C3%A9", count: 300))", status: .badRequest, says: "q is 300 characters long"),
        Case(uri: "\(sections)?offset=-1", status: .badRequest, says: "offset must be a non-negative integer, got '-1'"),
        Case(uri: "\(sections)?offset=abc", status: .badRequest, says: "offset must be a non-negative integer, got 'abc'"),
        Case(uri: "\(sections)?offset=", status: .badRequest, says: "offset must be a non-negative integer"),
        Case(uri: "\(sections)?offset=1e3", status: .badRequest, says: "offset must be a non-negative integer"),
        Case(uri: "\(sections)?offset=99999999999999999999999", status: .badRequest, says: "offset is too large"),
        Case(uri: "\(sections)?limit=-5", status: .badRequest, says: "limit must be a non-negative integer, got '-5'"),
        Case(uri: "\(sections)?limit=ten", status: .badRequest, says: "limit must be a non-negative integer, got 'ten'"),
        Case(uri: "\(sections)?limit=+10", status: .badRequest, says: "limit must be a non-negative integer"),
        Case(uri: "\(sections)?limit=1001", status: .badRequest, says: "limit is 1001; at most 1000"),
        Case(uri: "\(sections)?fold=loose", status: .badRequest, says: "unknown fold 'loose'; use one of locale, case, diacritics, all"),
        Case(uri: "\(sections)?mode=fuzzy", status: .badRequest, says: "unknown mode 'fuzzy'; use one of contains, prefix, words"),
        Case(uri: "\(sections)?phonetic=yes", status: .badRequest, says: "unknown phonetic 'yes'; use one of auto, on, off"),
        Case(uri: "\(sections)?phonetic=", status: .badRequest, says: "unknown phonetic ''; use one of auto, on, off"),
        Case(uri: "/api/listings/people/index/1?phonetic=ON", status: .badRequest, says: "unknown phonetic 'ON'"),
        Case(uri: "\(sections)?typos=on", status: .badRequest, says: "unknown typos 'on'; use one of auto, off"),
        Case(uri: "\(sections)?typos=", status: .badRequest, says: "unknown typos ''; use one of auto, off"),
        Case(uri: "/api/listings/people/index/1?typos=1", status: .badRequest, says: "unknown typos '1'"),
        Case(uri: "\(sections)?q=%ZZ", status: .badRequest, says: "invalid percent-encoding in parameter 'q': '%ZZ'"),
        Case(uri: "\(sections)?q=abc%", status: .badRequest, says: "invalid percent-encoding in parameter 'q': '%'"),
        Case(uri: "\(sections)?q=abc%4", status: .badRequest, says: "invalid percent-encoding in parameter 'q': '%4'"),
        Case(uri: "\(sections)?q%G1=x", status: .badRequest, says: "invalid percent-encoding in a parameter name"),
        Case(uri: "\(sections)?q=%FF", status: .badRequest, says: "parameter 'q' is not valid UTF-8"),
        Case(uri: "\(sections)?q=%E0%A4", status: .badRequest, says: "parameter 'q' is not valid UTF-8"),
        Case(uri: "\(sections)?q=%C0%AF", status: .badRequest, says: "parameter 'q' is not valid UTF-8"),
        Case(uri: "\(sections)?q=%ED%A0%80", status: .badRequest, says: "parameter 'q' is not valid UTF-8"),
        Case(uri: "\(sections)?q=a&q=b", status: .badRequest, says: "parameter 'q' is given more than once"),
        Case(uri: "/api/listings/nobody/sections?q=a", status: .notFound, says: "no listing called 'nobody'; the listings are: people"),
        Case(uri: "/api/listings/nobody/index/1", status: .notFound, says: "no listing called 'nobody'"),
        Case(uri: "/api/listings/people/index/x", status: .badRequest, says: "index position must be a non-negative integer, got 'x'"),
        Case(uri: "/api/listings/people/index/999", status: .notFound, says: "index position 999 is out of range"),
        Case(uri: "/api/listings/people/index/1?fold=x", status: .badRequest, says: "unknown fold 'x'"),
        Case(uri: "/api/nothing", status: .notFound, says: "no such endpoint: GET /api/nothing"),
    ]

    @Test(arguments: cases)
    func isRefusedWithAnErrorThenTheServerAnswersNormally(_ bad: Case) async throws {
        try await TestServer.run { client in
            let answer = try await client.getJSON(bad.uri, as: ErrorAnswer.self, status: bad.status)
            #expect(answer.error.contains(bad.says), "error was: \(answer.error)")
            let next = try await client.getJSON("/api/listings/people/sections?q=anna", as: SectionsAnswer.self)
            #expect(next.texts == ["Anna Berg"])
        }
    }

    @Test func everyBadRequestInARowLeavesTheServerServing() async throws {
        try await TestServer.run { client in
            for bad in Self.cases {
                _ = try await client.getJSON(bad.uri, as: ErrorAnswer.self, status: bad.status)
            }
            let listings = try await client.getJSON("/api/listings", as: CatalogAnswer.self)
            #expect(listings.listings.count == TestServer.catalog.entries.count)
            let answer = try await client.getJSON("/api/listings/people/sections?q=e", as: SectionsAnswer.self)
            #expect(answer.total > 0)
        }
    }

    @Test func aQueryOfExactly256CharactersIsAccepted() async throws {
        try await TestServer.run { client in
            let answer = try await client.getJSON("\(Self.sections)?q=\(String(repeating: "%C3%A9", count: 256))", as: SectionsAnswer.self)
            #expect(answer.total == 0)
            #expect(answer.sections.isEmpty)
            #expect(answer.indexTitles == ["{search}"])
        }
    }

    @Test func limitsOfExactly0And1000AreAccepted() async throws {
        try await TestServer.run { client in
            _ = try await client.getJSON("\(Self.sections)?limit=0", as: SectionsAnswer.self)
            _ = try await client.getJSON("\(Self.sections)?limit=1000&offset=0", as: SectionsAnswer.self)
        }
    }
}

/// The strict query-string parser, on its own.
@Suite("Query strings: strict percent-decoding and UTF-8")
struct QueryStringTests {
    @Test func decodesPlusPercentAndRawUnicode() throws {
        let query = try QueryString("q=a+b%20c%2B&fold=all&x=%C3%A9%F0%9F%98%80&raw=Åsa&flag")
        #expect(query["q"] == "a b c+")
        #expect(query["fold"] == "all")
        #expect(query["x"] == "é😀")
        #expect(query["raw"] == "Åsa")
        #expect(query["flag"] == "")
        #expect(query["missing"] == nil)
    }

    @Test func anEmptyOrMissingQueryHasNoParameters() throws {
        #expect(try QueryString(nil).parameters.isEmpty)
        #expect(try QueryString("").parameters.isEmpty)
        #expect(try QueryString("&&").parameters.isEmpty)
    }

    @Test(arguments: ["q=%", "q=%2", "q=%%", "q=%g0", "q=%0g", "%=1"])
    func refusesBrokenEscapes(_ raw: String) {
        #expect(throws: APIError.self) { try QueryString(raw) }
    }

    @Test(arguments: ["q=%80", "q=%C3", "q=%C3%28", "q=%F4%90%80%80", "q=%ED%BF%BF", "q=%FE"])
    func refusesBytesThatAreNotUTF8(_ raw: String) {
        #expect(throws: APIError.self) { try QueryString(raw) }
    }

    @Test func refusesAnOverlongQueryString() {
        #expect(throws: APIError.self) { try QueryString("q=" + String(repeating: "a", count: QueryString.maxLength)) }
    }
}
