extension DialpadIndex {
    /// Appends the index to an archive under `tag`: for each part, `latin`, `han` and `romaji` in
    /// turn, its key index (see ``KeyTextIndex/append(to:tag:)``), then its overflow rows.
    /// ``init(from:tag:rowCount:)`` reads them back.
    func append(to writer: inout ArchiveWriter, tag: String) {
        for part in [latin, han, romaji] {
            part.keys.append(to: &writer, tag: tag)
            writer.append(part.overflow, tag: tag)
        }
    }

    /// A dial-pad index read back from the records ``append(to:tag:)`` wrote, for a listing of
    /// `rowCount` rows, instead of made again from every row's text and reading: each part's key
    /// index checked as ``KeyTextIndex/init(from:tag:rowCount:wordStartsOnly:)`` says (of word
    /// starts only), its overflow rows ascending and inside the listing.
    ///
    /// - Throws: ``SavedIndexError/Reason/corrupted(_:)`` naming `tag` when a check fails.
    init(from reader: inout ArchiveReader, tag: String, rowCount: Int) throws {
        var parts: [Part] = []
        for _ in 0..<3 {
            let keys = try KeyTextIndex(from: &reader, tag: tag, rowCount: rowCount, wordStartsOnly: true)
            let overflow = try reader.array(UInt32.self, tag: tag)
            guard zip(overflow, overflow.dropFirst()).allSatisfy({ $0 < $1 }), overflow.last.map({ Int($0) < rowCount }) ?? true else {
                throw reader.corrupted("the dial-pad index '\(tag)' lists overflow rows out of order or outside the listing")
            }
            parts.append(Part(keys: keys, overflow: overflow))
        }
        self.init(latin: parts[0], han: parts[1], romaji: parts[2])
    }
}
