import CThumbIndexICU

/// A dense set of matching rows: one bit per row, plus the number of set bits before every block of
/// 512 rows, so that a result with most rows matching needs no list of ids.
///
/// A one-character query can match most of a million rows; listing them as `UInt32`s costs more than
/// finding them. With the bitmap, counting the matches in a section is a rank (`rank(below:)`) and the
/// k-th match of a page is a select (`row(atRank:)`), each O(log blocks + 8 words).
struct RowBitmap: Sendable {
    /// Bit `r & 63` of word `r >> 6` is set when row `r` matches.
    let words: [UInt64]
    /// `blockRanks[b]`: set bits in `words[0 ..< b * 8]`; one more entry than there are blocks.
    let blockRanks: [UInt32]

    /// Number of set bits.
    var count: Int { Int(blockRanks[blockRanks.count - 1]) }

    /// Whether `row` is in the set.
    func contains(_ row: Int) -> Bool {
        row >= 0 && row < words.count * 64 && words[row >> 6] & (1 << UInt64(row & 63)) != 0
    }

    init(words: [UInt64]) {
        self.words = words
        let blocks = (words.count + 7) / 8
        blockRanks = [UInt32](capacity: blocks + 1) { ranks in
            // Invariant: ti_block_ranks writes exactly (words.count + 7) / 8 + 1 ranks.
            words.withUnsafeBufferPointer { _ = ti_block_ranks($0.baseAddress, $0.count, ranks.baseAddress!) }
            return blocks + 1
        }
        #if DEBUG
        _checkInvariants()
        #endif
    }

    /// The rows in both `a` and `b`, bitmaps of one universe: their words ANDed and ranked in one pass.
    static func intersection(_ a: RowBitmap, _ b: RowBitmap) -> RowBitmap {
        precondition(a.words.count == b.words.count, "RowBitmap: bitmaps of one universe")
        guard !a.words.isEmpty else { return a }
        let count = a.words.count, blocks = (count + 7) / 8
        var ranks = [UInt32](repeating: 0, count: blocks + 1)
        let words = [UInt64](capacity: count) { out in
            // Invariant: `out` and both inputs hold `count` words; ti_and_block_ranks writes every word of
            // `out` and (count + 7) / 8 + 1 ranks.
            a.words.withUnsafeBufferPointer { a in
                b.words.withUnsafeBufferPointer { b in
                    ranks.withUnsafeMutableBufferPointer { ranks in
                        _ = ti_and_block_ranks(a.baseAddress!, b.baseAddress!, out.baseAddress!, count, ranks.baseAddress!)
                    }
                }
            }
            return count
        }
        return RowBitmap(words: words, blockRanks: ranks)
    }

    private init(words: [UInt64], blockRanks: [UInt32]) {
        self.words = words
        self.blockRanks = blockRanks
        #if DEBUG
        _checkInvariants()
        #endif
    }

    /// Number of set bits for rows below `row` (clamped to the bitmap).
    func rank(below row: Int) -> Int {
        guard row > 0 else { return 0 }
        let row = Swift.min(row, words.count * 64)
        let word = row >> 6, block = word >> 3
        var rank = Int(blockRanks[block])
        for w in (block * 8)..<word { rank += words[w].nonzeroBitCount }
        if row & 63 != 0 { rank += (words[word] & ((1 << UInt64(row & 63)) - 1)).nonzeroBitCount }
        return rank
    }

    /// The row of the set bit with rank `k` (0-based): the k-th matching row.
    /// - Precondition: `0 <= k < count`.
    func row(atRank k: Int) -> Int {
        precondition(k >= 0 && k < count, "RowBitmap rank out of range")
        // The last block whose rank is <= k holds it (block 0, of rank 0, at least).
        let block = BinarySearch.last(in: 0..<(blockRanks.count - 1)) { Int(blockRanks[$0]) <= k }!
        var remaining = k - Int(blockRanks[block])
        var w = block * 8
        while true {
            let bits = words[w].nonzeroBitCount
            if remaining < bits { break }
            remaining -= bits
            w += 1
        }
        var word = words[w]
        for _ in 0..<remaining { word &= word &- 1 }
        return w * 64 + word.trailingZeroBitCount
    }

    /// The set rows, ascending.
    var ids: [UInt32] { RowSet.ids(inBitmap: words) }
}

#if DEBUG
extension RowBitmap {
    /// Checks that `blockRanks` has one entry per block of 8 words plus one, starting at 0, each the
    /// number of set bits before its block (debug builds; called at the end of `init`).
    func _checkInvariants() {
        let blocks = (words.count + 7) / 8
        precondition(blockRanks.count == blocks + 1, "RowBitmap: \(blockRanks.count) block ranks for \(blocks) blocks")
        var total = 0
        for b in 0...blocks {
            precondition(Int(blockRanks[b]) == total, "RowBitmap: block \(b) has rank \(blockRanks[b]), not \(total)")
            if b < blocks { for w in (b * 8)..<Swift.min(words.count, b * 8 + 8) { total += words[w].nonzeroBitCount } }
        }
    }
}
#endif
