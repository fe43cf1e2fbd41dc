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

    /// Folds `text` with `fold` (``Fold/locale`` reads the ICU locale ID `locale`, "" for root); with
    /// `withMap`, also records where each folded byte came from.
    init(_ text: String, fold: Fold, locale: String, withMap: Bool) throws {
        var text = text
        let localeFold = fold == .locale ? try ICU.LocaleFold(locale) : nil
        let folded = try text.withUTF8 { utf8 in
            try ICU.fold(utf8, fold: fold.bridgeValue, locale: localeFold, withMap: withMap)
        }
        bytes = folded.bytes
        spanStarts = folded.spanStarts
        spanEnds = folded.spanEnds
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
