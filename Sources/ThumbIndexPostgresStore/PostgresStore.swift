import Foundation
import Logging
import NIOCore
import PostgresNIO
import Synchronization
import ThumbIndexStore

/// The PostgreSQL store of live listings (see ``ListingStore``): one database that any number of
/// servers share, with the same observable behaviour as ``SQLiteStore``: the same ids and seqs,
/// the same errors, the same change log.
///
/// **Versions.** Every write transaction begins with
/// `UPDATE thumbindex_counter SET last_version = last_version + 1 RETURNING last_version`. The
/// row lock that the UPDATE takes is held until the transaction ends, so a second writer waits at
/// that statement until the first has committed (or rolled back), and only then takes the next
/// number: versions are handed out in commit order, and a reader that sees version `n` sees every
/// version below it. A write that turns out to change nothing (an unknown id) or fails rolls
/// back, and with it its number, so there are no gaps. A PostgreSQL sequence would not do: its
/// `nextval` is not transactional and does not wait, so a transaction could take 7, a later one 8,
/// and 8 commit first (a reader would skip 7 for good), and a rolled-back write would leave a gap.
/// Every write also sends `NOTIFY thumbindex_changes, '<version>'`, delivered at commit
/// (``watchChanges(_:)``).
///
/// **Connections.** One for writes and one for reads, each made on first use, used by one caller
/// at a time, and made again after a failure (``PostgresConnectionBox``). While the server cannot
/// be reached, calls throw `StoreError.unavailable`; they succeed again once it is back, without
/// reopening the store. The API is synchronous: call it from threads of your own (Dispatch
/// queues), never from an event loop.
/// ```swift
/// let store = try PostgresStore(PostgresLocation(url: "postgres://app@/listings?host=/var/run/postgresql"))
/// _ = try store.replaceListing(name: "people", locale: "sv", columns: ListingColumns(text: "name"),
///                              items: [ItemInput(text: "Åsa")])
/// ```
package final class PostgresStore: ListingStore {
    /// The URL, without its password (in every error about the store).
    package let location: String
    private let postgres: PostgresLocation
    let writer: PostgresConnectionBox
    let reader: PostgresConnectionBox
    /// The last time a call found the database unavailable, and why: calls within a second of it
    /// fail at once with the same error, instead of each waiting on a dead connection in turn
    /// (a write queued behind a read would otherwise answer 503 only after both timed out).
    let outage = Mutex<(until: ContinuousClock.Instant, error: StoreError)?>(nil)
    private let watchers = Mutex<[PostgresChangeWatcher]>([])

    /// How many items a page of ``forEachItem(listing:_:)`` or a chunk of an import holds.
    static let pageSize = 10_000

    /// Opens the store in the database at `location`, creating or migrating the schema.
    /// - Throws: `StoreError.unavailable` when the server cannot be reached; `.cannotOpen` when
    ///   it refuses the user or has no such database; `.notAStore` when the database's ThumbIndex
    ///   schema is newer than this version's.
    package init(_ location: PostgresLocation) throws(StoreError) {
        self.postgres = location
        self.location = location.url
        var logger = Logger(label: "thumbindex.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
        logger.logLevel = .critical
        writer = PostgresConnectionBox(location, logger: logger)
        reader = PostgresConnectionBox(location, logger: logger)
        let url = location.url
        try storeErrors { try writer.run { session in try Self.prepare(session, location: url) } }
    }

    /// Opens the store at a `postgres://` URL (see ``StoreLocation``).
    package convenience init(url: String, passwordFile: String? = nil) throws(StoreError) {
        guard case let .postgres(location) = try StoreLocation.parse(url, passwordFile: passwordFile) else {
            throw .invalid(field: "store", reason: "'\(url)' is not a postgres:// URL")
        }
        try self.init(location)
    }

    package func close() throws(StoreError) {
        stopWatchers()
        writer.close()
        reader.close()
    }

    deinit {
        stopWatchers()
    }

    // MARK: Reading

    package func listings() throws(StoreError) -> [ListingInfo] {
        try read { session in
            try session.query("SELECT \(unescaped: Self.listingColumns) FROM thumbindex_listing ORDER BY key").map { try Self.listingRow($0).info }
        }
    }

    package func listing(named name: String) throws(StoreError) -> ListingInfo? {
        try read { session in try Self.listingRow(session, name)?.info }
    }

    package func version(listing name: String) throws(StoreError) -> Int64? {
        try read { session in
            try session.query("SELECT version FROM thumbindex_listing WHERE name = \(name)").first?.decode(Int64.self)
        }
    }

    package func item(listing name: String, id: String) throws(StoreError) -> StoredItem? {
        try read { session in
            guard let key = try session.query("SELECT key FROM thumbindex_listing WHERE name = \(name)").first?.decode(Int64.self) else {
                throw StoreError.noSuchListing(name)
            }
            return try Self.item(session, listing: key, id: id)
        }
    }

    /// Pages of ``pageSize`` items by seq (keyset: `seq > last`), all in one REPEATABLE READ
    /// transaction, so they and the listing come from one snapshot; the next page is asked for
    /// while `body` takes the current one.
    @discardableResult
    package func forEachItem(listing name: String, _ body: (StoredItem) throws -> Void) throws -> ListingInfo {
        try reader.run { session in
            try session.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
                guard let listing = try Self.listingRow(session, name) else { throw StoreError.noSuchListing(name) }
                var next: EventLoopFuture<PostgresQueryResult>? = session.send(Self.itemPage(listing: listing.key, after: 0))
                while let page = next {
                    let items = try session.wait(page).map(Self.storedItem)
                    next = items.count == Self.pageSize ? session.send(Self.itemPage(listing: listing.key, after: items[items.count - 1].seq)) : nil
                    for item in items { try body(item) }
                }
                return (listing.info, true)
            }
        }
    }

    // MARK: Plumbing

    /// Runs `body` on the read connection (each statement its own snapshot, unless `body` begins
    /// a transaction), errors as ``storeErrors(_:)`` makes them.
    func read<T>(_ body: (PostgresSession) throws -> T) throws(StoreError) -> T {
        try storeErrors { try reader.run(body) }
    }

    /// Runs `body`, any error that is not a `StoreError` yet turned into `.database`.
    func storeErrors<T>(_ body: () throws -> T) throws(StoreError) -> T {
        if let recent = outage.withLock({ $0 }), ContinuousClock.now < recent.until { throw recent.error }
        do {
            return try body()
        } catch let error as StoreError {
            if case .unavailable = error { outage.withLock { $0 = (.now + .seconds(1), error) } }
            throw error
        } catch {
            throw .database(path: location, message: "\(error)")
        }
    }

    /// Starts a watcher (see ``watchChanges(_:)``) that the store stops when it closes.
    func startWatcher(_ wake: @escaping @Sendable () -> Void) {
        let watcher = PostgresChangeWatcher(postgres, wake: wake)
        watchers.withLock { $0.append(watcher) }
        watcher.start()
    }

    private func stopWatchers() {
        for watcher in watchers.withLock({ list in defer { list = [] }; return list }) { watcher.stop() }
    }
}

// MARK: Rows

extension PostgresStore {
    static let listingColumns = "key, name, locale, columns, item_count, version"
    static let itemColumns = "seq, id, text, reading, pinned, fields"

    /// A listing's key and what it is.
    struct ListingRow {
        let key: Int64
        var info: ListingInfo
    }

    /// The row of the listing called `name`, or nil.
    static func listingRow(_ session: PostgresSession, _ name: String) throws -> ListingRow? {
        try session.query("SELECT \(unescaped: listingColumns) FROM thumbindex_listing WHERE name = \(name)").first.map(listingRow)
    }

    static func listingRow(_ row: PostgresRow) throws -> ListingRow {
        let (key, name, locale, columns, itemCount, version) = try row.decode((Int64, String, String, String, Int64, Int64).self)
        return ListingRow(key: key, info: ListingInfo(name: name, locale: locale, columns: try StoreRows.decodeColumns(columns),
                                                      itemCount: Int(itemCount), version: version))
    }

    /// The item `id` of the listing `key`, or nil.
    static func item(_ session: PostgresSession, listing key: Int64, id: String) throws -> StoredItem? {
        try session.query("SELECT \(unescaped: itemColumns) FROM thumbindex_item WHERE listing = \(key) AND id = \(id)").first.map(storedItem)
    }

    /// The page of the listing's items after seq `after`.
    static func itemPage(listing key: Int64, after seq: Int64) -> PostgresQuery {
        "SELECT \(unescaped: itemColumns) FROM thumbindex_item WHERE listing = \(key) AND seq > \(seq) ORDER BY seq LIMIT \(pageSize)"
    }

    /// An item of a row of ``itemColumns``, read straight from the cells' bytes: postgres-nio
    /// asks for every column in binary, where bigint is 8 bytes big-endian, boolean one byte and
    /// text its UTF-8. (Its generic `decode` of a tuple costs several times more, which counts
    /// when ``forEachItem(listing:_:)`` reads a million rows.)
    static func storedItem(_ row: PostgresRow) throws -> StoredItem {
        var cells = row.makeIterator()
        func next() throws -> PostgresCell {
            guard let cell = cells.next(), cell.format == .binary else {
                throw StoreError.database(path: "thumbindex_item", message: "a row of \(row.count) columns, not the 6 binary ones asked for")
            }
            return cell
        }
        func text(_ cell: PostgresCell) -> String? { cell.bytes.map { String(buffer: $0) } }
        guard var seqBytes = try next().bytes, let seq = seqBytes.readInteger(as: Int64.self),
              let id = text(try next()), let itemText = text(try next()) else {
            throw StoreError.database(path: "thumbindex_item", message: "a row without its seq, id or text")
        }
        let reading = text(try next())
        let pinned = try next().bytes?.getInteger(at: 0, as: UInt8.self) == 1
        let fields = text(try next())
        return StoredItem(seq: seq, id: id, text: itemText, reading: reading, pinned: pinned, fields: StoreRows.decodeFields(fields))
    }
}
