/// Building a listing's dial-pad index from its rows: what the first dial-pad query waits for.
extension DialpadIndex {
    /// The dial-pad keys of every row of `index`, read in chunks of at least `chunkSize` rows on
    /// every core (in one chunk on a thread of lower priority, unless inside
    /// ``Parallel/atCallerPriority(_:)``) and put together in row order: the same index whatever
    /// the chunks. There are many chunks per core, taken in turn, since rows of Han or kana, which
    /// cost the most, come together in a listing's order: with 8 chunks a core, at 1.4M GeoNames
    /// names, the chunk of kana rows still ran for 0.75 s on one core after the other had finished
    /// the rest. Each kana word is romanized once, whichever chunk meets it first (``Romaji/Cache``).
    ///
    /// A row's plain-rule entry is written in one pass over its ``Fold/all`` fold's UTF-8. Only a
    /// row with a byte outside ASCII can hold a Han character with readings or kana, so only such a
    /// row (or one with a reading) is read as scalars for the Chinese and Japanese parts.
    /// - Throws: `LimitError` when a part's key text is too long to index; what reading a row's
    ///   romaji throws.
    init(of index: SearchIndex, chunkSize: Int = 1 << 13) throws {
        // A thread of lower priority that reads every chunk itself (see `Parallel.map`) takes one
        // chunk, which needs no joining, and no memory beyond it.
        let chunks = Parallel.runsInOrder ? [0..<index.count]
            : Parallel.chunks(index.count, minimumSize: chunkSize, perProcessor: 64)
        var latin: [Part.Builder] = [], han: [Part.Builder] = [], romaji: [Part.Builder] = []
        let romajiCache = Romaji.Cache()
        for chunk in try Parallel.map(chunks.count, { c in try Self.builders(of: index, rows: chunks[c], romajiCache: romajiCache) }) {
            latin.append(chunk.latin)
            han.append(chunk.han)
            romaji.append(chunk.romaji)
        }
        // Each part's chunks joined, then indexed, one part after the other.
        func built(_ chunks: inout [Part.Builder]) throws -> Part { try Part.Builder.joined(&chunks).build(rowCount: index.count) }
        self.init(latin: try built(&latin), han: try built(&han), romaji: try built(&romaji))
    }

    /// The three parts' entries of `rows`.
    private static func builders(of index: SearchIndex, rows: Range<Int>, romajiCache: Romaji.Cache) throws
        -> (latin: Part.Builder, han: Part.Builder, romaji: Part.Builder) {
        var latin = Part.Builder(everyRow: true), han = Part.Builder(everyRow: false), romaji = Part.Builder(everyRow: false)
        var entry = Dialpad.Entry()
        try index.forEachAllFoldUTF8(rows: rows) { row, allFold in
            latin.addPlain(row: row, allFold: allFold, entry: &entry)
            if !entry.wasASCII {
                let scalars = Array(String(decoding: allFold, as: UTF8.self).unicodeScalars)
                if scalars.contains(where: { Pinyin.isHan($0) && HanReadings.shared.hasReadings($0) }) {
                    han.add(row: row, words: Dialpad.words(scalars, han: true))
                }
            }
            let r = try index.readingRomaji(ofRow: row, cache: romajiCache)
            if !r.isEmpty { romaji.add(row: row, words: Dialpad.romajiWords(r)) }
        }
        return (latin, han, romaji)
    }
}
