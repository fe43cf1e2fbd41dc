extension PinyinIndex {
    /// Appends the index to an archive under `tag`: the alphabet (scalar values), its readings
    /// inside and at the start of a run (each a column of every reading, then where each entry's
    /// readings start), the rows and their units, then the three lists of rows per key (starts,
    /// then rows; no starts when there are no rows, as the 26³ triples of a listing without Han
    /// would be). The syllables and piece prefixes follow from the readings and are not saved.
    /// ``init(from:tag:rowCount:)`` reads them back.
    func append(to writer: inout ArchiveWriter, tag: String) {
        writer.append(alphabet.map(\.value), tag: tag)
        for perEntry in [readings, runStartReadings] {
            let all = perEntry.joined().map { String(decoding: $0, as: UTF8.self) }
            writer.append(all, tag: tag)
            writer.append(perEntry.reduce(into: [UInt32(0)]) { $0.append($0.last! + UInt32($1.count)) }, tag: tag)
        }
        for list in [rows, unitStarts, units] { writer.append(list, tag: tag) }
        for (starts, list) in [(unitRowStarts, unitRowList), (pairRowStarts, pairRowList), (tripleRowStarts, tripleRowList)] {
            writer.append(list.isEmpty ? [] : starts, tag: tag)
            writer.append(list, tag: tag)
        }
    }

    /// An index read back from the records ``append(to:tag:)`` wrote, for a listing of `rowCount`
    /// rows, checked so that no query can read outside it: the alphabet holds scalars, every entry
    /// has its readings (none empty), the rows ascend inside the listing with their units' ranges,
    /// every unit names an entry of the alphabet, and each list of rows per key has a start per key
    /// (its alphabet entry, pair of syllables or triple of initials) and rows inside the listing.
    /// The readings are those of the build, not of this process's table: a pair's syllables index
    /// into them.
    ///
    /// - Throws: ``SavedIndexError/Reason/corrupted(_:)`` naming `tag` when a check fails.
    /// - Complexity: O(bytes of the records), plus the syllables' prefixes.
    init(from reader: inout ArchiveReader, tag: String, rowCount: Int) throws {
        func fail(_ what: String) -> SavedIndexError { reader.corrupted("the pinyin index '\(tag)' \(what)") }
        let values = try reader.array(UInt32.self, tag: tag)
        let alphabet = values.compactMap(Unicode.Scalar.init)
        guard alphabet.count == values.count else { throw fail("has an alphabet entry that is no scalar") }
        var readingLists: [[[[UInt8]]]] = []
        for _ in 0..<2 {
            let all = try reader.column(tag: tag)
            let starts = try reader.array(UInt32.self, tag: tag)
            guard Self.areStarts(starts, count: alphabet.count, end: all.count) else { throw fail("has readings for other entries") }
            let readings = all.indices.map { Array(all.utf8($0)) }
            guard !readings.contains(where: \.isEmpty) else { throw fail("has an empty reading") }
            readingLists.append((0..<alphabet.count).map { Array(readings[Int(starts[$0])..<Int(starts[$0 + 1])]) })
        }
        let (syllables, prefixes) = Self.distinctReadings(readings: readingLists[0], runStartReadings: readingLists[1])

        let rows = try reader.array(UInt32.self, tag: tag)
        let unitStarts = try reader.array(UInt32.self, tag: tag)
        let units = try reader.array(UInt32.self, tag: tag)
        guard zip(rows, rows.dropFirst()).allSatisfy({ $0 < $1 }), rows.last.map({ Int($0) < rowCount }) ?? true,
              Self.areStarts(unitStarts, count: rows.count, end: units.count) else {
            throw fail("has rows out of order or outside the listing, or other units")
        }
        guard units.max().map({ Int($0 >> 3) < alphabet.count }) ?? true else { throw fail("has a unit outside its alphabet") }
        var lists: [(starts: [UInt32], rows: [UInt32])] = []
        for (keys, what) in [(alphabet.count, "characters"), (syllables.count * syllables.count, "pairs"), (26 * 26 * 26, "triples")] {
            let saved = try reader.array(UInt32.self, tag: tag)
            let list = try reader.array(UInt32.self, tag: tag)
            let starts = saved.isEmpty && list.isEmpty ? [UInt32](repeating: 0, count: keys + 1) : saved
            guard Self.areStarts(starts, count: keys, end: list.count), list.max().map({ Int($0) < rowCount }) ?? true else {
                throw fail("has other rows of \(what) than \(keys) lists of rows of the listing")
            }
            lists.append((starts, list))
        }
        self.init(alphabet: alphabet, readings: readingLists[0], runStartReadings: readingLists[1],
                  rows: rows, unitStarts: unitStarts, units: units,
                  unitRowStarts: lists[0].starts, unitRowList: lists[0].rows, syllables: syllables,
                  pairRowStarts: lists[1].starts, pairRowList: lists[1].rows,
                  tripleRowStarts: lists[2].starts, tripleRowList: lists[2].rows, piecePrefixes: prefixes,
                  rowCount: rowCount)
    }

    /// Whether `starts` are the starts of `count` ranges that cover `0..<end` in order: `count + 1`
    /// of them, ascending from 0 to `end`.
    private static func areStarts(_ starts: [UInt32], count: Int, end: Int) -> Bool {
        starts.count == count + 1 && starts.first == 0 && starts.last.map { Int($0) == end } ?? false
            && zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 }
    }
}
