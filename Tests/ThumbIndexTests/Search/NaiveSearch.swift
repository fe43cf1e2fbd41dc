import CThumbIndexICU
import CThumbIndexICUTestSupport
@testable import ThumbIndex

/// The search semantics restated plainly, for holding the index against: fold every item, then scan.
///
/// It shares only ICU primitives with the library (whole-string normalization, character properties,
/// word breaks); the mark removal, the letter mapping, trimming and matching are written here again,
/// directly from the definitions, on arrays of Unicode scalars.
enum Naive {
    // MARK: Folding

    /// `text` normalized by ICU as a whole (`TI_FORM_*`).
    static func normalize(_ text: String, form: Int32) -> String {
        var text = text
        return text.withUTF8 { utf8 in
            var capacity = utf8.count * 4 + 16
            while true {
                var out = [UInt8](repeating: 0, count: capacity)
                var status = TIStatus()
                let n = utf8.withMemoryRebound(to: CChar.self) { input in
                    out.withUnsafeMutableBufferPointer { out in
                        out.withMemoryRebound(to: CChar.self) { out in
                            ti_normalize_utf8(form, input.baseAddress, Int32(utf8.count), out.baseAddress, Int32(capacity), &status)
                        }
                    }
                }
                precondition(n >= 0)
                if Int(n) <= capacity { return String(decoding: out[..<Int(n)], as: UTF8.self) }
                capacity = Int(n)
            }
        }
    }

    static func isMark(_ s: Unicode.Scalar) -> Bool { [6, 7, 8].contains(ti_general_category(s.value)) }
    static func isNonspacingMark(_ s: Unicode.Scalar) -> Bool { ti_general_category(s.value) == 6 }
    static func isLatinGreekCyrillicLetter(_ s: Unicode.Scalar) -> Bool {
        (1...5).contains(ti_general_category(s.value)) && [25, 14, 8].contains(ti_script(s.value))
    }

    /// The fold, from its definition. The locale fold's oracle is ICU itself (`SearchCollationOracle`),
    /// not a restatement: only ``Fold/naiveCases`` are restated here.
    static func fold(_ text: String, _ fold: Fold) -> [Unicode.Scalar] {
        precondition(fold != .locale, "Naive.fold restates the folds that need no locale; see SearchCollationOracle")
        let casefolded = normalize(text, form: TI_FORM_NFKC_CASEFOLD)
        if fold == .case { return Array(casefolded.unicodeScalars) }
        var kept: [Unicode.Scalar] = []
        var base: Unicode.Scalar? = nil
        for s in normalize(casefolded, form: TI_FORM_NFD).unicodeScalars {
            if isMark(s) {
                let arabic = (0x64B...0x65F).contains(s.value) || s.value == 0x670
                let hebrew = (0x591...0x5C7).contains(s.value)
                let afterLetter = base.map(isLatinGreekCyrillicLetter) ?? false
                if isNonspacingMark(s) && (arabic || hebrew || afterLetter) { continue }
            } else {
                base = s
            }
            kept.append(s)
        }
        if fold == .all {
            kept = kept.flatMap { s -> [Unicode.Scalar] in
                switch s {
                case "ø": ["o"]
                case "ł": ["l"]
                case "đ": ["d"]
                case "ħ": ["h"]
                case "ı": ["i"]
                case "æ": ["a", "e"]
                case "œ": ["o", "e"]
                case "ヽ": ["ゝ"]
                case "ヾ": ["ゞ"]
                default:
                    (0x30A1...0x30F6).contains(s.value) ? [Unicode.Scalar(s.value - 0x60)!] : [s]
                }
            }
        }
        var composed = String()
        composed.unicodeScalars.append(contentsOf: kept)
        return Array(normalize(composed, form: TI_FORM_NFC).unicodeScalars)
    }

    /// The query without leading and trailing White_Space, folded.
    static func foldQuery(_ query: String, _ fold: Fold) -> [Unicode.Scalar] {
        var scalars = Array(query.unicodeScalars)
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        var trimmed = String()
        trimmed.unicodeScalars.append(contentsOf: scalars)
        return Naive.fold(trimmed, fold)
    }

    // MARK: Matching

    /// Scalar offsets where ICU's word-break iterator starts a word in `scalars`.
    static func wordStarts(_ scalars: [Unicode.Scalar]) -> Set<Int> {
        var text = String()
        text.unicodeScalars.append(contentsOf: scalars)
        let utf8 = Array(text.utf8)
        var starts = [Int32](repeating: 0, count: utf8.count + 1)
        var status = TIStatus()
        let n = utf8.withUnsafeBufferPointer { u in
            u.withMemoryRebound(to: CChar.self) { c in
                ti_word_starts_utf8(c.baseAddress, Int32(u.count), &starts, Int32(starts.count), &status)
            }
        }
        precondition(n >= 0 && Int(n) <= starts.count)
        // Byte offset → scalar offset.
        var scalarAt: [Int: Int] = [:]
        var byte = 0
        for (i, s) in scalars.enumerated() { scalarAt[byte] = i; byte += String(s).utf8.count }
        return Set(starts[..<Int(n)].map { scalarAt[Int($0)]! })
    }

    static func occurs(_ q: [Unicode.Scalar], in item: [Unicode.Scalar], at i: Int) -> Bool {
        i + q.count <= item.count && Array(item[i..<i + q.count]) == q
    }

    /// Whether the folded item matches the folded query in `mode`.
    static func matches(item: [Unicode.Scalar], query q: [Unicode.Scalar], mode: MatchMode) -> Bool {
        if q.isEmpty { return true }
        switch mode {
        case .contains: return item.indices.contains { occurs(q, in: item, at: $0) }
        case .prefix: return occurs(q, in: item, at: 0)
        case .words: return wordStarts(item).contains { occurs(q, in: item, at: $0) }
        }
    }

    // MARK: Terms

    /// The pieces a query is matched by (issue 23, part 1), as typed: the query trimmed of White_Space;
    /// in `prefix` mode the whole of it; a query starting with `"` is a phrase, the text after the
    /// quote (a final `"` dropped) trimmed again, one piece; otherwise cut at every run of White_Space
    /// scalars. Empty pieces are never returned.
    static func termTexts(_ query: String, mode: MatchMode) -> [String] {
        func trimmed(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
            var scalars = scalars[...]
            while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
            while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
            return Array(scalars)
        }
        func string(_ scalars: some Sequence<Unicode.Scalar>) -> String {
            var text = String()
            text.unicodeScalars.append(contentsOf: scalars)
            return text
        }
        let whole = trimmed(Array(query.unicodeScalars))
        if whole.isEmpty { return [] }
        if mode == .prefix { return [string(whole)] }
        if whole.first == "\"" {
            var inner = Array(whole.dropFirst())
            if inner.last == "\"" { inner.removeLast() }
            let phrase = trimmed(inner)
            return phrase.isEmpty ? [] : [string(phrase)]
        }
        return whole.split(whereSeparator: { $0.properties.isWhitespace }).map { string($0) }
    }

    /// The folded terms of `query`: each piece of ``termTexts(_:mode:)`` folded on its own; a piece
    /// that folds to nothing is dropped.
    static func terms(_ query: String, fold: Fold, mode: MatchMode) -> [[Unicode.Scalar]] {
        termTexts(query, mode: mode).map { Naive.fold($0, fold) }.filter { !$0.isEmpty }
    }

    /// Whether the folded item matches every folded term (no terms: every item matches).
    static func matches(item: [Unicode.Scalar], terms: [[Unicode.Scalar]], mode: MatchMode) -> Bool {
        terms.allSatisfy { matches(item: item, query: $0, mode: mode) }
    }

    /// The rows of `items` that match `query` by the term rule, by scanning.
    static func search(_ items: [String], _ query: String, fold: Fold, mode: MatchMode) -> [Int] {
        search(folded: items.map { Naive.fold($0, fold) }, query, fold: fold, mode: mode)
    }

    /// Rows matching `query` (the term rule) among pre-folded items.
    static func search(folded items: [[Unicode.Scalar]], _ query: String, fold: Fold, mode: MatchMode) -> [Int] {
        let terms = terms(query, fold: fold, mode: mode)
        return items.indices.filter { matches(item: items[$0], terms: terms, mode: mode) }
    }

    /// The rule before terms: the whole trimmed query, spaces and all, as one substring (what a phrase
    /// keeps, and what `prefix` mode still does).
    static func searchWhole(folded items: [[Unicode.Scalar]], _ query: String, fold: Fold, mode: MatchMode) -> [Int] {
        let q = foldQuery(query, fold)
        return items.indices.filter { matches(item: items[$0], query: q, mode: mode) }
    }
}

extension Fold {
    /// The folds the naive scan restates: every one but ``Fold/locale`` (see `SearchCollationOracle`).
    static let naiveCases: [Fold] = allCases.filter { $0 != .locale }
}
