/// An immutable, thread-safe index for filter-as-you-type search over a list of texts: the engine
/// behind ``SearchableListing``.
///
/// Row `i` is the `i`-th text given to ``init(texts:progress:)`` (for a listing, its display order), and
/// every ``SearchResult`` lists matching rows in that order, so a listing can count matches per section
/// and page through them without copying anything.
///
/// ```swift
/// let index = try SearchIndex(texts: ["Zürich", "Straße", "Ελλάδα"])
/// let result = try index.search("zur")         // diacritics fold, contains
/// result.rows.first                            // 0
/// try index.matchRanges(ofRow: 0, in: result)  // [0..<3] (UTF-16 offsets into "Zürich")
/// ```
///
/// ## How the folds are indexed
///
/// The ``Fold/diacritics`` fold is indexed for every row. The other folds are indexed only for the rows
/// whose folded text differs from the diacritics fold (a row with "é" for ``Fold/case``, a row with
/// "ø" or katakana for ``Fold/all``, a Swedish row with "ü" or a Turkish one with "I" for
/// ``Fold/locale``); for every other row the diacritics text *is* its text under that fold. A query
/// under ``Fold/case`` therefore searches the main index (skipping the rows that differ) and the small
/// index of the rows that differ, and merges the two. The trade-off:
/// indexing every fold in full would triple the memory; indexing only the coarsest fold and checking the
/// candidates would cost a check per candidate on every keystroke (and folding is not monotone: "q̈"
/// matches a lone U+0308 under ``Fold/case`` but its coarser folds have no mark left, so candidates of a
/// coarser fold can miss matches of a finer one). Exactness never depends on a candidate check.
///
/// ## Structures
///
/// Per indexed text set: the folded UTF-8 back to back, a suffix array of `UInt32` codes
/// (entry, offset, word-start flag) over every character start (prefix search keeps the offset-0
/// suffixes of a range, word-prefix search the flagged ones), and a bit per byte marking word starts. The
/// original texts stay in the caller's `TextColumn` (shared, not copied) for ``matchRanges(ofRow:in:)``.
///
/// `SearchIndex` is a value type over immutable storage: copies share it, and any number of threads
/// may search one index at once.
struct SearchIndex: Sendable {
    /// The immutable storage behind an index (shared by copies).
    final class Storage: Sendable {
        /// The original texts: the caller's column, shared (not copied) thanks to copy-on-write.
        let texts: TextColumn
        /// The diacritics fold of every row; its entry e is row e.
        let main: TextIndex
        /// Rows whose case fold differs from their diacritics fold.
        let caseVariant: FoldVariant
        /// Rows whose `all` fold differs from their diacritics fold.
        let allVariant: FoldVariant
        /// Rows whose locale fold differs from their diacritics fold.
        let localeVariant: FoldVariant
        /// The ICU locale ID whose search collation the locale fold follows ("" for root).
        let locale: String
        /// The phonetic keys of the rows with Han, Hangul or kana (built from `main` and the readings,
        /// or loaded with a saved index).
        let phonetic: PhoneticIndex

        /// The readings, row for row (empty: none), or nil: the Japanese keys come from them.
        let readings: TextColumn?
        /// The columns searched besides the text, in the listing's order.
        let fields: [FieldIndex]
        /// The dial-pad keys, built on first use.
        let dialpad = LazyValue<DialpadIndex>()
        /// The bitmaps of dense one-byte queries, made on first use.
        let denseResults = DenseResults()

        /// The storage from its parts as they are, the phonetic keys included (built beside the
        /// suffix arrays, or a saved index loaded back).
        init(texts: TextColumn, main: TextIndex, caseVariant: FoldVariant, allVariant: FoldVariant,
             localeVariant: FoldVariant, locale: String, readings: TextColumn?, phonetic: PhoneticIndex,
             fields: [FieldIndex] = []) {
            self.texts = texts
            self.main = main
            self.caseVariant = caseVariant
            self.allVariant = allVariant
            self.localeVariant = localeVariant
            self.locale = locale
            self.readings = readings
            self.fields = fields
            self.phonetic = phonetic
        }

        /// This storage's parts with `fields` instead of its own (nothing else is built again; the
        /// dial-pad index, which is the text's and the readings' alone, is kept when made).
        convenience init(_ other: Storage, fields: [FieldIndex]) {
            self.init(texts: other.texts, main: other.main, caseVariant: other.caseVariant, allVariant: other.allVariant,
                      localeVariant: other.localeVariant, locale: other.locale, readings: other.readings,
                      phonetic: other.phonetic, fields: fields)
            if let made = other.dialpad.ifBuilt { _ = try? dialpad.value { made } }
        }

        func variant(_ fold: Fold) -> FoldVariant? {
            switch fold {
            case .case: caseVariant
            case .diacritics: nil
            case .all: allVariant
            case .locale: localeVariant
            }
        }
    }

    let storage: Storage

    /// How many texts (rows) the index holds.
    var count: Int { storage.texts.count }

    /// The bytes of the index structures: the folded texts, the suffix arrays, the word-start bits and
    /// the tables of rows whose folds differ.
    ///
    /// Not counted: the original texts, which the index shares with the array it was built from
    /// (a listing keeps that array anyway).
    var byteCount: Int {
        storage.main.byteCount + storage.caseVariant.byteCount + storage.allVariant.byteCount
            + storage.localeVariant.byteCount + storage.phonetic.byteCount + fieldByteCount + (storage.dialpad.ifBuilt?.byteCount ?? 0)
    }

    /// The bytes of the searched columns' indexes (part of ``byteCount``; their values not counted).
    var fieldByteCount: Int { storage.fields.reduce(0) { $0 + $1.byteCount } }

    /// The bytes of the phonetic keys alone (part of ``byteCount``).
    var phoneticByteCount: Int { storage.phonetic.byteCount }

    /// The original text of `row`.
    func text(ofRow row: Int) -> String { storage.texts[row] }
}

/// One column searched besides the text: a text index of its values, or a phone index.
struct FieldIndex: Sendable {
    enum Kind: Sendable {
        case text(SearchIndex)
        case phone(PhoneIndex)
    }
    /// The column's name.
    let name: String
    let kind: Kind

    var byteCount: Int {
        switch kind {
        case .text(let index): index.byteCount
        case .phone(let index): index.byteCount
        }
    }

    /// The column's value at `row`.
    func value(ofRow row: Int) -> String {
        switch kind {
        case .text(let index): index.text(ofRow: row)
        case .phone(let index): index.values[row]
        }
    }
}

/// The rows whose text under one fold differs from their diacritics fold, with an index of those texts.
struct FoldVariant: Sendable {
    /// Ascending; entry e of `index` is row `rows[e]`.
    let rows: [UInt32]
    /// One bit per row of the whole index: set for the rows in `rows`.
    let isVariant: BitSet
    /// The fold's texts of `rows`.
    let index: TextIndex

    var byteCount: Int { 4 * rows.count + isVariant.byteCount + index.byteCount }

    /// The entry of `row`, which must be a variant row.
    func entry(ofRow row: Int) -> Int {
        BinarySearch.first(in: 0..<rows.count) { Int(rows[$0]) >= row }
    }
}

extension FoldVariant {
    /// The variant of `rows` (ascending) among `rowCount` rows, whose texts `index` holds (a build;
    /// a saved index loaded back gives its `isVariant` as it is, through the memberwise initializer).
    init(rows: [UInt32], rowCount: Int, index: TextIndex) {
        var isVariant = BitSet(count: rowCount)
        for row in rows { isVariant[Int(row)] = true }
        self.init(rows: rows, isVariant: isVariant, index: index)
    }
}
