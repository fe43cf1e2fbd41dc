import Foundation
import GRDB

/// The SQLite store of live listings (see ``ListingStore``): one file that the CLI and the server
/// share, the embedded default.
///
/// The file is opened in WAL mode (readers never wait for the writer) with `synchronous = FULL`,
/// so a write that returned survives a crash of the process or the machine. Every write is one
/// transaction: it happens whole, or not at all. The store knows nothing of collation: it keeps
/// items in insertion order (``StoredItem/seq``); the front ends sort them.
/// ```swift
/// let store = try SQLiteStore(path: "listings.sqlite")
/// _ = try store.replaceListing(name: "people", locale: "sv", columns: ListingColumns(text: "name"),
///                              items: [ItemInput(text: "Åsa"), ItemInput(id: "a1", text: "Anna")])
/// let changes = try store.upsertItems(listing: "people", items: [ItemInput(id: "a1", text: "Annie")])
/// // changes[0].old?.text == "Anna", changes[0].new.seq == changes[0].old?.seq
/// ```
package final class SQLiteStore: ListingStore {
    /// The file, as given (in every error about it).
    package let path: String
    package var location: String { path }
    private let pool: DatabasePool

    /// Opens the store in `path`, creating the file when it does not exist.
    /// - Throws: `StoreError.cannotOpen` when the file cannot be opened or created (its folder
    ///   is missing, it is a folder...); `StoreError.notAStore` when it is not a ThumbIndex store.
    package init(path: String) throws(StoreError) {
        self.path = path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw .cannotOpen(path: path, reason: "it is a folder; give a file name")
        }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) || !isFolder.boolValue {
            throw .cannotOpen(path: path, reason: "the folder \(folder) does not exist")
        }
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.journalMode = .wal
        // Another process (the server, an import) may be writing: wait for it rather than fail.
        // (GRDB begins a pool's write transactions IMMEDIATE, so none is upgraded from a read.)
        configuration.busyMode = .timeout(30)
        configuration.prepareDatabase { db in
            // A committed write is on disk before the commit returns (WAL's default, NORMAL, may
            // lose the last writes on power loss).
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch let error as DatabaseError {
            throw error.resultCode == .SQLITE_NOTADB
                ? .notAStore(path: path, reason: "it is not a SQLite database")
                : .cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
        try run { try Self.prepare(pool, path: path) }
    }

    /// Closes the file; any later call throws. (Dropping the last reference closes it too.)
    package func close() throws(StoreError) {
        try run { try pool.close() }
    }

    // MARK: Reading

    package func listings() throws(StoreError) -> [ListingInfo] {
        try read { db in try Row.fetchAll(db, sql: "SELECT \(Self.listingColumns) FROM listing ORDER BY key").map(Self.listingInfo) }
    }

    package func listing(named name: String) throws(StoreError) -> ListingInfo? {
        try read { db in try Self.listingRow(db, name).map(Self.listingInfo) }
    }

    package func version(listing name: String) throws(StoreError) -> Int64? {
        try read { db in try Int64.fetchOne(db, sql: "SELECT version FROM listing WHERE name = ?", arguments: [name]) }
    }

    package func item(listing name: String, id: String) throws(StoreError) -> StoredItem? {
        try read { db in try Self.item(db, listing: Self.listingKey(db, name), id: id) }
    }

    /// Rows are read one at a time from a WAL snapshot.
    @discardableResult
    package func forEachItem(listing name: String, _ body: (StoredItem) throws -> Void) throws -> ListingInfo {
        try read { db in
            guard let row = try Self.listingRow(db, name) else { throw StoreError.noSuchListing(name) }
            let key: Int64 = row["key"]
            let cursor = try Row.fetchCursor(db, sql: "SELECT \(Self.itemColumns) FROM item WHERE listing = ? ORDER BY seq", arguments: [key])
            while let row = try cursor.next() { try body(Self.storedItem(row)) }
            return try Self.listingInfo(row)
        }
    }

    // MARK: Plumbing

    /// Runs `body` in a read transaction, SQLite's errors turned into `StoreError`s naming the file.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        try run { try pool.read(body) }
    }

    /// Runs `body` in one write transaction (all or nothing), errors as in `read`.
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        try run { try pool.write(body) }
    }

    private func run<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            throw .database(path: path, message: error.message ?? "\(error.resultCode)")
        } catch {
            throw .database(path: path, message: "\(error)")
        }
    }
}

// MARK: Rows

extension SQLiteStore {
    static let listingColumns = "key, name, locale, columns, itemCount, version"
    static let itemColumns = "seq, id, text, reading, pinned, fields"

    /// The row of the listing called `name`, or nil.
    static func listingRow(_ db: Database, _ name: String) throws -> Row? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT \(listingColumns) FROM listing WHERE name = ?"), arguments: [name])
    }

    /// The key of the listing called `name`.
    /// - Throws: `StoreError.noSuchListing`.
    static func listingKey(_ db: Database, _ name: String) throws -> Int64 {
        guard let key = try Int64.fetchOne(db, sql: "SELECT key FROM listing WHERE name = ?", arguments: [name]) else {
            throw StoreError.noSuchListing(name)
        }
        return key
    }

    static func listingInfo(_ row: Row) throws -> ListingInfo {
        let columns = try StoreRows.decodeColumns(row["columns"])
        return ListingInfo(name: row["name"], locale: row["locale"], columns: columns,
                           itemCount: row["itemCount"], version: row["version"])
    }

    /// The item `id` of the listing `key`, or nil.
    static func item(_ db: Database, listing key: Int64, id: String) throws -> StoredItem? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT \(itemColumns) FROM item WHERE listing = ? AND id = ?"), arguments: [key, id])
            .map(storedItem)
    }

    static func storedItem(_ row: Row) -> StoredItem {
        StoredItem(seq: row[0], id: row[1], text: row[2], reading: row[3], pinned: row[4], fields: StoreRows.decodeFields(row[5]))
    }
}
