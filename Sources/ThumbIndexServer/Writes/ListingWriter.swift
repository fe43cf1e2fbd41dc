import Dispatch
import Logging
import ThumbIndex
import ThumbIndexStore

/// Applies writes, one at a time: to the store first (a committed transaction), then to the
/// served snapshot, before the caller answers. So a 2xx means committed, and every request that
/// starts after it sees the write (read-your-writes); a request never sees half of a batch, since
/// a batch is one snapshot.
///
/// It also keeps snapshots compact: when a listing's tail grows past ``compactAfter`` items it is
/// folded into the delta, and when the pending edits pass ``mergeAfter(_:)`` everything is merged
/// into a new base — both on a background queue, from a snapshot, while writes go on; the edits
/// made meanwhile are applied again to the result before it is swapped in. (The library's
/// `EditableListing` does the same for an app, without a store; both take their thresholds from
/// `EditableListing.MergePolicy`. This writer keeps its own loop because each swap must follow the
/// store's committed transaction, and a merge's result is saved with the store's version.)
///
/// `@unchecked Sendable`: `jobs` is read and written on `queue` only, and the other properties
/// are immutable.
package final class ListingWriter: @unchecked Sendable {
    package let catalog: ListingCatalog
    package let store: any ListingStore
    private let logger: Logger
    /// Where every write and every swap of a snapshot runs, one at a time.
    private let queue = DispatchQueue(label: "thumbindex.writes")
    /// Where compactions and merges run.
    private let background = DispatchQueue(label: "thumbindex.maintenance", qos: .utility)
    /// The running compaction or merge of each listing (on `queue` only).
    private var jobs: [String: Job] = [:]
    /// Tail items that trigger a compaction.
    package let compactAfter: Int
    /// Pending edits (delta, tail and tombstones) that trigger a merge, for a listing of `count` items.
    package let mergeAfter: @Sendable (Int) -> Int
    /// Where built listings are saved for the next start; nil: nowhere.
    package let savedIndexes: SavedIndexes?
    /// Whether every listing reads a leading Han character as a surname (`serve --names`): a
    /// setting of the server, not of the store, so it applies to listings created through the API too.
    package let names: Bool

    /// A background compaction or merge: the edits made since its snapshot was taken.
    /// `@unchecked Sendable`: like `jobs`, touched on `queue` only.
    private final class Job: @unchecked Sendable {
        var edits: [LiveEdit] = []
    }

    /// `compactAfter` and `mergeAfter` default to the library's ``EditableListing/MergePolicy/automatic``,
    /// the thresholds an app's editable listing has.
    package init(catalog: ListingCatalog, store: any ListingStore, logger: Logger,
                 compactAfter: Int = EditableListing.MergePolicy.automatic.compactAfter,
                 mergeAfter: @escaping @Sendable (Int) -> Int = { EditableListing.MergePolicy.automatic.mergeThreshold(forCount: $0) },
                 savedIndexes: SavedIndexes? = nil, names: Bool = false) {
        self.catalog = catalog
        self.store = store
        self.logger = logger
        self.compactAfter = compactAfter
        self.mergeAfter = mergeAfter
        self.savedIndexes = savedIndexes
        self.names = names
    }

    /// The collation of a listing in `locale`, with this server's ``names`` setting.
    /// - Throws: `LocaleError` when ICU has no data for `locale`.
    package func collation(locale: String) throws -> IndexedCollation {
        try IndexedCollation(locale: locale, names: names)
    }

    // MARK: Writes

    /// Creates or replaces listing `name` with `items`; returns whether it was created and the ids.
    /// - Throws: `StoreError` (nothing written); `LocaleError`; `ICUError`, `LimitError`.
    /// `search` names the item fields searched as text, as phone numbers, and the field of their regions.
    package func replaceListing(name: String, collation: IndexedCollation, items: [ItemInput],
                                search: (fields: [String], phones: [String], region: String?) = ([], [], nil)) async throws
        -> (created: Bool, ids: [String]) {
        try await serialized { [self] in
            var order = ["text", "reading", "pinned"]
            for column in search.fields + search.phones + [search.region].compactMap({ $0 }) where !order.contains(column) {
                order.append(column)
            }
            let columns = ListingColumns(reading: "reading", pin: "pinned", order: order, search: search.fields,
                                         phones: search.phones, region: search.region)
            let (created, stored, _) = try store.replaceListing(name: name, locale: collation.locale, columns: columns,
                                                             items: items)
            jobs[name] = nil  // a compaction of the old listing is of no use any more
            savedIndexes?.remove(name)
            let schema = Self.schema(of: columns)
            let listing = try LiveListing(items: stored.map { $0.liveItem(regionColumn: schema.regionColumn) }, schema: schema,
                                          collation: collation)
            catalog.publish(ListingCatalog.Entry(name: name, listing: listing))
            return (created, stored.map(\.id))
        }
    }

    /// Deletes listing `name`; false when there was none.
    package func deleteListing(name: String) async throws -> Bool {
        try await serialized { [self] in
            let deleted = try store.deleteListing(name: name)
            jobs[name] = nil
            savedIndexes?.remove(name)
            catalog.remove(name)
            return deleted != nil
        }
    }

    /// Inserts or replaces `items` of listing `name`, all or none.
    /// - Throws: `StoreError` (`noSuchListing`, an invalid item: nothing written).
    package func upsert(listing name: String, items: [ItemInput]) async throws -> [ItemChange] {
        try await serialized { [self] in
            let changes = try store.upsertItems(listing: name, items: items)
            let region = catalog[name]?.listing.schema.regionColumn
            try apply(changes.map { .put($0.new.liveItem(regionColumn: region)) }, to: name)
            return changes
        }
    }

    /// Changes some fields of item `id`; nil when the listing has no such item.
    package func patch(listing name: String, id: String, patch: ItemPatch) async throws -> ItemChange? {
        try await serialized { [self] in
            guard let change = try store.patchItem(listing: name, id: id, patch: patch) else { return nil }
            try apply([.put(change.new.liveItem(regionColumn: catalog[name]?.listing.schema.regionColumn))], to: name)
            return change
        }
    }

    /// Deletes item `id`; returns it, or nil when the listing has no such item.
    package func deleteItem(listing name: String, id: String) async throws -> StoredItem? {
        try await serialized { [self] in
            guard let (removed, _) = try store.deleteItem(listing: name, id: id) else { return nil }
            try apply([.remove(seq: Int(removed.seq))], to: name)
            return removed
        }
    }

    /// Runs `body` on the write queue and hands its result back to the caller.
    private func serialized<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body() }) }
        }
    }

    /// Publishes the snapshot after `edits` (already committed to the store). On `queue`.
    private func apply(_ edits: [LiveEdit], to name: String) throws {
        guard let entry = catalog[name] else { return }
        let listing: LiveListing
        do {
            listing = try entry.listing.applying(edits)
        } catch {
            // Committed but not applied (ICU failed): serve what the store holds rather than a stale listing.
            logger.error("\(name): applying a write failed (\(error)); rebuilding the listing from the store")
            listing = try Self.build(name: name, from: store, names: names)
            jobs[name] = nil
        }
        catalog.publish(ListingCatalog.Entry(name: name, listing: listing))
        jobs[name]?.edits += edits
        scheduleMaintenance(name)
    }

    // MARK: Maintenance

    /// Starts a compaction or a merge of `name` when one is due and none runs. On `queue`.
    private func scheduleMaintenance(_ name: String) {
        guard jobs[name] == nil, let listing = catalog[name]?.listing else { return }
        let merge = listing.pendingEdits >= mergeAfter(listing.count)
        guard merge || listing.tailCount >= compactAfter else { return }
        let job = Job()
        jobs[name] = job
        // The store's version of the snapshot (writes and this read both run on `queue`).
        let version = try? store.version(listing: name)
        background.async { [self] in
            let started = ContinuousClock.now
            let result = Result { merge ? try listing.merged() : try listing.compactingTail() }
            queue.async { [self] in
                guard jobs[name] === job else { return }  // the listing was replaced or deleted meanwhile
                jobs[name] = nil
                do {
                    let built = try result.get().applying(job.edits)
                    catalog.publish(ListingCatalog.Entry(name: name, listing: built))
                    if merge {
                        logger.info("\(name): merged \(listing.pendingEdits) pending edits into a new base of \(built.count) items in \(ContinuousClock.now - started)")
                        // What the merge built is the store at `version`: save it, off the write queue.
                        if let savedIndexes, let version, let base = try? result.get() {
                            background.async { savedIndexes.save(base, name: name, version: version) }
                        }
                    }
                } catch {
                    logger.error("\(name): \(merge ? "merge" : "compaction") failed: \(error); the listing stays as it is")
                }
                scheduleMaintenance(name)
            }
        }
    }

    /// Waits until no compaction or merge runs (for tests and benchmarks).
    package func waitForMaintenance() async throws {
        while try await serialized({ [self] in !jobs.isEmpty }) {
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    // MARK: Loading

    /// Saves every listing that changed since it was saved (merging its pending edits first): for a
    /// graceful stop, so that the next start loads instead of building.
    package func saveAll() async throws {
        guard let savedIndexes else { return }
        let snapshots = try await serialized { [self] in
            jobs = [:]  // no merge result is published any more
            return try catalog.entries.map { ($0, try store.version(listing: $0.name)) }
        }
        for (entry, version) in snapshots {
            if let version { savedIndexes.save(entry.listing, name: entry.name, version: version) }
        }
    }

    /// The searched columns a stored listing's columns name: text fields, then phones, and the
    /// region column (when there are phones).
    static func schema(of columns: ListingColumns) -> LiveFieldSchema {
        LiveFieldSchema(fields: columns.search.map { .init(name: $0, kind: .text) } + columns.phones.map { .init(name: $0, kind: .phone) },
                        regionColumn: columns.phones.isEmpty ? nil : columns.region)
    }

    /// The live listing of `name` as the store holds it (items read in `seq` order into columns),
    /// reading a leading Han character as a surname when `names`.
    /// - Throws: `StoreError`; `LocaleError` when the stored locale is unknown to this ICU; `ICUError`.
    package static func build(name: String, from store: any ListingStore, names: Bool = false,
                              progress: ((Double) -> Void)? = nil) throws -> LiveListing {
        guard let info = try store.listing(named: name) else { throw StoreError.noSuchListing(name) }
        let collation = try IndexedCollation(locale: info.locale, names: names)
        var seqs: [Int] = []
        seqs.reserveCapacity(info.itemCount)
        var ids = TextColumn(), texts = TextColumn(), readings = TextColumn()
        var pinned: [Bool] = []
        var anyReading = false
        // The searched columns the listing's columns name: text fields, then phones, with the regions.
        let columns = info.columns
        let searched = columns.search.map { ($0, SearchFieldKind.text) } + columns.phones.map { ($0, SearchFieldKind.phone) }
        var values = [TextColumn](repeating: TextColumn(), count: searched.count)
        var regions = TextColumn()
        try store.forEachItem(listing: name) { item in
            for (k, (column, _)) in searched.enumerated() { values[k].append(item.fields[column] ?? "") }
            if let region = columns.region { regions.append(item.fields[region] ?? "") }
            seqs.append(Int(item.seq))
            ids.append(item.id)
            texts.append(item.text)
            readings.append(item.reading ?? "")
            anyReading = anyReading || item.reading != nil
            pinned.append(item.pinned)
            if seqs.count & 0xFFFF == 0 { progress?(0.3 * Double(seqs.count) / Double(max(info.itemCount, 1))) }
        }
        let regionColumn = columns.phones.isEmpty ? nil : columns.region
        let fields = searched.enumerated().map { k, field in
            FieldColumn(name: field.0, kind: field.1, values: values[k],
                        regions: field.1 == .phone && regionColumn != nil ? regions : nil)
        }
        return try LiveListing(seqs: seqs, ids: ids, texts: texts, readings: anyReading ? readings : nil,
                               pinned: { pinned[$0] }, fields: fields, regionColumn: regionColumn, collation: collation,
                               progress: progress.map { p in { p(0.3 + 0.7 * $0) } })
    }
}

extension StoredItem {
    /// The item as a live listing holds it: its fields, and its region from `regionColumn`.
    func liveItem(regionColumn: String?) -> LiveItem {
        LiveItem(seq: Int(seq), id: id, text: text, reading: reading, pinned: pinned, fields: fields,
                 region: regionColumn.flatMap { fields[$0] })
    }
}
