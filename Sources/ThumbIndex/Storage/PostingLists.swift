/// Lists of rows per key, each kept in the smaller of two forms: delta-coded in ``RowLists``, or,
/// for a key that most rows have, a ``RowBitmap`` of the listing (about 0.13 bytes a row, against
/// at least one byte a listed row). A dense key's rows are then at hand as a bitmap, not decoded.
struct PostingLists: Sendable {
    /// The sparse keys' lists; a dense key's list is empty here.
    let lists: RowLists
    /// The dense keys, ascending, and their bitmaps.
    let denseKeys: [Int]
    let bitmaps: [RowBitmap]
    /// How many rows the listing has (the universe of every list).
    let rowCount: Int

    var keyCount: Int { lists.keyCount }
    var byteCount: Int {
        lists.byteCount + 8 * denseKeys.count + bitmaps.reduce(0) { $0 + 8 * $1.words.count + 4 * $1.blockRanks.count }
    }

    /// `lists`, each key whose coded list is larger than a bitmap of `rowCount` rows made a bitmap.
    init(_ lists: RowLists, rowCount: Int) {
        let words = (rowCount + 63) / 64
        let bitmapBytes = 8 * words + 4 * ((words + 7) / 8 + 1)
        // Most lists of most listings are smaller in all than one bitmap: no pass over their keys.
        let dense = lists.bytes.count <= bitmapBytes ? [] : (0..<lists.keyCount).filter { lists.byteCount(ofList: $0) > bitmapBytes }
        guard !dense.isEmpty else {
            self.init(lists: lists, denseKeys: [], bitmaps: [], rowCount: rowCount)
            return
        }
        var bitmaps: [RowBitmap] = []
        for k in dense {
            var bits = [UInt64](repeating: 0, count: words)
            lists.forEachRow(k) { bits[Int($0 >> 6)] |= 1 << UInt64($0 & 63) }
            bitmaps.append(RowBitmap(words: bits))
        }
        self.init(lists: lists.emptying(Set(dense)), denseKeys: dense, bitmaps: bitmaps, rowCount: rowCount)
    }

    /// The lists from their parts as they are (checked by whoever read them).
    init(lists: RowLists, denseKeys: [Int], bitmaps: [RowBitmap], rowCount: Int) {
        self.lists = lists
        self.denseKeys = denseKeys
        self.bitmaps = bitmaps
        self.rowCount = rowCount
    }

    /// The bitmap of key `k` when it is dense.
    private func bitmap(_ k: Int) -> RowBitmap? {
        let i = BinarySearch.first(in: 0..<denseKeys.count) { denseKeys[$0] >= k }
        return i < denseKeys.count && denseKeys[i] == k ? bitmaps[i] : nil
    }

    /// How many rows key `k` has.
    func count(_ k: Int) -> Int { bitmap(k)?.count ?? lists.count(k) }

    /// The rows of key `k`, ascending.
    func rows(_ k: Int) -> SearchResult.Rows.Storage {
        if let bitmap = bitmap(k) { return .bitmap(bitmap) }
        return .ids(lists.rows(k))
    }
}
