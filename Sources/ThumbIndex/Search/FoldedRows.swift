/// What a build keeps of the four folds of every row: the ``Fold/diacritics`` fold of each row (the
/// main index's texts), and for ``Fold/case``, ``Fold/all`` and ``Fold/locale`` only the rows whose
/// fold differs from it (a ``FoldVariant``'s texts).
///
/// The rows are folded in parallel chunks of at most ``chunkRows``, a few at a time, and each chunk
/// keeps a variant row the moment it finds one: the folds of every row are never held at once.
/// (Held whole and then compared, they were about six times the main fold at the build's peak:
/// 132 MiB at GeoNames' 1.4M names, while a merge's old base was still in memory.)
struct FoldedRows {
    /// The rows of one fold: ascending, with their folded texts back to back and `rows.count + 1`
    /// offsets into them.
    struct Rows {
        var rows: [UInt32] = []
        var text: [UInt8] = []
        var starts: [UInt32] = [0]
    }

    /// The folds kept for the differing rows only, in the order of ``variants``.
    static let variantFolds: [Fold] = [.case, .all, .locale]

    /// Rows folded per chunk: a chunk's bridge buffers (every fold of its rows) are about a megabyte
    /// of names, and there are enough chunks to keep every core busy.
    static let chunkRows = 1 << 16

    /// The diacritics fold of every row: `text[starts[r]..<starts[r + 1]]` is row r's.
    private(set) var main: (text: [UInt8], starts: [UInt32])
    /// For each of ``variantFolds``: the rows whose fold differs from their diacritics fold.
    private(set) var variants: [Rows]

    /// Folds the rows of `originals` (row r spans `starts[r]..<starts[r + 1]`); the locale fold is
    /// `locale`'s ("" for root). `chunkRows` is for tests (chunks of a few rows each).
    /// - Throws: `LimitError` when a fold of every row would exceed the bytes an offset can address
    ///   (counted for each fold in full, as if it were kept); `ICUError`.
    init(originals: [UInt8], starts: [UInt32], locale: String, chunkRows: Int = FoldedRows.chunkRows) throws {
        let rowCount = starts.count - 1
        let chunks = stride(from: 0, to: rowCount, by: chunkRows).map { $0..<min($0 + chunkRows, rowCount) }
        var main = (text: [UInt8](), starts: [UInt32]())
        main.text.reserveCapacity(originals.count + originals.count / 8)  // a fold is rarely longer than its text
        main.starts.reserveCapacity(rowCount + 1)
        main.starts.append(0)
        var variants = [Rows](repeating: Rows(), count: Self.variantFolds.count)
        // Each fold's bytes in full, checked as the whole fold's were, so the limits refuse what they did.
        var foldedBytes = [Int](repeating: 0, count: Self.variantFolds.count + 1)
        // A few chunks per core at a time, joined before the next are folded: the chunks' buffers
        // (a megabyte or so each, below the size glibc maps on its own) then reuse the room the
        // ones before them freed, instead of leaving it free but resident in the heap (190 MiB at
        // 10M names when every chunk was folded before any was joined).
        let window = 2 * Parallel.processorCount
        try originals.withUnsafeBufferPointer { utf8 in
            try starts.withUnsafeBufferPointer { starts in
                for first in stride(from: 0, to: chunks.count, by: window) {
                    let parts = try Parallel.map(min(window, chunks.count - first)) { i in
                        let rows = chunks[first + i]
                        return try Chunk(utf8: utf8, offsets: UnsafeBufferPointer(rebasing: starts[rows.lowerBound...rows.upperBound]),
                                         firstRow: rows.lowerBound, locale: locale)
                    }
                    for part in parts {
                        for f in foldedBytes.indices {
                            foldedBytes[f] += part.foldedBytes[f]
                            try Limits.check(foldedBytes: foldedBytes[f])
                        }
                        Self.append(part.main.text, part.main.starts, to: &main.text, &main.starts)
                        for v in variants.indices { variants[v].append(part.variants[v]) }
                    }
                }
            }
        }
        self.main = main
        self.variants = variants
    }

    /// Appends `text` and its offsets (from 0) after `joined`'s, with the offsets moved past it.
    fileprivate static func append(_ text: [UInt8], _ starts: [UInt32], to joined: inout [UInt8], _ joinedStarts: inout [UInt32]) {
        let base = UInt32(joined.count)
        joined.append(contentsOf: text)
        joinedStarts.append(contentsOf: starts.dropFirst().lazy.map { $0 + base })
    }

    /// The folds of one chunk of rows, as ``FoldedRows`` keeps them (row numbers of the whole).
    private struct Chunk: Sendable {
        var main = (text: [UInt8](), starts: [UInt32]())
        var variants = [Rows]()
        /// The bytes of each fold of every row of the chunk: the main fold, then ``variantFolds``.
        var foldedBytes = [Int]()

        /// Folds the rows whose UTF-8 spans `utf8[offsets[i]..<offsets[i + 1]]`, the first of them
        /// row `firstRow`, with every fold: two bridge calls (the three folds that need no locale,
        /// then `locale`'s), each fold read in place from the bridge's buffers.
        init(utf8: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<UInt32>, firstRow: Int, locale: String) throws {
            let batch = try ICU.FoldBatch(utf8: utf8, offsets: offsets)
            let localeBatch = try ICU.FoldBatch(locale: ICU.LocaleFold(locale), utf8: utf8, offsets: offsets)
            batch.withFold(Fold.diacritics.bridgeValue) { mainText, mainStarts in
                main = (Array(mainText), Array(mainStarts))
                foldedBytes = [mainText.count]
                for fold in FoldedRows.variantFolds {
                    let source = fold == .locale ? localeBatch : batch
                    let differing = source.withFold(fold.bridgeValue) { text, starts in
                        foldedBytes.append(text.count)
                        return Self.rows(text, starts, differingFrom: mainText, mainStarts, firstRow: firstRow)
                    }
                    variants.append(differing)
                }
            }
        }

        /// The rows whose text in `text` differs from their text in `main`, with those texts.
        private static func rows(_ text: UnsafeBufferPointer<UInt8>, _ starts: UnsafeBufferPointer<UInt32>,
                                 differingFrom main: UnsafeBufferPointer<UInt8>, _ mainStarts: UnsafeBufferPointer<UInt32>,
                                 firstRow: Int) -> Rows {
            var differing = Rows()
            for r in 0..<(starts.count - 1) {
                let folded = text[Int(starts[r])..<Int(starts[r + 1])]
                guard !folded.elementsEqual(main[Int(mainStarts[r])..<Int(mainStarts[r + 1])]) else { continue }
                differing.rows.append(UInt32(firstRow + r))
                differing.text.append(contentsOf: folded)
                differing.starts.append(UInt32(differing.text.count))
            }
            return differing
        }
    }
}

extension FoldedRows.Rows {
    /// Appends the rows of a later chunk.
    fileprivate mutating func append(_ other: Self) {
        rows.append(contentsOf: other.rows)
        FoldedRows.append(other.text, other.starts, to: &text, &starts)
    }
}
