extension PostingLists {
    /// Appends the lists to an archive under `tag`: the coded lists' starts (none when there are no
    /// bytes, as a listing without the lists' kind of text has) and bytes, then the dense keys and
    /// their bitmaps' words back to back. ``init(from:tag:keyCount:rowCount:)`` reads them back.
    func append(to writer: inout ArchiveWriter, tag: String) {
        writer.append(lists.starts, tag: tag)
        writer.append(lists.bytes, tag: tag)
        writer.append(denseKeys.map(UInt32.init), tag: tag)
        writer.append(bitmaps.flatMap(\.words), tag: tag)
    }

    /// Lists read back from the records ``append(to:tag:)`` wrote, for `keyCount` keys over a
    /// listing of `rowCount` rows, checked so that no query can read outside them: every coded list
    /// reads to its end with ascending rows in the listing (``RowLists/init(starts:bytes:keyCount:rowCount:)``),
    /// the dense keys ascend below `keyCount` with empty coded lists, and every bitmap has one bit
    /// per row and none past the last.
    ///
    /// - Throws: ``SavedIndexError/Reason/corrupted(_:)`` naming `what` when a check fails.
    init(from reader: inout ArchiveReader, tag: String, keyCount: Int, rowCount: Int, what: String) throws {
        let starts = try reader.array(UInt32.self, tag: tag)
        let bytes = try reader.array(UInt8.self, tag: tag)
        guard let lists = RowLists(starts: starts, bytes: bytes, keyCount: keyCount, rowCount: rowCount) else {
            throw reader.corrupted("\(what) has other rows than \(keyCount) lists of rows of the listing")
        }
        let keys = try reader.array(UInt32.self, tag: tag).map(Int.init)
        let words = try reader.array(UInt64.self, tag: tag)
        let perKey = (rowCount + 63) / 64
        guard zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }), keys.allSatisfy({ $0 < keyCount && lists.count($0) == 0 }),
              words.count == keys.count * perKey else {
            throw reader.corrupted("\(what) has bitmaps of other keys or \(words.count) words of bits")
        }
        let tail = rowCount % 64 == 0 ? 0 : ~UInt64(0) << UInt64(rowCount % 64)
        let bitmaps = keys.indices.map { RowBitmap(words: Array(words[$0 * perKey..<($0 + 1) * perKey])) }
        guard bitmaps.allSatisfy({ ($0.words.last ?? 0) & tail == 0 }) else {
            throw reader.corrupted("\(what) has a bitmap with rows past the listing")
        }
        self.init(lists: lists, denseKeys: keys, bitmaps: bitmaps, rowCount: rowCount)
    }
}
