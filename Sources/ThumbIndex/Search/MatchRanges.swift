/// Match ranges: where a folded query occurs in a text, reported on the original text.
enum MatchRanges {
    /// The UTF-16 ranges of `text` where the folded query `q` (non-empty) matches in `mode`, widened to
    /// grapheme clusters, merged when they overlap or touch, in order.
    static func ranges(of q: [UInt8], in text: String, fold: Fold, locale: String, mode: MatchMode) throws -> [Range<Int>] {
        try ranges(of: [q], in: text, fold: fold, locale: locale, mode: mode)
    }

    /// The UTF-16 ranges of `text` where any of the folded queries `queries` (each non-empty) match
    /// in `mode`, each query's occurrences found on its own: the text is folded (and broken into
    /// words) once for all of them.
    static func ranges(of queries: [[UInt8]], in text: String, fold: Fold, locale: String, mode: MatchMode) throws -> [Range<Int>] {
        guard !queries.isEmpty else { return [] }
        let folded = try FoldedText(text, fold: fold, locale: locale, withMap: true)
        let wordStarts = mode == .words ? try folded.bytes.withUnsafeBufferPointer { try ICU.wordStarts($0) } : []
        var found: [Range<Int>] = []
        for q in queries { found += try occurrences(of: q, in: folded.bytes, mode: mode, wordStarts: wordStarts) }
        return originalRanges(found, of: folded, in: text)
    }

    /// The UTF-16 ranges of `text` that the byte ranges `found` of its fold `folded` came from, widened
    /// to grapheme clusters, merged when they overlap or touch, in order.
    static func originalRanges(_ found: [Range<Int>], of folded: FoldedText, in text: String) -> [Range<Int>] {
        guard !found.isEmpty else { return [] }
        // ASCII without a carriage return: every offset is a grapheme boundary, nothing to widen.
        if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            return merged(found.map { folded.originalRange(ofFolded: $0) })
        }
        let boundaries = graphemeBoundaries(text)
        return merged(found.map { widen(folded.originalRange(ofFolded: $0), to: boundaries) })
    }

    /// `ranges` sorted, with the ranges that overlap or touch merged.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// The non-overlapping occurrences of non-empty `q` in `folded`, left to right, as byte ranges:
    /// all of them (contains), the one at offset 0 (prefix), or those at word starts (words).
    static func occurrences(of q: [UInt8], in folded: [UInt8], mode: MatchMode, wordStarts known: [Int]? = nil) throws -> [Range<Int>] {
        try folded.withUnsafeBufferPointer { text in
            try q.withUnsafeBufferPointer { q in
                switch mode {
                case .prefix:
                    return ByteSearch.hasPrefix(text, q, at: 0) ? [0..<q.count] : []
                case .contains:
                    return ByteSearch.occurrences(of: q, in: text)
                case .words:
                    var found: [Range<Int>] = []
                    for start in try known ?? ICU.wordStarts(text) where start >= (found.last?.upperBound ?? 0) {
                        if ByteSearch.hasPrefix(text, q, at: start) { found.append(start..<start + q.count) }
                    }
                    return found
                }
            }
        }
    }

    /// The UTF-16 offsets of the grapheme-cluster boundaries of `text`, from 0 to its UTF-16 length.
    static func graphemeBoundaries(_ text: String) -> [Int] {
        var boundaries = [0]
        var offset = 0
        for character in text {
            offset += character.utf16.count
            boundaries.append(offset)
        }
        return boundaries
    }

    /// `range` grown to the nearest boundaries around it: from the last boundary at or before its
    /// start to the first boundary at or after its end (`boundaries` ascending, from 0 to the length).
    static func widen(_ range: Range<Int>, to boundaries: [Int]) -> Range<Int> {
        let start = BinarySearch.last(in: boundaries.indices) { boundaries[$0] <= range.lowerBound } ?? 0
        let end = BinarySearch.first(in: boundaries.indices) { boundaries[$0] >= range.upperBound }
        return boundaries[start]..<boundaries[min(end, boundaries.count - 1)]
    }
}
