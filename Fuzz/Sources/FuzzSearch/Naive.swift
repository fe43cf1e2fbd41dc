import CThumbIndexICU
import ThumbIndex

/// The search semantics restated as a scan (README, "Filter as you type" and "Finding people";
/// Fold.swift): the trimmed query is cut at White_Space scalars into terms (a query whose first
/// scalar is `"` is one phrase: the text after it, a final `"` dropped, trimmed; in `prefix` mode the
/// whole query is one term); a term that folds to nothing is dropped. An item matches when its
/// folded text contains every folded term (`contains`), has each at a word start (`words`, ICU's
/// word breaks in the folded item), or starts with the folded query (`prefix`). Folding
/// goes through the bridge's `ti_fold_utf8` and `ti_locale_fold_utf8` (the listing's locale), the
/// library's folding routines: what is held against the scan is the suffix-array index, not the folds.
enum Naive {
    static func fold(_ text: String, _ fold: Fold, locale: String) -> [UInt8] {
        let utf8 = Array(text.utf8)
        var capacity = utf8.count * 4 + 16
        while true {
            var out = [CChar](repeating: 0, count: capacity)
            var status = TIStatus()
            let n = utf8.withUnsafeBufferPointer { input in
                input.withMemoryRebound(to: CChar.self) { input in
                    switch fold {
                    case .locale:
                        ti_locale_fold_utf8(ti_locale_fold_open(locale, &status), input.baseAddress, Int32(input.count),
                                            &out, Int32(capacity), nil, nil, &status)
                    case .case, .diacritics, .all:
                        ti_fold_utf8(input.baseAddress, Int32(input.count), fold == .case ? TI_FOLD_CASE : fold == .diacritics ? TI_FOLD_DIACRITICS : TI_FOLD_ALL,
                                     &out, Int32(capacity), nil, nil, &status)
                    }
                }
            }
            precondition(n >= 0, "folding failed on valid UTF-8")
            if Int(n) <= capacity { return out[..<Int(n)].map { UInt8(bitPattern: $0) } }
            capacity = Int(n)
        }
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

    /// The folded terms of `query` (see above).
    static func terms(_ query: String, fold: Fold, locale: String, mode: MatchMode) -> [[UInt8]] {
        var scalars = Array(query.unicodeScalars)
        func trim(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
            var s = s[...]
            while let first = s.first, first.properties.isWhitespace { s = s.dropFirst() }
            while let last = s.last, last.properties.isWhitespace { s = s.dropLast() }
            return Array(s)
        }
        scalars = trim(scalars)
        var pieces: [[Unicode.Scalar]]
        if mode == .prefix {
            pieces = [scalars]
        } else if scalars.first == "\"" {
            var inner = Array(scalars.dropFirst())
            if inner.last == "\"" { inner.removeLast() }
            pieces = [trim(inner)]
        } else {
            pieces = scalars.split(whereSeparator: \.properties.isWhitespace).map(Array.init)
        }
        return pieces.compactMap { piece in
            var text = ""
            text.unicodeScalars.append(contentsOf: piece)
            let folded = text.isEmpty ? [] : Naive.fold(text, fold, locale: locale)
            return folded.isEmpty ? nil : folded
        }
    }

    /// The rows of `listing` that match `query`, in row order.
    static func search<Element>(_ listing: Listing<Element>, _ query: String, fold: Fold, mode: MatchMode) -> [Int] {
        let locale = listing.collation.locale
        let terms = terms(query, fold: fold, locale: locale, mode: mode)
        return (0..<listing.count).filter { row in
            let item = Naive.fold(listing.text(ofRow: row), fold, locale: locale)
            return terms.allSatisfy { matches(item: item, query: $0, mode: mode) }
        }
    }
}
