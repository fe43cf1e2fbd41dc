/// A substring index over key texts that stand for rows: Hangul keystrokes, initial consonants, kana
/// readings, romaji. A row may have several entries (a romaji key and its shortened form) or none.
struct KeyTextIndex: Sendable {
    /// The row of each entry, non-decreasing; empty when entry e is row e (``entriesAreRows``).
    let entryRows: [UInt32]
    /// The key texts, one entry each.
    let index: TextIndex
    /// Whether entry e is row e for every row of the listing (every row has one entry): then a
    /// search's entries are its rows, bitmap and all.
    let entriesAreRows: Bool
    /// The rows of each one-character key that most rows have (a Hangul key such as ㅇ, a romaji
    /// letter): such a query would otherwise list a suffix for nearly every key of the listing.
    let denseKeys: [UInt32: RowBitmap]

    var byteCount: Int {
        4 * entryRows.count + index.byteCount + denseKeys.values.reduce(0) { $0 + 8 * $1.words.count + 4 * $1.blockRanks.count }
    }
    var isEmpty: Bool { index.entryCount == 0 }

    /// The rows that have an entry matching the non-empty key query `q` in `mode`, ascending.
    func rows(matching q: [UInt8], mode: MatchMode) -> SearchResult.Rows.Storage {
        guard !isEmpty else { return .ids([]) }
        if mode == .contains, let key = Self.packedCharacter(q[...]), let rows = denseKeys[key] { return .bitmap(rows) }
        let found = index.entries(matching: q, mode: mode)
        if entriesAreRows { return found }
        let entries = found.idList
        var rows: [UInt32] = []
        rows.reserveCapacity(entries.count)
        for e in entries {
            let row = entryRows[Int(e)]
            if rows.last != row { rows.append(row) }
        }
        return .ids(rows)
    }

    /// The UTF-8 of one character packed into an integer (its bytes, high to low), or nil when `utf8`
    /// is not exactly one character.
    static func packedCharacter(_ utf8: ArraySlice<UInt8>) -> UInt32? {
        guard let first = utf8.first, utf8.count <= 4, first & 0xC0 != 0x80,
              utf8.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }) else { return nil }
        return utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// How many suffixes start with `q` (the work of ``rows(matching:mode:)``).
    func hitCount(_ q: [UInt8]) -> Int { isEmpty ? 0 : index.hitCount(q) }

    /// The row of entry `e`.
    func row(ofEntry e: Int) -> UInt32 { entriesAreRows ? UInt32(e) : entryRows[e] }

    /// The entries of `row`.
    func entries(ofRow row: Int) -> Range<Int> {
        if entriesAreRows { return row..<row + 1 }
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
        /// The byte offsets of word starts in `text`.
        private var words: [UInt32] = []

        init() {}

        /// Adds an entry for `row` (rows must come in ascending order): `key`, with words starting at
        /// the byte offsets `wordStarts` of it.
        mutating func add(row: Int, key: [UInt8], wordStarts: [Int]) {
            precondition(rows.last.map { Int($0) <= row } ?? true, "KeyTextIndex: rows in ascending order")
            let base = text.count
            rows.append(UInt32(row))
            text.append(contentsOf: key)
            starts.append(UInt32(text.count))
            for w in wordStarts { words.append(UInt32(base + w)) }
        }

        /// The entries of `chunks` in turn, whose rows ascend from chunk to chunk (a build cut into
        /// chunks of rows puts them together in order). Each chunk is let go of once copied, into
        /// arrays of their final size, so that the copy adds about one chunk to the memory used.
        static func joined(_ chunks: inout [Builder]) -> Builder {
            if chunks.count == 1 { return chunks.removeLast() }
            var all = Builder()
            all.rows.reserveCapacity(chunks.reduce(0) { $0 + $1.rows.count })
            all.text.reserveCapacity(chunks.reduce(0) { $0 + $1.text.count })
            all.starts.reserveCapacity(1 + chunks.reduce(0) { $0 + $1.starts.count - 1 })
            all.words.reserveCapacity(chunks.reduce(0) { $0 + $1.words.count })
            for c in chunks.indices {
                let chunk = chunks[c]
                chunks[c] = Builder()
                precondition(all.rows.last.map { row in chunk.rows.first.map { row <= $0 } ?? true } ?? true,
                             "KeyTextIndex: rows in ascending order")
                let base = UInt32(all.text.count)
                all.rows += chunk.rows
                all.text += chunk.text
                all.starts += chunk.starts.dropFirst().lazy.map { $0 + base }
                all.words += chunk.words.lazy.map { $0 + base }
            }
            chunks = []
            return all
        }

        /// The index of the entries added, for a listing of `rowCount` rows. With `wordStartsOnly`, the
        /// index lists only the suffixes at word starts and answers only ``MatchMode/words`` queries.
        func build(rowCount: Int, wordStartsOnly: Bool = false) throws -> KeyTextIndex {
            try Limits.check(foldedBytes: text.count)
            var bits = BitSet(count: text.count)
            for w in words where w < text.count { bits[Int(w)] = true }
            let identity = rows.count == rowCount && rows.enumerated().allSatisfy { Int($1) == $0 }
            return KeyTextIndex(entryRows: identity ? [] : rows,
                                index: TextIndex(text: text, starts: starts, wordStarts: bits, wordStartsOnly: wordStartsOnly),
                                entriesAreRows: identity, denseKeys: wordStartsOnly ? [:] : denseKeys(rowCount: rowCount))
        }

        /// Bitmaps of the rows of each one-character key found in more than one row in 32.
        private func denseKeys(rowCount: Int) -> [UInt32: RowBitmap] {
            // Pass 1 counts the rows of every key; pass 2 sets the bits of the dense ones.
            var counts: [UInt32: (rows: Int, last: UInt32)] = [:]
            forEachKey { key, row in
                let seen = counts[key] ?? (0, .max)
                if seen.last != row { counts[key] = (seen.rows + 1, row) }
            }
            let dense = counts.filter { $0.value.rows * 32 > rowCount }.keys.sorted()
            guard !dense.isEmpty else { return [:] }
            let slot = Dictionary(uniqueKeysWithValues: dense.enumerated().map { ($1, $0) })
            var words = [[UInt64]](repeating: [UInt64](repeating: 0, count: (rowCount + 63) / 64), count: dense.count)
            forEachKey { key, row in
                if let k = slot[key] { words[k][Int(row) >> 6] |= 1 << UInt64(row & 63) }
            }
            return Dictionary(uniqueKeysWithValues: dense.indices.map { (dense[$0], RowBitmap(words: words[$0])) })
        }

        /// Calls `body` with every character (its UTF-8, packed) of every entry, and the entry's row.
        private func forEachKey(_ body: (UInt32, UInt32) -> Void) {
            for e in 0..<rows.count {
                var i = Int(starts[e])
                let end = Int(starts[e + 1])
                while i < end {
                    var j = i + 1
                    var key = UInt32(text[i])
                    while j < end && text[j] & 0xC0 == 0x80 { key = key << 8 | UInt32(text[j]); j += 1 }
                    body(key, rows[e])
                    i = j
                }
            }
        }
    }
}
