/// A query cut into what is matched: its terms, a phrase, phone digits or dial-pad digits
/// (see <doc:FindingPeople>).
///
/// - A query is cut at white space into terms; an item matches when every term matches, in any order.
/// - A query that starts with a double quote is a phrase: the text between the quotes (a closing
///   quote at the end is dropped, so a phrase being typed is one already) is one term, spaces and all.
/// - In ``MatchMode/prefix`` mode the whole query is one term, as it always was.
/// - A term made only of digits and `+ - ( ) .`, with at least one digit, is also a phone term: it
///   matches phone columns by its digits. A query made only of such characters and white space is
///   also one phone term of all its digits (`468 710` finds `…468710`).
/// - With `dialpad`, the query is the digits typed on a phone keypad (see ``Dialpad``).
struct ParsedQuery: Sendable, Equatable {
    /// One term of a query: what it is matched by.
    struct Term: Sendable, Equatable {
        /// The term as typed.
        let text: String
        /// The term folded (never empty).
        let folded: [UInt8]
        /// The term's phonetic keys (nil when no rule can match it).
        let phonetic: PhoneticQuery?
        /// The term's digits when it is a phone term (digits and `+ - ( ) .` only).
        let phoneDigits: [UInt8]?
    }

    /// The query as typed.
    let query: String
    /// The fold and the mode of every term.
    let fold: Fold
    /// The ICU locale ID the ``Fold/locale`` fold follows.
    let locale: String
    let mode: MatchMode
    /// The phonetic rules applied (the dial pad reads pinyin under the Chinese ones, romaji under the
    /// Japanese ones).
    let rules: PhoneticRules
    /// The terms, in the order typed; empty when the query is empty or a dial-pad query.
    let terms: [Term]
    /// The terms' folded texts, in order (what every row of a page looks for, made once).
    let foldedTerms: [[UInt8]]
    /// Whether the query was a phrase (in double quotes).
    let isPhrase: Bool
    /// The phonetic keys of the whole query, when it has more than one term (a single term's are
    /// its own): pinyin runs across white space, `jon sumisu`.
    let wholePhonetic: PhoneticQuery?
    /// The digits of the whole query when it has more than one term and is made only of phone
    /// characters and white space.
    let wholePhoneDigits: [UInt8]?
    /// The terms' phonetic keys, then the whole query's (what every row of a page looks for by
    /// sound, gathered once); empty when no rule can match.
    let phoneticKeys: [PhoneticQuery]
    /// With a dial-pad query: the digits typed (nil: not a dial-pad query). Empty when the query
    /// holds anything but digits, white space and `+ - ( ) . * #`: then nothing matches.
    let dialpad: [UInt8]?

    /// Whether every row matches (nothing typed).
    var isEmpty: Bool { terms.isEmpty && dialpad == nil }

    /// Parses `query` for `fold` (``Fold/locale`` follows the ICU locale ID `locale`), `mode` and the
    /// phonetic `rules`.
    /// - Throws: `ICUError` when ICU cannot fold the query.
    init(_ query: String, fold: Fold = .locale, locale: String, mode: MatchMode = .contains, rules: PhoneticRules = [],
         dialpad: Bool = false) throws {
        self.query = query
        self.fold = fold
        self.locale = locale
        self.mode = mode
        self.rules = rules
        let trimmed = IndexedCollation.trimmed(query)
        if dialpad {
            terms = []
            foldedTerms = []
            isPhrase = false
            wholePhonetic = nil
            wholePhoneDigits = nil
            phoneticKeys = []
            self.dialpad = trimmed.isEmpty ? nil : Self.dialpadDigits(trimmed)
            return
        }
        self.dialpad = nil
        // Scalars, not characters: a quote or a space that a following mark joins into one grapheme
        // still opens a phrase or cuts terms.
        let scalars = Array(trimmed.unicodeScalars)
        var pieces: [[Unicode.Scalar]]
        if mode == .prefix {
            pieces = scalars.isEmpty ? [] : [scalars]
            isPhrase = false
        } else if scalars.first == "\"" {
            var inner = scalars.dropFirst()
            if inner.last == "\"" { inner = inner.dropLast() }
            while let first = inner.first, first.isWhiteSpace { inner = inner.dropFirst() }
            while let last = inner.last, last.isWhiteSpace { inner = inner.dropLast() }
            pieces = inner.isEmpty ? [] : [Array(inner)]
            isPhrase = true
        } else {
            pieces = scalars.split(whereSeparator: \.isWhiteSpace).map(Array.init)
            isPhrase = false
        }
        var terms: [Term] = []
        for piece in pieces {
            let text = String(String.UnicodeScalarView(piece))
            let folded = try Folding.foldQuery(text, fold, locale: locale)
            guard !folded.isEmpty else { continue }  // a term that folds to nothing (a lone mark) asks nothing
            terms.append(Term(text: text, folded: folded, phonetic: try PhoneticQuery(text, rules: rules),
                              phoneDigits: mode == .prefix ? nil : Self.phoneDigits(Substring(text))))
        }
        self.terms = terms
        foldedTerms = terms.map { $0.folded }
        if terms.count > 1 {
            wholePhonetic = try PhoneticQuery(String(trimmed), rules: rules)
            let compact = trimmed.unicodeScalars.filter { !$0.isWhiteSpace }
            wholePhoneDigits = Self.phoneDigits(Substring(String(String.UnicodeScalarView(compact))))
        } else {
            wholePhonetic = nil
            wholePhoneDigits = nil
        }
        phoneticKeys = terms.compactMap(\.phonetic) + [wholePhonetic].compactMap { $0 }
    }

    /// The ASCII digits of `text` when it is made only of decimal digits and `+ - ( ) .` and has at
    /// least one digit; else nil.
    static func phoneDigits(_ text: Substring) -> [UInt8]? {
        var digits: [UInt8] = []
        for s in text.unicodeScalars {
            if let d = decimalDigit(s) {
                digits.append(d)
            } else if !"+-().".unicodeScalars.contains(s) {
                return nil
            }
        }
        return digits.isEmpty ? nil : digits
    }

    /// The digits of a dial-pad query: its decimal digits, when everything else in it is white space
    /// or `+ - ( ) . * #`; else none (such a query matches nothing).
    static func dialpadDigits(_ text: Substring) -> [UInt8] {
        var digits: [UInt8] = []
        for s in text.unicodeScalars {
            if let d = decimalDigit(s) {
                digits.append(d)
            } else if !(s.isWhiteSpace || "+-().*#".unicodeScalars.contains(s)) {
                return []
            }
        }
        return digits
    }

    /// The ASCII digit ("0"…"9") of a decimal digit scalar (general category Nd, any script), or nil.
    static func decimalDigit(_ s: Unicode.Scalar) -> UInt8? {
        if (0x30...0x39).contains(s.value) { return UInt8(s.value) }
        guard s.value >= 0x80, s.properties.numericType == .decimal, let v = s.properties.numericValue,
              v >= 0, v <= 9 else { return nil }
        return 0x30 + UInt8(v)
    }
}

extension ParsedQuery {
    /// Whether `other` asks the same of every row (the texts as typed may differ: `Ann` and `ann`).
    func asksTheSame(as other: ParsedQuery) -> Bool {
        fold == other.fold && mode == other.mode && rules == other.rules && isPhrase == other.isPhrase && dialpad == other.dialpad
            && wholePhonetic == other.wholePhonetic && wholePhoneDigits == other.wholePhoneDigits
            && terms.count == other.terms.count
            && zip(terms, other.terms).allSatisfy {
                $0.folded == $1.folded && $0.phonetic == $1.phonetic && $0.phoneDigits == $1.phoneDigits
            }
    }

    /// Whether every row that matches this query matches `shorter` too, so that refining `shorter`'s
    /// rows is exact. Neither is a dial-pad query, and fold, mode and rules are the same; then either
    /// - both have the same terms but the last, and this one's last term extends the other's (its
    ///   folded text, phonetic keys and phone digits each extend the other's), and the whole query's
    ///   phonetic keys and phone digits, when this one has them, extend the other's; or
    /// - this query adds terms after all of `shorter`'s, and the whole query has no phonetic keys or
    ///   phone digits of its own (they would add rows).
    func narrows(_ shorter: ParsedQuery) -> Bool {
        guard dialpad == nil, shorter.dialpad == nil, fold == shorter.fold, mode == shorter.mode, rules == shorter.rules,
              !terms.isEmpty, !shorter.terms.isEmpty, terms.count >= shorter.terms.count else { return false }
        func same(_ a: Term, _ b: Term) -> Bool { a.folded == b.folded && a.phonetic == b.phonetic && a.phoneDigits == b.phoneDigits }
        if terms.count > shorter.terms.count {
            return zip(terms, shorter.terms).allSatisfy(same) && wholePhonetic == nil && wholePhoneDigits == nil
        }
        let n = terms.count
        guard zip(terms.prefix(n - 1), shorter.terms.prefix(n - 1)).allSatisfy(same),
              Self.extends(terms[n - 1], shorter.terms[n - 1]) else { return false }
        if let whole = wholePhonetic, !whole.narrows(shorter.wholePhonetic) { return false }
        if let digits = wholePhoneDigits, !(shorter.wholePhoneDigits.map { digits.starts(with: $0) } ?? false) { return false }
        return true
    }

    /// Whether every row that `t` matches, `s` matches: `t`'s folded text, phonetic keys and phone
    /// digits each extend `s`'s.
    private static func extends(_ t: Term, _ s: Term) -> Bool {
        guard t.folded.starts(with: s.folded) else { return false }
        let phonetic = t.phonetic == nil ? s.phonetic == nil : t.phonetic!.narrows(s.phonetic)
        let phone = t.phoneDigits.map { digits in s.phoneDigits.map { digits.starts(with: $0) } ?? false } ?? true
        return phonetic && phone
    }
}
