extension PhoneticIndex {
    /// The rows that the rules match for `pq` in `mode`, ascending, with the main index's part of
    /// the kana rule (`main`: the default fold of every row).
    func rows(_ pq: PhoneticQuery, mode: MatchMode, main: TextIndex) -> SearchResult.Rows.Storage {
        var result: SearchResult.Rows.Storage = .ids([])
        if let p = pq.pinyin { result = RowSet.union(result, pinyin.rows(matching: p, mode: mode, main: main)) }
        if let keys = pq.hangulKeys { result = RowSet.union(result, hangul.rows(matchingKeys: keys, mode: mode, main: main)) }
        // One consonant alone: its initials matches are keys matches too (a syllable's first key).
        let oneConsonant = pq.hangulUnits.count == 1 && !HangulKeys.isSyllable(Unicode.Scalar(pq.hangulUnits[0])!)
        if let initials = pq.initialsQuery, !oneConsonant {
            result = RowSet.union(result, hangul.rows(matchingInitials: initials, mode: mode, main: main))
        }
        if let kana = pq.kanaReading { result = RowSet.union(result, kanaReadings.rows(matching: kana, mode: mode)) }
        if let r = pq.romaji { result = RowSet.union(result, romaji.rows(matching: r, mode: mode)) }
        if let kana = pq.kana {
            result = RowSet.union(result, kanaVariant.rows(matching: kana, mode: mode))
            result = RowSet.union(result, main.entries(matching: kana, mode: mode))
        }
        return result
    }

    /// How many suffixes the rules' searches visit (what a fresh search costs).
    func hitCount(_ pq: PhoneticQuery, main: TextIndex) -> Int {
        var hits = 0
        if let keys = pq.hangulKeys { hits += hangul.cost(keys: keys, mode: .contains) }
        if let initials = pq.initialsQuery { hits += hangul.cost(initials: initials) }
        if let kana = pq.kanaReading { hits += kanaReadings.hitCount(kana) }
        if let r = pq.romaji { hits += romaji.hitCount(r) }
        if let kana = pq.kana { hits += kanaVariant.hitCount(kana) + main.hitCount(kana) }
        if let p = pq.pinyin { hits += pinyin.cost(pinyin.plan(p, mode: .contains)) }
        return hits
    }

    /// How many checks of a row ``row(_:matches:mode:main:)`` makes for `pq` when none matches: one
    /// per rule (each decodes the row's text its own way), two for the kana one.
    static func checkCount(_ pq: PhoneticQuery) -> Int {
        let checks = [pq.pinyin != nil, pq.hangulKeys != nil, pq.initialsQuery != nil, pq.kanaReading != nil, pq.romaji != nil]
        return checks.filter { $0 }.count + (pq.kana != nil ? 2 : 0)
    }

    /// Whether the rules match `row` for `pq` in `mode`.
    func row(_ row: Int, matches pq: PhoneticQuery, mode: MatchMode, main: TextIndex) -> Bool {
        if let p = pq.pinyin, pinyin.row(row, matches: p, mode: mode, main: main) { return true }
        if let keys = pq.hangulKeys, hangul.row(row, matchesKeys: keys, mode: mode, main: main) { return true }
        if let initials = pq.initialsQuery, hangul.row(row, matchesInitials: initials, mode: mode, main: main) {
            return true
        }
        if let kana = pq.kanaReading, kanaReadings.row(row, matches: kana, mode: mode) { return true }
        if let r = pq.romaji, romaji.row(row, matches: r, mode: mode) { return true }
        if let kana = pq.kana {
            if kanaVariant.row(row, matches: kana, mode: mode) { return true }
            if main.entry(row, matches: kana, mode: mode) { return true }
        }
        return false
    }
}
