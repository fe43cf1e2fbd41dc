/// Merging dial-pad indexes: a live listing's merge carries its levels' dial-pad keys over to the
/// new base instead of reading every row of it again (see `SearchIndex.takeDialpadIndex(of:mergedFrom:scratch:)`).
extension DialpadIndex {
    /// The dial-pad index of the rows `parts` keep, for a listing of `rowCount` rows: what
    /// ``init(of:chunkSize:)`` makes from the same rows, since a row's keys are
    /// its own text's and reading's alone. Each part is a source's index and the new row of each of
    /// its rows (``TextIndex/droppedEntry``: left out); the rows kept keep their order.
    ///
    /// Nil when a part's key index cannot be merged (see ``KeyTextIndex/init(merging:rowCount:scratch:)``).
    /// - Throws: `LimitError`, as a build.
    /// - Complexity: O(k) for k keys' entries and overflow rows, plus the key texts' merge: no row
    ///   is folded, broken into words, spelt or sorted again.
    init?(merging parts: [(index: DialpadIndex, newRows: [UInt32])], rowCount: Int, scratch: ScratchFolder? = nil) throws {
        func merged(_ part: KeyPath<DialpadIndex, Part>) throws -> Part? {
            let keys = parts.map { KeyTextIndex.MergePart(index: $0.index[keyPath: part].keys, newRows: $0.newRows) }
            guard let merged = try KeyTextIndex(merging: keys, rowCount: rowCount, scratch: scratch) else { return nil }
            let overflow = parts.flatMap { source in
                source.index[keyPath: part].overflow.map { source.newRows[Int($0)] }.filter { $0 != TextIndex.droppedEntry }
            }
            return Part(keys: merged, overflow: overflow.sorted())
        }
        guard let latin = try merged(\.latin), let han = try merged(\.han), let romaji = try merged(\.romaji) else { return nil }
        self.init(latin: latin, han: han, romaji: romaji)
    }
}
