extension PinyinIndex {
    /// Which row lists answer `q`: keys of ``unitRows`` whose rows match outright, and keys of the
    /// pair and triple lists (and, outside ``MatchMode/contains``, of ``unitRows``) whose rows are
    /// candidates to check.
    struct Plan {
        var exact: [Int] = []
        var exactPairs: [Int] = []
        var unitCandidates: [Int] = []
        var pairCandidates: [Int] = []
        var tripleCandidates: [Int] = []
    }

    /// What a plan costs: the rows it lists, with a check weighing as much as eight listed rows.
    func cost(_ plan: Plan) -> Int {
        func rows(_ keys: [Int], _ lists: RowLists) -> Int { keys.reduce(0) { $0 + lists.count($1) } }
        return rows(plan.exact, unitRows) + rows(plan.exactPairs, pairRows)
            + 8 * (rows(plan.unitCandidates, unitRows) + rows(plan.pairCandidates, pairRows) + rows(plan.tripleCandidates, tripleRows))
    }

    func plan(_ q: [Unicode.Scalar], mode: MatchMode) -> Plan {
        var plan = Plan()
        guard !q.isEmpty, !alphabet.isEmpty else { return plan }
        let letters = q.map { Pinyin.isQueryLetter($0) ? UInt8($0.value) : 0 }
        /// Whether q[range] can be one piece: a Han character, or a prefix of some reading.
        func isPiece(_ range: Range<Int>) -> Bool {
            if Pinyin.isHan(q[range.lowerBound]) { return range.count == 1 }
            return !letters[range].contains(0) && piecePrefixes.contains(Array(letters[range]))
        }
        // One piece: a unit that is q, or has a reading that starts with q.
        var onePiece: [Int] = []
        if q.count == 1 && Pinyin.isHan(q[0]) {
            if let id = unit(of: q[0]) { onePiece.append(id) }
        } else if isPiece(0..<q.count) {
            for id in alphabet.indices
            where readings[id].contains(where: { $0.starts(with: letters) }) || runStartReadings[id].contains(where: { $0.starts(with: letters) }) {
                onePiece.append(id)
            }
        }
        if mode == .contains { plan.exact = onePiece } else { plan.unitCandidates = onePiece }

        // Pieces of letters are prefix-closed: once q[a..<b] cannot be one, no longer one can.
        var exactPairKeys = Set<Int>(), pairKeys = Set<Int>(), tripleKeys = Set<Int>()
        /// The readings (indexes into `syllables`) a piece q[range] may stand for: those it starts
        /// (letters), or those of the Han character.
        func readingsOfPiece(_ range: Range<Int>) -> [Int] {
            if Pinyin.isHan(q[range.lowerBound]) {
                let all = readingsOf(q[range.lowerBound])
                return syllables.indices.filter { all.contains(syllables[$0]) }
            }
            return syllables.indices.filter { syllables[$0].starts(with: letters[range]) }
        }
        for m1 in 1..<q.count {
            guard isPiece(0..<m1) else { break }
            // Exactly two pieces: a unit whose reading starts with q[0..<m1], then one whose reading
            // starts with q[m1...]. Exact for pieces of letters; a Han character only narrows the
            // readings (another character may have the same one).
            if isPiece(m1..<q.count) {
                let exact = mode == .contains && !Pinyin.isHan(q[0]) && !Pinyin.isHan(q[m1])
                let second = readingsOfPiece(m1..<q.count)
                for r in readingsOfPiece(0..<m1) {
                    for s in second {
                        if exact { exactPairKeys.insert(r * syllables.count + s) } else { pairKeys.insert(r * syllables.count + s) }
                    }
                }
            }
            // Three pieces or more: the first three start with q[0], q[m1] and q[m2].
            for m2 in (m1 + 1)..<q.count {
                guard isPiece(m1..<m2) else { break }
                for a in initials(of: q[0]) {
                    for b in initials(of: q[m1]) {
                        for c in initials(of: q[m2]) { tripleKeys.insert((a * 26 + b) * 26 + c) }
                    }
                }
            }
        }
        // A Han character without readings (々, 〇) is a piece only as itself, and the pair and
        // triple lists are keyed by readings: the rows that hold it are the candidates.
        if q.count > 1 {
            for s in Set(q) where Pinyin.isHan(s) && readingsOf(s).isEmpty {
                if let id = unit(of: s) { plan.unitCandidates.append(id) }
            }
        }
        plan.exactPairs = exactPairKeys.sorted()
        plan.pairCandidates = pairKeys.subtracting(exactPairKeys).sorted()
        plan.tripleCandidates = tripleKeys.sorted()
        return plan
    }

    /// The rows that match the pinyin query `q` (letters and Han characters) in `mode`, ascending;
    /// candidates are checked on their text in `main` (the default fold the index was built from).
    func rows(matching q: [Unicode.Scalar], mode: MatchMode, main: TextIndex) -> SearchResult.Rows.Storage {
        let plan = plan(q, mode: mode)
        let exact = RowSet.union(Self.rows(plan.exact, of: unitRows, universe: rowCount),
                                 Self.rows(plan.exactPairs, of: pairRows, universe: rowCount))
        let unitCandidates = Self.rows(plan.unitCandidates, of: unitRows, universe: rowCount)
        let pairCandidates = Self.rows(plan.pairCandidates, of: pairRows, universe: rowCount)
        let tripleCandidates = Self.rows(plan.tripleCandidates, of: tripleRows, universe: rowCount)
        let candidates = RowSet.union(RowSet.union(unitCandidates, pairCandidates), tripleCandidates)
        var checked: [UInt32] = [], units: [UInt32] = []
        let isExact: (Int) -> Bool
        if case .bitmap(let bitmap) = exact { isExact = { bitmap.contains($0) } } else { isExact = { _ in false } }
        for row in SearchResult.Rows(storage: candidates) where !isExact(row) && self.row(row, matches: q, mode: mode, main: main, units: &units) {
            checked.append(UInt32(row))
        }
        return RowSet.union(exact, checked)
    }

    /// The rows of the keys' lists, sorted and without repeats.
    private static func rows(_ keys: [Int], of lists: RowLists, universe: Int) -> SearchResult.Rows.Storage {
        let count = keys.reduce(0) { $0 + lists.count($1) }
        return RowSet.sortedUnique(count: count, universe: universe) { add in
            for key in keys { lists.forEachRow(key, add) }
        }
    }

    /// Whether `row` (its text in `main`) matches the pinyin query `q` in `mode`.
    func row(_ row: Int, matches q: [Unicode.Scalar], mode: MatchMode, main: TextIndex) -> Bool {
        var units: [UInt32] = []
        return self.row(row, matches: q, mode: mode, main: main, units: &units)
    }

    /// ``row(_:matches:mode:main:)`` with the row's units read into `units` (a buffer kept from row
    /// to row).
    private func row(_ row: Int, matches q: [Unicode.Scalar], mode: MatchMode, main: TextIndex, units: inout [UInt32]) -> Bool {
        self.units(ofRow: row, in: main, into: &units)
        return units.indices.contains { match(q, from: $0, in: units, mode: mode) != nil }
    }

    /// The matches in `row` (its text in `main`), left to right, none overlapping, each as short as
    /// possible: pairs of (first unit, last unit) counted among the row's units.
    func matches(ofRow row: Int, _ q: [Unicode.Scalar], mode: MatchMode, main: TextIndex) -> [ClosedRange<Int>] {
        var units: [UInt32] = []
        self.units(ofRow: row, in: main, into: &units)
        var found: [ClosedRange<Int>] = [], u = 0
        while u < units.count {
            if let end = match(q, from: u, in: units, mode: mode) {
                found.append(u...end)
                u = end + 1
            } else {
                u += 1
            }
        }
        return found
    }

    /// The last unit of the shortest match of `q` that starts at `units[start]` (one row's units),
    /// or nil.
    ///
    /// The positions of `q` reached so far are bits of a mask (queries of 64 scalars and more are
    /// checked through the same steps on a set).
    private func match(_ q: [Unicode.Scalar], from start: Int, in units: [UInt32], mode: MatchMode) -> Int? {
        let flags = units[start]
        switch mode {
        case .contains: break
        case .prefix: guard flags & Self.itemStart != 0 else { return nil }
        case .words: guard flags & Self.wordStart != 0 else { return nil }
        }
        guard q.count < 64 else { return longMatch(q, from: start, in: units) }
        let end = UInt64(1) << UInt64(q.count)
        var reach: UInt64 = 1
        var u = start
        while u < units.count && (u == start || units[u] & Self.runStart == 0) {
            var next: UInt64 = 0
            let id = Int(units[u] >> 3)
            let rs = units[u] & Self.runStart != 0 ? runStartReadings[id] : readings[id]
            var positions = reach
            while positions != 0 {
                let p = positions.trailingZeroBitCount
                positions &= positions &- 1
                if Pinyin.isHan(q[p]) {
                    if alphabet[id] == q[p] { next |= UInt64(1) << UInt64(p + 1) }
                    continue
                }
                for r in rs {
                    var k = 0
                    while p + k < q.count && k < r.count && q[p + k].value == UInt32(r[k]) {
                        k += 1
                        next |= UInt64(1) << UInt64(p + k)
                    }
                }
            }
            if next & end != 0 { return u }
            guard next != 0 else { return nil }
            reach = next
            u += 1
        }
        return nil
    }

    /// ``match(_:from:in:mode:)`` for a query of 64 scalars or more, on a set of positions.
    private func longMatch(_ q: [Unicode.Scalar], from start: Int, in units: [UInt32]) -> Int? {
        var reach: Set<Int> = [0]
        var u = start
        while u < units.count && (u == start || units[u] & Self.runStart == 0) {
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
            guard !next.isEmpty else { return nil }
            reach = next
            u += 1
        }
        return nil
    }

    /// The initial letters (0–25) a piece starting with `s` may have: the letter, or the initials of
    /// the Han character's readings.
    private func initials(of s: Unicode.Scalar) -> Set<Int> {
        if Pinyin.isQueryLetter(s) { return [Int(s.value) - 97] }
        return Set(readingsOf(s).compactMap { $0.first.map { Int($0) - 97 } })
    }

    /// Every reading of the Han character `s` in the listing, inside a run or at its start.
    private func readingsOf(_ s: Unicode.Scalar) -> Set<[UInt8]> {
        guard let id = unit(of: s) else { return [] }
        return Set(readings[id] + runStartReadings[id])
    }
}
