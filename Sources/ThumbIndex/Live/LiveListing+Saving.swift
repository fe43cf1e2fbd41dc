extension LiveListing {
    /// Saves the listing to `path` (see ``SearchableListing/write(to:metadata:extraColumns:)``):
    /// its base, with the ids and readings; pending edits are merged in first, so the file holds
    /// exactly the live items.
    ///
    /// The searched fields (``schema``) are kept too: their values as extra columns (`field:<name>`,
    /// `regions`) and the schema in the metadata (`fields`: `kind:name` joined by tabs; `regionColumn`);
    /// their indexes are built again at load.
    ///
    /// - Parameter metadata: the caller's strings (the store's version the listing reflects).
    /// - Throws: `ArchiveWriteError` when the file cannot be written (the old one stays);
    ///   `ICUError`, `LimitError` from a merge.
    package func save(to path: String, metadata: [String: String]) throws {
        guard pendingEdits == 0 else { return try merged().save(to: path, metadata: metadata) }
        let base = levels[Self.base].segment
        var extra = ["ids": base.ids]
        if let readings = base.readings { extra["readings"] = readings }
        var metadata = metadata
        let fields = base.listing.fields
        if !fields.isEmpty {
            metadata[Self.fieldsKey] = fields.map { "\($0.kind.rawValue):\($0.name)" }.joined(separator: "\t")
            for field in fields { extra["field:" + field.name] = field.values }
            if let region = schema.regionColumn, let regions = fields.first(where: { $0.regions != nil })?.regions {
                metadata[Self.regionColumnKey] = region
                extra["regions"] = regions
            }
        }
        try base.searchable.write(to: path, metadata: metadata, extraColumns: extra)
    }

    /// The listing saved at `path` by ``save(to:metadata:)``, and its metadata. The file is mapped
    /// (see ``SearchableListing/load(from:expecting:checksum:)``); with `checksum: .later` the
    /// whole file's checksum is left to the result's `check`.
    /// - Throws: `SavedIndexError` naming the file and what is wrong with it (missing, truncated,
    ///   corrupted, written by another ICU or collator version, for another locale or names setting,
    ///   or without ids); `LocaleError` for a locale ICU has no data for.
    package static func load(from path: String, locale: String, latinLabels: IndexedCollation.LatinLabels = .automatic,
                             names: Bool = false, checksum: ArchiveReader.Checksum = .atOpen) throws
        -> (listing: LiveListing, metadata: [String: String], check: SavedIndexCheck) {
        let expected = SavedIndexExpectation(locale: locale, latinLabels: latinLabels, names: names)
        let (searchable, metadata, extra, check) = try SearchableListing<Int>.load(from: path, expecting: expected, checksum: checksum)
        guard let ids = extra["ids"], ids.count == searchable.listing.count,
              extra["readings"].map({ $0.count == ids.count }) ?? true else {
            throw SavedIndexError(path: path, .corrupted("no ids, or ids or readings for another number of items"))
        }
        // The searched fields: their schema from the metadata, their values from the extra columns.
        var fields: [FieldColumn] = []
        let regionColumn = metadata[Self.regionColumnKey]
        let regions = extra["regions"]
        if regionColumn != nil && regions == nil {
            throw SavedIndexError(path: path, .corrupted("a region column is named but its values are missing"))
        }
        for spec in (metadata[Self.fieldsKey] ?? "").split(separator: "\t") {
            let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, let kind = SearchFieldKind(rawValue: parts[0]), let values = extra["field:" + parts[1]],
                  values.count == ids.count, regions.map({ $0.count == ids.count }) ?? true else {
                throw SavedIndexError(path: path, .corrupted("the searched field '\(spec)' has no values, or values for another number of items"))
            }
            fields.append(FieldColumn(name: parts[1], kind: kind, values: values,
                                      regions: kind == .phone && regionColumn != nil ? regions : nil))
        }
        let withFields = fields.isEmpty ? searchable : try searchable.adding(fields: fields)
        guard let segment = LiveSegment(searchable: withFields, ids: ids, readings: extra["readings"]) else {
            throw SavedIndexError(path: path, .corrupted("two items have one seq"))
        }
        var userMetadata = metadata
        userMetadata[Self.fieldsKey] = nil
        userMetadata[Self.regionColumnKey] = nil
        return (try LiveListing(base: segment, schema: LiveFieldSchema(columns: fields, regionColumn: regionColumn)), userMetadata, check)
    }

    /// Metadata keys of a saved live listing's searched fields.
    static let fieldsKey = "liveFields", regionColumnKey = "liveRegionColumn"
}
