import CThumbIndexICU

/// One text after folding, with (optionally) the map from folded bytes back to the original.
///
/// This is the only place that maps folded offsets to original ones: byte `i` of ``bytes`` came from
/// the UTF-16 range `spanStarts[i]..<spanEnds[i]` of the original, the smallest stretch of the original
/// that folds on its own (a character, or a character and the marks that combine with it).
struct FoldedText: Sendable {
    /// The folded UTF-8.
    let bytes: [UInt8]
    private let spanStarts: [Int32]
    private let spanEnds: [Int32]

    /// Folds `text` with `fold`; with `withMap`, also records where each folded byte came from.
    init(_ text: String, fold: Fold, withMap: Bool) {
        var text = text
        var capacity = 0
        var result: (bytes: [UInt8], starts: [Int32], ends: [Int32]) = ([], [], [])
        text.withUTF8 { utf8 in
            capacity = utf8.count * 3 + 16
            while true {
                var bytes = [UInt8](repeating: 0, count: capacity)
                var starts = [Int32](repeating: 0, count: withMap ? capacity : 0)
                var ends = [Int32](repeating: 0, count: withMap ? capacity : 0)
                var status = TIStatus()
                let needed = bytes.withUnsafeMutableBufferPointer { out in
                    starts.withUnsafeMutableBufferPointer { s in
                        ends.withUnsafeMutableBufferPointer { e in
                            utf8.withMemoryRebound(to: CChar.self) { input in
                                out.withMemoryRebound(to: CChar.self) { output in
                                    ti_fold_utf8(input.baseAddress, Int32(utf8.count), fold.bridgeValue,
                                                 output.baseAddress, Int32(capacity),
                                                 withMap ? s.baseAddress : nil, withMap ? e.baseAddress : nil, &status)
                                }
                            }
                        }
                    }
                }
                guard needed >= 0 else { fatalError("ThumbIndex: folding failed: \(status.messageString)") }
                if Int(needed) <= capacity {
                    bytes.removeSubrange(Int(needed)...)
                    if withMap {
                        starts.removeSubrange(Int(needed)...)
                        ends.removeSubrange(Int(needed)...)
                    }
                    result = (bytes, starts, ends)
                    return
                }
                capacity = Int(needed)
            }
        }
        bytes = result.bytes
        spanStarts = result.starts
        spanEnds = result.ends
    }

    /// The UTF-16 range of the original text that the non-empty folded byte range `range` came from.
    ///
    /// Not yet widened to grapheme clusters (see ``MatchRanges``).
    func originalRange(ofFolded range: Range<Int>) -> Range<Int> {
        precondition(!spanStarts.isEmpty && !range.isEmpty && range.upperBound <= bytes.count,
                     "originalRange needs a map and a non-empty range inside the folded text")
        // Spans never decrease along the folded text, so the first and last bytes bound the range.
        return Int(spanStarts[range.lowerBound])..<Int(spanEnds[range.upperBound - 1])
    }
}
