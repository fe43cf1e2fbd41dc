extension SearchIndex {
    /// The fewest bytes of text whose index is built on several threads. Below it (a live listing's
    /// tail of up to 64 items, rebuilt on every write) starting a thread and waking the pool's cost
    /// more than the build saves: the build of 64 KB of names takes milliseconds, a thread tens of
    /// microseconds, and a write's tail was paying for a new thread each time.
    static let parallelBuildBytes = 1 << 16

    /// Indexes `texts`; row `i` is `texts[i]`.
    ///
    /// Folds every text with every fold through ICU in bulk (in parallel chunks, keeping of the
    /// case, all and locale folds only the rows where they differ: ``FoldedRows``), finds word starts
    /// in the folded texts, and builds the suffix arrays (``SuffixSort``: a two-byte radix pass and
    /// eight-byte key rounds in parallel, with induced sorting for suffixes that share long repeats).
    ///
    /// - Parameters:
    ///   - texts: The items, in display order.
    ///   - progress: Called now and then with the fraction done, from 0 to 1, possibly from another thread.
    /// - Complexity: O(n log n) for n bytes of folded text, whatever the text (folding and word breaks
    ///   are linear; the suffix sort is O(n log n) on names and on long repeats alike).
    init(texts: [String], readings: [String]? = nil, locale: String = "", progress: ((Double) -> Void)? = nil) throws {
        try self.init(texts: TextColumn(texts), readings: readings.map(TextColumn.init), locale: locale, progress: progress)
    }

    /// Indexes the rows of `texts`, sharing its storage (a listing's texts are not copied).
    ///
    /// - Throws: `LimitError` when the texts, or their folds, exceed 4 GiB of UTF-8 or
    ///   ``Limits.maximumItemCount` rows; `ICUError` when ICU cannot fold or break them.
    /// `readings` (row for row, empty: none) give the Japanese phonetic keys (see <doc:PhoneticSearch>).
    /// With `phoneticKeys` false no phonetic keys are built (for measuring what they cost): the
    /// phonetic rules then find nothing.
    /// `fields` are the columns searched besides the text (a text index or a phone index each); phone
    /// numbers without a region of their own are read in `defaultRegion`. The ``Fold/locale`` fold
    /// follows the search collation of the ICU locale ID `locale` ("" for root).
    init(texts: TextColumn, readings: TextColumn? = nil, phoneticKeys: Bool = true, fields: [FieldColumn] = [],
         defaultRegion: String? = nil, locale: String = "", progress: ((Double) -> Void)? = nil) throws {
        progress?(0)
        try Limits.check(rows: texts.count, bytes: texts.bytes.count)
        let folded = try FoldedRows(originals: texts.bytes.array, starts: texts.offsets.map { UInt32($0) }, locale: locale)
        let main = folded.main
        let variantSources = folded.variants
        progress?(0.5)

        // The main index, then the three variants, one after the other: each sort is parallel
        // inside, its counting and placing passes too, so that one index's workspace (its suffix
        // codes and keys: half a gigabyte at 10M names) is gone before the next one's is made. (The
        // variants in parallel, each sort on one core, left a core idle while the largest, the case
        // variant, was sorted alone: 3.5 times the locale variant at 10M names.) The phonetic keys
        // need only the main fold's texts and word starts: they are built beside the sorts, whose
        // serial stretches leave a core idle. A small index (a live listing's tail, rebuilt on every
        // write) is built on the calling thread alone.
        let worthThreads = texts.bytes.count >= Self.parallelBuildBytes
        func textIndex(_ text: [UInt8], _ starts: [UInt32], wordStarts: BitSet? = nil) throws -> TextIndex {
            TextIndex(text: text, starts: starts, wordStarts: try wordStarts ?? Self.wordStarts(text: text, starts: starts))
        }
        let mainWordStarts = try Self.wordStarts(text: main.text, starts: main.starts)
        let (indexes, phonetic) = try Parallel.both(worthThreads: worthThreads) {
            let mainIndex = try textIndex(main.text, main.starts, wordStarts: mainWordStarts)
            let variantIndexes = try (0..<3).map { i in try textIndex(variantSources[i].text, variantSources[i].starts) }
            return (main: mainIndex, variants: variantIndexes)
        } and: {
            try PhoneticIndex(text: main.text, starts: main.starts, wordStarts: mainWordStarts, readings: readings,
                              keys: phoneticKeys)
        }
        let variants = (0..<3).map { i in
            FoldVariant(rows: variantSources[i].rows, rowCount: texts.count, index: indexes.variants[i])
        }
        progress?(0.9)
        storage = Storage(texts: texts, main: indexes.main, caseVariant: variants[0], allVariant: variants[1],
                          localeVariant: variants[2], locale: locale, readings: readings, phonetic: phonetic,
                          fields: try Self.fieldIndexes(fields, rowCount: texts.count, defaultRegion: defaultRegion,
                                                        locale: locale))
        progress?(1)
    }

    /// This index searching `fields` (a saved index loaded back with its field values): the field
    /// indexes are built, nothing else.
    /// - Throws: `LimitError`, `ICUError` (see ``init(texts:readings:phoneticKeys:fields:defaultRegion:progress:)``).
    func adding(fields: [FieldColumn], defaultRegion: String?) throws -> SearchIndex {
        SearchIndex(storage: Storage(storage, fields: try Self.fieldIndexes(fields, rowCount: count, defaultRegion: defaultRegion,
                                                                            locale: storage.locale)))
    }

    /// The indexes of the searched columns: a text index (no phonetic keys, the locale fold of
    /// `locale`) or a phone index each.
    static func fieldIndexes(_ fields: [FieldColumn], rowCount: Int, defaultRegion: String?, locale: String) throws -> [FieldIndex] {
        try fields.map { column -> FieldIndex in
            precondition(column.values.count == rowCount, "SearchIndex: a field value per row")
            switch column.kind {
            case .text:
                return FieldIndex(name: column.name, kind: .text(try SearchIndex(texts: column.values, phoneticKeys: false, locale: locale)))
            case .phone:
                return FieldIndex(name: column.name, kind: .phone(try PhoneIndex(values: column.values, regions: column.regions,
                                                                                 defaultRegion: defaultRegion)))
            }
        }
    }

    /// A bit per byte of `text`, set where a word starts (ICU word breaks of each entry, in parallel).
    static func wordStarts(text: [UInt8], starts: [UInt32]) throws -> BitSet {
        let entryCount = starts.count - 1
        let wordCount = (text.count + 63) / 64
        let chunks = Parallel.chunks(entryCount, minimumSize: 4096)
        let parts = try text.withUnsafeBufferPointer { text in
            try starts.withUnsafeBufferPointer { starts in
                try Parallel.map(chunks.count) { i -> [UInt64] in
                    var bits = [UInt64](repeating: 0, count: wordCount)
                    try bits.withUnsafeMutableBufferPointer { bits in
                        try ICU.markWordStarts(text: text, starts: starts, entries: chunks[i], in: bits)
                    }
                    return bits
                }
            }
        }
        guard var words = parts.first else { return BitSet(count: text.count) }
        for part in parts.dropFirst() {
            for w in 0..<wordCount { words[w] |= part[w] }
        }
        return BitSet(words: words)
    }
}
