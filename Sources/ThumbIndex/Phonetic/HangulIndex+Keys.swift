extension HangulIndex {
    /// The lists that answer a keys query: their rows match outright when `exact`, else the rows
    /// in all of them are candidates to check.
    struct KeysPlan {
        let lists: [List]
        let exact: Bool
    }

    /// The plan for the keys query `q` (scalar values, at least one) in `mode`; nil when no row
    /// has a run of keys the query needs, so none matches.
    func plan(keys q: [UInt32], mode: MatchMode) -> KeysPlan? {
        guard !q.isEmpty, !isEmpty else { return nil }
        if q.count <= 3 || q.count == 4 && q.allSatisfy(Self.isJamo) {
            return keyList(Self.code(q)).map { KeysPlan(lists: [.keys($0)], exact: mode == .contains) }
        }
        return lists(ofRun: q[...]).map { KeysPlan(lists: $0, exact: false) }
    }

    /// What the keys query costs: the rows of its rarest list, a check weighing as much as eight.
    func cost(keys q: [UInt32], mode: MatchMode) -> Int {
        guard let plan = plan(keys: q, mode: mode) else { return 0 }
        return plan.lists.map(count).min()! * (plan.exact ? 1 : 8)
    }

    /// The rows whose keys match the keys query `q` in `mode`, ascending; candidates are checked
    /// on their text in `main` (the default fold the index was built from).
    func rows(matchingKeys q: [UInt32], mode: MatchMode, main: TextIndex) -> SearchResult.Rows.Storage {
        guard let plan = plan(keys: q, mode: mode) else { return .ids([]) }
        let rows = candidates(plan.lists)
        if plan.exact { return rows }
        var checked: [UInt32] = []
        for row in SearchResult.Rows(storage: rows) where self.row(row, matchesKeys: q, mode: mode, main: main) {
            checked.append(UInt32(row))
        }
        return .ids(checked)
    }

    /// Whether the keys of `row` (its text in `main`) match the keys query `q` in `mode`.
    func row(_ row: Int, matchesKeys q: [UInt32], mode: MatchMode, main: TextIndex) -> Bool {
        withKeys(ofRow: row, in: main, wordStarts: mode == .words) { keys in
            guard keys.count >= q.count else { return false }
            let starts = mode == .prefix ? 0...0 : 0...(keys.count - q.count)
            return starts.contains { i in
                (mode != .words || keys[i] & Self.wordStart != 0)
                    && q.indices.allSatisfy { keys[i + $0] & ~Self.wordStart == q[$0] }
            }
        }
    }
}
