/// Chinese phonetic search: the Han characters ("units") of every row, with three inverted indexes
/// that narrow a query to candidate rows, each candidate then checked exactly (see
/// <doc:PhoneticSearch>).
///
/// - `unitRows`: per distinct Han character of the listing, the rows that hold it. A query that is a
///   single piece (a prefix of one reading, or one Han character) is answered from it exactly.
/// - `pairRows`: per two readings (r, s), the rows where a unit read r is followed, in the same run,
///   by one read s. A query cut into exactly two pieces of letters, q[0..<m] and q[m...], matches
///   exactly the rows of the pairs (r, s) where r starts with q[0..<m] and s with q[m...].
/// - `tripleRows`: per three initial letters (a, b, c), the rows with three such units in a row of a
///   run. A query cut into three pieces or more has as candidates the rows of (q[0], q[m1], q[m2])
///   for its first three pieces q[0..<m1], q[m1..<m2] and q[m2...] (the third may go on).
///
/// A row's units are not kept: a check reads them from the row's text in the main index (the
/// default fold the index was built from), as ``units(ofRow:in:into:)``.
struct PinyinIndex: Sendable {
    /// The distinct Han characters of the listing, ascending by scalar value; a unit is an index
    /// into it.
    let alphabet: [Unicode.Scalar]
    /// Per alphabet entry, its ASCII readings (R(c) without the `ü` spelling, which a folded query
    /// never holds), inside and at the start of a run.
    let readings: [[[UInt8]]]
    let runStartReadings: [[[UInt8]]]
    /// Rows per alphabet entry.
    let unitRows: RowLists
    /// The distinct readings of the alphabet, sorted (what a pair's reading is an index into).
    let syllables: [[UInt8]]
    /// Rows per two readings, `r * syllables.count + s`.
    let pairRows: RowLists
    /// Rows per three initials `(a * 26 + b) * 26 + c`.
    let tripleRows: RowLists
    /// Every prefix of every reading: what a piece of letters may be.
    let piecePrefixes: Set<[UInt8]>
    /// How many rows the listing has (the universe of row sets).
    let rowCount: Int

    /// A unit is `alphabet index << 3 | flags`, with these flags.
    static let runStart: UInt32 = 1, wordStart: UInt32 = 2, itemStart: UInt32 = 4
    /// Keys of the triple lists.
    static let tripleCount = 26 * 26 * 26

    var byteCount: Int {
        unitRows.byteCount + pairRows.byteCount + tripleRows.byteCount + 4 * alphabet.count
            + (readings + runStartReadings).reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } }
    }

    /// The alphabet index of `s`, or nil when no row holds it.
    func unit(of s: Unicode.Scalar) -> Int? {
        let i = BinarySearch.first(in: 0..<alphabet.count) { alphabet[$0].value >= s.value }
        return i < alphabet.count && alphabet[i] == s ? i : nil
    }

    /// Replaces `units` with the units of `row`, read from its text in `main` (the default fold the
    /// index was built from): each Han character's alphabet index and flags, as the builder made
    /// them (``Builder/add(row:scalars:startsWord:)``). Empty when the row has no Han character or
    /// the index has none (a listing built without the keys); also when a character is missing
    /// from the alphabet, which only a text from another build can make.
    ///
    /// The text is read no further than the row's end: in a damaged saved file (before its checksum
    /// is verified) bytes that are no scalar count as U+FFFD, and a sequence cut short ends the row.
    func units(ofRow row: Int, in main: TextIndex, into units: inout [UInt32]) {
        units.removeAll(keepingCapacity: true)
        guard !alphabet.isEmpty else { return }
        let start = Int(main.starts[row]), text = main.text[start..<Int(main.starts[row + 1])]
        var flags = UnitFlags(), offset = 0
        while let (scalar, width) = UTF8.scalar(in: text, at: offset) {
            defer { offset += width }
            let s = scalar ?? "\u{FFFD}"
            guard let unitFlags = flags.next(s, startsWord: main.wordStarts[start + offset]) else { continue }
            guard let id = unit(of: s) else { units.removeAll(keepingCapacity: true); return }
            units.append(UInt32(id) << 3 | unitFlags)
        }
    }

    /// The flags of a row's units, told scalar by scalar: the one statement of what starts a run, a
    /// word and the item, for the build (``Builder/add(row:scalars:startsWord:)``) and for the
    /// checks (``units(ofRow:in:into:)``) alike.
    struct UnitFlags {
        private var inRun = false, seenText = false

        /// The flags of `s` when it is a unit (a Han character), nil otherwise; white space neither
        /// ends a run nor counts as text.
        mutating func next(_ s: Unicode.Scalar, startsWord: Bool) -> UInt32? {
            if s.isWhiteSpace { return nil }
            defer { seenText = true }
            guard Pinyin.isHan(s) else {
                inRun = false
                return nil
            }
            var flags: UInt32 = 0
            if !inRun { flags |= PinyinIndex.runStart }
            if startsWord { flags |= PinyinIndex.wordStart }
            if !seenText { flags |= PinyinIndex.itemStart }
            inRun = true
            return flags
        }
    }

    /// The distinct readings of an alphabet, sorted (``syllables``), and every prefix of each
    /// (``piecePrefixes``): what follows from the readings alone, for a build and a load alike.
    static func distinctReadings(readings: [[[UInt8]]], runStartReadings: [[[UInt8]]]) -> (sorted: [[UInt8]], prefixes: Set<[UInt8]>) {
        var prefixes = Set<[UInt8]>()
        let syllables = Set(readings.joined()).union(runStartReadings.joined()).sorted { $0.lexicographicallyPrecedes($1) }
        for r in syllables {
            for k in 1...r.count { prefixes.insert(Array(r[..<k])) }
        }
        return (syllables, prefixes)
    }

    /// Collects the units of rows, then builds the index.
    struct Builder {
        private var alphabetIndex: [UInt32: UInt32] = [:]
        private var alphabet: [Unicode.Scalar] = []
        private var rows: [UInt32] = []
        private var unitStarts: [UInt32] = [0]
        private var units: [UInt32] = []

        init() {}

        /// Adds the units of `row` (rows in ascending order), from its folded scalars.
        mutating func add(row: Int, scalars: [Unicode.Scalar], startsWord: [Bool]) {
            guard scalars.contains(where: Pinyin.isHan) else { return }
            var unitFlags = UnitFlags()
            for (i, s) in scalars.enumerated() {
                guard let flags = unitFlags.next(s, startsWord: startsWord[i]) else { continue }
                var id = alphabetIndex[s.value]
                if id == nil {
                    id = UInt32(alphabet.count)
                    alphabetIndex[s.value] = id
                    alphabet.append(s)
                }
                units.append(id! << 3 | flags)
            }
            rows.append(UInt32(row))
            unitStarts.append(UInt32(units.count))
        }

        mutating func build(rowCount: Int) throws -> PinyinIndex {
            func ascii(_ readings: [String]) -> [[UInt8]] {
                readings.map { Array($0.utf8) }.filter { $0.allSatisfy { $0 < 0x80 } }
            }
            // The alphabet in scalar order (what ``PinyinIndex/unit(of:)`` searches), and the units
            // renumbered to it.
            let order = alphabet.indices.sorted { alphabet[$0].value < alphabet[$1].value }
            var renumbered = [UInt32](repeating: 0, count: alphabet.count)
            for (new, old) in order.enumerated() { renumbered[old] = UInt32(new) }
            let ordered = order.map { alphabet[$0] }
            // Renumbered in place: the builder gives its units up (no second copy beside the lists).
            var units: [UInt32] = []
            swap(&units, &self.units)
            for u in units.indices { units[u] = renumbered[Int(units[u] >> 3)] << 3 | units[u] & 7 }
            // The table is read (once per process) only for a Han character: an empty segment, as a
            // live listing's tail is at start, does not wait for it.
            let readings = ordered.map { ascii(HanReadings.shared.readings(of: $0, startsRun: false)) }
            let runStartReadings = ordered.map { ascii(HanReadings.shared.readings(of: $0, startsRun: true)) }
            let (syllables, prefixes) = PinyinIndex.distinctReadings(readings: readings, runStartReadings: runStartReadings)
            let syllableIndex = Dictionary(uniqueKeysWithValues: syllables.enumerated().map { ($1, $0) })
            // Per alphabet entry, inside a run and at its start: its readings as indexes into
            // `syllables`, and their initial letters as bits (a for bit 0).
            func ids(_ readings: [[[UInt8]]]) -> [[Int]] { readings.map { $0.map { syllableIndex[$0]! } } }
            func initialBits(_ readings: [[[UInt8]]]) -> [UInt32] {
                readings.map { entry in
                    entry.reduce(0) { bits, reading in
                        guard let first = reading.first, (97..<123).contains(first) else { return bits }
                        return bits | 1 << UInt32(first - 97)
                    }
                }
            }
            let readingIDs = ids(readings), runStartReadingIDs = ids(runStartReadings)
            let readingInitials = initialBits(readings), runStartInitials = initialBits(runStartReadings)
            func unitReadings(_ unit: UInt32) -> [Int] {
                unit & PinyinIndex.runStart != 0 ? runStartReadingIDs[Int(unit >> 3)] : readingIDs[Int(unit >> 3)]
            }
            func initials(_ unit: UInt32) -> UInt32 {
                unit & PinyinIndex.runStart != 0 ? runStartInitials[Int(unit >> 3)] : readingInitials[Int(unit >> 3)]
            }
            /// The letters (0–25) of a set of initials' bits.
            func letters(_ bits: UInt32) -> [Int] { (0..<26).filter { bits & 1 << UInt32($0) != 0 } }
            // A row that has a key twice is listed once: a list ignores its last row again.
            var unitRows = RowLists.Builder(keyCount: alphabet.count)
            var pairRows = RowLists.Builder(keyCount: syllables.count * syllables.count)
            var tripleRows = RowLists.Builder(keyCount: PinyinIndex.tripleCount)
            for (r, row) in rows.enumerated() {
                let range = Int(unitStarts[r])..<Int(unitStarts[r + 1])
                for u in range {
                    unitRows.append(row, to: Int(units[u] >> 3))
                    guard u + 1 < range.upperBound, units[u + 1] & PinyinIndex.runStart == 0 else { continue }
                    let nextReadings = unitReadings(units[u + 1])
                    for reading in unitReadings(units[u]) {
                        for s in nextReadings { pairRows.append(row, to: reading * syllables.count + s) }
                    }
                    guard u + 2 < range.upperBound, units[u + 2] & PinyinIndex.runStart == 0 else { continue }
                    let second = letters(initials(units[u + 1])), third = letters(initials(units[u + 2]))
                    for a in letters(initials(units[u])) {
                        for b in second {
                            for c in third { tripleRows.append(row, to: (a * 26 + b) * 26 + c) }
                        }
                    }
                }
            }
            return PinyinIndex(alphabet: ordered, readings: readings, runStartReadings: runStartReadings,
                               unitRows: unitRows.build(), syllables: syllables, pairRows: pairRows.build(),
                               tripleRows: tripleRows.build(), piecePrefixes: prefixes,
                               rowCount: rowCount)
        }
    }
}

/// Scalars that pinyin search treats specially.
enum Pinyin {
    /// A Han character (Unicode's Script=Han): the CJK unified and compatibility ideographs, the
    /// radicals, 々, 〇 and the Hangzhou numerals. Only the ideographs have readings.
    static func isHan(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2E80...0x2FDF, 0x3005, 0x3007, 0x3021...0x3029, 0x3038...0x303B,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x323AF: true
        default: false
        }
    }

    /// A letter a query piece may hold (the default fold leaves lowercase ASCII).
    static func isQueryLetter(_ s: Unicode.Scalar) -> Bool { (0x61...0x7A).contains(s.value) }
}
