import PropertyBased
import Testing
@testable import ThumbIndex

/// Close matches (issue 19 §3) held against the naive Sellers scan of ``NaiveTypos``: rows and the
/// number of edits, for every fold and mode, on random strings and on real names.
@Suite struct TypoPropertyTests {
    /// The answer the front ends give: the exact one, or the close matches when it is empty.
    static func answer(_ index: SearchIndex, _ query: String, fold: Fold, mode: MatchMode) throws -> (rows: [Int], approximate: Int?) {
        let result = index.withTypos(try index.search(query, fold: fold, mode: mode), .auto)
        return (Array(result.rows), result.approximate)
    }

    /// `text` with `count` random edits (insert, delete, replace, swap neighbours) of its characters,
    /// new characters drawn from `alphabet`.
    static func edited(_ text: String, count: Int, alphabet: [String], using random: inout SeededGenerator) -> String {
        var characters = text.map(String.init)
        for _ in 0..<count {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: characters.insert(alphabet.randomElement(using: &random)!, at: Int.random(in: 0...characters.count, using: &random))
            case 1 where characters.count > 1: characters.remove(at: Int.random(in: 0..<characters.count, using: &random))
            case 2 where !characters.isEmpty:
                characters[Int.random(in: 0..<characters.count, using: &random)] = alphabet.randomElement(using: &random)!
            case 3 where characters.count > 1:
                let i = Int.random(in: 0..<(characters.count - 1), using: &random)
                characters.swapAt(i, i + 1)
            default: break
            }
        }
        return characters.joined()
    }

    @Test func theOracleSellersScanEqualsTheDefinition() {
        var random = SeededGenerator(state: 19)
        let alphabet: [Unicode.Scalar] = ["a", "b", "c", " "]
        for _ in 0..<400 {
            let item = (0..<Int.random(in: 0...9, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let q = (0..<Int.random(in: 1...6, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            for starts in [Set(item.indices), item.isEmpty ? [] : [0], Set(item.indices.filter { _ in Bool.random(using: &random) })] {
                // With no start allowed there is no stretch: both are "more than any budget".
                #expect(min(NaiveTypos.sellers(q, in: item, starts: starts), 99) == min(NaiveTypos.bruteForce(q, in: item, starts: starts), 99),
                        "q \(q), item \(item), starts \(starts)")
            }
        }
    }

    @Test func closeMatchesOfRandomHardStringsEqualTheNaiveScan() async throws {
        await propertyCheck(count: Cases.scaled(120), input: hardString(1...8).array(of: 1...12), Gen.int(in: 0...1000), Gen.int(in: 0...3), hardString(2...9)) { items, pick, edits, other in
            var random = SeededGenerator(state: UInt64(pick))
            let source = items[pick % items.count]
            let query = pick % 5 == 0 ? other : Self.edited(source, count: edits, alphabet: hardPieces, using: &random)
            try Self.expectNaiveAnswers(SearchIndex(texts: items), items: items, query: query, folds: Fold.naiveCases)
        }
    }

    /// A small alphabet makes many near matches, two-edit answers and repeated pieces.
    @Test func closeMatchesOverASmallAlphabetEqualTheNaiveScan() async throws {
        let letters = ["a", "b", "c", "d", " ", "á"]
        let word = Gen<String?>.element(of: letters).map { $0! }.array(of: 0...14).map { $0.joined() }
        await propertyCheck(count: Cases.scaled(150), input: word.array(of: 1...16), Gen.int(in: 0...1000), Gen.int(in: 1...2), Gen.int(in: 4...12)) { items, pick, edits, length in
            var random = SeededGenerator(state: UInt64(pick))
            let source = items[pick % items.count]
            let start = source.isEmpty ? 0 : Int.random(in: 0..<source.count, using: &random)
            let cut = String(source.dropFirst(start).prefix(length))
            let query = Self.edited(cut.count >= 4 ? cut : source, count: edits, alphabet: letters, using: &random)
            try Self.expectNaiveAnswers(SearchIndex(texts: items), items: items, query: query, folds: [.case, .diacritics])
        }
    }

    /// Real names from Corpora/ (people of several languages, countries, cities in many scripts),
    /// queried by pieces of them with one to three typos, and by two such pieces as two terms.
    @Test func closeMatchesOfRealNamesEqualTheNaiveScan() throws {
        let names = Array(Corpora.names(forLocale: "de").prefix(1500))
        try #require(names.count > 1000)
        let index = try SearchIndex(texts: names)
        var random = SeededGenerator(state: 1919)
        let letters = "abcdefghijklmnopqrstuvwxyzäöüéß".map(String.init)
        let folds: [Fold] = [.diacritics, .all]
        let folded = folds.map { fold in names.map { Naive.fold($0, fold) } }
        let starts = folded.map { items in MatchMode.allCases.map { mode in items.map { NaiveTypos.allowedStarts($0, mode: mode) } } }
        var approximateAnswers = 0, twoEditAnswers = 0
        for k in 0..<40 {
            let name = names.randomElement(using: &random)!
            let start = Int.random(in: 0..<max(1, name.count - 3), using: &random)
            var query = Self.edited(String(name.dropFirst(start).prefix(Int.random(in: 4...12, using: &random))),
                                    count: Int.random(in: 1...3, using: &random), alphabet: letters, using: &random)
            if k % 6 == 0 {
                let other = names.randomElement(using: &random)!
                query += " " + Self.edited(String(other.prefix(5)), count: 1, alphabet: letters, using: &random)
            }
            for (f, fold) in folds.enumerated() {
                for (m, mode) in MatchMode.allCases.enumerated() {
                    let expected = NaiveTypos.search(folded: folded[f], query, fold: fold, mode: mode, starts: starts[f][m])
                    let actual = try Self.answer(index, query, fold: fold, mode: mode)
                    #expect(actual.rows == expected.rows && actual.approximate == expected.approximate,
                            "fold \(fold), mode \(mode), query \(query.debugDescription)")
                    if expected.approximate != nil { approximateAnswers += 1 }
                    if expected.approximate == 2 { twoEditAnswers += 1 }
                }
            }
        }
        // The queries exercise what they are meant to.
        #expect(approximateAnswers > 40 && twoEditAnswers > 5, "\(approximateAnswers) close answers, \(twoEditAnswers) with 2 edits")
    }

    /// The locale fold (issue 19 §1) is not restated by the naive scan (its oracle is ICU's search
    /// collation): here the items and terms are folded by the library, and the close matches are
    /// held against the Sellers scan of those folded texts. Typos work on any fold's texts.
    @Test(arguments: ["sv", "de", "tr", "da"])
    func closeMatchesUnderTheLocaleFoldEqualTheNaiveScanOfItsFoldedTexts(locale: String) throws {
        let names = Array(Corpora.names(forLocale: locale).prefix(800))
        try #require(names.count > 500)
        let index = try SearchIndex(texts: names, locale: locale)
        func fold(_ text: String) throws -> [Unicode.Scalar] {
            Array(String(decoding: try Folding.fold(text, .locale, locale: locale), as: UTF8.self).unicodeScalars)
        }
        let folded = try names.map(fold)
        var random = SeededGenerator(state: 1901)
        let letters = "abcdefghijklmnopqrstuvwxyzåäöüßæøı".map(String.init)
        var approximateAnswers = 0
        for _ in 0..<25 {
            let name = names.randomElement(using: &random)!
            let query = Self.edited(String(name.prefix(Int.random(in: 4...11, using: &random))),
                                    count: Int.random(in: 1...2, using: &random), alphabet: letters, using: &random)
            let terms = try Naive.termTexts(query, mode: .contains).map(fold).filter { !$0.isEmpty }
            for mode in [MatchMode.contains, .prefix] {
                let modeTerms = mode == .prefix ? try Naive.termTexts(query, mode: .prefix).map(fold).filter { !$0.isEmpty } : terms
                let expected = NaiveTypos.search(folded: folded, terms: modeTerms, mode: mode)
                let result = index.withTypos(try index.search(query, fold: .locale, mode: mode), .auto)
                #expect(Array(result.rows) == expected.rows && result.approximate == expected.approximate,
                        "locale \(locale), mode \(mode), query \(query.debugDescription)")
                if expected.approximate != nil { approximateAnswers += 1 }
            }
        }
        #expect(approximateAnswers > 10)
    }

    /// Entries longer than the offset limit have suffixes missing from the suffix array: they are
    /// checked directly, as exact search does.
    @Test func longEntriesAreCheckedDirectly() async throws {
        let letters = ["a", "b", "c", " "]
        let word = Gen<String?>.element(of: letters).map { $0! }.array(of: 1...24).map { $0.joined() }
        await propertyCheck(count: Cases.scaled(100), input: word.array(of: 1...10), Gen.int(in: 0...1000), Gen.int(in: 1...2)) { items, pick, edits in
            var random = SeededGenerator(state: UInt64(pick))
            let folded = items.map { Array($0.unicodeScalars) }
            var text: [UInt8] = [], starts: [UInt32] = [0]
            for item in items { text += Array(item.utf8); starts.append(UInt32(text.count)) }
            var wordStarts = BitSet(count: text.count)
            for (e, item) in folded.enumerated() {
                for s in Naive.wordStarts(item) { wordStarts[Int(starts[e]) + s] = true }  // ASCII: scalar = byte
            }
            let index = TextIndex(text: text, starts: starts, wordStarts: wordStarts, code: SuffixCode(offsetBits: 3))
            let source = items[pick % items.count]
            let query = Array(Self.edited(source, count: edits, alphabet: letters, using: &random).unicodeScalars)
            guard query.count >= 3 else { return }
            for limit in 1...2 {
                for mode in MatchMode.allCases {
                    let expected = folded.indices.filter {
                        NaiveTypos.sellers(query, in: folded[$0], starts: NaiveTypos.allowedStarts(folded[$0], mode: mode)) <= limit
                    }
                    let actual = index.approximateEntries(query.map(\.value), edits: limit, mode: mode).idList.map(Int.init)
                    #expect(actual == expected, "edits \(limit), mode \(mode), query \(String(String.UnicodeScalarView(query)).debugDescription), items \(items)")
                }
            }
        }
    }

    /// The ranges of a close match are on grapheme boundaries, sorted and apart, and each holds a
    /// stretch within the edits of some term.
    @Test func closeMatchRangesHoldAStretchOfATerm() async throws {
        await propertyCheck(count: Cases.scaled(100), input: hardString(2...8).array(of: 1...10), Gen.int(in: 0...1000), Gen.int(in: 1...2)) { items, pick, edits in
            var random = SeededGenerator(state: UInt64(pick))
            let query = Self.edited(items[pick % items.count], count: edits, alphabet: hardPieces, using: &random)
            let index = try SearchIndex(texts: items)
            for fold in Fold.naiveCases {
                for mode in MatchMode.allCases {
                    let result = index.withTypos(try index.search(query, fold: fold, mode: mode), .auto)
                    guard let d = result.approximate else { continue }
                    let terms = Naive.terms(query, fold: fold, mode: mode)
                    for row in result.rows {
                        let ranges = try index.matchRanges(ofRow: row, in: result)
                        let context = "fold \(fold), mode \(mode), query \(query.debugDescription), text \(items[row].debugDescription), ranges \(ranges)"
                        #expect(!ranges.isEmpty, "\(context)")
                        let boundaries = Set(graphemeOffsets(items[row]))
                        for (i, range) in ranges.enumerated() {
                            #expect(boundaries.contains(range.lowerBound) && boundaries.contains(range.upperBound), "\(context)")
                            if i > 0 { #expect(ranges[i - 1].upperBound < range.lowerBound, "\(context)") }
                            let inside = Naive.fold(utf16Slice(items[row], range), fold)
                            #expect(terms.contains {
                                NaiveTypos.sellers($0, in: inside, starts: Set(inside.indices)) <= min(d, NaiveTypos.budget($0.count))
                            }, "each range holds a stretch of a term: \(context)")
                        }
                    }
                }
            }
        }
    }
}

extension TypoPropertyTests {
    /// The index's answer to `query` under each of `folds` and every mode against the naive scan: the
    /// same rows and the same `approximate`.
    static func expectNaiveAnswers(_ index: SearchIndex, items: [String], query: String, folds: [Fold]) throws {
        for fold in folds {
            let folded = items.map { Naive.fold($0, fold) }
            for mode in MatchMode.allCases {
                let expected = NaiveTypos.search(folded: folded, query, fold: fold, mode: mode)
                let actual = try answer(index, query, fold: fold, mode: mode)
                #expect(actual.rows == expected.rows && actual.approximate == expected.approximate,
                        "fold \(fold), mode \(mode), query \(query.debugDescription), items \(items)")
            }
        }
    }
}
