import Dispatch
import Logging
import Synchronization
import ThumbIndex
import ThumbIndexStore

/// Keeps a server's listings in step with its store: the writes this server takes, and (see
/// ``ListingWriter+Following``) the writes other servers on the same store commit.
///
/// A write goes to the store first (a committed transaction, with its store version), then to the
/// served snapshots, before the caller answers. So a 2xx means committed, and every request that
/// starts after it sees the write (read-your-writes); a request never sees half of a batch, since
/// a batch is one snapshot. Writes of other servers are read from the store's change log, in
/// version order: the catalog's ``ListingCatalog/version`` is the version every listing has applied.
///
/// It also keeps snapshots compact: when a listing's tail grows past ``compactAfter`` items it
/// becomes a run (merged with the newest runs by size), and when the pending edits pass
/// ``mergeAfter`` everything is merged into a new base. Each runs on a background thread of its
/// own (a compaction goes on while a merge runs), from a snapshot, while writes go on; the edits
/// made meanwhile are applied again to the result before it is swapped in (on that thread while
/// they are more than a tail's worth, then the rest on the write queue). (The library's
/// `EditableListing` does the same for an app, without a store; both take their thresholds from
/// `EditableListing.MergePolicy`. This writer keeps its own loop because each swap must follow the
/// store's committed transaction, and a merge's result is saved with the listing's store version.)
///
/// `@unchecked Sendable`: the mutable state (`jobs`, `mergesFollowedUp`, `listingVersions`) is read and written on
/// `queue` only; `health` is behind its own lock; the other properties are immutable.
package final class ListingWriter: @unchecked Sendable {
    package let catalog: ListingCatalog
    package let store: any ListingStore
    let logger: Logger
    /// Where every write, every change read from the log and every swap of a snapshot runs, one at a time.
    let queue = DispatchQueue(label: "thumbindex.writes")
    /// Where merges, saves, checksums and the change log's pruning run, one at a time: a thread
    /// at `nice` +15, below the reads (+10), so that no merge slows a keystroke.
    let background = ThreadQueue(name: "thumbindex-maintenance", threads: 1, niceness: 15)
    /// Where compactions run, one at a time, as low as `background`: a thread of their own, so
    /// that they go on while a merge runs (at 10M items, a minute or two under writes), and the
    /// tail, which every write rebuilds, stays small meanwhile.
    let compactions = ThreadQueue(name: "thumbindex-compact", threads: 1, niceness: 15)
    /// Where a merge's old base is let go of: a thread at the server's own priority (a tenth of a
    /// second of unmapping, once a merge), so that it goes right after the swap, while the
    /// keystrokes after it bring the new base's pages in, not when the reads leave it a turn.
    let releases = ThreadQueue(name: "thumbindex-release", threads: 1, niceness: 0)
    /// The running compaction and merge of each listing, at most one of each (on `queue` only).
    var jobs: [JobKey: Job] = [:]
    /// The listings whose last merge is still being followed up: its old base let go of, its
    /// result saved (on `queue` only). No merge of such a listing starts meanwhile (see
    /// ``scheduleMaintenance(_:)``).
    var mergesFollowedUp: Set<String> = []
    /// The store version of each listing as served: the last write to it that the snapshot
    /// includes (on `queue` only). Changes in the log at or below it are in the snapshot already.
    var listingVersions: [String: Int64] = [:]
    /// Tail items that trigger a compaction.
    package let compactAfter: Int
    /// Whether a merge writes its new base to scratch files beside the saved indexes (`serve
    /// --merge-in-memory` turns it off).
    let mergesInFiles: Bool
    /// Pending edits (runs, tail and the base's tombstones) that trigger a merge, for a listing of `count` items.
    package let mergeAfter: @Sendable (Int) -> Int
    /// Where built listings are saved for the next start; nil: nowhere.
    package let savedIndexes: SavedIndexes?
    /// Whether every listing reads a leading Han character as a surname (`serve --names`): a
    /// setting of the server, not of the store, so it applies to listings created through the API too.
    package let names: Bool
    /// How this server follows the store's change log.
    package let following: FollowingSettings
    /// What `GET /metrics` counts of merges, compactions and store errors; nil: nothing.
    package let metrics: ServerMetrics?
    /// What `/healthz` reports (see ``ReplicaHealth``).
    let healthState = Mutex(ReplicaHealth())
    /// The store probe of `/healthz` (see ``probeStore(timeout:)``).
    let storeProbe = Mutex(StoreProbe())
    /// Whether a catch-up is queued already (requests for one coalesce).
    let catchUpQueued = Atomic<Bool>(false)

    /// A background compaction or merge: the edits made since its snapshot was taken that its
    /// result has not had applied yet.
    /// `@unchecked Sendable`: like `jobs`, touched on `queue` only.
    final class Job: @unchecked Sendable {
        var edits: [LiveEdit] = []
    }

    /// What a job does, and to which listing.
    struct JobKey: Hashable {
        let name: String
        let merge: Bool

        static func merge(_ name: String) -> JobKey { JobKey(name: name, merge: true) }
        static func compaction(_ name: String) -> JobKey { JobKey(name: name, merge: false) }
    }

    /// `compactAfter` and `mergeAfter` default to the library's ``EditableListing/MergePolicy/automatic``,
    /// the thresholds an app's editable listing has. With `mergesInFiles` (and `savedIndexes`), a
    /// merge writes its new base to scratch files in the index folder and maps them (see `ScratchFolder`).
    package init(catalog: ListingCatalog, store: any ListingStore, logger: Logger,
                 compactAfter: Int = EditableListing.MergePolicy.automatic.compactAfter,
                 mergeAfter: @escaping @Sendable (Int) -> Int = { EditableListing.MergePolicy.automatic.mergeThreshold(forCount: $0) },
                 savedIndexes: SavedIndexes? = nil, names: Bool = false, following: FollowingSettings = FollowingSettings(),
                 metrics: ServerMetrics? = nil, mergesInFiles: Bool = true) {
        self.catalog = catalog
        self.store = store
        self.logger = logger
        self.compactAfter = compactAfter
        self.mergeAfter = mergeAfter
        self.savedIndexes = savedIndexes
        self.names = names
        self.following = following
        self.metrics = metrics
        self.mergesInFiles = mergesInFiles
    }

    /// The collation of a listing in `locale`, with this server's ``names`` setting.
    /// - Throws: `LocaleError` when ICU has no data for `locale`.
    package func collation(locale: String) throws -> IndexedCollation {
        try IndexedCollation(locale: locale, names: names)
    }

    // MARK: Writes

    /// Creates or replaces listing `name` with `items`; returns whether it was created, the ids,
    /// and the store version of the write.
    /// `search` names the item fields searched as text, as phone numbers, and the field of their regions.
    /// - Throws: `StoreError` (nothing written); `LocaleError`; `ICUError`, `LimitError`.
    package func replaceListing(name: String, collation: IndexedCollation, items: [ItemInput],
                                search: (fields: [String], phones: [String], region: String?) = ([], [], nil)) async throws
        -> (created: Bool, ids: [String], version: Int64) {
        try await serialized { [self] in
            var order = ["text", "reading", "pinned"]
            for column in search.fields + search.phones + [search.region].compactMap({ $0 }) where !order.contains(column) {
                order.append(column)
            }
            let columns = ListingColumns(reading: "reading", pin: "pinned", order: order, search: search.fields,
                                         phones: search.phones, region: search.region)
            let (created, stored, version) = try store.replaceListing(name: name, locale: collation.locale, columns: columns,
                                                                      items: items)
            try applyCommitted(version) {
                let schema = Self.schema(of: columns)
                let listing = try LiveListing(items: stored.map { $0.liveItem(regionColumn: schema.regionColumn) }, schema: schema,
                                              collation: collation)
                publishReplaced(name, listing: listing, version: version)
                // Saved at once, off the write queue: a kill before the first merge then replays instead of rebuilding.
                if let savedIndexes { background.async { savedIndexes.save(listing, name: name, version: version) } }
            }
            return (created, stored.map(\.id), version)
        }
    }

    /// Deletes listing `name`; returns the store version of the write, or nil when there was no such listing.
    package func deleteListing(name: String) async throws -> Int64? {
        try await serialized { [self] in
            guard let version = try store.deleteListing(name: name) else { return nil }
            try applyCommitted(version) { publishDeleted(name) }
            return version
        }
    }

    /// Inserts or replaces `items` of listing `name`, all or none; returns a change per item, with the write's version.
    /// - Throws: `StoreError` (`noSuchListing`, an invalid item: nothing written).
    package func upsert(listing name: String, items: [ItemInput]) async throws -> [ItemChange] {
        try await serialized { [self] in
            let changes = try store.upsertItems(listing: name, items: items)
            guard let version = changes.first?.version else { return changes }
            try applyCommitted(version) {
                let region = catalog[name]?.listing.schema.regionColumn
                try apply(changes.map { .put($0.new.liveItem(regionColumn: region)) }, to: name, version: version)
            }
            return changes
        }
    }

    /// Changes some fields of item `id`; nil when the listing has no such item.
    package func patch(listing name: String, id: String, patch: ItemPatch) async throws -> ItemChange? {
        try await serialized { [self] in
            guard let change = try store.patchItem(listing: name, id: id, patch: patch) else { return nil }
            try applyCommitted(change.version) {
                try apply([.put(change.new.liveItem(regionColumn: catalog[name]?.listing.schema.regionColumn))], to: name,
                          version: change.version)
            }
            return change
        }
    }

    /// Deletes item `id`; returns it and the write's version, or nil when the listing has no such item.
    package func deleteItem(listing name: String, id: String) async throws -> (item: StoredItem, version: Int64)? {
        try await serialized { [self] in
            guard let (removed, version) = try store.deleteItem(listing: name, id: id) else { return nil }
            try applyCommitted(version) { try apply([.remove(seq: Int(removed.seq))], to: name, version: version) }
            return (removed, version)
        }
    }

    /// Runs `body` on the write queue and hands its result back to the caller.
    func serialized<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body() }) }
        }
    }

    /// Shows a write this server committed at `version`. When it is the next version, `applyOwn`
    /// applies it from memory; otherwise other servers' writes came first, and the change log
    /// brings them and this one, in order. On `queue`.
    private func applyCommitted(_ version: Int64, _ applyOwn: () throws -> Void) throws {
        if version == (catalog.version ?? 0) + 1 {
            try applyOwn()
            advance(to: version, storeVersion: version)
        } else {
            try catchUp()
        }
    }

    // MARK: Publishing (on `queue`)

    /// Publishes the snapshot after `edits` (already committed to the store at `version`).
    func apply(_ edits: [LiveEdit], to name: String, version: Int64) throws {
        guard let entry = catalog[name] else { return }
        let listing: LiveListing
        do {
            listing = try entry.listing.applying(edits)
        } catch {
            // Committed but not applied (ICU failed): serve what the store holds rather than a stale listing.
            logger.error("\(name): applying a write failed (\(error)); rebuilding the listing from the store")
            let (rebuilt, info) = try Self.build(name: name, from: store, names: names)
            publishReplaced(name, listing: rebuilt, version: info.version)
            return
        }
        catalog.publish(ListingCatalog.Entry(name: name, listing: listing))
        listingVersions[name] = version
        jobs[.merge(name)]?.edits += edits
        jobs[.compaction(name)]?.edits += edits
        scheduleMaintenance(name)
    }

    /// Publishes a listing built whole (created, replaced, or rebuilt) that includes the store's
    /// writes to it up to `version`.
    func publishReplaced(_ name: String, listing: LiveListing, version: Int64) {
        forgetJobs(of: name)  // a compaction or merge of the old listing is of no use any more
        savedIndexes?.remove(name)
        catalog.publish(ListingCatalog.Entry(name: name, listing: listing))
        listingVersions[name] = version
        scheduleMaintenance(name)
    }

    /// Forgets a deleted listing.
    func publishDeleted(_ name: String) {
        forgetJobs(of: name)
        savedIndexes?.remove(name)
        catalog.remove(name)
        listingVersions[name] = nil
    }

    /// Drops the running jobs of `name`: their results will not be published.
    func forgetJobs(of name: String) {
        jobs[.merge(name)] = nil
        jobs[.compaction(name)] = nil
    }

    /// Records that every listing now includes the store's writes up to `version`.
    func advance(to version: Int64, storeVersion: Int64) {
        catalog.setVersion(version)
        healthState.withLock { $0.reached(applied: version, store: storeVersion) }
    }
}

extension StoredItem {
    /// The item as a live listing holds it: its fields, and its region from `regionColumn`.
    func liveItem(regionColumn: String?) -> LiveItem {
        LiveItem(seq: Int(seq), id: id, text: text, reading: reading, pinned: pinned, fields: fields,
                 region: regionColumn.flatMap { fields[$0] })
    }
}
