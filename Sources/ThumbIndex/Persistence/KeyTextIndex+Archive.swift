extension KeyTextIndex {
    /// Appends the index to an archive under `tag`: whether entry e is row e (one byte, 1 or 0), the
    /// entries' rows (empty when it is), the key texts' ``TextIndex`` (see ``TextIndex/append(to:tag:)``), then the dense keys: their
    /// packed characters, ascending, and their bitmaps' words back to back.
    /// ``init(from:tag:rowCount:wordStartsOnly:)`` reads them back.
    func append(to writer: inout ArchiveWriter, tag: String) {
        writer.append([UInt8(entriesAreRows ? 1 : 0)], tag: tag)
        writer.append(entryRows, tag: tag)
        index.append(to: &writer, tag: tag)
        let keys = denseKeys.keys.sorted()
        writer.append(keys, tag: tag)
        writer.append(keys.flatMap { denseKeys[$0]!.words }, tag: tag)
    }

    /// A key index read back from the records ``append(to:tag:)`` wrote, for a listing of `rowCount`
    /// rows: every entry's row lies in the listing and the rows do not descend, the text index is
    /// checked as ``TextIndex/init(from:tag:entryCount:wordStartsOnly:)`` says, and every dense key
    /// has one bit per row. With `wordStartsOnly`, the key texts' index is one of word starts only,
    /// which has no dense keys (the dial-pad keys).
    ///
    /// - Throws: ``SavedIndexError/Reason/corrupted(_:)`` naming `tag` when a check fails.
    /// - Complexity: O(bytes of the records).
    init(from reader: inout ArchiveReader, tag: String, rowCount: Int, wordStartsOnly: Bool = false) throws {
        let flag = try reader.array(UInt8.self, tag: tag)
        guard flag == [0] || flag == [1] else { throw reader.corrupted("the key index '\(tag)' has flag \(flag)") }
        let entriesAreRows = flag == [1]
        let entryRows = try reader.array(UInt32.self, tag: tag)
        guard zip(entryRows, entryRows.dropFirst()).allSatisfy({ $0 <= $1 }), entryRows.last.map({ Int($0) < rowCount }) ?? true else {
            throw reader.corrupted("the key index '\(tag)' lists rows out of order or outside the listing")
        }
        guard !entriesAreRows || entryRows.isEmpty else {
            throw reader.corrupted("the key index '\(tag)' lists rows though its entries are its rows")
        }
        let index = try TextIndex(from: &reader, tag: tag, entryCount: entriesAreRows ? rowCount : entryRows.count,
                                  wordStartsOnly: wordStartsOnly)
        let keys = try reader.array(UInt32.self, tag: tag)
        let words = try reader.array(UInt64.self, tag: tag)
        let wordsPerKey = (rowCount + 63) / 64
        guard zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }), words.count == keys.count * wordsPerKey,
              !wordStartsOnly || keys.isEmpty else {
            throw reader.corrupted("the dense keys of '\(tag)' are out of order or have \(words.count) words of bits")
        }
        var denseKeys: [UInt32: RowBitmap] = [:]
        denseKeys.reserveCapacity(keys.count)
        for (k, key) in keys.enumerated() {
            denseKeys[key] = RowBitmap(words: Array(words[k * wordsPerKey..<(k + 1) * wordsPerKey]))
        }
        self.init(entryRows: entryRows, index: index, entriesAreRows: entriesAreRows, denseKeys: denseKeys)
    }
}
