/// What the phonetic rules look for, worked out once per query (see <doc:PhoneticSearch>).
///
/// Each rule's key is nil when the rule cannot match this query. A query's matches are a subset of a
/// shorter query's when every key of the shorter one is a prefix of the same key of the longer one
/// (``narrows(_:)``): a search session then refines the shorter query's rows.
struct PhoneticQuery: Sendable, Equatable {
    let rules: PhoneticRules
    /// Chinese: the query's scalars (default fold, no white space) when they are all letters or Han.
    let pinyin: [Unicode.Scalar]?
    /// Korean: the keys of the query (UTF-8 compatibility jamo) when it holds Hangul.
    let hangulKeys: [UInt8]?
    /// Korean: the initials of the query's units when it is syllables and initial consonants with at
    /// least one consonant; with the units: a syllable's scalar value, or a consonant's
    /// compatibility jamo.
    let hangulInitials: [UInt8]?
    let hangulUnits: [UInt32]
    /// Japanese: the ordinary folded query with katakana folded to hiragana.
    let kana: [UInt8]?
    /// Japanese: the query without white space, katakana folded, when it is all kana.
    let kanaReading: [UInt8]?
    /// Japanese: the normalized romaji query when the query is all ASCII letters.
    let romaji: [UInt8]?

    /// The phonetic keys of `query` for `rules` (nil when no rule can match).
    init?(_ query: String, rules: PhoneticRules) throws {
        guard !rules.isEmpty else { return nil }
        let folded = try Folding.foldQuery(query, .diacritics)
        guard !folded.isEmpty else { return nil }
        let scalars = Array(String(decoding: folded, as: UTF8.self).unicodeScalars)
        let compact = scalars.filter { !$0.properties.isWhitespace }
        self.rules = rules

        if rules.contains(.chinese), compact.allSatisfy({ Pinyin.isQueryLetter($0) || Pinyin.isHan($0) }) {
            pinyin = compact
        } else {
            pinyin = nil
        }

        var keys: [UInt8]? = nil, initials: [UInt8]? = nil, units: [UInt32] = []
        if rules.contains(.korean), HangulKeys.containsHangul(compact) {
            keys = HangulKeys.keyText(compact).bytes
            var consonants = 0, bytes: [UInt8] = [], ok = true
            for s in compact {
                if HangulKeys.isSyllable(s) {
                    units.append(s.value)
                    bytes.append(contentsOf: String(Unicode.Scalar(HangulKeys.initial(ofSyllable: s))!).utf8)
                } else if let c = HangulKeys.initialConsonant(s) {
                    units.append(c)
                    consonants += 1
                    bytes.append(contentsOf: String(Unicode.Scalar(c)!).utf8)
                } else {
                    ok = false
                    break
                }
            }
            if ok && consonants > 0 { initials = bytes } else { units = [] }
        }
        hangulKeys = keys
        hangulInitials = initials
        hangulUnits = units

        if rules.contains(.japanese) {
            kana = Kana.folded(folded)
            let kanaCompact = Kana.folded(Array(String(String.UnicodeScalarView(compact)).utf8))
            kanaReading = compact.allSatisfy(Kana.isKana) ? kanaCompact : nil
            romaji = compact.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic })
                ? Romaji.normalized(Array(String(String.UnicodeScalarView(compact)).utf8)) : nil
        } else {
            kana = nil
            kanaReading = nil
            romaji = nil
        }
        if pinyin == nil && hangulKeys == nil && kana == nil { return nil }
    }

    /// Whether every match of `self` is a match of `shorter` (a query it extends), so that refining
    /// `shorter`'s rows is exact.
    func narrows(_ shorter: PhoneticQuery?) -> Bool {
        guard let shorter else { return false }
        func extends<T: Equatable>(_ a: [T]?, _ b: [T]?) -> Bool {
            switch (a, b) {
            case (nil, nil): true
            case let (a?, b?): a.starts(with: b)
            default: false
            }
        }
        return rules == shorter.rules && extends(pinyin, shorter.pinyin)
            && extends(hangulKeys, shorter.hangulKeys) && extends(hangulInitials, shorter.hangulInitials)
            && extends(kana, shorter.kana) && extends(kanaReading, shorter.kanaReading)
            && extends(romaji, shorter.romaji)
    }
}
