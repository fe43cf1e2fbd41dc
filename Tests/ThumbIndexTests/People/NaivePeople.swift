import Foundation
@testable import ThumbIndex

/// Finding people (issue 23, parts 1–4) restated plainly, for holding the library against: one record,
/// one query, every rule tried by brute force.
///
/// Written from the issue's text alone. It uses nothing of `Sources/ThumbIndex/Query/` (no
/// `ParsedQuery`, `Dialpad`, `PhoneIndex`): the folds, the ordinary match and word starts come from
/// ``Naive``, the map from folded scalars back to the text from ``NaivePhonetic/Folded`` (clusters
/// folded one by one), the readings of Han characters from ``ReadingsOracle``. A phone number's digit
/// forms are an input (``Record/Phone/forms``), from an independent source (``PeoplePhoneForms``).
///
/// The rules:
/// 1. Terms: the query trimmed of White_Space, cut at runs of White_Space scalars; a query whose first
///    scalar is `"` is one term (a final `"` dropped, trimmed again); in `prefix` mode the whole query
///    is one term. A term that folds to nothing is dropped; no term: every record matches. A record
///    matches when every term does: the folded term is in the folded key text (contains), begins at a
///    word start of it (words), begins it (prefix); or, outside `prefix` mode, is in a text field (in
///    the same way) or, being a phone term (only decimal digits and `+ - ( ) .`, a digit at least), has
///    its digits in a digit form of a phone field. A query of more than one term made only of phone
///    characters and white space also matches by all its digits in a phone field.
/// 2. Ranges: per text, every term's non-overlapping occurrences from the left (prefix: the one at the
///    start; words: those at word starts), as whole graphemes, merged where they overlap or touch; in
///    a phone field, the written digits of every occurrence of a phone term's digits (and the whole
///    query's), from the first digit to the last.
/// 3. Dial pad: see ``dialpadWords(_:han:)`` and ``dialpadSources(_:in:)``.
enum NaivePeople {
    /// A record: its key text and the fields searched besides it.
    struct Record: Sendable {
        struct Phone: Sendable {
            let value: String
            /// The digit forms (ASCII digits): the written one first (empty when there are no digits),
            /// then the E.164 and national ones when they differ.
            let forms: [[UInt8]]
        }
        let text: String
        /// Text fields, by name, in the listing's order.
        var textFields: [(name: String, value: String)] = []
        /// Phone fields, by name, in the listing's order (after the text fields when both are given;
        /// the tests list text fields first).
        var phones: [(name: String, phone: Phone)] = []
    }

    /// What the oracle answers for one record.
    struct Answer: Equatable, CustomStringConvertible {
        var matches: Bool
        /// Ranges in the key text (UTF-16, merged), or nil when the oracle cannot say exactly (the text
        /// folds differently cluster by cluster than as a whole): then checked by properties.
        var keyRanges: [Range<Int>]?
        /// Per field with a match, in the record's order: its name and ranges (nil: the exact ranges are
        /// not known — another digit form matched — but they cover those of the written digits).
        var fieldRanges: [(name: String, ranges: [Range<Int>]?)]
        /// Per phone field with a match: the ranges of the written digits' matches (the least highlighted).
        var writtenRanges: [String: [Range<Int>]] = [:]

        static func == (a: Answer, b: Answer) -> Bool {
            a.matches == b.matches && a.keyRanges == b.keyRanges
                && a.fieldRanges.map(\.name) == b.fieldRanges.map(\.name)
                && zip(a.fieldRanges, b.fieldRanges).allSatisfy { $0.ranges == $1.ranges }
        }

        var description: String {
            "matches \(matches), key \(keyRanges.map { "\($0)" } ?? "?"), fields \(fieldRanges.map { "\($0.name): \($0.ranges.map { "\($0)" } ?? "?")" })"
        }
    }

    // MARK: Terms

    /// The characters of a phone term besides decimal digits.
    static let phonePunctuation: Set<Unicode.Scalar> = ["+", "-", "(", ")", "."]

    /// The ASCII digit of a decimal digit scalar (general category Nd, any script), or nil.
    static func digit(_ s: Unicode.Scalar) -> UInt8? {
        guard s.properties.generalCategory == .decimalNumber, let v = s.properties.numericValue else { return nil }
        return UInt8(ascii: "0") + UInt8(v)
    }

    /// The digits of `text` when it is a phone term: only decimal digits and `+ - ( ) .`, with a digit.
    static func phoneTermDigits(_ text: String) -> [UInt8]? {
        var digits: [UInt8] = []
        for s in text.unicodeScalars {
            if let d = digit(s) { digits.append(d) } else if !phonePunctuation.contains(s) { return nil }
        }
        return digits.isEmpty ? nil : digits
    }

    /// The digits of a query of several terms made only of phone characters and white space.
    static func wholePhoneDigits(_ query: String, mode: MatchMode) -> [UInt8]? {
        guard mode != .prefix, Naive.termTexts(query, mode: mode).count > 1 else { return nil }
        let compact = String(String.UnicodeScalarView(query.unicodeScalars.filter { !$0.properties.isWhitespace }))
        return phoneTermDigits(compact)
    }

    /// The terms: text as typed, folded, and phone digits.
    struct Term {
        let text: String
        let folded: [Unicode.Scalar]
        let phone: [UInt8]?
    }

    static func terms(_ query: String, fold: Fold, mode: MatchMode) -> [Term] {
        Naive.termTexts(query, mode: mode).compactMap { text in
            let folded = Naive.fold(text, fold)
            guard !folded.isEmpty else { return nil }
            return Term(text: text, folded: folded, phone: mode == .prefix ? nil : phoneTermDigits(text))
        }
    }

    // MARK: Matching

    /// Whether `q` (digits) occurs in `form`, and where (non-overlapping, from the left).
    static func occurrences(_ q: [UInt8], in form: [UInt8]) -> [Range<Int>] {
        guard !q.isEmpty else { return [] }
        var found: [Range<Int>] = []
        var p = 0
        while p + q.count <= form.count {
            if Array(form[p..<p + q.count]) == q {
                found.append(p..<p + q.count)
                p += q.count
            } else {
                p += 1
            }
        }
        return found
    }

    /// The UTF-16 ranges of the digits of `value`, one per decimal digit scalar.
    static func writtenDigitRanges(_ value: String) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var offset = 0
        for s in value.unicodeScalars {
            let n = String(s).utf16.count
            if digit(s) != nil { ranges.append(offset..<offset + n) }
            offset += n
        }
        return ranges
    }

    /// The oracle's answer for `record` and a (non-dial-pad) `query`.
    static func answer(_ record: Record, _ query: String, fold: Fold, mode: MatchMode) -> Answer {
        let terms = terms(query, fold: fold, mode: mode)
        if terms.isEmpty { return Answer(matches: true, keyRanges: [], fieldRanges: []) }
        let key = NaivePhonetic.Folded(record.text, fold: fold)
        let textFields = record.textFields.map { (name: $0.name, folded: NaivePhonetic.Folded($0.value, fold: fold)) }
        let whole = wholePhoneDigits(query, mode: mode)
        func inText(_ term: Term, _ folded: NaivePhonetic.Folded) -> Bool {
            Naive.matches(item: folded.scalars, query: term.folded, mode: mode)
        }
        func inPhones(_ digits: [UInt8]) -> Bool {
            record.phones.contains { $0.phone.forms.contains { !occurrences(digits, in: $0).isEmpty } }
        }
        let everyTerm = terms.allSatisfy { term in
            if inText(term, key) { return true }
            guard mode != .prefix else { return false }
            if textFields.contains(where: { inText(term, $0.folded) }) { return true }
            return term.phone.map(inPhones) ?? false
        }
        let matches = everyTerm || (whole.map(inPhones) ?? false)
        guard matches else { return Answer(matches: false, keyRanges: [], fieldRanges: []) }
        func ranges(_ folded: NaivePhonetic.Folded) -> [Range<Int>]? {
            guard folded.byClusters else { return nil }
            return NaivePhonetic.merged(terms.flatMap { NaivePhonetic.ordinaryRanges($0.folded, in: folded, mode: mode) ?? [] })
        }
        var fields: [(name: String, ranges: [Range<Int>]?)] = []
        if mode != .prefix {
            for field in textFields where terms.contains(where: { inText($0, field.folded) }) {
                fields.append((field.name, ranges(field.folded)))
            }
            let digitQueries = terms.compactMap(\.phone) + (whole.map { [$0] } ?? [])
            var writtenRanges: [String: [Range<Int>]] = [:]
            for (name, phone) in record.phones {
                let written = writtenDigitRanges(phone.value)
                var exact = true, found: [Range<Int>] = [], any = false
                for q in digitQueries {
                    for (f, form) in phone.forms.enumerated() {
                        let hits = occurrences(q, in: form)
                        any = any || !hits.isEmpty
                        if f == 0 {
                            found += hits.map { written[$0.lowerBound].lowerBound..<written[$0.upperBound - 1].upperBound }
                        } else if !hits.isEmpty && form != phone.forms[0] {
                            exact = false  // how another form's digits map to the written ones is the bridge's to say
                        }
                    }
                }
                if any {
                    fields.append((name, exact ? NaivePhonetic.merged(found) : nil))
                    writtenRanges[name] = NaivePhonetic.merged(found)
                }
            }
            return Answer(matches: true, keyRanges: ranges(key), fieldRanges: fields, writtenRanges: writtenRanges)
        }
        return Answer(matches: true, keyRanges: ranges(key), fieldRanges: fields)
    }

    // MARK: The dial pad

    /// The key of a letter a–z on an ITU E.161 keypad.
    static func key(_ s: Unicode.Scalar) -> UInt8? {
        let pad: [(ClosedRange<Unicode.Scalar>, Character)] = [("a"..."c", "2"), ("d"..."f", "3"), ("g"..."i", "4"), ("j"..."l", "5"),
                                                               ("m"..."o", "6"), ("p"..."s", "7"), ("t"..."v", "8"), ("w"..."z", "9")]
        return pad.first { $0.0.contains(s) }.map { $0.1.asciiValue! }
    }

    static func isLetter(_ s: Unicode.Scalar) -> Bool {
        [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter].contains(s.properties.generalCategory)
    }

    /// One word for the dial pad: its spellings (keys; a Latin word has one, a Han character one per
    /// reading), where each key of a spelling came from (scalar offsets in the `all` fold), and whether
    /// a letter with no key cut it.
    struct PadWord {
        var spellings: [[UInt8]]
        var sources: [[Int]]
        var cut: Bool
        var hasKeys: Bool { !spellings[0].isEmpty }
    }

    /// The digits of a dial-pad query, nil when it holds anything but digits, White_Space and
    /// `+ - ( ) . * #` (it matches nothing), empty when it is blank (it matches everything).
    static func dialpadDigits(_ query: String) -> [UInt8]? {
        var digits: [UInt8] = []
        for s in query.unicodeScalars {
            if let d = digit(s) { digits.append(d) } else if !(s.properties.isWhitespace || "+-().*#".unicodeScalars.contains(s)) { return nil }
        }
        return digits
    }

    /// The words of `text`'s `all` fold: maximal runs of non-White_Space scalars; inside one, a–z and
    /// decimal digits give keys, another letter cuts the word (keys after it ignored), anything else is
    /// skipped; a run with no keys and no cut is no word. With `readings` (the Chinese rules), a Han
    /// character with readings (ASCII spellings) is a word of its own, one spelling per reading; the
    /// Latin part before it in the same run is cut by it.
    static func dialpadWords(_ text: String, readings: ((Unicode.Scalar, Bool) -> [String])?) -> [PadWord] {
        let scalars = Naive.fold(text, .all)
        var words: [PadWord] = []
        var keys: [UInt8] = [], sources: [Int] = [], cut = false
        func finish() {
            if !keys.isEmpty || cut { words.append(PadWord(spellings: [keys], sources: [sources], cut: cut)) }
            keys = []; sources = []; cut = false
        }
        var previousWasHan = false
        for (i, s) in scalars.enumerated() {
            if s.properties.isWhitespace { finish(); continue }
            if let readings, ReadingsOracle.isHanIdeograph(s) {
                let spellings = Array(Set(readings(s, !previousWasHan).compactMap { r -> [UInt8]? in
                    let k = r.unicodeScalars.map(key)
                    return k.contains(nil) || k.isEmpty ? nil : k.map { $0! }
                }))
                if !spellings.isEmpty {
                    if !keys.isEmpty || cut { cut = true }
                    finish()
                    words.append(PadWord(spellings: spellings, sources: spellings.map { Array(repeating: i, count: $0.count) }, cut: false))
                    previousWasHan = true
                    continue
                }
            }
            previousWasHan = false
            if cut { continue }
            if s.isASCII, let k = key(s) { keys.append(k); sources.append(i) }
            else if let d = digit(s) { keys.append(d); sources.append(i) }
            else if isLetter(s) { cut = true }
        }
        finish()
        return words
    }

    /// The scalar offsets (in the `all` fold) of the keys `digits` (non-empty) match in `words`, by (a)
    /// a run from a word start across following words (not past a cut word) or (b) the first keys of
    /// at least two consecutive words; every combination of spellings tried. Empty: no match.
    static func dialpadSources(_ digits: [UInt8], in words: [PadWord]) -> Set<Int> {
        var found = Set<Int>()
        var choice = Array(repeating: 0, count: words.count)
        func each(_ w: Int) {
            if w == words.count { tryChoice(); return }
            for c in words[w].spellings.indices { choice[w] = c; each(w + 1) }
        }
        func tryChoice() {
            let keys = words.indices.map { words[$0].spellings[choice[$0]] }
            let sources = words.indices.map { words[$0].sources[choice[$0]] }
            for start in words.indices where !keys[start].isEmpty {
                // (a)
                var used: [Int] = [], rest = digits[...], w = start
                while w < words.count, !keys[w].isEmpty {
                    let n = min(keys[w].count, rest.count)
                    guard Array(keys[w].prefix(n)) == Array(rest.prefix(n)) else { break }
                    used += sources[w].prefix(n)
                    rest = rest.dropFirst(n)
                    if rest.isEmpty { found.formUnion(used); break }
                    if words[w].cut { break }
                    w += 1
                }
                // (b)
                if digits.count >= 2, start + digits.count <= words.count,
                   (0..<digits.count).allSatisfy({ !keys[start + $0].isEmpty && keys[start + $0][0] == digits[$0] }) {
                    found.formUnion((0..<digits.count).map { sources[start + $0][0] })
                }
            }
        }
        each(0)
        return found
    }

    /// The oracle's answer for a dial-pad query; `readings` under the Chinese rules.
    static func dialpadAnswer(_ record: Record, _ query: String, readings: ((Unicode.Scalar, Bool) -> [String])?) -> Answer {
        guard let digits = dialpadDigits(query) else { return Answer(matches: false, keyRanges: [], fieldRanges: []) }
        if digits.isEmpty {
            let blank = query.unicodeScalars.allSatisfy(\.properties.isWhitespace)
            return Answer(matches: blank, keyRanges: [], fieldRanges: [])
        }
        var sources = dialpadSources(digits, in: dialpadWords(record.text, readings: nil))
        if let readings { sources.formUnion(dialpadSources(digits, in: dialpadWords(record.text, readings: readings))) }
        var fields: [(name: String, ranges: [Range<Int>]?)] = []
        var writtenRanges: [String: [Range<Int>]] = [:]
        for (name, phone) in record.phones {
            let written = writtenDigitRanges(phone.value)
            var exact = true, any = false
            var found: [Range<Int>] = []
            for (f, form) in phone.forms.enumerated() {
                let hits = occurrences(digits, in: form)
                any = any || !hits.isEmpty
                if f == 0 {
                    found += hits.map { written[$0.lowerBound].lowerBound..<written[$0.upperBound - 1].upperBound }
                } else if !hits.isEmpty && form != phone.forms[0] {
                    exact = false
                }
            }
            if any {
                fields.append((name, exact ? NaivePhonetic.merged(found) : nil))
                writtenRanges[name] = NaivePhonetic.merged(found)
            }
        }
        let matches = !sources.isEmpty || !fields.isEmpty
        guard matches else { return Answer(matches: false, keyRanges: [], fieldRanges: []) }
        let folded = NaivePhonetic.Folded(record.text, fold: .all)
        let keyRanges = folded.byClusters ? NaivePhonetic.merged(sources.map { folded.origin[$0] }) : nil
        return Answer(matches: true, keyRanges: keyRanges, fieldRanges: fields, writtenRanges: writtenRanges)
    }
}

/// The digit forms of phone numbers from an independent source: the digits as written (any Nd scalar),
/// the E.164 and national-format digits from Python's `phonenumbers` 8.12.57 (``PhoneOracle``, the same
/// metadata as Debian's libphonenumber 8.12.57), one `python3` run per call.
enum PeoplePhoneForms {
    /// The written digits of `value`.
    static func written(_ value: String) -> [UInt8] { value.unicodeScalars.compactMap(NaivePeople.digit) }

    /// The region code of a locale (`es_ES` → ES) or of a region code (`ES`); nil when it gives none
    /// (then the listing locale's region is used).
    static func regionCode(_ given: String?) -> String? {
        guard let given, !given.isEmpty else { return nil }
        let parts = given.split(whereSeparator: { $0 == "_" || $0 == "-" })
        if parts.count >= 2, let r = parts.dropFirst().first(where: { $0.count == 2 && $0.allSatisfy(\.isLetter) }) {
            return r.uppercased()
        }
        return given.count == 2 && given.allSatisfy(\.isUppercase) ? given : nil
    }

    /// The distinct non-empty digit forms of each (value, region), written first (an unknown or missing
    /// region: `defaultRegion`).
    static func forms(_ numbers: [(value: String, region: String?)], defaultRegion: String) throws -> [[[UInt8]]] {
        let answers = try PhoneOracle.answers(numbers.map { PhoneOracle.Query(value: $0.value, region: regionCode($0.region) ?? defaultRegion) })
        return zip(numbers, answers).map { number, answer in
            var forms: [[UInt8]] = []
            for form in [written(number.value), answer.e164.map { Array($0.utf8) }, answer.national.map { Array($0.utf8) }] {
                if let form, !form.isEmpty, !forms.contains(form) { forms.append(form) }
            }
            // The written form stays first even when empty, so that forms[0] is always it.
            return written(number.value).isEmpty ? [[]] + forms : forms
        }
    }
}
