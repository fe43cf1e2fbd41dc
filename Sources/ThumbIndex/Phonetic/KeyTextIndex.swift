/// A substring index over key texts that stand for rows: Hangul keystrokes, initial consonants, kana
/// readings, romaji. A row may have several entries (a romaji key and its shortened form) or none.
struct KeyTextIndex: Sendable {
    /// The row of each entry, non-decreasing.
    let entryRows: [UInt32]
    /// The key texts, one entry each.
    let index: TextIndex

    var byteCount: Int { 4 * entryRows.count + index.byteCount }
    var isEmpty: Bool { entryRows.isEmpty }

    /// The rows that have an entry matching the non-empty key query `q` in `mode`, ascending.
    func rows(matching q: [UInt8], mode: MatchMode) -> [UInt32] {
        guard !isEmpty else { return [] }
        let entries = index.entries(matching: q, mode: mode).idList
        var rows: [UInt32] = []
        rows.reserveCapacity(entries.count)
        for e in entries {
            let row = entryRows[Int(e)]
            if rows.last != row { rows.append(row) }
        }
        return rows
    }

    /// How many suffixes start with `q` (the work of ``rows(matching:mode:)``).
    func hitCount(_ q: [UInt8]) -> Int { isEmpty ? 0 : index.hitCount(q) }

    /// The entries of `row`.
    func entries(ofRow row: Int) -> Range<Int> {
        let lower = BinarySearch.first(in: 0..<entryRows.count) { Int(entryRows[$0]) >= row }
        var upper = lower
        while upper < entryRows.count && Int(entryRows[upper]) == row { upper += 1 }
        return lower..<upper
    }

    /// Whether an entry of `row` matches `q` in `mode`.
    func row(_ row: Int, matches q: [UInt8], mode: MatchMode) -> Bool {
        entries(ofRow: row).contains { index.entry($0, matches: q, mode: mode) }
    }

    /// Collects entries row by row, then indexes them.
    struct Builder {
        private var rows: [UInt32] = []
        private var text: [UInt8] = []
        private var starts: [UInt32] = [0]
        private var words: [Int] = []

        init() {}

        /// Adds an entry for `row` (rows must come in ascending order): `key`, with words starting at
        /// the byte offsets `wordStarts` of it.
        mutating func add(row: Int, key: [UInt8], wordStarts: [Int]) {
            precondition(rows.last.map { Int($0) <= row } ?? true, "KeyTextIndex: rows in ascending order")
            let base = text.count
            rows.append(UInt32(row))
            text.append(contentsOf: key)
            starts.append(UInt32(text.count))
            words.append(contentsOf: wordStarts.map { base + $0 })
        }

        func build() throws -> KeyTextIndex {
            try Limits.check(foldedBytes: text.count)
            var bits = BitSet(count: text.count)
            for w in words where w < text.count { bits[w] = true }
            return KeyTextIndex(entryRows: rows, index: TextIndex(text: text, starts: starts, wordStarts: bits))
        }
    }
}
