extension SearchIndex {
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
    init(texts: [String], readings: [String]? = nil, progress: ((Double) -> Void)? = nil) throws {
        try self.init(texts: TextColumn(texts), readings: readings.map(TextColumn.init), progress: progress)
    }

    /// Indexes the rows of `texts`, sharing its storage (a listing's texts are not copied).
    ///
    /// - Throws: `LimitError` when the texts, or their folds, exceed 4 GiB of UTF-8 or
    ///   ``Limits.maximumItemCount` rows; `ICUError` when ICU cannot fold or break them.
    /// `readings` (row for row, empty: none) give the Japanese phonetic keys (see <doc:PhoneticSearch>).
    /// With `phoneticKeys` false no phonetic keys are built (for measuring what they cost): the
    /// phonetic rules then find nothing.
    /// `fields` are the columns searched besides the text (a text index or a phone index each); phone
    /// numbers without a region of their own are read in `defaultRegion`.
    init(texts: TextColumn, readings: TextColumn? = nil, phoneticKeys: Bool = true, fields: [FieldColumn] = [],
         defaultRegion: String? = nil, progress: ((Double) -> Void)? = nil) throws {
        progress?(0)
        try Limits.check(rows: texts.count, bytes: texts.bytes.count)
        let originals = texts.bytes
        let originalStarts = texts.offsets.map { UInt32($0) }

        let folded = try Self.foldAll(originals: originals, starts: originalStarts)
        progress?(0.4)
        let d = Int(Fold.diacritics.bridgeValue)
        let variantSources = [Fold.case, Fold.all].map { fold in
            Self.differingRows(folded, fold: Int(fold.bridgeValue), from: d, rowCount: texts.count)
        }
        progress?(0.5)

        // Main index and both variants, in parallel.
        let indexes = try Parallel.map(3) { i in
            let (text, starts) = i == 0 ? (folded.texts[d], folded.offsets[d]) : (variantSources[i - 1].text, variantSources[i - 1].starts)
            return TextIndex(text: text, starts: starts, wordStarts: try Self.wordStarts(text: text, starts: starts))
        }
        let variants = (0..<2).map { i in
            FoldVariant(rows: variantSources[i].rows, isVariant: variantSources[i].isVariant, index: indexes[i + 1])
        }
        progress?(0.9)
        storage = try Storage(texts: texts, main: indexes[0], caseVariant: variants[0], allVariant: variants[1],
                              readings: readings, phoneticKeys: phoneticKeys,
                              fields: Self.fieldIndexes(fields, rowCount: texts.count, defaultRegion: defaultRegion))
        progress?(1)
    }

    /// This index searching `fields` (a saved index loaded back with its field values): the field
    /// indexes are built, nothing else.
    /// - Throws: `LimitError`, `ICUError` (see ``init(texts:readings:phoneticKeys:fields:defaultRegion:progress:)``).
    func adding(fields: [FieldColumn], defaultRegion: String?) throws -> SearchIndex {
        SearchIndex(storage: Storage(storage, fields: try Self.fieldIndexes(fields, rowCount: count, defaultRegion: defaultRegion)))
    }

    /// The indexes of the searched columns: a text index (no phonetic keys) or a phone index each.
    static func fieldIndexes(_ fields: [FieldColumn], rowCount: Int, defaultRegion: String?) throws -> [FieldIndex] {
        try fields.map { column -> FieldIndex in
            precondition(column.values.count == rowCount, "SearchIndex: a field value per row")
            switch column.kind {
            case .text:
                return FieldIndex(name: column.name, kind: .text(try SearchIndex(texts: column.values, phoneticKeys: false)))
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

    /// The rows whose text under `fold` differs from their text under `reference`, with those texts.
    private static func differingRows(_ folded: Folding.Batch, fold: Int, from reference: Int, rowCount: Int)
        -> (rows: [UInt32], isVariant: BitSet, text: [UInt8], starts: [UInt32]) {
        var rows = [UInt32]()
        var isVariant = BitSet(count: rowCount)
        var text = [UInt8]()
        var starts: [UInt32] = [0]
        let a = folded.texts[fold], aStarts = folded.offsets[fold]
        let b = folded.texts[reference], bStarts = folded.offsets[reference]
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
