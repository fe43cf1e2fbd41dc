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
        var text = text
        return try text.withUTF8 { try ranges(of: queries, inUTF8: $0, fold: fold, locale: locale, mode: mode) }
    }

    /// The same on a text's valid UTF-8, without making a `String` of it: the text is folded into
    /// scratch buffers on the stack (unless it is too long for them), so a page of rows costs no
    /// allocation but the ranges themselves, and a `String` only for a text to widen to grapheme clusters.
    static func ranges(of queries: [[UInt8]], inUTF8 text: UnsafeBufferPointer<UInt8>, fold: Fold, locale: String,
                       mode: MatchMode) throws -> [Range<Int>] {
        guard !queries.isEmpty else { return [] }
        if fold != .locale && mode != .words && text.allSatisfy({ $0 < 0x80 }) {
            return widened(asciiOccurrences(of: queries, in: text, mode: mode), inUTF8: text)
        }
        let localeFold = fold == .locale ? try ICU.LocaleFold(locale) : nil
        // Room for the fold's usual growth; a text that folds longer is folded again with room enough.
        var capacity = text.count * 3 + 16
        while true {
            let found: [Range<Int>]? = try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { bytes in
                try withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * capacity) { spans in
                    let starts = UnsafeMutableBufferPointer(rebasing: spans[..<capacity])
                    let ends = UnsafeMutableBufferPointer(rebasing: spans[capacity...])
                    let count = try ICU.fold(text, fold: fold.bridgeValue, locale: localeFold, into: bytes, spanStarts: starts, spanEnds: ends)
                    guard count <= capacity else { capacity = count; return nil }
                    let folded = UnsafeBufferPointer(rebasing: bytes[..<count])
                    let wordStarts = mode == .words ? try ICU.wordStarts(folded) : nil
                    // Spans never decrease along the folded text, so the first and last bytes bound a range.
                    var found: [Range<Int>] = []
                    found.reserveCapacity(4)
                    for q in queries {
                        for r in try occurrences(of: q, in: folded, mode: mode, wordStarts: wordStarts) {
                            found.append(Int(starts[r.lowerBound])..<Int(ends[r.upperBound - 1]))
                        }
                    }
                    return found
                }
            }
            if let found { return widened(found, inUTF8: text) }
        }
    }

    /// The occurrences of `queries` in the ASCII `text` folded as the bridge folds ASCII under every fold
    /// but the locale's (each byte lowercased, each folded byte from its own byte), without folding it:
    /// byte offsets, which are UTF-16 offsets in ASCII.
    private static func asciiOccurrences(of queries: [[UInt8]], in text: UnsafeBufferPointer<UInt8>, mode: MatchMode) -> [Range<Int>] {
        @inline(__always) func lower(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }
        var found: [Range<Int>] = []
        found.reserveCapacity(4)  // one allocation for a row's usual few occurrences, not one per growth
        for q in queries where q.count <= text.count {
            q.withUnsafeBufferPointer { q in
                func matches(at p: Int) -> Bool {
                    for i in 0..<q.count where lower(text[p + i]) != q[i] { return false }
                    return true
                }
                if mode == .prefix {
                    if matches(at: 0) { found.append(0..<q.count) }
                    return
                }
                var p = 0
                while p <= text.count - q.count {
                    if matches(at: p) {
                        found.append(p..<p + q.count)
                        p += q.count
                    } else {
                        p += 1
                    }
                }
            }
        }
        return found
    }

    /// The UTF-16 ranges of `text` that the byte ranges `found` of its fold `folded` came from, widened
    /// to grapheme clusters, merged when they overlap or touch, in order.
    static func originalRanges(_ found: [Range<Int>], of folded: FoldedText, in text: String) -> [Range<Int>] {
        var text = text
        return text.withUTF8 { widened(found.map { folded.originalRange(ofFolded: $0) }, inUTF8: $0) }
    }

    /// The UTF-16 ranges `ranges` of the text whose UTF-8 is `text`, widened to grapheme clusters,
    /// merged when they overlap or touch, in order.
    static func widened(_ ranges: [Range<Int>], inUTF8 text: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard !ranges.isEmpty else { return [] }
        // Every range starts and ends between scalars; when every scalar is one that never joins a
        // neighbour into a grapheme cluster, every such offset is a boundary: nothing to widen.
        if text.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) { return merged(ranges) }
        // Nor when every end lies between two such scalars: a boundary whatever the rest of the text.
        if endsAreBoundaries(ranges, inUTF8: text) { return merged(ranges) }
        let string = String(decoding: text, as: UTF8.self)
        let boundaries = graphemeBoundaries(string)
        return merged(ranges.map { widen($0, to: boundaries) })
    }

    /// Whether every end of the UTF-16 `ranges` of the text whose (valid) UTF-8 is `text` is a
    /// grapheme-cluster boundary because it lies at an end of the text or between two scalars that
    /// stand alone (see ``standsAlone(_:)``). False when that is not known: an end next to another
    /// scalar, inside a scalar or past the text.
    ///
    /// One pass over the bytes, without a `String`: a Persian or Devanagari name whose query lies away
    /// from its joining marks needs no walk over its grapheme clusters.
    static func endsAreBoundaries(_ ranges: [Range<Int>], inUTF8 text: UnsafeBufferPointer<UInt8>) -> Bool {
        // The ends in order, on the stack (a page asks this of most of its non-ASCII rows).
        // Invariant: the loop initializes all 2 × count slots before any is read.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * ranges.count) { ends in
            for (i, range) in ranges.enumerated() {
                ends.initializeElement(at: 2 * i, to: range.lowerBound)
                ends.initializeElement(at: 2 * i + 1, to: range.upperBound)
            }
            var ends = ends
            if !isAscending(ends) { ends.sort() }  // several terms' ranges may interleave
            return endsAreBoundaries(sortedEnds: UnsafeBufferPointer(ends), inUTF8: text)
        }
    }

    /// Whether every element of `values` is at most the next.
    private static func isAscending(_ values: UnsafeMutableBufferPointer<Int>) -> Bool {
        var i = 1
        while i < values.count && values[i - 1] <= values[i] { i += 1 }
        return i >= values.count
    }

    /// ``endsAreBoundaries(_:inUTF8:)`` given the ranges' ends, ascending.
    private static func endsAreBoundaries(sortedEnds ends: UnsafeBufferPointer<Int>, inUTF8 text: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = 0
        while k < ends.count && ends[k] == 0 { k += 1 }
        var i = 0, offset = 0, previousStandsAlone = true
        while i < text.count && k < ends.count {
            let (value, length) = ApproximateMatcher.decode(text, at: i)
            guard let scalar = Unicode.Scalar(value) else { return false }
            let alone = standsAlone(scalar)
            if offset > 0 {
                if ends[k] < offset { return false }
                if ends[k] == offset {
                    if !(previousStandsAlone && alone) { return false }
                    while k < ends.count && ends[k] == offset { k += 1 }
                }
            }
            previousStandsAlone = alone
            offset += value >= 0x10000 ? 2 : 1
            i += length
        }
        // What is left must be the end of the text.
        return ends[k...].allSatisfy { $0 == offset }
    }

    /// Whether `scalar` is in a block whose every scalar has a grapheme-cluster boundary on both sides
    /// whatever its neighbours (Grapheme_Cluster_Break Other or Control, and not a Hangul jamo, a
    /// regional indicator, a carriage return or a line feed after one): most of Latin, Greek, Cyrillic,
    /// Armenian, Georgian, the letters of Hebrew and Arabic, punctuation, kana, Han and Hangul syllables.
    /// (MatchRangesTests checks every scalar of these blocks.)
    static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0D: false
        case 0..<0x300, 0x370..<0x483, 0x48A..<0x530, 0x531..<0x557, 0x561..<0x588, 0x5D0..<0x5EB, 0x60C..<0x610, 0x620..<0x64B,
             0x671..<0x6D4, 0x10A0..<0x10FB, 0x1E00..<0x2000, 0x2010..<0x2028, 0x3041..<0x3097, 0x30A0..<0x3100,
             0x4E00..<0xA000, 0xAC00..<0xD7A4: true
        default: false
        }
    }

    /// `ranges` sorted, with the ranges that overlap or touch merged.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        guard ranges.count > 1 else { return ranges }
        // Already in order with gaps between them (one term's occurrences): nothing to merge.
        if zip(ranges, ranges.dropFirst()).allSatisfy({ $0.upperBound < $1.lowerBound }) { return ranges }
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
        try folded.withUnsafeBufferPointer { try occurrences(of: q, in: $0, mode: mode, wordStarts: known) }
    }

    /// The same on a buffer.
    static func occurrences(of q: [UInt8], in text: UnsafeBufferPointer<UInt8>, mode: MatchMode, wordStarts known: [Int]? = nil) throws -> [Range<Int>] {
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
