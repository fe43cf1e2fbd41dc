import Foundation
import GRDB

extension SQLiteStore {
    package func currentVersion() throws(StoreError) -> Int64 {
        try read { db in try Int64.fetchOne(db, sql: "SELECT lastVersion FROM counter") ?? 0 }
    }

    package func changes(after version: Int64, limit: Int) throws(StoreError) -> ChangeBatch {
        try read { db in
            let (current, pruned) = try Self.counter(db)
            let through = min(current, version + Int64(max(limit, 1)))
            let rows = try Row.fetchCursor(db, sql: "SELECT \(Self.changeColumns) FROM change WHERE version > ? AND version <= ? ORDER BY version, rowid",
                                           arguments: [version, through])
            return ChangeBatch(changes: try Array(rows.map(Self.storeChange)), through: through,
                               reachesBack: pruned <= version, storeVersion: current)
        }
    }

    package func changes(listing name: String, after version: Int64, through: Int64) throws(StoreError) -> ChangeBatch {
        try read { db in
            let (current, pruned) = try Self.counter(db)
            let rows = try Row.fetchCursor(db, sql: "SELECT \(Self.changeColumns) FROM change WHERE listing = ? AND version > ? AND version <= ? ORDER BY version, rowid",
                                           arguments: [name, version, through])
            return ChangeBatch(changes: try Array(rows.map(Self.storeChange)), through: min(through, current),
                               reachesBack: pruned <= version, storeVersion: current)
        }
    }

    package func pruneChanges(before date: Date) throws(StoreError) -> Int {
        try write { db in
            let cut = date.timeIntervalSince1970
            guard let last = try Int64.fetchOne(db, sql: "SELECT max(version) FROM change WHERE at < ?", arguments: [cut]) else { return 0 }
            try db.execute(sql: "DELETE FROM change WHERE version <= ?", arguments: [last])
            let deleted = db.changesCount
            try db.execute(sql: "UPDATE counter SET prunedThrough = max(prunedThrough, ?)", arguments: [last])
            return deleted
        }
    }

    /// SQLite has no notifications: readers in other processes poll.
    package func watchChanges(_ wake: @escaping @Sendable () -> Void) {}

    static let changeColumns = "version, listing, kind, seq, id, text, reading, pinned, fields"

    /// The store's last version, and the version through which the log was pruned.
    static func counter(_ db: Database) throws -> (current: Int64, pruned: Int64) {
        let row = try Row.fetchOne(db, sql: "SELECT lastVersion, prunedThrough FROM counter")
        return (row?[0] ?? 0, row?[1] ?? 0)
    }

    static func storeChange(_ row: Row) throws -> StoreChange {
        let kind: StoreChange.Kind
        switch StoreChange.Code(rawValue: row[2]) {
        case .put:
            kind = .put(StoredItem(seq: row[3], id: row[4], text: row[5], reading: row[6], pinned: row[7],
                                   fields: StoreRows.decodeFields(row[8])))
        case .remove: kind = .remove(seq: row[3], id: row[4])
        case .listingReplaced: kind = .listingReplaced
        case .listingDeleted: kind = .listingDeleted
        case nil: throw StoreError.database(path: "change log", message: "unknown change kind \(row[2] as Int64)")
        }
        return StoreChange(version: row[0], listing: row[1], kind: kind)
    }
}
