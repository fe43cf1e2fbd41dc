import Foundation
import HummingbirdTesting
import Testing
import ThumbIndex
@testable import ThumbIndexServer

/// `typos=` (issue 19 §3): close matches when nothing matches exactly, by default; `typos=off`
/// answers exactly only; other values are refused (see BadInputTests).
@Suite("typos= over the API: close matches when nothing matches")
struct TyposAPITests {
    struct Answer: Decodable {
        struct Item: Decodable { let text: String, matches: [[Int]] }
        struct Section: Decodable { let title: String, count: Int, items: [Item] }
        let q: String, typos: String, total: Int
        let approximate: Int?
        let sections: [Section]
        var items: [Item] { sections.flatMap(\.items) }
    }

    @Test func aQueryWithNoExactMatchGetsCloseMatchesByDefault() async throws {
        try await TestServer.run { client in
            // "Nyström" folds to "nystrom": "nystorm" is one transposition from it.
            let answer = try await client.getJSON("/api/listings/people/sections?q=nystorm", as: Answer.self)
            #expect(answer.typos == "auto" && answer.approximate == 1 && answer.total == 1)
            #expect(answer.items.map(\.text) == ["Åsa Nyström"])
            #expect(answer.items.first?.matches == [[4, 11]])
            #expect(answer.sections.map(\.title) == ["A"])  // an English listing: Å under A
        }
    }

    @Test func exactAnswersCarryNoApproximate() async throws {
        try await TestServer.run { client in
            let answer = try await client.getJSON("/api/listings/people/sections?q=nystrom&typos=auto", as: Answer.self)
            #expect(answer.approximate == nil && answer.total == 1)
            // A query with no match near enough is empty and exact.
            let none = try await client.getJSON("/api/listings/people/sections?q=xqzvwk", as: Answer.self)
            #expect(none.approximate == nil && none.total == 0)
        }
    }

    @Test func typosOffAnswersExactlyOnly() async throws {
        try await TestServer.run { client in
            let answer = try await client.getJSON("/api/listings/people/sections?q=nystorm&typos=off", as: Answer.self)
            #expect(answer.typos == "off" && answer.approximate == nil && answer.total == 0)
        }
    }

    @Test func theIndexTargetsFollowTheCloseAnswer() async throws {
        try await TestServer.run { client in
            let target = try await client.getJSON("/api/listings/people/index/1?q=nystorm", as: IndexTargetAnswer.self)
            #expect(target == IndexTargetAnswer(title: "A", target: "section", section: "A", offset: 0))
            _ = try await client.getJSON("/api/listings/people/index/1?q=nystorm&typos=off", as: ErrorAnswer.self, status: .notFound)
        }
    }
}
