import ThumbIndex
import ThumbIndexStore

extension ListingWriter {
    /// The store's version and listings at start: ``load(_:progress:)`` each listing, then
    /// ``finishLoading(at:)`` with this version, then ``startFollowing()``.
    package func beginLoading() throws -> (version: Int64, listings: [ListingInfo]) {
        let version = try store.currentVersion()
        return (version, try store.listings())
    }

    /// Loads a listing at start and serves it: from its saved file when there is one, with the
    /// writes the file misses replayed from the change log, else built from the store's items
    /// (see ``SavedIndexes/load(name:from:progress:)``). Nil when the listing was deleted meanwhile.
    ///
    /// A saved file answers at once; its checksum is verified next, on the background queue
    /// (``verifyInBackground(_:name:)``).
    package func load(_ info: ListingInfo, progress: ((Double) -> Void)?) throws -> (listing: LiveListing, outcome: SavedIndexes.Outcome)? {
        let loaded: (listing: LiveListing, version: Int64, outcome: SavedIndexes.Outcome, check: SavedIndexCheck?)
        do {
            if let savedIndexes {
                loaded = try savedIndexes.load(name: info.name, from: store, progress: progress)
            } else {
                let (listing, built) = try Self.build(name: info.name, from: store, names: names, progress: progress)
                loaded = (listing, built.version, .built(reason: "no --index-dir: nothing is saved"), nil)
            }
        } catch StoreError.noSuchListing {
            return nil
        }
        queue.sync {
            catalog.publish(ListingCatalog.Entry(name: info.name, listing: loaded.listing))
            listingVersions[info.name] = loaded.version
        }
        if let check = loaded.check, check.isPending { verifyInBackground(check, name: info.name) }
        return (loaded.listing, loaded.outcome)
    }

    /// Verifies a loaded file's checksum on the background queue; when it fails, logs why and
    /// builds listing `name` again from the store (on the write queue, as a listing replaced
    /// through another server is), then saves the new build over the bad file.
    func verifyInBackground(_ check: SavedIndexCheck, name: String) {
        background.async { [self] in
            let clock = ContinuousClock()
            let started = clock.now
            do {
                try check.verify()
                logger.info("'\(name)': the saved index's checksum holds (verified in \(clock.now - started))")
            } catch {
                logger.error("'\(name)': \(error); rebuilding it from the store")
                queue.async { [self] in
                    do {
                        guard let (listing, info) = try Self.buildIfExists(name: name, from: store, names: names) else { return }
                        publishReplaced(name, listing: listing, version: info.version)
                        logger.notice("'\(name)': rebuilt from the store after a failed checksum (\(listing.count) items, version \(info.version))")
                        if let savedIndexes { background.async { savedIndexes.save(listing, name: name, version: info.version) } }
                    } catch {
                        logger.error("'\(name)': could not rebuild it after a failed checksum: \(error); serving the loaded file")
                    }
                }
            }
        }
    }

    /// Marks the listings loaded, at the store `version` read before the first of them: the
    /// change log's later writes are applied by following it (those a listing loaded with are skipped).
    package func finishLoading(at version: Int64) {
        queue.sync {
            advance(to: version, storeVersion: version)
            healthState.withLock { $0.loaded = true }
        }
    }

    /// The searched columns a stored listing's columns name: text fields, then phones, and the
    /// region column (when there are phones).
    static func schema(of columns: ListingColumns) -> LiveFieldSchema {
        LiveFieldSchema(fields: columns.search.map { .init(name: $0, kind: .text) } + columns.phones.map { .init(name: $0, kind: .phone) },
                        regionColumn: columns.phones.isEmpty ? nil : columns.region)
    }

    /// The live listing of `name` as the store holds it, or nil when it holds none.
    static func buildIfExists(name: String, from store: any ListingStore, names: Bool,
                              progress: ((Double) -> Void)? = nil) throws -> (LiveListing, ListingInfo)? {
        do {
            return try build(name: name, from: store, names: names, progress: progress)
        } catch StoreError.noSuchListing {
            return nil
        }
    }

    /// The live listing of `name` as the store holds it (items read in `seq` order into columns,
    /// from one snapshot), reading a leading Han character as a surname when `names`, and the
    /// listing's info as of that snapshot (its version is the one the listing includes).
    /// - Throws: `StoreError`; `LocaleError` when the stored locale is unknown to this ICU; `ICUError`.
    package static func build(name: String, from store: any ListingStore, names: Bool = false,
                              progress: ((Double) -> Void)? = nil) throws -> (LiveListing, ListingInfo) {
        while true {
            guard let info = try store.listing(named: name) else { throw StoreError.noSuchListing(name) }
            var columns = ItemColumns(info.columns)
            let snapshot = try store.forEachItem(listing: name) { item in
                columns.append(item)
                if columns.seqs.count & 0xFFFF == 0 { progress?(0.3 * Double(columns.seqs.count) / Double(max(info.itemCount, 1))) }
            }
            // Replaced between the two reads: its locale or columns may have changed.
            guard snapshot.locale == info.locale, snapshot.columns.search == info.columns.search,
                  snapshot.columns.phones == info.columns.phones, snapshot.columns.region == info.columns.region else { continue }
            let collation = try IndexedCollation(locale: info.locale, names: names)
            let listing = try columns.listing(collation: collation, progress: progress.map { p in { p(0.3 + 0.7 * $0) } })
            return (listing, snapshot)
        }
    }
}

/// The items of a stored listing gathered into columns, as a live listing is built from them.
private struct ItemColumns {
    var seqs: [Int] = []
    var ids = TextColumn(), texts = TextColumn(), readings = TextColumn()
    var pinned: [Bool] = []
    var anyReading = false
    /// The searched columns the listing's columns name: text fields, then phones, with the regions.
    let searched: [(name: String, kind: SearchFieldKind)]
    let regionSource: String?
    let regionColumn: String?
    var values: [TextColumn]
    var regions = TextColumn()

    init(_ columns: ListingColumns) {
        searched = columns.search.map { ($0, SearchFieldKind.text) } + columns.phones.map { ($0, SearchFieldKind.phone) }
        regionSource = columns.region
        regionColumn = columns.phones.isEmpty ? nil : columns.region
        values = [TextColumn](repeating: TextColumn(), count: searched.count)
    }

    mutating func append(_ item: StoredItem) {
        for (k, column) in searched.enumerated() { values[k].append(item.fields[column.name] ?? "") }
        if let regionSource { regions.append(item.fields[regionSource] ?? "") }
        seqs.append(Int(item.seq))
        ids.append(item.id)
        texts.append(item.text)
        readings.append(item.reading ?? "")
        anyReading = anyReading || item.reading != nil
        pinned.append(item.pinned)
    }

    func listing(collation: IndexedCollation, progress: ((Double) -> Void)?) throws -> LiveListing {
        let fields = searched.enumerated().map { k, field in
            FieldColumn(name: field.name, kind: field.kind, values: values[k],
                        regions: field.kind == .phone && regionColumn != nil ? regions : nil)
        }
        let pinned = self.pinned
        return try LiveListing(seqs: seqs, ids: ids, texts: texts, readings: anyReading ? readings : nil,
                               pinned: { pinned[$0] }, fields: fields, regionColumn: regionColumn, collation: collation,
                               progress: progress)
    }
}
