extension LiveListing {
    /// Saves the listing to `path` (see ``SearchableListing/write(to:metadata:extraColumns:)``):
    /// its base, with the ids and readings; pending edits are merged in first, so the file holds
    /// exactly the live items.
    ///
    /// The file keeps no searched fields (``schema``): the store keeps none yet, and a listing loaded
    /// from it has none.
    ///
    /// - Parameter metadata: the caller's strings (the store's version the listing reflects).
    /// - Throws: `ArchiveWriteError` when the file cannot be written (the old one stays);
    ///   `ICUError`, `LimitError` from a merge.
    package func save(to path: String, metadata: [String: String]) throws {
        guard pendingEdits == 0 else { return try merged().save(to: path, metadata: metadata) }
        let base = levels[Self.base].segment
        var extra = ["ids": base.ids]
        if let readings = base.readings { extra["readings"] = readings }
        try base.searchable.write(to: path, metadata: metadata, extraColumns: extra)
    }

    /// The listing saved at `path` by ``save(to:metadata:)``, and its metadata.
    /// - Throws: `SavedIndexError` naming the file and what is wrong with it (missing, truncated,
    ///   corrupted, written by another ICU or collator version, for another locale or names setting,
    ///   or without ids); `LocaleError` for a locale ICU has no data for.
    package static func load(from path: String, locale: String, names: Bool = false) throws -> (listing: LiveListing, metadata: [String: String]) {
        let (searchable, metadata, extra) = try SearchableListing<Int>.load(from: path, expecting: SavedIndexExpectation(locale: locale, names: names))
        guard let ids = extra["ids"], ids.count == searchable.listing.count,
              extra["readings"].map({ $0.count == ids.count }) ?? true else {
            throw SavedIndexError(path: path, .corrupted("no ids, or ids or readings for another number of items"))
        }
        guard let segment = LiveSegment(searchable: searchable, ids: ids, readings: extra["readings"]) else {
            throw SavedIndexError(path: path, .corrupted("two items have one seq"))
        }
        return (try LiveListing(base: segment), metadata)
    }
}
