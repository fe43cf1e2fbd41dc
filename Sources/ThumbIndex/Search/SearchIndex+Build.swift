extension SearchIndex {
    /// The fewest bytes of text whose index is built on several threads. Below it (a live listing's
    /// tail of up to 64 items, rebuilt on every write) starting a thread and waking the pool's cost
    /// more than the build saves: the build of 64 KB of names takes milliseconds, a thread tens of
    /// microseconds, and a write's tail was paying for a new thread each time.
    static let parallelBuildBytes = 1 << 16

    /// Indexes `texts`; row `i` is `texts[i]`.
    ///
    /// Folds every text with all three folds through ICU in bulk (in parallel chunks), finds word starts
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
        let originals = texts.bytes.array
        let originalStarts = texts.offsets.map { UInt32($0) }

        let folded = try Self.foldAll(originals: originals, starts: originalStarts)
        let localeFolded = try Self.foldLocale(locale, originals: originals, starts: originalStarts)
        progress?(0.4)
        let d = Int(Fold.diacritics.bridgeValue)
        let main = (text: folded.texts[d], starts: folded.offsets[d])
        let variantSources = [(folded.texts[Int(Fold.case.bridgeValue)], folded.offsets[Int(Fold.case.bridgeValue)]),
                              (folded.texts[Int(Fold.all.bridgeValue)], folded.offsets[Int(Fold.all.bridgeValue)]),
                              localeFolded].map { fold in
            Self.differingRows(fold, from: main, rowCount: texts.count)
        }
        progress?(0.5)

        // The main index, then the three variants in parallel: each sort is parallel inside, and the
        // main one's workspace (its suffix codes and keys: half a gigabyte at 10M names) is gone
        // before the variants' are made. The phonetic keys need only the main fold's texts and word
        // starts: they are built beside the sorts, whose serial stretches leave a core idle. A small
        // index (a live listing's tail, rebuilt on every write) is built on the calling thread alone.
        let worthThreads = texts.bytes.count >= Self.parallelBuildBytes
        func textIndex(_ text: [UInt8], _ starts: [UInt32], wordStarts: BitSet? = nil) throws -> TextIndex {
            TextIndex(text: text, starts: starts, wordStarts: try wordStarts ?? Self.wordStarts(text: text, starts: starts))
        }
        let mainWordStarts = try Self.wordStarts(text: main.text, starts: main.starts)
        let (indexes, phonetic) = try Parallel.both(worthThreads: worthThreads) {
            let mainIndex = try textIndex(main.text, main.starts, wordStarts: mainWordStarts)
            let variantIndexes = try Parallel.map(3, worthThreads: worthThreads) { i in try textIndex(variantSources[i].text, variantSources[i].starts) }
            return (main: mainIndex, variants: variantIndexes)
        } and: {
            try PhoneticIndex(text: main.text, starts: main.starts, wordStarts: mainWordStarts, readings: readings,
                              keys: phoneticKeys)
        }
        let variants = (0..<3).map { i in
            FoldVariant(rows: variantSources[i].rows, isVariant: variantSources[i].isVariant, index: indexes.variants[i])
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

    /// All three folds of every row, folded in parallel chunks and joined.
    private static func foldAll(originals: [UInt8], starts: [UInt32]) throws -> Folding.Batch {
        let rowCount = starts.count - 1
        let chunks = Parallel.chunks(rowCount, minimumSize: 4096)
        let parts = try originals.withUnsafeBufferPointer { utf8 in
            try starts.withUnsafeBufferPointer { starts in
                try Parallel.map(chunks.count) { i -> Folding.Batch in
                    let rows = chunks[i]
                    let slice = UnsafeBufferPointer(rebasing: starts[rows.lowerBound...rows.upperBound])
                    return try Folding.foldBatch(utf8: utf8, offsets: slice)
                }
            }
        }
        let foldCount = Fold.bridgeOrder.count
        var texts = [[UInt8]](repeating: [], count: foldCount)
        var offsets = [[UInt32]](repeating: [0], count: foldCount)
        for part in parts {
            for f in 0..<foldCount {
                let base = UInt32(texts[f].count)
                try Limits.check(foldedBytes: texts[f].count + part.texts[f].count)
                texts[f].append(contentsOf: part.texts[f])
                offsets[f].append(contentsOf: part.offsets[f].dropFirst().map { $0 + base })
            }
        }
        return Folding.Batch(texts: texts, offsets: offsets)
    }

    /// The locale fold of every row, folded in parallel chunks and joined.
    private static func foldLocale(_ locale: String, originals: [UInt8], starts: [UInt32]) throws -> (text: [UInt8], starts: [UInt32]) {
        let rowCount = starts.count - 1
        // No rows (an empty segment): no locale fold to open.
        guard rowCount > 0 else { return ([], [0]) }
        let chunks = Parallel.chunks(rowCount, minimumSize: 4096)
        let parts = try originals.withUnsafeBufferPointer { utf8 in
            try starts.withUnsafeBufferPointer { starts in
                try Parallel.map(chunks.count) { i in
                    let rows = chunks[i]
                    let slice = UnsafeBufferPointer(rebasing: starts[rows.lowerBound...rows.upperBound])
                    return try Folding.foldLocaleBatch(locale: locale, utf8: utf8, offsets: slice)
                }
            }
        }
        var text: [UInt8] = []
        var offsets: [UInt32] = [0]
        for part in parts {
            let base = UInt32(text.count)
            try Limits.check(foldedBytes: text.count + part.text.count)
            text.append(contentsOf: part.text)
            offsets.append(contentsOf: part.offsets.dropFirst().map { $0 + base })
        }
        return (text, offsets)
    }

    /// The rows whose folded text `a` differs from their folded text `b`, with those texts.
    private static func differingRows(_ a: (text: [UInt8], starts: [UInt32]), from b: (text: [UInt8], starts: [UInt32]), rowCount: Int)
        -> (rows: [UInt32], isVariant: BitSet, text: [UInt8], starts: [UInt32]) {
        var rows = [UInt32]()
        var isVariant = BitSet(count: rowCount)
        var text = [UInt8]()
        var starts: [UInt32] = [0]
        let (aStarts, bStarts) = (a.starts, b.starts)
        let (a, b) = (a.text, b.text)
        for row in 0..<rowCount {
            let aRange = Int(aStarts[row])..<Int(aStarts[row + 1])
            let bRange = Int(bStarts[row])..<Int(bStarts[row + 1])
            if a[aRange].elementsEqual(b[bRange]) { continue }
            rows.append(UInt32(row))
            isVariant[row] = true
            text.append(contentsOf: a[aRange])
            starts.append(UInt32(text.count))
        }
        return (rows, isVariant, text, starts)
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
