extension MatchRanges {
    /// The UTF-16 ranges of `text` where the folded terms matched approximately (see ``Typos``):
    /// a term with edits at its best stretch (``ApproximateMatcher/bestStretch(in:starts:)``: fewest
    /// edits, then first, then longest), a term without at each of its exact occurrences; widened to
    /// grapheme clusters, merged when they overlap or touch, in order.
    /// - Throws: `ICUError` when ICU cannot fold or break the text.
    static func approximateRanges(of terms: [(folded: [UInt8], edits: Int)], in text: String, fold: Fold, locale: String,
                                  mode: MatchMode) throws -> [Range<Int>] {
        guard !terms.isEmpty else { return [] }
        let folded = try FoldedText(text, fold: fold, locale: locale, withMap: true)
        let wordStarts = mode == .words ? try folded.bytes.withUnsafeBufferPointer { try ICU.wordStarts($0) } : []
        // The folded text as scalars, with the byte offset of each (and of the end).
        var scalars: [UInt32] = [], offsets: [Int] = []
        folded.bytes.withUnsafeBufferPointer { bytes in
            var p = 0
            while p < bytes.count {
                let (scalar, width) = ApproximateMatcher.decode(bytes, at: p)
                scalars.append(scalar)
                offsets.append(p)
                p += width
            }
            offsets.append(p)
        }
        let starts: [Int]
        switch mode {
        case .contains: starts = Array(scalars.indices)
        case .prefix: starts = scalars.isEmpty ? [] : [0]
        case .words:
            let startBytes = Set(wordStarts)
            starts = scalars.indices.filter { startBytes.contains(offsets[$0]) }
        }
        var found: [Range<Int>] = []
        for (q, edits) in terms where !q.isEmpty {
            if edits == 0 {
                found += try occurrences(of: q, in: folded.bytes, mode: mode, wordStarts: wordStarts)
                continue
            }
            let pattern = String(decoding: q, as: UTF8.self).unicodeScalars.map(\.value)
            let matcher = ApproximateMatcher(pattern: pattern, limit: edits)
            if let stretch = matcher.bestStretch(in: scalars, starts: starts), !stretch.range.isEmpty {
                found.append(offsets[stretch.range.lowerBound]..<offsets[stretch.range.upperBound])
            }
        }
        return originalRanges(found, of: folded, in: text)
    }
}
