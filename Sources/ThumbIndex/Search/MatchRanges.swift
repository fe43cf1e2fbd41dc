import CThumbIndexICU

/// Match ranges: where a folded query occurs in a text, reported on the original text.
enum MatchRanges {
    /// The UTF-16 ranges of `text` where the folded query `q` (non-empty) matches in `mode`, widened to
    /// grapheme clusters, merged when they overlap or touch, in order.
    static func ranges(of q: [UInt8], in text: String, fold: Fold, mode: MatchMode) -> [Range<Int>] {
        let folded = FoldedText(text, fold: fold, withMap: true)
        let found = occurrences(of: q, in: folded.bytes, mode: mode)
        guard !found.isEmpty else { return [] }
        let boundaries = graphemeBoundaries(text)
        var ranges: [Range<Int>] = []
        for occurrence in found {
            let original = folded.originalRange(ofFolded: occurrence)
            let widened = widen(original, to: boundaries)
            if let last = ranges.last, widened.lowerBound <= last.upperBound {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, widened.upperBound)
            } else {
                ranges.append(widened)
            }
        }
        return ranges
    }

    /// The non-overlapping occurrences of non-empty `q` in `folded`, left to right, as byte ranges:
    /// all of them (contains), the one at offset 0 (prefix), or those at word starts (words).
    static func occurrences(of q: [UInt8], in folded: [UInt8], mode: MatchMode) -> [Range<Int>] {
        folded.withUnsafeBufferPointer { text in
            q.withUnsafeBufferPointer { q in
                switch mode {
                case .prefix:
                    return ByteSearch.hasPrefix(text, q, at: 0) ? [0..<q.count] : []
                case .contains:
                    var found: [Range<Int>] = []
                    var from = 0
                    while let p = ByteSearch.firstOccurrence(of: q, in: text, from: from) {
                        found.append(p..<p + q.count)
                        from = p + q.count
                    }
                    return found
                case .words:
                    var found: [Range<Int>] = []
                    for start in wordStarts(text) where start >= (found.last?.upperBound ?? 0) {
                        if ByteSearch.hasPrefix(text, q, at: start) { found.append(start..<start + q.count) }
                    }
                    return found
                }
            }
        }
    }

    /// The byte offsets where words start in UTF-8 `text` (ICU word breaks, as the index uses).
    static func wordStarts(_ text: UnsafeBufferPointer<UInt8>) -> [Int] {
        var capacity = text.count / 2 + 4
        while true {
            var starts = [Int32](repeating: 0, count: capacity)
            var status = TIStatus()
            let count = starts.withUnsafeMutableBufferPointer { starts in
                text.withMemoryRebound(to: CChar.self) { chars in
                    ti_word_starts_utf8(chars.baseAddress, Int32(text.count), starts.baseAddress, Int32(capacity), &status)
                }
            }
            precondition(count >= 0, "ThumbIndex: word breaking failed: \(status.messageString)")
            if Int(count) <= capacity { return starts[..<Int(count)].map(Int.init) }
            capacity = Int(count)
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

    /// `range` grown to the nearest boundaries around it.
    static func widen(_ range: Range<Int>, to boundaries: [Int]) -> Range<Int> {
        // Last boundary ≤ lowerBound, first boundary ≥ upperBound.
        var low = 0, high = boundaries.count
        while low < high {
            let mid = (low + high) / 2
            if boundaries[mid] <= range.lowerBound { low = mid + 1 } else { high = mid }
        }
        let start = boundaries[max(low - 1, 0)]
        low = 0; high = boundaries.count
        while low < high {
            let mid = (low + high) / 2
            if boundaries[mid] < range.upperBound { low = mid + 1 } else { high = mid }
        }
        let end = boundaries[min(low, boundaries.count - 1)]
        return start..<end
    }
}
