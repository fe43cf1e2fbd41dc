extension EditableListing {
    /// Saves the listing to `path`, atomically, so that ``load(from:locale:latinLabels:names:mergePolicy:)``
    /// opens it later without building anything.
    ///
    /// Pending edits are merged first (and that merge is published, as ``merge()`` does), so the
    /// file holds the listing's items, ids, readings and field values as of the call, with its
    /// search index. Like a saved ``SearchableListing``, the file records the ICU and collator
    /// versions and the locale, and `metadata` comes back as it was.
    ///
    /// ```swift
    /// try book.save(to: "contacts.thumbidx", metadata: ["nextID": "43"])
    /// ```
    ///
    /// - Parameters:
    ///   - path: the file to replace (or create); `path.tmp` is used on the way, so a crash leaves
    ///     the old file or the new one, never half of one.
    ///   - metadata: the caller's strings (what the listing reflects, a counter of its own). Keys
    ///     that start with `live` are the format's.
    /// - Returns: the snapshot saved.
    /// - Throws: ``ArchiveWriteError`` when the file cannot be written (the old one stays);
    ///   ``ICUError`` or ``LimitError`` from the merge.
    /// - Complexity: a merge when edits are pending (O(n log n)), then O(bytes) written.
    @discardableResult
    public func save(to path: String, metadata: [String: String] = [:]) throws -> Snapshot {
        let merged = try merge()
        try merged.live.save(to: path, metadata: metadata)
        return merged
    }

    /// Opens a listing saved by ``save(to:metadata:)``, with the metadata saved with it.
    ///
    /// The file is checked before anything is built from it, as a saved ``SearchableListing`` is:
    /// its checksum, its structures against each other, and its ICU version, collator version,
    /// locale and options against this process and the arguments. Only the searched fields'
    /// indexes are built again.
    ///
    /// ```swift
    /// let book: EditableListing
    /// do {
    ///     book = try EditableListing.load(from: path, locale: "sv").listing
    /// } catch let error as SavedIndexError where error.reason == .notFound {
    ///     book = try EditableListing(locale: "sv")          // the first run
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - path: the saved file.
    ///   - locale: the locale the listing was made in (ICU or BCP 47 form).
    ///   - latinLabels: whether its collation adds Latin labels, as ``IndexedCollation/init(locale:latinLabels:names:)`` takes it.
    ///   - names: whether its collation reads a leading Han character as a surname.
    ///   - mergePolicy: the opened listing's.
    /// - Throws: ``SavedIndexError`` naming the file and what was wrong with it (missing,
    ///   truncated, corrupted, written by another ICU or collator version, for another locale or
    ///   options, or not an editable listing); ``LocaleError`` for a locale ICU has no data for.
    /// - Complexity: O(bytes of the file) (the checksum), plus indexing the searched fields; the
    ///   big arrays stay the file's mapped pages.
    public static func load(from path: String, locale: String, latinLabels: IndexedCollation.LatinLabels = .automatic,
                            names: Bool = false, mergePolicy: MergePolicy = .automatic) throws
        -> (listing: EditableListing, metadata: [String: String]) {
        let (live, metadata, _) = try LiveListing.load(from: path, locale: locale, latinLabels: latinLabels, names: names)
        let listing = EditableListing(live, nextSeq: (live.largestSeq ?? -1) + 1, mergePolicy: mergePolicy)
        return (listing, metadata)
    }
}

extension EditableListing.Snapshot {
    /// Saves this snapshot to `path`, as ``EditableListing/save(to:metadata:)`` does (merging its
    /// pending edits into a copy first, without publishing it).
    /// - Throws: ``ArchiveWriteError``; ``ICUError`` or ``LimitError`` from the merge.
    /// - Complexity: a merge when edits are pending (O(n log n)), then O(bytes) written.
    public func save(to path: String, metadata: [String: String] = [:]) throws {
        try live.save(to: path, metadata: metadata)
    }
}
