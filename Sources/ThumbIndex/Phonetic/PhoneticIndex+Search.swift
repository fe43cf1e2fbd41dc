extension PhoneticIndex {
    /// The rows that the rules match for `pq` in `mode`, ascending, with the main index's part of
    /// the kana rule (`main`: the default fold of every row).
    func rows(_ pq: PhoneticQuery, mode: MatchMode, main: TextIndex) -> SearchResult.Rows.Storage {
        var result: SearchResult.Rows.Storage = .ids([])
        if let p = pq.pinyin { result = RowSet.union(result, pinyin.rows(matching: p, mode: mode, main: main)) }
        if let keys = pq.hangulKeys { result = RowSet.union(result, hangulKeys.rows(matching: keys, mode: mode)) }
        // One consonant alone: its initials matches are keys matches too (a syllable's first key).
        let oneConsonant = pq.hangulUnits.count == 1 && !HangulKeys.isSyllable(Unicode.Scalar(pq.hangulUnits[0])!)
        if pq.hangulInitials != nil && !oneConsonant {
            result = RowSet.union(result, hangulInitials.rows(HangulInitialsIndex.Query(pq), mode: mode))
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
        if let keys = pq.hangulKeys { hits += hangulKeys.hitCount(keys) }
        if let initials = pq.hangulInitials { hits += hangulInitials.initials.hitCount(initials) }
        if let kana = pq.kanaReading { hits += kanaReadings.hitCount(kana) }
        if let r = pq.romaji { hits += romaji.hitCount(r) }
        if let kana = pq.kana { hits += kanaVariant.hitCount(kana) + main.hitCount(kana) }
        if let p = pq.pinyin { hits += pinyin.cost(pinyin.plan(p, mode: .contains)) }
        return hits
    }

    /// Whether the rules match `row` for `pq` in `mode`.
    func row(_ row: Int, matches pq: PhoneticQuery, mode: MatchMode, main: TextIndex) -> Bool {
        if let p = pq.pinyin, pinyin.row(row, matches: p, mode: mode, main: main) { return true }
        if let keys = pq.hangulKeys, hangulKeys.row(row, matches: keys, mode: mode) { return true }
        if pq.hangulInitials != nil, hangulInitials.row(row, matches: HangulInitialsIndex.Query(pq), mode: mode) {
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
