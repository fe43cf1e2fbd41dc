/// What a caller expects of a saved listing: the options it would build the listing with.
/// ``SearchableListing/load(from:expecting:checksum:)`` refuses a file built otherwise.
package struct SavedIndexExpectation: Sendable, Equatable {
    /// The locale (ICU or BCP 47 form; compared in ICU's canonical form).
    package var locale: String
    /// Whether Latin labels are added (``IndexedCollation/LatinLabels/automatic`` resolves per locale).
    package var latinLabels: IndexedCollation.LatinLabels
    /// Descending order.
    package var descending: Bool
    /// Every label in the side index.
    package var fullIndex: Bool
    /// A leading Han character read as a surname (``IndexedCollation/readsNames``).
    package var names: Bool

    package init(locale: String, latinLabels: IndexedCollation.LatinLabels = .automatic, descending: Bool = false,
                 fullIndex: Bool = false, names: Bool = false) {
        self.locale = locale
        self.latinLabels = latinLabels
        self.descending = descending
        self.fullIndex = fullIndex
        self.names = names
    }
}

/// The saved form of a searchable listing: which records an archive holds, in which order.
///
/// Records (see ``Archive`` for how each is laid out):
///
/// | tag | what |
/// |---|---|
/// | `sysm` | the format's own metadata: ICU and collator versions, locale, Latin labels, descending, full index |
/// | `user` | the caller's metadata (e.g. the store's change counter) |
/// | `elem` | the elements (`Int64`), display order |
/// | `text` | the displayed texts (a column) |
/// | `labl` | per section: label title, index title (columns), kind (column of raw values) |
/// | `sect` | per section: first row, end row, index position, label position (`Int64` each) |
/// | `titl` | the index titles (a column); `tgts`: their targets (`Int64`, -1 for the search sentinel) |
/// | `main` | the main text index: text, starts, word-start words, suffixes, long entries, offset bits; with long entries, their late suffixes' text index after it, the same way |
/// | `casv`, `allv`, `locv` | each fold variant: rows, variant bits, then a text index under the same tag |
/// | `hang`, `kanv`, `kanr`, `roma`, `piny`, `rdtx` | the phonetic keys (see ``PhoneticIndex/append(to:)``) |
/// | `dial` | whether the dial-pad index is saved (one byte, 1 or 0: it is made on the first dial-pad query), then, when it is, the index (see ``DialpadIndex/append(to:tag:)``) |
/// | `xcol` | the extra columns' names (a column), then each column under `xcol` |
enum SavedListingFormat {
    /// The version written; a file of any other is refused (bump it whenever the records change).
    /// Version 2 added the locale fold's variant (`locv`); version 3 the phonetic keys (`hkey` to
    /// `rdtx`), which were built again at load before; version 4 the late suffixes of every text
    /// index with long entries; version 5 the pinyin index's lists of rows delta-coded, without its
    /// units (read from the main index's text); version 6 the Hangul keys and initials as lists of
    /// rows (`hang`, for `hkey` and `hini`); version 7 the dial-pad index when it is made (`dial`),
    /// which the first dial-pad query after a load made again before.
    static let version: UInt32 = 7

    /// Keys of the format's own metadata.
    enum Key {
        static let icuVersion = "icuVersion"
        static let collatorVersion = "collatorVersion"
        static let locale = "locale"
        static let latinLabels = "latinLabels"
        static let descending = "descending"
        static let fullIndex = "fullIndex"
        static let names = "names"
        static let rowCount = "rows"
    }
}

extension SearchableListing where Element == Int {
    /// Saves the listing and its search index to `path`, atomically (see ``ArchiveWriter``), so that
    /// a later start can ``load(from:expecting:checksum:)`` them instead of building them again.
    ///
    /// The file records the ICU and collator versions, the locale and the options the listing was
    /// built with, besides `metadata` and `extraColumns`, which come back as they were.
    ///
    /// ```swift
    /// try searchable.write(to: "/var/lib/names.thumbindex", metadata: ["changeCounter": "4711"],
    ///                      extraColumns: ["ids": ids])
    /// ```
    ///
    /// - Parameters:
    ///   - path: the file to replace (or create); `path.tmp` is used on the way.
    ///   - metadata: the caller's strings (e.g. the store's change counter the listing reflects).
    ///   - extraColumns: more string columns to keep with the listing (ids, readings). The phonetic
    ///     keys are saved as built, from the index's readings: keep those as the `readings` column
    ///     (as ``LiveListing/save(to:metadata:)`` does) so that the loaded listing has them as well.
    /// - Throws: ``ArchiveWriteError`` when the file cannot be written; the old file stays then.
    /// - Complexity: O(bytes held), written in pieces of 8 MiB, each flushed to the disk.
    package func write(to path: String, metadata: [String: String] = [:], extraColumns: [String: TextColumn] = [:]) throws {
        try write(to: path, metadata: metadata, extraColumns: extraColumns, formatVersion: SavedListingFormat.version,
                  overriding: [:])
    }

    /// ``write(to:metadata:extraColumns:)`` with the format version and any of the format's own
    /// metadata replaced (tests write files from other versions with it; see `+Testing`).
    func write(to path: String, metadata: [String: String], extraColumns: [String: TextColumn], formatVersion: UInt32,
               overriding: [String: String]) throws {
        typealias Key = SavedListingFormat.Key
        let collation = listing.collation
        var system = [
            Key.icuVersion: ICU.libraryVersion,
            Key.collatorVersion: collation.collatorVersion,
            Key.locale: collation.locale,
            Key.latinLabels: String(collation.addsLatinLabels),
            Key.descending: String(listing.isDescending),
            Key.fullIndex: String(listing.hasFullIndex),
            Key.names: String(collation.readsNames),
            Key.rowCount: String(listing.count),
        ]
        system.merge(overriding) { $1 }

        var writer = ArchiveWriter()
        writer.append(system, tag: "sysm")
        writer.append(metadata, tag: "user")

        writer.append(listing.elements.map { Int64($0) }, tag: "elem")
        writer.append(listing.texts, tag: "text")
        let labels = listing.sections.map(\.label)
        writer.append(labels.map(\.title), tag: "labl")
        writer.append(labels.map(\.indexTitle), tag: "labl")
        writer.append(labels.map(\.kind.rawValue), tag: "labl")
        writer.append(listing.sections.map { Int64($0.rows.lowerBound) }, tag: "sect")
        writer.append(listing.sections.map { Int64($0.rows.upperBound) }, tag: "sect")
        writer.append(listing.sections.map { Int64($0.indexPosition) }, tag: "sect")
        writer.append(listing.sections.map { Int64($0.labelPosition) }, tag: "sect")
        writer.append(listing.indexTitles, tag: "titl")
        writer.append(listing.indexTargets.map { target -> Int64 in
            switch target {
            case .search: -1
            case .section(let s): Int64(s)
            }
        }, tag: "tgts")

        let storage = index.storage
        storage.main.append(to: &writer, tag: "main")
        for (variant, tag) in [(storage.caseVariant, "casv"), (storage.allVariant, "allv"), (storage.localeVariant, "locv")] {
            writer.append(variant.rows, tag: tag)
            writer.append(variant.isVariant.words, tag: tag)
            variant.index.append(to: &writer, tag: tag)
        }
        storage.phonetic.append(to: &writer)
        let dialpad = storage.dialpad.ifBuilt
        writer.append([UInt8(dialpad == nil ? 0 : 1)], tag: "dial")
        dialpad?.append(to: &writer, tag: "dial")

        let names = extraColumns.keys.sorted()
        writer.append(names, tag: "xcol")
        for name in names { writer.append(extraColumns[name]!, tag: "xcol") }

        try writer.write(to: path, formatVersion: formatVersion)
    }

    /// Loads a listing saved by ``write(to:metadata:extraColumns:)``, with its search index, metadata
    /// and extra columns, exactly as they were; nothing is sorted or folded again.
    ///
    /// The file is mapped (``MappedFile``), not read: the big arrays (the texts, the text indexes'
    /// texts, starts and suffixes) are the file's own pages, shared with any other process that
    /// maps it, and read from the page cache as queries touch them. The header, the format version
    /// and every record's length are checked at once; the file's ICU version, locale, collator
    /// version and options are held against this process's ICU and `expected`; and the structures
    /// are checked against each other (counts, offsets, suffix codes) so that no query can read
    /// outside them. The checksum of the whole file is verified before anything is built when
    /// `checksum` is ``ArchiveReader/Checksum/atOpen``; with ``ArchiveReader/Checksum/later`` the
    /// result's `check` verifies it, for the caller to run off the critical path (a server answers
    /// meanwhile, and rebuilds the listing if the check fails).
    ///
    /// ```swift
    /// do {
    ///     let saved = try SearchableListing.load(from: path, expecting: .init(locale: "sv"))
    ///     if saved.metadata["changeCounter"] == store.changeCounter { return saved.searchable }
    /// } catch let error as SavedIndexError {
    ///     log.notice("\(error)")   // then rebuild from the store
    /// }
    /// ```
    ///
    /// - Throws: ``SavedIndexError`` naming the file and what was wrong (not found, truncated,
    ///   corrupted, another format version, ICU version, collator version, locale or option);
    ///   `LocaleError` when `expected.locale` has no ICU data.
    /// - Complexity: a pass over the offsets, starts and suffixes, and a copy of the smaller arrays
    ///   (elements, fold variants' rows, the phonetic keys' row lists and bitmaps, the dial-pad index's rows); with
    ///   `checksum: .atOpen` a pass over every byte.
    package static func load(from path: String, expecting expected: SavedIndexExpectation,
                             checksum: ArchiveReader.Checksum = .atOpen) throws
        -> (searchable: SearchableListing<Int>, metadata: [String: String], extraColumns: [String: TextColumn],
            check: SavedIndexCheck) {
        typealias Key = SavedListingFormat.Key
        var reader = try ArchiveReader(path: path, formatVersion: SavedListingFormat.version, checksum: checksum)
        func refuse(_ reason: SavedIndexError.Reason) -> SavedIndexError { SavedIndexError(path: path, reason) }

        // What the file was built with, against what this process would build.
        let system = try reader.dictionary(tag: "sysm")
        func value(_ key: String) throws -> String {
            guard let value = system[key] else { throw reader.corrupted("no '\(key)' in the format's metadata") }
            return value
        }
        let collation = try IndexedCollation(locale: expected.locale, latinLabels: expected.latinLabels, names: expected.names)
        Folding.prepareInBackground(locale: collation.locale)
        let locale = try value(Key.locale)
        guard locale == collation.locale else { throw refuse(.otherLocale(found: locale, expected: collation.locale)) }
        let icuVersion = try value(Key.icuVersion)
        guard icuVersion == ICU.libraryVersion else {
            throw refuse(.otherICUVersion(found: icuVersion, current: ICU.libraryVersion))
        }
        let collatorVersion = try value(Key.collatorVersion)
        guard collatorVersion == collation.collatorVersion else {
            throw refuse(.otherCollatorVersion(found: collatorVersion, current: collation.collatorVersion))
        }
        let options = [(Key.latinLabels, "Latin labels", collation.addsLatinLabels),
                       (Key.descending, "descending", expected.descending),
                       (Key.fullIndex, "full index", expected.fullIndex)]
        for (key, name, wanted) in options + [(Key.names, "names", expected.names)] {
            // Files from before `names` existed were built without it.
            let found = key == Key.names ? system[key] ?? "false" : try value(key)
            guard found == String(wanted) else { throw refuse(.otherOptions(option: name, found: found, expected: String(wanted))) }
        }
        guard let rowCount = Int(try value(Key.rowCount)) else { throw reader.corrupted("the row count is not a number") }
        let metadata = try reader.dictionary(tag: "user")

        // The listing.
        let elements = try reader.array(Int64.self, tag: "elem").map { Int($0) }
        let texts = try reader.column(tag: "text")
        guard elements.count == rowCount, texts.count == rowCount else {
            throw reader.corrupted("\(elements.count) elements and \(texts.count) texts for \(rowCount) rows")
        }
        let titles = try reader.column(tag: "labl"), shortTitles = try reader.column(tag: "labl")
        let kinds = try reader.column(tag: "labl")
        let lowers = try reader.array(Int64.self, tag: "sect"), uppers = try reader.array(Int64.self, tag: "sect")
        let positions = try reader.array(Int64.self, tag: "sect")
        let labelPositions = try reader.array(Int64.self, tag: "sect")
        let indexTitles = Array(try reader.column(tag: "titl"))
        let targets = try reader.array(Int64.self, tag: "tgts")
        let sectionCount = titles.count
        guard [shortTitles.count, kinds.count, lowers.count, uppers.count, positions.count, labelPositions.count]
                .allSatisfy({ $0 == sectionCount }),
              targets.count == indexTitles.count else {
            throw reader.corrupted("the section tables have different lengths")
        }
        var sections: [ListingSection] = []
        sections.reserveCapacity(sectionCount)
        var nextRow: Int64 = 0
        for s in 0..<sectionCount {
            guard let kind = IndexLabel.Kind(rawValue: kinds[s]) else { throw reader.corrupted("section \(s) has kind '\(kinds[s])'") }
            guard lowers[s] == nextRow, uppers[s] > lowers[s], uppers[s] <= Int64(rowCount),
                  positions[s] >= 0, positions[s] < Int64(indexTitles.count) else {
                throw reader.corrupted("section \(s) does not follow on from the one before it")
            }
            // Label positions: 0 (Favorites) or 1 + a label of the collation, each section its own.
            guard labelPositions[s] >= 0, labelPositions[s] <= Int64(collation.labels.count),
                  s == 0 || labelPositions[s] != labelPositions[s - 1] else {
                throw reader.corrupted("section \(s) has label position \(labelPositions[s])")
            }
            nextRow = uppers[s]
            sections.append(ListingSection(label: IndexLabel(title: titles[s], indexTitle: shortTitles[s], kind: kind),
                                           rows: Int(lowers[s])..<Int(uppers[s]), indexPosition: Int(positions[s]),
                                           labelPosition: Int(labelPositions[s])))
        }
        guard nextRow == Int64(rowCount) else { throw reader.corrupted("the sections cover \(nextRow) of \(rowCount) rows") }
        let indexTargets = try targets.map { target -> IndexTarget in
            if target == -1 { return .search }
            guard target >= 0 && target < Int64(sectionCount) else { throw reader.corrupted("an index title leads to section \(target)") }
            return .section(Int(target))
        }
        guard indexTargets.first.map({ $0 == .search }) ?? false else {
            throw reader.corrupted("the side index does not start with the search sentinel")
        }
        let parts = Listing(collation: collation, elements: elements, sections: sections, indexTitles: indexTitles,
                            indexTargets: indexTargets, texts: texts, isDescending: expected.descending,
                            hasFullIndex: expected.fullIndex)

        // The search index.
        let main = try TextIndex(from: &reader, tag: "main", entryCount: rowCount)
        var variants: [FoldVariant] = []
        for tag in ["casv", "allv", "locv"] {
            let rows = try reader.array(UInt32.self, tag: tag)
            let words = try reader.array(UInt64.self, tag: tag)
            guard words.count == (rowCount + 63) / 64 else { throw reader.corrupted("variant '\(tag)' has \(words.count) words of bits") }
            let isVariant = BitSet(words: words)
            var previous: Int64 = -1
            for row in rows {
                guard Int64(row) > previous, Int(row) < rowCount, isVariant[Int(row)] else {
                    throw reader.corrupted("variant '\(tag)' lists rows out of order or unmarked")
                }
                previous = Int64(row)
            }
            guard words.reduce(0, { $0 + $1.nonzeroBitCount }) == rows.count else {
                throw reader.corrupted("variant '\(tag)' marks other rows than it lists")
            }
            let index = try TextIndex(from: &reader, tag: tag, entryCount: rows.count)
            variants.append(FoldVariant(rows: rows, isVariant: isVariant, index: index))
        }
        let phonetic = try PhoneticIndex(from: &reader, rowCount: rowCount)
        let dialpadFlag = try reader.array(UInt8.self, tag: "dial")
        guard dialpadFlag == [0] || dialpadFlag == [1] else { throw reader.corrupted("the dial-pad index has flag \(dialpadFlag)") }
        let dialpad = dialpadFlag == [1] ? try DialpadIndex(from: &reader, tag: "dial", rowCount: rowCount) : nil
        // The caller's columns.
        let names = try reader.column(tag: "xcol")
        var extraColumns: [String: TextColumn] = [:]
        for name in names { extraColumns[name] = try reader.column(tag: "xcol") }
        guard extraColumns.count == names.count else { throw reader.corrupted("two extra columns have one name") }
        try reader.finish()

        // The phonetic keys come as they were saved; the readings (for the ranges of a reading's
        // match) are the caller's extra column, as the keys were built from them.
        let readings = extraColumns["readings"].flatMap { $0.count == rowCount ? $0 : nil }
        let index = SearchIndex(storage: SearchIndex.Storage(texts: texts, main: main, caseVariant: variants[0],
                                                             allVariant: variants[1], localeVariant: variants[2],
                                                             locale: collation.locale, readings: readings, phonetic: phonetic))
        if let dialpad { index.adoptDialpadIndex(dialpad) }
        let listing = parts.with(readings: readings)

        return (SearchableListing(listing: listing, index: index), metadata, extraColumns,
                SavedIndexCheck(reader: checksum == .later ? reader : nil))
    }
}

/// The part of a saved index's check left for later (``ArchiveReader/Checksum/later``): the
/// checksum of the whole file, a pass over every byte of its mapping.
package struct SavedIndexCheck: Sendable {
    /// The reader whose checksum is still to verify; nil when it was verified at open.
    fileprivate let reader: ArchiveReader?

    /// Whether there is anything left to verify.
    package var isPending: Bool { reader != nil }

    /// Verifies the checksum of the whole file (nothing when it was verified at open).
    /// - Throws: ``SavedIndexError`` (corrupted) when it differs from the stored one.
    package func verify() throws { try reader?.verifyChecksum() }
}
