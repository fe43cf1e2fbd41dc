extension HangulIndex {
    /// A query of the initial-consonant rule: its units, each a syllable or an initial consonant. A
    /// syllable with a final may also be read as the syllable with less of it and initial consonants
    /// (``HangulKeys/finalsAsInitials(_:beforeMore:)``): so a query has one or more readings, and it
    /// matches where one of them does that has a consonant.
    struct InitialsQuery: Sendable, Equatable {
        struct Unit: Sendable, Equatable {
            /// The unit's initial consonant (compatibility jamo): a consonant's own letter.
            let initial: UInt32
            /// A syllable's scalar value; nil for a consonant.
            let syllable: UInt32?
            /// A syllable's other readings.
            let alternatives: [Alternative]
        }
        /// A syllable with less of its final, and the initials that follow it.
        struct Alternative: Sendable, Equatable {
            let syllable: UInt32
            let initials: [UInt32]
        }
        let units: [Unit]
        /// The keys of the units as typed (what the keys rule looks for).
        let keys: [UInt32]

        /// The query of `values`: each a syllable's scalar value or a consonant's compatibility jamo
        /// (``PhoneticQuery/hangulUnits``).
        init(units values: [UInt32]) {
            units = values.indices.map { i in
                let s = Unicode.Scalar(values[i])!
                guard HangulKeys.isSyllable(s) else { return Unit(initial: values[i], syllable: nil, alternatives: []) }
                return Unit(initial: HangulKeys.initial(ofSyllable: s), syllable: values[i],
                            alternatives: HangulKeys.finalsAsInitials(s, beforeMore: i + 1 < values.count)
                                .map { Alternative(syllable: $0.syllable, initials: $0.initials) })
            }
            var keys: [UInt32] = []
            for value in values { HangulKeys.appendKeys(of: Unicode.Scalar(value)!, to: &keys) }
            self.keys = keys
        }
    }

    /// One reading of a query: per syllable it covers, the initial (its index among the nineteen);
    /// and the runs of keys a row's key text must hold where it matches: a syllable asked for
    /// gives all its keys, a consonant its own key, after which the syllable's other keys are not
    /// known and a new run begins.
    private struct Reading {
        var initials: [Int] = []
        var keyRuns: [[UInt32]] = [[]]
        var hasConsonant = false

        mutating func append(initial: UInt32, syllable: UInt32?) {
            initials.append(HangulKeys.initials.firstIndex(of: initial)!)
            if let syllable {
                HangulKeys.appendKeys(of: Unicode.Scalar(syllable)!, to: &keyRuns[keyRuns.count - 1])
            } else {
                hasConsonant = true
                keyRuns[keyRuns.count - 1].append(initial)
                keyRuns.append([])
            }
        }
    }

    /// The lists that hold every row a reading of two initials or more matches: its pairs (for two)
    /// or triples of initials, and those of the runs of keys it spells out (``lists(ofRun:)``). Nil
    /// when one of them has no rows: the reading matches nowhere.
    private func lists(_ reading: Reading) -> [List]? {
        var lists: [List] = []
        let initials = reading.initials
        let n = initials.count == 2 ? 2 : 3
        for i in 0...(initials.count - n) { lists.append(.initials(Self.initialKey(initials[i..<i + n]))) }
        for run in reading.keyRuns where run.count >= 2 {
            guard let runLists = self.lists(ofRun: run[...]) else { return nil }
            lists += runLists
        }
        return lists.contains { count($0) == 0 } ? nil : lists
    }

    /// The readings of `q` with a consonant that some row's initials may hold (a partial reading
    /// whose pairs or triples of initials no row has is not pursued); nil when more than `limit`
    /// partial readings had to be looked at (a long query of syllables with finals over long runs
    /// of common initials).
    private func readings(_ q: InitialsQuery, limit: Int = 512) -> [Reading]? {
        var complete: [Reading] = [], pending = [(Reading(), 0)], looked = 0
        func pursue(_ reading: Reading, _ next: Int) {
            let n = reading.initials.count
            if n >= 2 && initialRows.count(Self.initialKey(reading.initials[(n - 2)...])) == 0 { return }
            if n >= 3 && initialRows.count(Self.initialKey(reading.initials[(n - 3)...])) == 0 { return }
            pending.append((reading, next))
        }
        while let (reading, i) = pending.popLast() {
            if i == q.units.count {
                if reading.hasConsonant { complete.append(reading) }
                continue
            }
            looked += 1
            if looked > limit { return nil }
            let unit = q.units[i]
            var asTyped = reading
            asTyped.append(initial: unit.initial, syllable: unit.syllable)
            pursue(asTyped, i + 1)
            for alternative in unit.alternatives {
                var other = reading
                other.append(initial: unit.initial, syllable: alternative.syllable)
                for initial in alternative.initials { other.append(initial: initial, syllable: nil) }
                pursue(other, i + 1)
            }
        }
        return complete
    }

    /// The lists of `q`'s readings (none for a reading that matches nowhere); nil when every row
    /// must be checked (too many readings, or one that covers a single syllable, which no list
    /// holds). The rows of a query of two or three consonants alone are exactly those of its one
    /// list of initials (`exact`) where any occurrence counts (``MatchMode/contains``).
    ///
    /// A reading whose keys are one run, the query's keys (syllables as typed, then at most one
    /// consonant, last: `김ㅇ`), is left out: where it matches, the keys rule does too, in every
    /// mode, and the phonetic rules' rows are the union of both rules'.
    private func plan(_ q: InitialsQuery, mode: MatchMode) -> (readings: [[List]], exact: Bool)? {
        guard let readings = readings(q), !readings.contains(where: { $0.initials.count < 2 }) else { return nil }
        let consonants = q.units.allSatisfy { $0.syllable == nil }
        let own = readings.filter { $0.keyRuns.filter { !$0.isEmpty } != [q.keys] }
        return (own.compactMap(lists), consonants && q.units.count <= 3 && mode == .contains)
    }

    /// What the query costs: its readings' rarest lists' rows, a check weighing as much as eight.
    func cost(initials q: InitialsQuery) -> Int {
        guard let plan = plan(q, mode: .contains) else { return 8 * rowCount }
        return plan.readings.reduce(0) { $0 + $1.map(count).min()! } * (plan.exact ? 1 : 8)
    }

    /// The rows where the rule matches `q` in `mode`, ascending, but for some that the keys rule
    /// finds (see `plan`): per reading, the rows in all its lists (``candidates(_:)``), each
    /// checked on its text in `main` (the default fold the index was built from).
    ///
    /// - Complexity: per reading (at most 512 partial ones are looked at), up to three lists; then
    ///   a check of each candidate, linear in the query's units times the row's syllables. Past 512
    ///   partial readings, every row is checked.
    func rows(matchingInitials q: InitialsQuery, mode: MatchMode, main: TextIndex) -> SearchResult.Rows.Storage {
        guard !isEmpty, !q.units.isEmpty else { return .ids([]) }
        var checked: [UInt32] = []
        func check(_ row: Int) {
            if self.row(row, matchesInitials: q, mode: mode, main: main) { checked.append(UInt32(row)) }
        }
        guard let plan = plan(q, mode: mode) else {
            (0..<rowCount).forEach(check)
            return .ids(checked)
        }
        let rows = plan.readings.reduce(SearchResult.Rows.Storage.ids([])) { RowSet.union($0, candidates($1)) }
        if plan.exact { return rows }
        SearchResult.Rows(storage: rows).forEach(check)
        return .ids(checked)
    }

    /// Whether the rule matches `row` (its text in `main`).
    func row(_ row: Int, matchesInitials q: InitialsQuery, mode: MatchMode, main: TextIndex) -> Bool {
        withUnits(ofRow: row, in: main, wordStarts: mode == .words) { Self.hasMatch(q, in: $0, mode: mode) }
    }

    /// A row's initials text as ``withUnits(ofRow:in:wordStarts:_:)`` reads it, with what the rule
    /// asks of it: the one statement for the check (``hasMatch(_:in:mode:)``) and the ranges
    /// (``occurrences(_:in:mode:)``).
    private struct Units {
        let units: UnsafeBufferPointer<UInt32>

        var count: Int { units.count }

        /// The syllable (or run break) at `k`.
        func syllable(_ k: Int) -> UInt32 { units[k] & ~HangulIndex.wordStart }

        /// Whether a syllable with initial consonant `initial` stands at `k`.
        func hasInitial(_ initial: UInt32, at k: Int) -> Bool {
            k < count && syllable(k) != HangulKeys.runBreak && HangulKeys.initial(ofSyllable: Unicode.Scalar(syllable(k))!) == initial
        }

        /// Whether a match may start at `k` in `mode`.
        func allowsStart(_ k: Int, mode: MatchMode) -> Bool {
            switch mode {
            case .contains: true
            case .prefix: k == 0
            case .words: units[k] & HangulIndex.wordStart != 0
            }
        }
    }

    /// Whether a reading of `q` with a consonant matches `units` (a row's initials text) at a start
    /// `mode` allows: what ``occurrences(_:in:mode:)`` finds one of, without its tables.
    ///
    /// - Complexity: a search from each start that follows the readings only while they match; at
    ///   most three ways per syllable of the query.
    static func hasMatch(_ q: InitialsQuery, in buffer: UnsafeBufferPointer<UInt32>, mode: MatchMode) -> Bool {
        let units = Units(units: buffer)
        return q.units.withUnsafeBufferPointer { query in
            func matches(at k: Int, unit i: Int, consonant: Bool) -> Bool {
                if i == query.count { return consonant }
                guard k < units.count else { return false }
                guard let value = query[i].syllable else {
                    return units.hasInitial(query[i].initial, at: k) && matches(at: k + 1, unit: i + 1, consonant: true)
                }
                if units.syllable(k) == value && matches(at: k + 1, unit: i + 1, consonant: consonant) { return true }
                return query[i].alternatives.contains { alternative in
                    units.syllable(k) == alternative.syllable
                        && alternative.initials.indices.allSatisfy { units.hasInitial(alternative.initials[$0], at: k + 1 + $0) }
                        && matches(at: k + 1 + alternative.initials.count, unit: i + 1, consonant: true)
                }
            }
            let starts = mode == .prefix ? 0..<min(units.count, 1) : 0..<units.count
            return starts.contains { units.allowsStart($0, mode: mode) && matches(at: $0, unit: 0, consonant: false) }
        }
    }

    /// For each unit of `units` (a row's initials text), how many units the shortest reading of `q`
    /// with a consonant covers from there; nil where none matches.
    ///
    /// - Complexity: O(query units × row units): a dynamic program from the query's last unit back
    ///   to its first, which keeps per position the shortest rest of a match, once for a reading
    ///   that has had a consonant and once for one that has not.
    private static func shortestMatches(_ q: InitialsQuery, in units: Units) -> [Int?] {
        let count = units.count
        let none = Int.max
        func plus(_ n: Int, _ rest: Int) -> Int { rest == none ? none : n + rest }
        // After the last unit: a match when a consonant was read, none otherwise.
        var withConsonant = [Int](repeating: 0, count: count + 1)
        var withoutConsonant = [Int](repeating: none, count: count + 1)
        for unit in q.units.reversed() {
            var nextWith = [Int](repeating: none, count: count + 1), nextWithout = nextWith
            for k in 0..<count {
                if let value = unit.syllable {
                    if units.syllable(k) == value {
                        nextWith[k] = plus(1, withConsonant[k + 1])
                        nextWithout[k] = plus(1, withoutConsonant[k + 1])
                    }
                    for alternative in unit.alternatives where units.syllable(k) == alternative.syllable
                        && alternative.initials.indices.allSatisfy({ units.hasInitial(alternative.initials[$0], at: k + 1 + $0) }) {
                        let covered = plus(1 + alternative.initials.count, withConsonant[k + 1 + alternative.initials.count])
                        nextWith[k] = min(nextWith[k], covered)
                        nextWithout[k] = min(nextWithout[k], covered)
                    }
                } else if units.hasInitial(unit.initial, at: k) {
                    nextWith[k] = plus(1, withConsonant[k + 1])
                    nextWithout[k] = nextWith[k]
                }
            }
            (withConsonant, withoutConsonant) = (nextWith, nextWithout)
        }
        return withoutConsonant.dropLast().map { $0 == none ? nil : $0 }
    }

    /// The non-overlapping matches of `q` in `buffer` (a row's initials text), left to right, each
    /// the shortest at its start, as ranges of units.
    static func occurrences(_ q: InitialsQuery, in buffer: UnsafeBufferPointer<UInt32>, mode: MatchMode) -> [Range<Int>] {
        let units = Units(units: buffer)
        let lengths = shortestMatches(q, in: units)
        var found: [Range<Int>] = [], k = 0
        while k < lengths.count {
            if units.allowsStart(k, mode: mode), let length = lengths[k] {
                found.append(k..<k + length)
                k += length
            } else {
                k += 1
            }
        }
        return found
    }
}
