extension PinyinIndex {
    /// Appends the index to an archive under `tag`: the alphabet (scalar values), its readings
    /// inside and at the start of a run (each a column of every reading, then where each entry's
    /// readings start), then the three lists of rows per key (starts, then bytes; neither when
    /// there are no rows, as the 26³ triples of a listing without Han would be). The syllables and
    /// piece prefixes follow from the readings and are not saved; the rows' units are read from the
    /// main index. ``init(from:tag:rowCount:)`` reads them back.
    func append(to writer: inout ArchiveWriter, tag: String) {
        writer.append(alphabet.map(\.value), tag: tag)
        for perEntry in [readings, runStartReadings] {
            let all = perEntry.joined().map { String(decoding: $0, as: UTF8.self) }
            writer.append(all, tag: tag)
            writer.append(perEntry.reduce(into: [UInt32(0)]) { $0.append($0.last! + UInt32($1.count)) }, tag: tag)
        }
        for lists in [unitRows, pairRows, tripleRows] {
            writer.append(lists.starts, tag: tag)
            writer.append(lists.bytes, tag: tag)
        }
    }

    /// An index read back from the records ``append(to:tag:)`` wrote, for a listing of `rowCount`
    /// rows, checked so that no query can read outside it: the alphabet holds scalars in ascending
    /// order, every entry has its readings (none empty), and each list of rows per key has a start
    /// per key (its alphabet entry, pair of syllables or triple of initials) and reads to its end
    /// with ascending rows inside the listing. The readings are those of the build, not of this
    /// process's table: a pair's syllables index into them.
    ///
    /// - Throws: ``SavedIndexError/Reason/corrupted(_:)`` naming `tag` when a check fails.
    /// - Complexity: O(bytes of the records), plus the syllables' prefixes.
    init(from reader: inout ArchiveReader, tag: String, rowCount: Int) throws {
        func fail(_ what: String) -> SavedIndexError { reader.corrupted("the pinyin index '\(tag)' \(what)") }
        let values = try reader.array(UInt32.self, tag: tag)
        let alphabet = values.compactMap(Unicode.Scalar.init)
        guard alphabet.count == values.count else { throw fail("has an alphabet entry that is no scalar") }
        guard zip(values, values.dropFirst()).allSatisfy({ $0 < $1 }) else { throw fail("has an alphabet out of order") }
        var readingLists: [[[[UInt8]]]] = []
        for _ in 0..<2 {
            let all = try reader.column(tag: tag)
            let starts = try reader.array(UInt32.self, tag: tag)
            guard starts.areStarts(of: alphabet.count, covering: all.count) else { throw fail("has readings for other entries") }
            let readings = all.indices.map { Array(all.utf8($0)) }
            guard !readings.contains(where: \.isEmpty) else { throw fail("has an empty reading") }
            readingLists.append((0..<alphabet.count).map { Array(readings[Int(starts[$0])..<Int(starts[$0 + 1])]) })
        }
        let (syllables, prefixes) = Self.distinctReadings(readings: readingLists[0], runStartReadings: readingLists[1])

        var lists: [RowLists] = []
        for (keys, what) in [(alphabet.count, "characters"), (syllables.count * syllables.count, "pairs"), (Self.tripleCount, "triples")] {
            let starts = try reader.array(UInt32.self, tag: tag)
            let bytes = try reader.array(UInt8.self, tag: tag)
            guard let read = RowLists(starts: starts, bytes: bytes, keyCount: keys, rowCount: rowCount) else {
                throw fail("has other rows of \(what) than \(keys) lists of rows of the listing")
            }
            lists.append(read)
        }
        self.init(alphabet: alphabet, readings: readingLists[0], runStartReadings: readingLists[1],
                  unitRows: lists[0], syllables: syllables, pairRows: lists[1], tripleRows: lists[2],
                  piecePrefixes: prefixes, rowCount: rowCount)
    }
}
