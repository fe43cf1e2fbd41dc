/// The Korean rules' index (see <doc:PhoneticSearch>): lists of rows that narrow a query to
/// candidate rows, each candidate then checked on its text in the main index, as the rules define.
///
/// - `keyRows`: per run of one, two or three keys of a row's key text (its characters' 2-set keys,
///   white space skipped: ``HangulKeys/keyText(_:)``), and of four jamo, the rows that have it. A
///   query of up to three keys, or four jamo, is answered from one list exactly (contains); a
///   longer one has as candidates the rows in its rarest runs.
/// - `initialRows`: per two or three syllables in a row of a row's initials text
///   (``HangulKeys/initialsText(_:)``), by their initial consonants, the rows that have them. A
///   query of two or three consonants alone is one list, exact (contains); a reading of another
///   query has as candidates the rows in its rarest lists: of its initials, and of the runs of keys
///   it spells out.
///
/// Neither the key texts nor the initials are kept: a check reads them from the row's text in the
/// main index (the default fold the index was built from), as ``withKeys(ofRow:in:wordStarts:_:)``
/// and ``withUnits(ofRow:in:wordStarts:_:)``.
struct HangulIndex: Sendable {
    /// The runs of keys rows have, by ``code(_:)``, ascending; key k of ``keyRows`` is `keyCodes[k]`.
    let keyCodes: [UInt64]
    let keyRows: PostingLists
    /// Rows per pair of initials, `a * 19 + b`, then per triple, `361 + (a * 19 + b) * 19 + c`
    /// (an initial is its index among the nineteen).
    let initialRows: PostingLists

    static let initialKeyCount = 19 * 19 + 19 * 19 * 19

    var rowCount: Int { keyRows.rowCount }
    var isEmpty: Bool { keyCodes.isEmpty }
    var byteCount: Int { 8 * keyCodes.count + keyRows.byteCount + initialRows.byteCount }

    /// The code of a run of one to three keys, each scalar value plus one in 21 bits, the first
    /// highest; or of four compatibility jamo (``isJamo(_:)``), bit 63 and each jamo's offset from
    /// U+3130 in six bits. Runs of different lengths never share a code.
    static func code(_ keys: some Collection<UInt32>) -> UInt64 {
        guard keys.count == 4 else { return keys.reduce(0) { $0 << 21 | UInt64($1 + 1) } }
        return keys.reduce(1) { $0 << 6 | UInt64($1 - 0x3130) } << 39
    }

    /// Whether `code` is one that ``code(_:)`` makes.
    static func isCode(_ code: UInt64) -> Bool {
        if code >> 63 == 0 { return code > 0 && (0..<3).allSatisfy { code >> (21 * $0) & 0x1F_FFFF <= 0x11_0000 } }
        return code & (1 << 39 - 1) == 0 && (0..<4).allSatisfy { (0x01...0x33).contains(code >> (39 + 6 * $0) & 0x3F) }
    }

    /// A key that runs of four may hold: a compatibility jamo, U+3131–3163.
    @inline(__always)
    static func isJamo(_ key: UInt32) -> Bool { (0x3131...0x3163).contains(key) }

    /// The key of the list of `initials` (two or three indexes among the nineteen) in ``initialRows``.
    static func initialKey(_ initials: some Collection<Int>) -> Int {
        let packed = initials.reduce(0) { $0 * 19 + $1 }
        return initials.count == 2 ? packed : 361 + packed
    }

    /// The list of the run of keys with `code`, or nil when no row has it.
    func keyList(_ code: UInt64) -> Int? {
        let i = BinarySearch.first(in: 0..<keyCodes.count) { keyCodes[$0] >= code }
        return i < keyCodes.count && keyCodes[i] == code ? i : nil
    }

    /// One of the index's lists of rows: of a run of keys (its place in ``keyCodes``), or of a pair
    /// or triple of initials (its key in ``initialRows``).
    enum List: Hashable {
        case keys(Int)
        case initials(Int)
    }

    func count(_ list: List) -> Int {
        switch list {
        case .keys(let k): keyRows.count(k)
        case .initials(let k): initialRows.count(k)
        }
    }

    func rows(_ list: List) -> SearchResult.Rows.Storage {
        switch list {
        case .keys(let k): keyRows.rows(k)
        case .initials(let k): initialRows.rows(k)
        }
    }

    /// The lists of the runs of three keys of `run` (two or more keys; of all of it when it has
    /// fewer) and of its runs of four jamo: every row whose key text holds `run` is in each. Nil
    /// when one of them has no rows.
    func lists(ofRun run: ArraySlice<UInt32>) -> [List]? {
        var lists: [List] = []
        for n in 3...4 {
            for i in run.startIndex...max(run.startIndex, run.endIndex - n) where n == 3 || i + 4 <= run.endIndex && run[i..<i + 4].allSatisfy(Self.isJamo) {
                guard let list = keyList(Self.code(run[i..<min(i + n, run.endIndex)])) else { return nil }
                lists.append(.keys(list))
            }
        }
        return lists
    }

    /// The rows in every one of `lists` (at least one), or a few more: the rarest list's rows,
    /// intersected with the next rarest ones while they are not much longer than the rows so far.
    /// Reading a list costs a few nanoseconds a row, a check of a candidate on its text a hundred
    /// or so: an intersection pays for itself as long as it drops some candidates.
    func candidates(_ lists: [List]) -> SearchResult.Rows.Storage {
        let sorted = lists.map { (list: $0, count: count($0)) }.sorted { $0.count < $1.count }
        var rows = self.rows(sorted[0].list)
        for next in sorted.dropFirst().prefix(2) where rows.count > 64 && next.count <= 16 * rows.count {
            rows = RowSet.intersection(rows, self.rows(next.list))
        }
        return rows
    }

    /// A key's or a unit's flag: it starts a word.
    static let wordStart: UInt32 = 1 << 31

    /// Calls `body` with the keys of `row`, read from its text in `main`: each key's scalar value
    /// (``HangulKeys/keyText(_:)``), with ``wordStart`` set on the first key of a character that
    /// starts a word when `wordStarts` asks for them. The buffer lives only during the call.
    func withKeys<R>(ofRow row: Int, in main: TextIndex, wordStarts: Bool, _ body: (UnsafeBufferPointer<UInt32>) -> R) -> R {
        Self.withScalars(ofRow: row, in: main, capacityPerByte: 2) { text, buffer in
            var n = 0
            text.forEach { s, startsWord in
                let first = n
                // Invariant: at most two keys a byte of UTF-8 (forEachKey), so n stays in the buffer.
                HangulKeys.forEachKey(of: s) { key in
                    buffer[n] = key
                    n += 1
                }
                if wordStarts && startsWord() { buffer[first] |= Self.wordStart }
            }
            return body(UnsafeBufferPointer(rebasing: buffer[..<n]))
        }
    }

    /// Calls `body` with the units of `row`'s initials text (``HangulKeys/initialsText(_:)``), read
    /// from its text in `main`: a syllable's scalar value or ``HangulKeys/runBreak``, with
    /// ``wordStart`` set where the character starts a word when `wordStarts` asks for them. The
    /// buffer lives only during the call.
    func withUnits<R>(ofRow row: Int, in main: TextIndex, wordStarts: Bool, _ body: (UnsafeBufferPointer<UInt32>) -> R) -> R {
        Self.withScalars(ofRow: row, in: main, capacityPerByte: 1) { text, buffer in
            var n = 0
            text.forEach { s, startsWord in
                let flag = wordStarts && startsWord() ? Self.wordStart : 0
                // Invariant: at most one unit a scalar, so n stays in the buffer.
                if HangulKeys.isSyllable(s) {
                    buffer[n] = s.value | flag
                    n += 1
                } else if n == 0 || buffer[n - 1] & ~Self.wordStart != HangulKeys.runBreak {
                    buffer[n] = HangulKeys.runBreak | flag
                    n += 1
                }
            }
            return body(UnsafeBufferPointer(rebasing: buffer[..<n]))
        }
    }

    /// The scalars of a row's text other than white space, each with a way to ask whether it
    /// starts a word.
    struct RowScalars {
        let text: UnsafeBufferPointer<UInt8>
        let start: Int
        let wordStarts: BitSet

        /// Calls `body` with each scalar that is not white space. The text is read no further than
        /// the row's end: in a damaged saved file (before its checksum is verified) bytes that are
        /// no scalar count as U+FFFD, and a sequence cut short ends the row.
        @inline(__always)
        func forEach(_ body: (Unicode.Scalar, () -> Bool) -> Void) {
            var offset = 0
            while let (scalar, width) = UTF8.scalar(in: text, at: offset) {
                defer { offset += width }
                let s = scalar ?? "\u{FFFD}"
                if s.isWhiteSpace { continue }
                let at = start + offset
                body(s) { wordStarts[at] }
            }
        }
    }

    /// Calls `body` with the scalars of `row`'s text in `main` and a buffer of `capacityPerByte`
    /// elements a byte of it (one more, so that it is never empty).
    private static func withScalars<R>(ofRow row: Int, in main: TextIndex, capacityPerByte: Int,
                                       _ body: (RowScalars, UnsafeMutableBufferPointer<UInt32>) -> R) -> R {
        let start = Int(main.starts[row]), end = Int(main.starts[row + 1])
        return main.text.withUnsafeBufferPointer { all in
            // The starts of a text index lie in its text, ascending (checked at build and load).
            let text = UnsafeBufferPointer(rebasing: all[start..<end])
            return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: capacityPerByte * text.count + 1) { buffer in
                body(RowScalars(text: text, start: start, wordStarts: main.wordStarts), buffer)
            }
        }
    }

    /// Collects the keys and initials of rows, then builds the lists.
    struct Builder {
        private var slots: [UInt64: Int] = [:]
        private var codes: [UInt64] = []
        private var keyRows = RowLists.Builder(keyCount: 0)
        private var initialRows = RowLists.Builder(keyCount: HangulIndex.initialKeyCount)
        private var keys: [UInt32] = []

        init() {}

        /// Adds `row` (rows in ascending order) from its folded scalars, when it holds Hangul.
        mutating func add(row: Int, scalars: [Unicode.Scalar]) {
            guard HangulKeys.containsHangul(scalars) else { return }
            let r = UInt32(row)
            keys.removeAll(keepingCapacity: true)
            for s in scalars where !s.isWhiteSpace { HangulKeys.appendKeys(of: s, to: &keys) }
            for i in keys.indices {
                for n in 1...4 where i + n <= keys.count && (n < 4 || keys[i..<i + 4].allSatisfy(HangulIndex.isJamo)) {
                    let code = HangulIndex.code(keys[i..<i + n])
                    let slot: Int
                    if let known = slots[code] {
                        slot = known
                    } else {
                        slot = keyRows.addKey()
                        slots[code] = slot
                        codes.append(code)
                    }
                    keyRows.append(r, to: slot)
                }
            }
            // Initials of syllables in a row: white space skipped, anything else breaks the run.
            var run: [Int] = []
            for s in scalars where !s.isWhiteSpace {
                guard HangulKeys.isSyllable(s) else { run.removeAll(); continue }
                run.append(HangulKeys.initialIndex(ofSyllable: s.value))
                if run.count >= 2 { initialRows.append(r, to: HangulIndex.initialKey(run.suffix(2))) }
                if run.count >= 3 { initialRows.append(r, to: HangulIndex.initialKey(run.suffix(3))) }
            }
        }

        consuming func build(rowCount: Int) -> HangulIndex {
            let order = codes.indices.sorted { codes[$0] < codes[$1] }
            return HangulIndex(keyCodes: order.map { codes[$0] },
                               keyRows: PostingLists(keyRows.build(order: order), rowCount: rowCount),
                               initialRows: PostingLists(initialRows.build(), rowCount: rowCount))
        }
    }
}
