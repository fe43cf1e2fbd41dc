import CThumbIndexICU
import ThumbIndex

/// The search semantics restated as a scan (README, "Filter as you type"; Fold.swift): an item
/// matches when its folded text contains the folded, trimmed query (`contains`), starts with it
/// (`prefix`), or has it at a word start (`words`, ICU's word breaks in the folded item). Folding
/// goes through the bridge's `ti_fold_utf8`, the library's one folding routine: what is held
/// against the scan is the suffix-array index, not the folds.
enum Naive {
    static func fold(_ text: String, _ fold: Fold) -> [UInt8] {
        let utf8 = Array(text.utf8)
        var capacity = utf8.count * 4 + 16
        while true {
            var out = [CChar](repeating: 0, count: capacity)
            var status = TIStatus()
            let n = utf8.withUnsafeBufferPointer { input in
                input.withMemoryRebound(to: CChar.self) { input in
                    ti_fold_utf8(input.baseAddress, Int32(input.count), Fold.allCases.firstIndex(of: fold).map(Int32.init)!,
                                 &out, Int32(capacity), nil, nil, &status)
                }
            }
            precondition(n >= 0, "ti_fold_utf8 failed on valid UTF-8")
            if Int(n) <= capacity { return out[..<Int(n)].map { UInt8(bitPattern: $0) } }
            capacity = Int(n)
        }
    }

    /// The query without leading and trailing White_Space, folded.
    static func foldQuery(_ query: String, _ fold: Fold) -> [UInt8] {
        var scalars = Array(query.unicodeScalars)
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        var trimmed = ""
        trimmed.unicodeScalars.append(contentsOf: scalars)
        return trimmed.isEmpty ? [] : Naive.fold(trimmed, fold)
    }

    /// Byte offsets where ICU's word-break iterator starts a word in `utf8`.
    static func wordStarts(_ utf8: [UInt8]) -> [Int] {
        var starts = [Int32](repeating: 0, count: utf8.count + 1)
        var status = TIStatus()
        let n = utf8.withUnsafeBufferPointer { input in
            input.withMemoryRebound(to: CChar.self) { input in
                ti_word_starts_utf8(input.baseAddress, Int32(input.count), &starts, Int32(starts.count), &status)
            }
        }
        precondition(n >= 0 && Int(n) <= starts.count)
        return starts[..<Int(n)].map(Int.init)
    }

    static func occurs(_ query: [UInt8], in item: [UInt8], at i: Int) -> Bool {
        i + query.count <= item.count && item[i..<i + query.count].elementsEqual(query)
    }

    static func matches(item: [UInt8], query: [UInt8], mode: MatchMode) -> Bool {
        if query.isEmpty { return true }
        switch mode {
        case .contains: return item.indices.contains { occurs(query, in: item, at: $0) }
        case .prefix: return occurs(query, in: item, at: 0)
        case .words: return wordStarts(item).contains { occurs(query, in: item, at: $0) }
        }
    }

    /// The rows of `listing` that match `query`, in row order.
    static func search<Element>(_ listing: Listing<Element>, _ query: String, fold: Fold, mode: MatchMode) -> [Int] {
        let q = foldQuery(query, fold)
        return (0..<listing.count).filter { matches(item: Naive.fold(listing.text(ofRow: $0), fold), query: q, mode: mode) }
    }
}
