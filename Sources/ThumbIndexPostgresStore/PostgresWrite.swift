import PostgresNIO
import ThumbIndexStore

/// One write transaction of the PostgreSQL store: its version, the seqs it hands out, and its
/// entries in the change log, written when it ends (``finish(listing:)``).
///
/// Made by ``PostgresStore/write(_:)`` right after
/// `UPDATE thumbindex_counter SET last_version = last_version + 1 RETURNING …`, whose row lock
/// serializes writers until they commit (see ``PostgresStore``). The counter also holds the last
/// seq handed out, for every listing: seqs are never reused, so assigned ids are not either.
struct PostgresWrite {
    let session: PostgresSession
    /// The write's store version.
    let version: Int64
    /// The seq the next inserted item gets.
    private(set) var nextSeq: Int64
    private let firstSeq: Int64
    /// The change-log entries recorded so far.
    private var log = PostgresItemRows()
    /// Whether the write changed nothing: it rolls back, and its version is not used.
    var wroteNothing = false

    /// Takes the next version (waiting for any other writer to commit first).
    init(_ session: PostgresSession) throws {
        self.session = session
        guard let row = try session.query("UPDATE thumbindex_counter SET last_version = last_version + 1 RETURNING last_version, last_seq").first else {
            throw StoreError.database(path: "thumbindex_counter", message: "the counter row is missing")
        }
        let (version, lastSeq) = try row.decode((Int64, Int64).self)
        self.version = version
        nextSeq = lastSeq + 1
        firstSeq = nextSeq
    }

    // MARK: Items

    /// The id for the next inserted item: the first of ``ItemLimits/assignedID(seq:attempt:)`` not `taken`.
    func assignID(taken: (String) throws -> Bool) rethrows -> String {
        var attempt = 1
        while try taken(ItemLimits.assignedID(seq: nextSeq, attempt: attempt)) { attempt += 1 }
        return ItemLimits.assignedID(seq: nextSeq, attempt: attempt)
    }

    /// The item `input` becomes when inserted now: the next seq, and `id`.
    mutating func newItem(_ input: ItemInput, id: String) -> StoredItem {
        defer { nextSeq += 1 }
        return StoredItem(seq: nextSeq, id: id, input: input)
    }

    /// The items of listing `key` with these ids, by id.
    func items(listing key: Int64, ids: [String]) throws -> [String: StoredItem] {
        if ids.isEmpty { return [:] }
        let rows = try session.query("SELECT \(unescaped: PostgresStore.itemColumns) FROM thumbindex_item WHERE listing = \(key) AND id = ANY(\(ids)::text[])")
        return Dictionary(uniqueKeysWithValues: try rows.map(PostgresStore.storedItem).map { ($0.id, $0) })
    }

    /// Which of `ids` listing `key` has.
    func takenIDs(listing key: Int64, among ids: [String]) throws -> Set<String> {
        if ids.isEmpty { return [] }
        let rows = try session.query("SELECT id FROM thumbindex_item WHERE listing = \(key) AND id = ANY(\(ids)::text[])")
        return Set(try rows.map { try $0.decode(String.self) })
    }

    // MARK: Listings

    /// The listing called `name`. - Throws: `StoreError.noSuchListing`.
    func listing(_ name: String) throws -> PostgresStore.ListingRow {
        guard let listing = try PostgresStore.listingRow(session, name) else { throw StoreError.noSuchListing(name) }
        return listing
    }

    /// Inserts a new listing row (last in creation order).
    func createListing(_ info: ListingInfo) throws -> PostgresStore.ListingRow {
        let columns = try StoreRows.encodeColumns(info.columns)
        let row = try session.query("""
            INSERT INTO thumbindex_listing (name, locale, columns, item_count, version)
            VALUES (\(info.name), \(info.locale), \(columns), \(Int64(info.itemCount)), \(version)) RETURNING key
            """).first
        guard let key = try row?.decode(Int64.self) else { throw StoreError.database(path: "thumbindex_listing", message: "INSERT returned no key") }
        return PostgresStore.ListingRow(key: key, info: info)
    }

    /// Writes the listing's row back with this write's version: every write to a listing ends here.
    func save(_ listing: inout PostgresStore.ListingRow) throws {
        listing.info.version = version
        let columns = try StoreRows.encodeColumns(listing.info.columns)
        try session.query("""
            UPDATE thumbindex_listing SET locale = \(listing.info.locale), columns = \(columns),
                item_count = \(Int64(listing.info.itemCount)), version = \(version) WHERE key = \(listing.key)
            """)
    }

    // MARK: The log

    /// Records a change; the log is written by ``finish(listing:)``.
    mutating func record(_ change: StoreChange.Kind) {
        log.append(change)
    }

    /// Writes the recorded changes of `listing`, the last seq handed out, and the notification
    /// (sent by PostgreSQL when the transaction commits). Pipelined: one round trip.
    func finish(listing: String) throws {
        var sent: [EventLoopFuture<PostgresQueryResult>] = []
        if log.count > 0 { sent.append(session.send(log.insertChanges(version: version, listing: listing))) }
        if nextSeq != firstSeq { sent.append(session.send("UPDATE thumbindex_counter SET last_seq = \(nextSeq - 1)")) }
        sent.append(session.send("SELECT pg_notify(\(PostgresChangeWatcher.channel), \(String(version)))"))
        for result in sent { try session.wait(result) }
    }
}
