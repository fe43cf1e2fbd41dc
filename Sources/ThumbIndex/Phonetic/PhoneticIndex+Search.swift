extension PhoneticIndex {
    /// The rows that the rules match for `pq` in `mode`, ascending, with the main index's part of
    /// the kana rule (`main`: the default fold of every row).
    func rows(_ pq: PhoneticQuery, mode: MatchMode, main: TextIndex) -> SearchResult.Rows.Storage {
        var found: [UInt32] = []
        if let p = pq.pinyin { found = RowSet.union(found, pinyin.rows(matching: p, mode: mode)) }
        if let keys = pq.hangulKeys { found = RowSet.union(found, hangulKeys.rows(matching: keys, mode: mode)) }
        if let initials = pq.hangulInitials {
            var rows = hangulInitials.rows(matching: initials, mode: mode)
            if pq.hangulUnitsHaveSyllables {
                rows = rows.filter { !hangulUnitMatches(ofRow: $0, pq, mode: mode, main: main).isEmpty }
            }
            found = RowSet.union(found, rows)
        }
        if let kana = pq.kanaReading { found = RowSet.union(found, kanaReadings.rows(matching: kana, mode: mode)) }
        if let r = pq.romaji { found = RowSet.union(found, romaji.rows(matching: r, mode: mode)) }
        guard let kana = pq.kana else { return .ids(found) }
        found = RowSet.union(found, kanaVariant.rows(matching: kana, mode: mode))
        return RowSet.union(main.entries(matching: kana, mode: mode), found)
    }

    /// How many suffixes the rules' searches visit (what a fresh search costs).
    func hitCount(_ pq: PhoneticQuery, main: TextIndex) -> Int {
        var hits = 0
        if let keys = pq.hangulKeys { hits += hangulKeys.hitCount(keys) }
        if let initials = pq.hangulInitials { hits += hangulInitials.hitCount(initials) }
        if let kana = pq.kanaReading { hits += kanaReadings.hitCount(kana) }
        if let r = pq.romaji { hits += romaji.hitCount(r) }
        if let kana = pq.kana { hits += kanaVariant.hitCount(kana) + main.hitCount(kana) }
        if pq.pinyin != nil { hits += pinyin.rows.count }
        return hits
    }

    /// Whether the rules match `row` for `pq` in `mode`.
    func row(_ row: Int, matches pq: PhoneticQuery, mode: MatchMode, main: TextIndex) -> Bool {
        if let p = pq.pinyin, pinyin.row(row, matches: p, mode: mode) { return true }
        if let keys = pq.hangulKeys, hangulKeys.row(row, matches: keys, mode: mode) { return true }
        if let initials = pq.hangulInitials, hangulInitials.row(row, matches: initials, mode: mode),
           !pq.hangulUnitsHaveSyllables || !hangulUnitMatches(ofRow: UInt32(row), pq, mode: mode, main: main).isEmpty {
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

    /// The folded scalars of `row` (default fold), and which start words.
    private func scalars(ofRow row: Int, main: TextIndex) -> (scalars: [Unicode.Scalar], startsWord: [Bool]) {
        let start = Int(main.starts[row]), end = Int(main.starts[row + 1])
        let scalars = Array(String(decoding: main.text[start..<end], as: UTF8.self).unicodeScalars)
        var startsWord: [Bool] = [], offset = start
        for s in scalars { startsWord.append(main.wordStarts[offset]); offset += UTF8.width(s) }
        return (scalars, startsWord)
    }

    /// Korean initials rule: the ranges of scalars (of the row's folded text) where the query's units
    /// match consecutive syllables, left to right, not overlapping.
    func hangulUnitMatches(ofRow row: UInt32, _ pq: PhoneticQuery, mode: MatchMode, main: TextIndex) -> [ClosedRange<Int>] {
        guard pq.hangulInitials != nil else { return [] }
        let (scalars, startsWord) = scalars(ofRow: Int(row), main: main)
        let positions = scalars.indices.filter { !scalars[$0].properties.isWhitespace }
        let units = pq.hangulUnits
        var found: [ClosedRange<Int>] = [], k = 0
        while k + units.count <= positions.count {
            let start = positions[k]
            let allowed = switch mode {
            case .contains: true
            case .prefix: k == 0
            case .words: startsWord[start]
            }
            let hit = allowed && units.indices.allSatisfy { j in
                let s = scalars[positions[k + j]]
                guard HangulKeys.isSyllable(s) else { return false }
                return units[j] >= 0xAC00 ? s.value == units[j] : HangulKeys.initial(ofSyllable: s) == units[j]
            }
            if hit {
                found.append(start...positions[k + units.count - 1])
                k += units.count
            } else {
                k += 1
            }
        }
        return found
    }
}
