extension PinyinIndex {
    /// The rows that match the pinyin query `q` (letters and Han characters) in `mode`, ascending.
    func rows(matching q: [Unicode.Scalar], mode: MatchMode) -> [UInt32] {
        guard !q.isEmpty, !rows.isEmpty else { return [] }
        let letters = q.map { Pinyin.isQueryLetter($0) ? UInt8($0.value) : 0 }
        var exact: [UInt32] = [], candidates: [UInt32] = []
        // One piece: a unit that is q, or has a reading that starts with q.
        if q.count == 1 && Pinyin.isHan(q[0]) {
            if let id = alphabet.firstIndex(of: q[0]) { exact = unitRows(id) }
        } else if letters.allSatisfy({ $0 != 0 }), piecePrefixes.contains(letters) {
            for id in alphabet.indices where (readings[id] + runStartReadings[id]).contains(where: { $0.starts(with: letters) }) {
                exact = RowSet.union(exact, unitRows(id))
            }
        }
        if mode != .contains { candidates = exact; exact = [] }
        // Two or more pieces: the first q[0..<m], the second starting at q[m].
        for m in 1..<q.count {
            // Pieces of letters are prefix-closed: once q[0..<m] cannot be one, no longer one can.
            let isPiece = Pinyin.isHan(q[0]) ? m == 1
                : !letters[..<m].contains(0) && piecePrefixes.contains(Array(letters[..<m]))
            guard isPiece else { break }
            for a in initials(of: q[0]) {
                for b in initials(of: q[m]) { candidates = RowSet.union(candidates, pairRows(a * 26 + b)) }
            }
        }
        let checked = candidates.filter { row(Int($0), matches: q, mode: mode) }
        return RowSet.union(exact, checked)
    }

    /// Whether `row` matches the pinyin query `q` in `mode`.
    func row(_ row: Int, matches q: [Unicode.Scalar], mode: MatchMode) -> Bool {
        guard let range = unitRange(ofRow: row) else { return false }
        return range.contains { match(q, from: $0, in: range, mode: mode) != nil }
    }

    /// The matches in `row`, left to right, none overlapping, each as short as possible: pairs of
    /// (first unit, last unit) counted among the row's units.
    func matches(ofRow row: Int, _ q: [Unicode.Scalar], mode: MatchMode) -> [ClosedRange<Int>] {
        guard let range = unitRange(ofRow: row) else { return [] }
        var found: [ClosedRange<Int>] = [], u = range.lowerBound
        while u < range.upperBound {
            if let end = match(q, from: u, in: range, mode: mode) {
                found.append(u - range.lowerBound...end - range.lowerBound)
                u = end + 1
            } else {
                u += 1
            }
        }
        return found
    }

    /// The last unit of the shortest match of `q` that starts at unit `start`, or nil.
    private func match(_ q: [Unicode.Scalar], from start: Int, in range: Range<Int>, mode: MatchMode) -> Int? {
        let flags = units[start]
        switch mode {
        case .contains: break
        case .prefix: guard flags & Self.itemStart != 0 else { return nil }
        case .words: guard flags & Self.wordStart != 0 else { return nil }
        }
        var reach = Set([0])
        var u = start
        while u < range.upperBound && (u == start || units[u] & Self.runStart == 0) {
            var next = Set<Int>()
            let id = Int(units[u] >> 3)
            let rs = units[u] & Self.runStart != 0 ? runStartReadings[id] : readings[id]
            for p in reach {
                if Pinyin.isHan(q[p]) {
                    if alphabet[id] == q[p] { next.insert(p + 1) }
                    continue
                }
                for r in rs {
                    var k = 0
                    while p + k < q.count && k < r.count && q[p + k].value == UInt32(r[k]) {
                        k += 1
                        next.insert(p + k)
                    }
                }
            }
            if next.contains(q.count) { return u }
            next.remove(q.count)
            guard !next.isEmpty else { return nil }
            reach = next
            u += 1
        }
        return nil
    }

    private func unitRows(_ id: Int) -> [UInt32] {
        Array(unitRowList[Int(unitRowStarts[id])..<Int(unitRowStarts[id + 1])])
    }

    private func pairRows(_ key: Int) -> [UInt32] {
        Array(pairRowList[Int(pairRowStarts[key])..<Int(pairRowStarts[key + 1])])
    }

    /// The initial letters (0–25) a piece starting with `s` may have: the letter, or the initials of
    /// the Han character's readings.
    private func initials(of s: Unicode.Scalar) -> Set<Int> {
        if Pinyin.isQueryLetter(s) { return [Int(s.value) - 97] }
        guard let id = alphabet.firstIndex(of: s) else { return [] }
        return Set((readings[id] + runStartReadings[id]).compactMap { $0.first.map { Int($0) - 97 } })
    }
}
