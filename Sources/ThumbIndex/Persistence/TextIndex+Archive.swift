extension TextIndex {
    /// Appends the index's structures to an archive, six records under `tag`: the text, the starts,
    /// the word-start words, the suffixes, the long entries and the suffix packing's offset bits;
    /// then, when there are long entries, their late suffixes' index the same way, under the same tag.
    /// ``init(from:tag:entryCount:wordStartsOnly:)`` reads them back.
    ///
    /// Whether the suffixes are of word starts only (``wordStartsOnly``) is not kept: the reader is
    /// told, by what the tag holds (the dial-pad keys).
    func append(to writer: inout ArchiveWriter, tag: String) {
        writer.append(text, tag: tag)
        writer.append(starts, tag: tag)
        writer.append(wordStarts.words, tag: tag)
        writer.append(suffixes, tag: tag)
        writer.append(longEntries, tag: tag)
        writer.append([UInt32(code.offsetBits)], tag: tag)
        late?.index.append(to: &writer, tag: tag)
    }

    /// A text index read back from the records ``append(to:tag:)`` wrote, checked so that no query can
    /// read outside it or miss an entry: starts ascend from 0 to the text's end, one word-start bit
    /// per byte, every suffix code names an entry, the packing is the one a build would choose for
    /// `entryCount` entries, the long entries are exactly those longer than its offset limit, and
    /// their late suffixes' index (checked the same way) holds as many bytes as they have past it.
    /// (The full check, order of suffixes included, is `_checkInvariants()`, run by debug builds.)
    /// With `wordStartsOnly`, the index is one of word starts only (see ``wordStartsOnly``), and so
    /// is its late suffixes' index.
    ///
    /// - Throws: ``SavedIndexError/Reason/corrupted(_:)`` naming `tag` when a check fails.
    /// - Complexity: one pass over the starts and the suffixes; the text, starts and suffixes stay
    ///   the reader's mapped pages (no copy).
    init(from reader: inout ArchiveReader, tag: String, entryCount: Int, wordStartsOnly: Bool = false) throws {
        let text = try reader.flatArray(UInt8.self, tag: tag)
        let starts = try reader.flatArray(UInt32.self, tag: tag)
        let words = try reader.array(UInt64.self, tag: tag)
        let suffixes = try reader.flatArray(UInt32.self, tag: tag)
        let longEntries = try reader.flatArray(UInt32.self, tag: tag)
        let offsetBits = try reader.array(UInt32.self, tag: tag)
        let code = SuffixCode(entryCount: entryCount)
        guard offsetBits == [UInt32(code.offsetBits)] else { throw reader.corrupted("index '\(tag)' has another suffix packing") }
        guard starts.count == entryCount + 1, starts.first == 0, starts.last.map({ Int($0) == text.count }) ?? false else {
            throw reader.corrupted("index '\(tag)' has \(starts.count) starts for \(entryCount) entries")
        }
        guard starts.isNondescending else { throw reader.corrupted("the starts of index '\(tag)' do not ascend") }
        guard words.count == (text.count + 63) / 64 else { throw reader.corrupted("index '\(tag)' has \(words.count) words of word starts") }
        // A code's entry is its high bits, so the largest code names the largest entry. That bound
        // is what memory safety needs: a search reads a suffix only up to its entry's end (see
        // `suffixRange`), whatever the offset. (Offsets inside their entries, and the order, are
        // what the checksum and `_checkInvariants()` vouch for.) One vectorized pass, no lookups.
        let largest = suffixes.withUnsafeBufferPointer { codes in codes.reduce(0 as UInt32) { max($0, $1) } }
        guard suffixes.isEmpty || code.entry(largest) < entryCount else {
            throw reader.corrupted("index '\(tag)' has a suffix outside its entries")
        }
        let long = starts.withUnsafeBufferPointer { starts in
            (0..<entryCount).filter { Int(starts[$0 + 1] &- starts[$0]) > code.offsetLimit }
        }
        guard longEntries.elementsEqual(long.lazy.map(UInt32.init)) else {
            throw reader.corrupted("index '\(tag)' lists other long entries than those longer than \(code.offsetLimit) bytes")
        }
        // The late suffixes index exactly the long entries' bytes past the limit (one entry each).
        var late: LateSuffixes? = nil
        if !long.isEmpty {
            let index = try TextIndex(from: &reader, tag: tag, entryCount: long.count, wordStartsOnly: wordStartsOnly)
            let tailBytes = long.reduce(0) { $0 + Int(starts[$1 + 1] - starts[$1]) - code.offsetLimit }
            guard index.text.count == tailBytes else { throw reader.corrupted("index '\(tag)' has late suffixes of other texts") }
            late = LateSuffixes(index: index)
        }
        self.init(text: text, starts: starts, wordStarts: BitSet(words: words), suffixes: suffixes,
                  longEntries: longEntries, late: late, code: code, wordStartsOnly: wordStartsOnly)
    }
}
