extension HangulIndex {
    /// Appends the index to an archive under `tag`: the codes of the runs of keys, ascending, their
    /// lists of rows, then the lists of rows per pair and triple of initials (each as
    /// ``PostingLists/append(to:tag:)`` writes them). ``init(from:tag:rowCount:)`` reads them back.
    func append(to writer: inout ArchiveWriter, tag: String) {
        writer.append(keyCodes, tag: tag)
        keyRows.append(to: &writer, tag: tag)
        initialRows.append(to: &writer, tag: tag)
    }

    /// An index read back from the records ``append(to:tag:)`` wrote, for a listing of `rowCount`
    /// rows: the codes ascend and are each one that ``code(_:)`` makes, and each list is checked
    /// as ``PostingLists/init(from:tag:keyCount:rowCount:what:)`` says.
    ///
    /// - Throws: ``SavedIndexError/Reason/corrupted(_:)`` naming `tag` when a check fails.
    /// - Complexity: O(bytes of the records).
    init(from reader: inout ArchiveReader, tag: String, rowCount: Int) throws {
        let codes = try reader.array(UInt64.self, tag: tag)
        guard zip(codes, codes.dropFirst()).allSatisfy({ $0 < $1 }), codes.allSatisfy(Self.isCode) else {
            throw reader.corrupted("the Hangul index '\(tag)' has runs of keys out of order or out of range")
        }
        let keyRows = try PostingLists(from: &reader, tag: tag, keyCount: codes.count, rowCount: rowCount,
                                       what: "the Hangul index '\(tag)''s runs of keys")
        let initialRows = try PostingLists(from: &reader, tag: tag, keyCount: Self.initialKeyCount, rowCount: rowCount,
                                           what: "the Hangul index '\(tag)''s runs of initials")
        self.init(keyCodes: codes, keyRows: keyRows, initialRows: initialRows)
    }
}
