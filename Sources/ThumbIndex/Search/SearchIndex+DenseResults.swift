import Foundation

extension SearchIndex {
    /// The fewest rows for which dense one-byte queries are made ahead: below it, making one when
    /// asked costs microseconds.
    static let preparedDenseRows = 4096

    /// On the first one-byte query in `fold` and `mode`, starts making the bitmaps of every dense
    /// one-byte query in them (the printable ASCII bytes with the most suffixes, up to the room
    /// ``DenseResults`` has), on a thread of its own.
    ///
    /// Why: a query's one-letter word (`bac g`) is intersected with its bitmap when that is kept,
    /// and otherwise checked on every row's text: thousands of cache misses. And the first session
    /// to type a letter no longer makes its bitmap while the user waits (0.45 ms at 1.4M rows, up to
    /// 14 ms at 10M). The answers are the same whether a bitmap is kept or made.
    ///
    /// The thread runs at the caller's priority: on Linux a new thread inherits its creator's `nice`
    /// value, so a server's reads (nice +10) do not start work above themselves.
    func prepareDenseResults(fold: Fold, mode: MatchMode) {
        guard count >= Self.preparedDenseRows, storage.denseResults.startPreparing(fold: fold, mode: mode) else { return }
        let index = self
        Thread.detachNewThread {
            let dense = (UInt8(0x21)...0x7E).map { byte in (byte: byte, hits: index.keyHitCount([byte], fold: fold)) }
                .filter { $0.hits > 1024 && $0.hits >= index.count / 256 }
                .sorted { $0.hits > $1.hits }
            for (byte, _) in dense.prefix(max(0, index.storage.denseResults.room)) {
                _ = index.keyRows([byte], fold: fold, mode: mode)
            }
        }
    }

    /// Carries the dense one-byte results that `replaced` (the index this one replaces) keeps over
    /// to this index, merged from `sources` (`replaced` among them), and counts the folds and modes
    /// it made ahead as made here too.
    ///
    /// Why: a merge builds a new base, whose results would otherwise be made by the first
    /// keystrokes after the swap, while a thread of their own made the rest beside them: at 10M
    /// rows, keystrokes of 20–95 ms in the second after each swap, against 10 ms at most
    /// otherwise. A merge calls this on its own thread, before the swap.
    ///
    /// How: a merged row has its source row's texts, so it matches a one-byte query exactly when
    /// that row does. Each result is the sources' rows of the query (a kept bitmap, or searched in
    /// a small level) set at their new rows: a pass over bitmaps already in memory, instead of a
    /// search of the new index, which would read most of its suffixes (hundreds of MB at 10M
    /// rows) while the old base is still held.
    func takeDenseResults(of replaced: SearchIndex, mergedFrom sources: [MergeSource]) {
        guard count >= Self.preparedDenseRows else { return }
        storage.denseResults.takeOver(replaced.storage.denseResults.preparedFoldsAndModes)
        for key in replaced.storage.denseResults.keptKeys.prefix(max(0, storage.denseResults.room)) {
            var words = [UInt64](repeating: 0, count: (count + 63) / 64)
            for source in sources {
                let rows = source.index.storage.denseResults.kept(key).map { .bitmap($0) }
                    ?? source.index.searchedKeyRows([key.byte], fold: key.fold, mode: key.mode)
                Self.set(rows, renumberedBy: source.newRows, in: &words)
            }
            storage.denseResults.keep(key, RowBitmap(words: words))
        }
    }

    /// Sets in `words` the bit of `newRows[r]` for each row `r` of `rows` that has one (not
    /// ``TextIndex/droppedEntry``).
    private static func set(_ rows: SearchResult.Rows.Storage, renumberedBy newRows: [UInt32], in words: inout [UInt64]) {
        func set(_ row: Int) {
            let new = newRows[row]
            if new != TextIndex.droppedEntry { words[Int(new >> 6)] |= 1 << UInt64(new & 63) }
        }
        switch rows {
        case .all(let count):
            for row in 0..<count { set(row) }
        case .ids(let ids):
            for row in ids { set(Int(row)) }
        case .bitmap(let bitmap):
            for (w, word) in bitmap.words.enumerated() {
                var bits = word
                while bits != 0 {
                    set(w << 6 | bits.trailingZeroBitCount)
                    bits &= bits - 1
                }
            }
        }
    }
}
