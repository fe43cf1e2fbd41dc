import PropertyBased
import Testing
@testable import ThumbIndex

/// Pieces that make folding hard, for building random items and queries.
let hardPieces: [String] = [
    "a", "b", "e", "s", "i", "o", "n", "A", "E", "S", "é", "e\u{301}", "É", "ö", "o\u{308}", "ǿ",
    "ß", "ss", "ẞ", "ﬁ", "fi", "İ", "ı", "I", "i\u{307}", "Σ", "σ", "ς", "ά", "α", "й", "и", "Ё",
    "Ａ", "ａ", "ｂ", "カ", "か", "ガ", "ｶﾞ", "ヽ", "한", "ᄒ", "ᅡ", "😀", "👍🏽", "❤️", "🇸🇪",
    "\u{301}", "\u{308}", "\u{903}", " ", " ", "  ", "\u{A0}", "\u{3000}", "ø", "Ø", "ł", "Ł", "æ", "Æ", "ae",
    "œ", "đ", "ħ", "-", "'", ".", "1", "٣", "\u{5D0}\u{5B8}", "\u{5BE}", "ا\u{64E}", "\u{670}", "\u{200D}",
    "\u{AD}", "q\u{308}", "\u{1E9B}\u{323}", "ǅ", "x", "y", "z",
]

/// A random string of hard pieces.
func hardString(_ pieces: ClosedRange<Int>) -> Generator<String, some Sequence & SendableMetatype> {
    Gen<String?>.element(of: hardPieces).map { $0! }.array(of: pieces).map { $0.joined() }
}

/// Random small corpora and queries from the hard pieces, held against the naive scan.
@Suite struct SearchPropertyTests {
    @Test func everyFoldAndModeMatchesTheNaiveScan() async throws {
        await propertyCheck(count: 150, input: hardString(0...7).array(of: 0...14), hardString(0...3)) { items, query in
            let index = try SearchIndex(texts: items)
            for fold in Fold.naiveCases {
                let folded = items.map { Naive.fold($0, fold) }
                for mode in MatchMode.allCases {
                    let expected = Naive.search(folded: folded, query, fold: fold, mode: mode)
                    let result = try index.search(query, fold: fold, mode: mode)
                    #expect(Array(result.rows) == expected, "fold \(fold), mode \(mode), query \(query.debugDescription), items \(items)")
                    #expect(result.count == expected.count)
                }
            }
        }
    }

    /// Queries cut from the items themselves, so that most of them match.
    @Test func substringQueriesMatchTheNaiveScan() async throws {
        await propertyCheck(count: 150, input: hardString(1...8).array(of: 1...12), Gen.int(in: 0...1000), Gen.int(in: 0...8), Gen.int(in: 1...4)) { items, pick, start, length in
            let source = Array(items[pick % items.count])
            let lower = min(start, source.count - 1)
            let query = String(source[lower..<min(lower + length, source.count)])
            let index = try SearchIndex(texts: items)
            for fold in Fold.naiveCases {
                let folded = items.map { Naive.fold($0, fold) }
                for mode in MatchMode.allCases {
                    let expected = Naive.search(folded: folded, query, fold: fold, mode: mode)
                    #expect(try Array(index.search(query, fold: fold, mode: mode).rows) == expected,
                            "fold \(fold), mode \(mode), query \(query.debugDescription), items \(items)")
                }
            }
        }
    }

    @Test func matchRangesAreGraphemeAlignedMergedAndHoldMatches() async throws {
        await propertyCheck(count: 150, input: hardString(1...8).array(of: 1...10), hardString(1...2)) { items, query in
            let index = try SearchIndex(texts: items)
            for fold in Fold.naiveCases {
                for mode in MatchMode.allCases {
                    let result = try index.search(query, fold: fold, mode: mode)
                    let terms = Naive.terms(query, fold: fold, mode: mode)
                    let matched = Set(result.rows)
                    for row in items.indices {
                        let ranges = try index.matchRanges(ofRow: row, in: result)
                        guard matched.contains(row), !terms.isEmpty else {
                            #expect(ranges.isEmpty)
                            continue
                        }
                        checkRanges(ranges, in: items[row], terms: terms, fold: fold, mode: mode)
                    }
                }
            }
        }
    }

    /// The properties every list of match ranges of a matching row has, for a query of one term.
    func checkRanges(_ ranges: [Range<Int>], in text: String, query q: [Unicode.Scalar], fold: Fold, mode: MatchMode,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        checkRanges(ranges, in: text, terms: [q], fold: fold, mode: mode, sourceLocation: sourceLocation)
    }

    /// The properties every list of match ranges of a row whose text every term matches has: sorted
    /// and apart, on grapheme boundaries, each holding an occurrence of some term; in `prefix` mode
    /// (one term) one range at the start; in `contains` mode no term occurs wholly before the first.
    func checkRanges(_ ranges: [Range<Int>], in text: String, terms: [[Unicode.Scalar]], fold: Fold, mode: MatchMode,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        let shown = terms.map { String(String.UnicodeScalarView($0)).debugDescription }.joined(separator: ", ")
        let context = "text \(text.debugDescription), ranges \(ranges), fold \(fold), mode \(mode), terms \(shown)"
        #expect(!ranges.isEmpty, "\(context)", sourceLocation: sourceLocation)
        let boundaries = Set(graphemeOffsets(text))
        for (i, range) in ranges.enumerated() {
            #expect(!range.isEmpty && range.lowerBound >= 0 && range.upperBound <= text.utf16.count, "\(context)", sourceLocation: sourceLocation)
            #expect(boundaries.contains(range.lowerBound) && boundaries.contains(range.upperBound), "\(context)", sourceLocation: sourceLocation)
            if i > 0 { #expect(ranges[i - 1].upperBound < range.lowerBound, "sorted, apart: \(context)", sourceLocation: sourceLocation) }
            let inside = Naive.fold(utf16Slice(text, range), fold)
            #expect(terms.contains { Naive.matches(item: inside, query: $0, mode: .contains) },
                    "each range holds a match of a term: \(context)", sourceLocation: sourceLocation)
        }
        guard let first = ranges.first else { return }
        switch mode {
        case .prefix:
            // One range, and whatever comes before it folds to nothing (a mark that folds away, U+00AD...).
            #expect(ranges == [first], "\(context)", sourceLocation: sourceLocation)
            #expect(Naive.fold(utf16Slice(text, 0..<first.lowerBound), fold).isEmpty, "\(context)", sourceLocation: sourceLocation)
        case .contains:
            // No occurrence of any term lies wholly before the first range.
            let before = Naive.fold(utf16Slice(text, 0..<first.lowerBound), fold)
            #expect(!terms.contains { Naive.matches(item: before, query: $0, mode: .contains) },
                    "first range is the first match: \(context)", sourceLocation: sourceLocation)
        case .words:
            break
        }
    }
}

/// The UTF-16 offsets of the grapheme boundaries of `text` (Swift's Character view).
func graphemeOffsets(_ text: String) -> [Int] {
    var offsets = [0]
    for character in text { offsets.append(offsets.last! + character.utf16.count) }
    return offsets
}

/// The part of `text` between two UTF-16 offsets (on scalar boundaries).
func utf16Slice(_ text: String, _ range: Range<Int>) -> String {
    let utf16 = text.utf16
    let start = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)
    let end = utf16.index(utf16.startIndex, offsetBy: range.upperBound)
    return String(text.unicodeScalars[start..<end])
}
