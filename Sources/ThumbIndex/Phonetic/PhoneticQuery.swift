/// What the phonetic rules look for, worked out once per query (see <doc:PhoneticSearch>).
///
/// Each rule's key is nil when the rule cannot match this query. A query's matches are a subset of a
/// shorter query's when every key of the shorter one is a prefix of the same key of the longer one
/// (``narrows(_:)``): a search session then refines the shorter query's rows.
struct PhoneticQuery: Sendable, Equatable {
    let rules: PhoneticRules
    /// Chinese: the query's scalars (default fold, no white space) when they are all letters or Han.
    let pinyin: [Unicode.Scalar]?
    /// Korean: the keys of the query (scalar values: compatibility jamo, any other character
    /// itself) when it holds Hangul.
    let hangulKeys: [UInt32]?
    /// Korean: the initials of the query's units when it is syllables and initial consonants and one
    /// of its readings has a consonant (one typed, or a final read as initials:
    /// ``HangulKeys/finalsAsInitials(_:beforeMore:)``); with the units: a syllable's scalar value, or
    /// a consonant's compatibility jamo. The initials are those of the units as typed (no final
    /// read as initials); empty units and nil initials when the rule cannot match.
    let hangulInitials: [UInt8]?
    let hangulUnits: [UInt32]
    /// Korean: the initial-consonant rule's query of ``hangulUnits`` when ``hangulInitials`` is set.
    let initialsQuery: HangulIndex.InitialsQuery?
    /// Japanese: the ordinary folded query with katakana folded to hiragana.
    let kana: [UInt8]?
    /// Japanese: the query without white space and separators, katakana folded, when it is all kana.
    let kanaReading: [UInt8]?
    /// Japanese: the normalized romaji query when the query is ASCII letters and apostrophes.
    let romaji: [UInt8]?

    /// The phonetic keys of `query` for `rules` (nil when no rule can match).
    init?(_ query: String, rules: PhoneticRules) throws {
        guard !rules.isEmpty else { return nil }
        let folded = try Folding.foldQuery(query, .diacritics, locale: "")
        guard !folded.isEmpty else { return nil }
        let scalars = Array(String(decoding: folded, as: UTF8.self).unicodeScalars)
        let compact = scalars.filter { !$0.isWhiteSpace }
        self.rules = rules

        if rules.contains(.chinese), compact.allSatisfy({ Pinyin.isQueryLetter($0) || Pinyin.isHan($0) }) {
            pinyin = compact
        } else {
            pinyin = nil
        }

        var keys: [UInt32]? = nil, initials: [UInt8]? = nil, units: [UInt32] = []
        if rules.contains(.korean), HangulKeys.containsHangul(compact) {
            keys = HangulKeys.keyText(compact).keys
            var ok = true
            for s in compact {
                if HangulKeys.isSyllable(s) {
                    units.append(s.value)
                } else if let c = HangulKeys.initialConsonant(s) {
                    units.append(c)
                } else {
                    ok = false
                    break
                }
            }
            let typedConsonant = units.contains { !HangulKeys.isSyllable(Unicode.Scalar($0)!) }
            let finalsAsInitials = units.indices.contains { i in
                !HangulKeys.finalsAsInitials(Unicode.Scalar(units[i])!, beforeMore: i + 1 < units.count).isEmpty
            }
            if ok && (typedConsonant || finalsAsInitials) {
                initials = units.flatMap { unit in
                    let s = Unicode.Scalar(unit)!
                    let initial = HangulKeys.isSyllable(s) ? HangulKeys.initial(ofSyllable: s) : unit
                    return Array(String(Unicode.Scalar(initial)!).utf8)
                }
            } else {
                units = []
            }
        }
        hangulKeys = keys
        hangulInitials = initials
        hangulUnits = units
        initialsQuery = initials == nil ? nil : HangulIndex.InitialsQuery(units: units)

        if rules.contains(.japanese) {
            kana = Kana.folded(folded)
            // The separators inside names are no part of a reading, nor of a kana query.
            let kanaCompact = compact.filter { !Kana.isSeparator($0) }
            kanaReading = !kanaCompact.isEmpty && kanaCompact.allSatisfy(Kana.isKana)
                ? Kana.folded(Array(String(String.UnicodeScalarView(kanaCompact)).utf8)) : nil
            romaji = Romaji.queryKey(compact)
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
        // The initial-consonant rule narrows when the units extend the shorter query's units, unless
        // the shorter one ended with a syllable whose final the longer one may read as the next
        // syllable's initial (뱃, then 뱃ㅇ, which finds 배상은).
        let lastReadsMore = shorter.hangulUnits.last.map { unit in
            let s = Unicode.Scalar(unit)!
            return HangulKeys.finalsAsInitials(s, beforeMore: true).count > HangulKeys.finalsAsInitials(s, beforeMore: false).count
        } ?? false
        let unitsNarrow = hangulUnits.starts(with: shorter.hangulUnits)
            && !(lastReadsMore && hangulUnits.count > shorter.hangulUnits.count)
        return rules == shorter.rules && extends(pinyin, shorter.pinyin)
            && extends(hangulKeys, shorter.hangulKeys) && extends(hangulInitials, shorter.hangulInitials) && unitsNarrow
            && extends(kana, shorter.kana) && extends(kanaReading, shorter.kanaReading)
            && extends(romaji, shorter.romaji)
    }
}
