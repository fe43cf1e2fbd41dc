extension HangulInitialsIndex {
    /// Appends the index to an archive under `tag`: the initials' ``KeyTextIndex`` (see
    /// ``KeyTextIndex/append(to:tag:)``), then the syllables aligned with their text.
    func append(to writer: inout ArchiveWriter, tag: String) {
        initials.append(to: &writer, tag: tag)
        writer.append(syllables, tag: tag)
    }

    /// An index read back from the records ``append(to:tag:)`` wrote, for a listing of `rowCount`
    /// rows: the initials checked as ``KeyTextIndex/init(from:tag:rowCount:)`` says, and the syllables
    /// exactly as long as the initials' text (a query compares them byte for byte).
    ///
    /// - Throws: ``SavedIndexError/Reason/corrupted(_:)`` naming `tag` when a check fails.
    init(from reader: inout ArchiveReader, tag: String, rowCount: Int) throws {
        let initials = try KeyTextIndex(from: &reader, tag: tag, rowCount: rowCount)
        let syllables = try reader.array(UInt8.self, tag: tag)
        guard syllables.count == initials.index.text.count else {
            throw reader.corrupted("the initials '\(tag)' have \(initials.index.text.count) bytes and \(syllables.count) bytes of syllables")
        }
        self.init(initials: initials, syllables: syllables)
    }
}
