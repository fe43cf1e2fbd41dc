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

    /// Makes here and now the dense one-byte results that `replaced` (the index this one replaces)
    /// keeps, and counts the folds and modes it made ahead as made here too.
    ///
    /// Why: a merge builds a new base, whose results would otherwise be made by the first
    /// keystrokes after the swap, while a thread of their own made the rest beside them: at 10M
    /// rows, keystrokes of 20–95 ms in the second after each swap, against 10 ms at most
    /// otherwise. A merge calls this on its own thread, before the swap.
    func takeDenseResults(of replaced: SearchIndex) {
        guard count >= Self.preparedDenseRows else { return }
        storage.denseResults.takeOver(replaced.storage.denseResults.preparedFoldsAndModes)
        for key in replaced.storage.denseResults.keptKeys {
            _ = keyRows([key.byte], fold: key.fold, mode: key.mode)
        }
    }
}
