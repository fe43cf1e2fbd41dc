import PropertyBased
import Testing
@testable import ThumbIndex

/// Typing, refining and backspacing give exactly what fresh searches give.
@Suite struct SearchSessionTests {
    /// A typing session as the list of whole queries the search field holds after each keystroke.
    static func keystrokes(typing target: String, backspaces: [Int]) -> [String] {
        var field: [Character] = []
        var queries: [String] = []
        for (i, character) in target.enumerated() {
            field.append(character)
            queries.append(String(field))
            let erase = i < backspaces.count ? backspaces[i] : 0
            if erase > 0 {
                for _ in 0..<min(erase, field.count) { field.removeLast(); queries.append(String(field)) }
                field.append(character)   // retype
                queries.append(String(field))
            }
        }
        while !field.isEmpty { field.removeLast(); queries.append(String(field)) }
        return queries
    }

    @Test func typingAndBackspacingEqualsFreshSearches() async throws {
        await propertyCheck(count: 60, input: hardString(0...6).array(of: 0...30), hardString(1...6),
                            Gen.int(in: 0...2).array(of: 0...6)) { items, target, backspaces in
            let index = try SearchIndex(texts: items)
            for fold in Fold.naiveCases {
                for mode in MatchMode.allCases {
                    var session = SearchSession(index: index, fold: fold, mode: mode)
                    for query in Self.keystrokes(typing: target, backspaces: backspaces) {
                        let typed = try session.type(query)
                        let fresh = try index.search(query, fold: fold, mode: mode)
                        #expect(Array(typed.rows) == Array(fresh.rows), "query \(query.debugDescription), fold \(fold), mode \(mode)")
                        #expect(typed.query == query)
                    }
                }
            }
        }
    }

    /// Enough rows that refining a small previous result beats a fresh search, so refinement runs.
    @Test func refinementOnALargerListEqualsFreshSearches() throws {
        var items: [String] = []
        let syllables = ["ber", "lin", "ham", "burg", "mün", "chen", "köln", "ström", "ss", "ß", "ﬁ", " ", "-", "a", "o"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) % n }
        for _ in 0..<5000 { items.append((0..<(1 + next(5))).map { _ in syllables[next(syllables.count)] }.joined()) }
        let index = try SearchIndex(texts: items)
        for target in ["Bergström", "münchen-ham", "ﬁlin", "  sslin"] {
            for fold in Fold.naiveCases {
                for mode in MatchMode.allCases {
                    var session = SearchSession(index: index, fold: fold, mode: mode)
                    for query in Self.keystrokes(typing: target, backspaces: [0, 1, 0, 2, 0, 0, 1]) {
                        #expect(try Array(session.type(query).rows) == Array(index.search(query, fold: fold, mode: mode).rows),
                                "query \(query.debugDescription), fold \(fold), mode \(mode)")
                    }
                }
            }
        }
    }
}
