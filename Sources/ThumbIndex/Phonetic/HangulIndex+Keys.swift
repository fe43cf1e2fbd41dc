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
        if q.count <= 3 && rows.count > Self.startsWorthSearching {
            return self.rows(matchingKeys: q, startingAt: mode, main: main, within: rows)
        }
        return .ids(checked(rows, q, mode: mode, main: main))
    }

    /// The rows of `rows` whose keys match `q` in `mode`, ascending.
    private func checked(_ rows: SearchResult.Rows.Storage, _ q: [UInt32], mode: MatchMode, main: TextIndex) -> [UInt32] {
        var checked: [UInt32] = []
        for row in SearchResult.Rows(storage: rows) where self.row(row, matchesKeys: q, mode: mode, main: main) {
            checked.append(UInt32(row))
        }
        return checked
    }

    /// How many candidates a word or prefix query of up to three keys (most often the start of one
    /// syllable) checks before it searches the main index's word and entry starts instead.
    static let startsWorthSearching = 4096

    /// The rows of `rows` (all that have `q` anywhere) whose keys match `q` at a word start
    /// (``MatchMode/words``) or at the start (``MatchMode/prefix``), from the main index's suffixes
    /// there: a match starts at a character's first key, so at a character whose keys begin with
    /// `q` (the row matches) or are a shorter beginning of it (the row is checked). A row that
    /// starts with white space is checked too (its first key is that of its first other character).
    func rows(matchingKeys q: [UInt32], startingAt mode: MatchMode, main: TextIndex,
              within rows: SearchResult.Rows.Storage) -> SearchResult.Rows.Storage {
        let (whole, partial) = Self.startingScalars(q)
        let matching = main.entries(startingWithScalarsIn: whole, mode: mode)
        var candidates = partial.isEmpty ? SearchResult.Rows.Storage.ids([]) : main.entries(startingWithScalarsIn: partial, mode: mode)
        if mode == .prefix { candidates = RowSet.union(candidates, main.entries(startingWithScalarsIn: Unicode.Scalar.whiteSpaceRanges, mode: .prefix)) }
        return RowSet.union(matching, checked(RowSet.intersection(candidates, rows), q, mode: mode, main: main))
    }

    /// The scalars whose keys begin with `q` (`whole`) and those whose keys are a shorter beginning
    /// of it (`partial`), as ascending ranges of code points: of the jamo, the syllables, and `q`'s
    /// first key itself (any other character is its own key).
    ///
    /// - Complexity: O(|q| log n) binary searches of ``ScalarsByKeys``, plus the scalars found.
    static func startingScalars(_ q: [UInt32]) -> (whole: [ClosedRange<UInt32>], partial: [ClosedRange<UInt32>]) {
        let table = ScalarsByKeys.shared
        var whole = table.values(startingWith: q[...]), partial: [UInt32] = []
        for length in 1..<q.count { partial += table.values(equalTo: q[..<length]) }
        if !table.has(q[0]) {
            if q.count == 1 { whole.append(q[0]) } else { partial.append(q[0]) }
        }
        func ranges(_ values: [UInt32]) -> [ClosedRange<UInt32>] {
            var ranges: [ClosedRange<UInt32>] = []
            for v in values.sorted() {
                if let last = ranges.last, last.upperBound + 1 == v { ranges[ranges.count - 1] = last.lowerBound...v } else { ranges.append(v...v) }
            }
            return ranges
        }
        return (ranges(whole), ranges(partial))
    }

    /// Every Hangul scalar (the conjoining jamo, the compatibility jamo, the syllables) with its
    /// keys, ordered by its keys: those that begin with given keys are one run of it. Made once, on
    /// the first word or prefix query that needs it (about 230 KB).
    struct ScalarsByKeys: Sendable {
        /// The scalars' keys back to back, in the order of `values`; scalar i's are
        /// `keys[starts[i]..<starts[i + 1]]`.
        private let keys: [UInt32]
        private let starts: [Int32]
        /// The scalar values, ordered by their keys (lexicographically), then by value.
        private let values: [UInt32]

        static let shared = ScalarsByKeys()

        /// The scalars: the conjoining jamo, the compatibility jamo, the syllables.
        private static let ranges: [ClosedRange<UInt32>] = [0x1100...0x11FF, 0x3131...0x3163, 0xAC00...0xD7A3]

        private init() {
            var byKeys: [(keys: [UInt32], value: UInt32)] = []
            for value in Self.ranges.joined() {
                var keys: [UInt32] = []
                HangulKeys.appendKeys(of: Unicode.Scalar(value)!, to: &keys)  // no surrogates in the ranges
                byKeys.append((keys, value))
            }
            byKeys.sort { $0.keys != $1.keys ? $0.keys.lexicographicallyPrecedes($1.keys) : $0.value < $1.value }
            keys = byKeys.flatMap(\.keys)
            var starts: [Int32] = [0]
            for entry in byKeys { starts.append(starts.last! + Int32(entry.keys.count)) }
            self.starts = starts
            values = byKeys.map(\.value)
        }

        /// Whether `value` is one of the scalars.
        func has(_ value: UInt32) -> Bool { Self.ranges.contains { $0.contains(value) } }

        /// The keys of the i-th scalar in key order.
        private func keys(_ i: Int) -> ArraySlice<UInt32> { keys[Int(starts[i])..<Int(starts[i + 1])] }

        /// The scalars whose keys begin with `q`.
        func values(startingWith q: ArraySlice<UInt32>) -> [UInt32] {
            // Ordered by keys, the scalars whose keys' first |q| keys are below q come first, then
            // those that begin with q, then those above.
            let lower = BinarySearch.first(in: values.indices) { !keys($0).prefix(q.count).lexicographicallyPrecedes(q) }
            let upper = BinarySearch.first(in: lower..<values.count) { q.lexicographicallyPrecedes(keys($0).prefix(q.count)) }
            return Array(values[lower..<upper])
        }

        /// The scalars whose keys are `q`.
        func values(equalTo q: ArraySlice<UInt32>) -> [UInt32] {
            let lower = BinarySearch.first(in: values.indices) { !keys($0).lexicographicallyPrecedes(q) }
            let upper = BinarySearch.first(in: lower..<values.count) { q.lexicographicallyPrecedes(keys($0)) }
            return Array(values[lower..<upper])
        }
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
