/// Merging key indexes: the index of the rows kept from several, in a new order, whose entries'
/// texts are copied and whose suffixes are merged (see ``TextIndex/init(merging:entryCount:code:scratch:)``),
/// nothing made again from the rows (a live listing's merge of its levels, for the dial-pad keys).
extension KeyTextIndex {
    /// One index given to ``init(merging:rowCount:scratch:)``, with the new row of each of its rows.
    struct MergePart {
        let index: KeyTextIndex
        /// `newRows[r]`: the merged listing's row for row `r`, or ``TextIndex/droppedEntry`` when the
        /// merge leaves it out. The rows kept keep their order (the new rows ascend).
        let newRows: [UInt32]
    }

    /// The index of the rows `parts` keep, for a listing of `rowCount` rows: the entries of each
    /// kept row, in their order, as ``Builder`` adding them row by row in the new order would index
    /// them (equal suffixes may come in another order, which no answer depends on).
    ///
    /// With `scratch`, the key texts' index's text, starts and suffixes are its files' mapped pages
    /// (as a merged base's own index: see `LiveListing.merged(scratch:progress:)`).
    ///
    /// Only for indexes of word starts only, which have no dense keys (the dial-pad keys); nil
    /// when a part has dense keys or its text index cannot be merged (see
    /// ``TextIndex/init(merging:entryCount:code:scratch:)``): the caller then builds it afresh.
    /// - Precondition: each row of `0..<rowCount` is the new row of at most one part's row.
    /// - Throws: `LimitError` when the merged key texts are too long (as ``Builder/build(rowCount:wordStartsOnly:)``).
    /// - Complexity: O(e) for e entries, plus the text index's merge.
    init?(merging parts: [MergePart], rowCount: Int, scratch: ScratchFolder? = nil) throws {
        guard parts.allSatisfy({ $0.index.denseKeys.isEmpty && ($0.index.isEmpty || $0.index.index.wordStartsOnly) }) else {
            return nil
        }
        // How many entries each new row has, then the first new entry of each (a prefix sum).
        var firstEntry = [UInt32](repeating: 0, count: rowCount + 1)
        for part in parts {
            for e in 0..<part.index.index.entryCount {
                let new = part.newRows[Int(part.index.row(ofEntry: e))]
                if new != TextIndex.droppedEntry { firstEntry[Int(new) + 1] += 1 }
            }
        }
        for r in 0..<rowCount { firstEntry[r + 1] += firstEntry[r] }
        let entryCount = Int(firstEntry[rowCount])
        // Each kept entry's new entry: its row's first, plus how many of the row's entries came before it.
        var entryRows = [UInt32](repeating: 0, count: entryCount)
        var merging: [TextIndex.MergePart] = []
        for part in parts where !part.index.isEmpty {
            var newEntries = [UInt32](repeating: TextIndex.droppedEntry, count: part.index.index.entryCount)
            var lastRow = -1, nth: UInt32 = 0
            for e in newEntries.indices {
                let row = Int(part.index.row(ofEntry: e))
                nth = row == lastRow ? nth + 1 : 0
                lastRow = row
                let new = part.newRows[row]
                guard new != TextIndex.droppedEntry else { continue }
                newEntries[e] = firstEntry[Int(new)] + nth
                entryRows[Int(newEntries[e])] = new
            }
            merging.append(TextIndex.MergePart(index: part.index.index, newEntries: newEntries))
        }
        let index: TextIndex
        if merging.isEmpty {
            // No part has an entry: the empty index a build of no entries makes.
            index = TextIndex(text: [], starts: [0], wordStarts: BitSet(count: 0), wordStartsOnly: true)
        } else {
            guard let merged = TextIndex(merging: merging, entryCount: entryCount, scratch: scratch) else { return nil }
            index = merged.kept(in: scratch)
        }
        try Limits.check(foldedBytes: index.text.count)
        let identity = entryCount == rowCount && zip(entryRows, 0...).allSatisfy { Int($0) == $1 }
        self.init(entryRows: identity ? [] : entryRows, index: index, entriesAreRows: identity, denseKeys: [:])
    }
}
