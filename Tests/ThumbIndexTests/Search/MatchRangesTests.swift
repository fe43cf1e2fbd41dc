import PropertyBased
import Testing
@testable import ThumbIndex

@Suite("MatchRanges on a row's UTF-8 (scratch buffers) against the fold of the whole String")
struct MatchRangesTests {
    /// Pieces that exercise the paths: ASCII, a carriage return, combining marks, a ligature that
    /// folds to many more bytes than it has (ﷺ: 3 bytes, 33 folded), Hangul, an emoji sequence.
    static let pieces = ["a", "B", " ", "\r\n", "e\u{301}", "ß", "ﷺ", "الله", "한", "👩‍👩‍👧", "Ö", "ı", "İ", "x"]

    /// What the ranges were before the UTF-8 path: the text folded into a `FoldedText`, the
    /// occurrences of each query in it, mapped back and widened.
    static func expected(_ queries: [[UInt8]], in text: String, fold: Fold, locale: String, mode: MatchMode) throws -> [Range<Int>] {
        let folded = try FoldedText(text, fold: fold, locale: locale, withMap: true)
        let wordStarts = mode == .words ? try folded.bytes.withUnsafeBufferPointer { try ICU.wordStarts($0) } : []
        var found: [Range<Int>] = []
        for q in queries { found += try MatchRanges.occurrences(of: q, in: folded.bytes, mode: mode, wordStarts: wordStarts) }
        return MatchRanges.originalRanges(found, of: folded, in: text)
    }

    @Test("random texts of those pieces, every fold and mode: the same ranges")
    func sameAsFoldedText() async throws {
        let folds: [Fold] = [.locale, .case, .diacritics, .all]
        let modes: [MatchMode] = [.contains, .prefix, .words]
        try await propertyCheck(count: 300, input: Gen.int(in: 0...1_000_000)) { seed in
            var rng = SeededGenerator(state: UInt64(seed))
            let text = (0..<Int(rng.next() % 12)).map { _ in Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))] }.joined()
            let query = (0..<Int(1 + rng.next() % 3)).map { _ in Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))] }.joined()
            let fold = folds[Int(rng.next() % 4)], mode = modes[Int(rng.next() % 3)]
            let locale = ["en", "sv", "tr", "ar"][Int(rng.next() % 4)]
            let folded = try Folding.fold(query, fold, locale: locale)
            guard !folded.isEmpty else { return }
            let got = try MatchRanges.ranges(of: [folded], in: text, fold: fold, locale: locale, mode: mode)
            #expect(got == (try Self.expected([folded], in: text, fold: fold, locale: locale, mode: mode)),
                    "\(text.debugDescription) \(query.debugDescription) \(fold) \(mode) \(locale)")
        }
    }

    @Test("a text that folds to more than three times its bytes (ﷺ) is folded again with room enough")
    func foldLongerThanTheScratch() throws {
        let text = String(repeating: "ﷺ", count: 3)
        let query = try Folding.fold("الله", .diacritics, locale: "")
        #expect(try Folding.fold(text, .diacritics, locale: "").count > 3 * text.utf8.count + 16)
        let ranges = try MatchRanges.ranges(of: [query], in: text, fold: .diacritics, locale: "", mode: .contains)
        #expect(ranges == [0..<3])  // each ﷺ holds the word once; the three ranges touch and merge
        #expect(ranges == (try Self.expected([query], in: text, fold: .diacritics, locale: "", mode: .contains)))
    }

    @Test("widened: the same ranges as a walk over every grapheme cluster, on random texts of joining and lone scalars")
    func widenedAgainstTheGraphemeWalk() {
        // Lone letters and punctuation; combining, spacing and prepended marks; ZWNJ, ZWJ, CR LF;
        // Hangul jamo and a syllable; an emoji, a regional indicator.
        let scalars: [Unicode.Scalar] = ["a", " ", "\u{301}", "\r", "\n", "ک", "\u{60C}", "\u{200C}", "\u{200D}", "क",
                                         "\u{94D}", "\u{93E}", "\u{600}", "\u{1100}", "\u{1161}", "한", "👩", "🇸", "Ж", "中"]
        var rng = SeededGenerator(state: 20)
        var shortcut = 0, walked = 0
        for _ in 0..<3000 {
            var view = String.UnicodeScalarView()
            for _ in 0..<(1 + Int(rng.next() % 10)) { view.append(scalars[Int(rng.next() % UInt64(scalars.count))]) }
            let text = String(view)
            var offsets = [0]
            for scalar in view { offsets.append(offsets.last! + scalar.utf16.count) }
            var ranges: [Range<Int>] = []
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                let a = offsets[Int(rng.next() % UInt64(offsets.count))], b = offsets[Int(rng.next() % UInt64(offsets.count))]
                if a != b { ranges.append(min(a, b)..<max(a, b)) }
            }
            guard !ranges.isEmpty else { continue }
            var utf8 = text
            let got = utf8.withUTF8 { MatchRanges.widened(ranges, inUTF8: $0) }
            let known = utf8.withUTF8 { MatchRanges.endsAreBoundaries(ranges, inUTF8: $0) }
            if known { shortcut += 1 } else { walked += 1 }
            let boundaries = MatchRanges.graphemeBoundaries(text)
            #expect(got == MatchRanges.merged(ranges.map { MatchRanges.widen($0, to: boundaries) }),
                    "\(view.map { String($0.value, radix: 16) }) \(ranges)")
        }
        #expect(shortcut > 300 && walked > 300, "both paths taken: \(shortcut) by the ends, \(walked) by the walk")
    }

    @Test("merged: the runs of the offsets the ranges cover, in order, on random ranges (in order and apart, or not)")
    func mergedIsTheUnion() {
        var rng = SeededGenerator(state: 21)
        var apart = 0
        for _ in 0..<3000 {
            var ranges: [Range<Int>] = []
            if rng.next() % 2 == 0 {  // in order with gaps: one term's occurrences
                var start = Int(rng.next() % 3)
                for _ in 0..<(1 + Int(rng.next() % 4)) {
                    let length = 1 + Int(rng.next() % 3)
                    ranges.append(start..<start + length)
                    start += length + 1 + Int(rng.next() % 2)
                }
            } else {
                for _ in 0..<(1 + Int(rng.next() % 4)) {
                    let a = Int(rng.next() % 12), length = 1 + Int(rng.next() % 4)
                    ranges.append(a..<a + length)
                }
            }
            if zip(ranges, ranges.dropFirst()).allSatisfy({ $0.upperBound < $1.lowerBound }) { apart += 1 }
            // The definition: the maximal runs of covered offsets.
            var covered = [Bool](repeating: false, count: 32)
            for range in ranges { for i in range { covered[i] = true } }
            var expected: [Range<Int>] = []
            var i = 0
            while i < covered.count {
                guard covered[i] else { i += 1; continue }
                let start = i
                while i < covered.count && covered[i] { i += 1 }
                expected.append(start..<i)
            }
            #expect(MatchRanges.merged(ranges) == expected, "\(ranges)")
        }
        #expect(apart > 1000, "the ranges already in order and apart: \(apart)")
    }

    @Test("every scalar that MatchRanges.standsAlone accepts breaks from a letter on either side and from itself")
    func standsAloneScalarsNeverJoin() {
        // Grapheme rules are pairwise by class: a scalar that breaks after a letter is not Extend,
        // SpacingMark or ZWJ; one that breaks before a letter is not Prepend; one that breaks from
        // itself is not a Hangul jamo or a regional indicator. So a text of such scalars only has a
        // boundary between every two of them.
        var checked = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), MatchRanges.standsAlone(scalar) else { continue }
            for pair in [[scalar, "a"], ["a", scalar], [scalar, scalar], [scalar, "中"], ["Ж", scalar]] as [[Unicode.Scalar]] {
                var text = String.UnicodeScalarView(); text.append(contentsOf: pair)
                #expect(String(text).count == 2, "U+\(String(value, radix: 16)) in \(pair.map { String($0.value, radix: 16) })")
            }
            checked += 1
        }
        #expect(checked > 30_000)
    }
}
