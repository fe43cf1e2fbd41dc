import Foundation

/// Where live listings are kept: named listings of items with stable ids and insertion order,
/// every write one transaction with a store version, and a change log that lets a server replay
/// what it missed instead of rebuilding. Two implementations: ``SQLiteStore`` (one file, the
/// embedded default) and the PostgreSQL store (`ThumbIndexPostgresStore`), which any number of
/// server replicas share.
///
/// **Versions.** Every write that changes something takes the next store version, in the same
/// transaction, from one counter for the whole store. Versions are gap-free and in commit order:
/// once version `n` is visible, every version below it is committed and visible too (a write
/// takes its number under the store's write lock and holds that lock until it commits; see
/// DESIGN.md, "Versions"). A reader that has applied every change up to `n` has applied every
/// write committed before `n`.
///
/// **The change log.** Each write records what it changed (``StoreChange``): items put or
/// removed, listings replaced or deleted, under its version. ``changes(after:limit:)`` reads them
/// in version order. Entries older than the retention are pruned (``pruneChanges(before:)``);
/// ``ChangeBatch/reachesBack`` says whether the log still holds everything a reader asks for.
///
/// The store knows nothing of collation: it keeps items in insertion order (``StoredItem/seq``);
/// the front ends sort them.
package protocol ListingStore: AnyObject, Sendable {
    /// Where the store is, for messages and logs: a file path, or a PostgreSQL URL without its
    /// password.
    var location: String { get }

    /// Closes the store; any later call throws.
    func close() throws(StoreError)

    // MARK: Reading

    /// Every listing, in creation order (a replaced listing keeps its place).
    func listings() throws(StoreError) -> [ListingInfo]

    /// The listing called `name`, or nil.
    func listing(named name: String) throws(StoreError) -> ListingInfo?

    /// The listing's version (see ``ListingInfo/version``), or nil when there is no such listing.
    func version(listing name: String) throws(StoreError) -> Int64?

    /// The item `id` of the listing, or nil when it has none.
    /// - Throws: `StoreError.noSuchListing` for an unknown listing.
    func item(listing name: String, id: String) throws(StoreError) -> StoredItem?

    /// Calls `body` with every item of the listing, in seq order, from one consistent snapshot
    /// (writes that commit meanwhile are not seen), and returns the listing as of that snapshot
    /// (its ``ListingInfo/version`` is the version the items reflect). Memory does not grow with
    /// the listing.
    /// - Throws: `StoreError.noSuchListing` for an unknown listing; what `body` throws.
    @discardableResult
    func forEachItem(listing name: String, _ body: (StoredItem) throws -> Void) throws -> ListingInfo

    /// The version of the last committed write (0 for a new store).
    func currentVersion() throws(StoreError) -> Int64

    /// The changes committed after `version`, in version order: every change of the versions
    /// `version + 1 ... through`, where `through` is at most `version + limit` and at most the
    /// store's current version (a write's changes are never split between batches).
    func changes(after version: Int64, limit: Int) throws(StoreError) -> ChangeBatch

    /// The changes of listing `name` in the versions `version + 1 ... through`, in version order.
    func changes(listing name: String, after version: Int64, through: Int64) throws(StoreError) -> ChangeBatch

    /// Starts calling `wake` soon after any process commits a write (PostgreSQL: LISTEN/NOTIFY
    /// on a connection of its own, reconnected when lost). A hint only: it may come late, twice or
    /// never (a notification is lost while the connection is down), so readers also poll. SQLite
    /// has no such channel and never calls it.
    func watchChanges(_ wake: @escaping @Sendable () -> Void)

    // MARK: Writing

    /// Creates or replaces a listing in one transaction, after checking the name, the locale,
    /// the columns and every item (nothing is written when one is refused): the one way listings
    /// are written, behind ``replaceListing(name:locale:columns:items:)`` and
    /// ``importListing(name:locale:columns:items:replacing:progress:)``.
    /// - Parameters:
    ///   - replacing: false to refuse (`StoreError.listingExists`) when the listing exists.
    ///   - progress: called with the fraction written (0...1), now and then.
    ///   - stored: called with each item as stored, in order.
    /// - Returns: whether the listing was created, and the listing as it is now (with the write's version).
    func writeListing<Items: Collection<ItemInput>>(
        name: String, locale: String, columns: ListingColumns, items: Items, replacing: Bool,
        progress: ((Double) -> Void)?, stored: (StoredItem) -> Void
    ) throws(StoreError) -> (created: Bool, listing: ListingInfo)

    /// Deletes the listing and all its items; returns the write's version, or nil (and nothing
    /// written) when there was no such listing.
    func deleteListing(name: String) throws(StoreError) -> Int64?

    /// Inserts or replaces items, in one transaction: all of them, or (on any error) none.
    ///
    /// An item with no id is inserted with an assigned id (``ItemLimits/assignedID(seq:attempt:)``);
    /// an item whose id the listing has replaces that item in place and keeps its seq (its
    /// place among items that collate equal); any other is inserted at the end.
    /// - Returns: one change per item, in the order of `items`, each with the write's version.
    /// - Throws: `StoreError.noSuchListing`; `.invalidItem`/`.duplicateID` naming the item.
    func upsertItems(listing name: String, items: [ItemInput]) throws(StoreError) -> [ItemChange]

    /// Changes the parts of item `id` that `patch` sets; nil (and nothing written) when the
    /// listing has no such item. The item keeps its seq.
    /// - Throws: `StoreError.noSuchListing`; `.invalid` naming the part ("text: is blank").
    func patchItem(listing name: String, id: String, patch: ItemPatch) throws(StoreError) -> ItemChange?

    /// Deletes item `id`, returning it and the write's version; nil (and nothing written) when the
    /// listing has no such item.
    /// - Throws: `StoreError.noSuchListing`.
    func deleteItem(listing name: String, id: String) throws(StoreError) -> (item: StoredItem, version: Int64)?

    /// Deletes the change log's entries of writes committed before `date`; returns how many.
    /// Readers that still need them find ``ChangeBatch/reachesBack`` false and rebuild.
    @discardableResult
    func pruneChanges(before date: Date) throws(StoreError) -> Int
}

extension ListingStore {
    /// Creates the listing, or replaces all of its items (and its locale and columns), in one
    /// transaction. A replaced listing keeps its place in ``listings()``; its items get new seqs.
    ///
    /// - Parameters:
    ///   - name: 1…200 characters, no control characters.
    ///   - columns: the TSV columns, for export (see ``ListingColumns``); field names of the
    ///     items that it lacks are appended to `columns.order`.
    ///   - items: the items, in insertion order; ids given must be unique in the batch.
    /// - Returns: whether the listing was created, its items as stored, and the write's version.
    /// - Throws: `StoreError.invalid`/`.invalidItem`/`.duplicateID` naming the part; nothing is written.
    package func replaceListing(name: String, locale: String, columns: ListingColumns, items: [ItemInput]) throws(StoreError)
        -> (created: Bool, items: [StoredItem], version: Int64) {
        var stored: [StoredItem] = []
        stored.reserveCapacity(items.count)
        let (created, listing) = try writeListing(name: name, locale: locale, columns: columns, items: items,
                                                  replacing: true, progress: nil) { stored.append($0) }
        return (created, stored, listing.version)
    }

    /// Creates or replaces a listing from many items, as ``replaceListing(name:locale:columns:items:)``
    /// does, without holding the stored items in memory: for imports of millions of items.
    ///
    /// `items` is read twice (first to check every item and the ids, then to write), so a lazy
    /// collection over a table is the right argument.
    /// - Parameters:
    ///   - replacing: false to refuse (`StoreError.listingExists`) when the listing exists.
    ///   - progress: called with the fraction written (0...1), now and then.
    /// - Returns: whether the listing was created, and the listing as it is now (with the write's version).
    package func importListing<Items: Collection<ItemInput>>(
        name: String, locale: String, columns: ListingColumns, items: Items, replacing: Bool,
        progress: ((Double) -> Void)? = nil
    ) throws(StoreError) -> (created: Bool, listing: ListingInfo) {
        try writeListing(name: name, locale: locale, columns: columns, items: items, replacing: replacing,
                         progress: progress) { _ in }
    }
}
