import Foundation
import PostgresNIO
import ThumbIndexStore

extension PostgresStore {
    package func currentVersion() throws(StoreError) -> Int64 {
        try read { session in try Self.counter(session).current }
    }

    package func changes(after version: Int64, limit: Int) throws(StoreError) -> ChangeBatch {
        try readSnapshot { session in
            let (current, pruned) = try Self.counter(session)
            let through = min(current, version + Int64(max(limit, 1)))
            let rows = try session.query("""
                SELECT \(unescaped: Self.changeColumns) FROM thumbindex_change
                WHERE version > \(version) AND version <= \(through) ORDER BY version, position
                """)
            return ChangeBatch(changes: try rows.map(Self.storeChange), through: through,
                               reachesBack: pruned <= version, storeVersion: current)
        }
    }

    package func changes(listing name: String, after version: Int64, through: Int64) throws(StoreError) -> ChangeBatch {
        try readSnapshot { session in
            let (current, pruned) = try Self.counter(session)
            let rows = try session.query("""
                SELECT \(unescaped: Self.changeColumns) FROM thumbindex_change
                WHERE listing = \(name) AND version > \(version) AND version <= \(through) ORDER BY version, position
                """)
            return ChangeBatch(changes: try rows.map(Self.storeChange), through: min(through, current),
                               reachesBack: pruned <= version, storeVersion: current)
        }
    }

    /// Deletes whole writes only (every entry up to the last version committed before `date`),
    /// holding the counter's lock so that no writer commits meanwhile.
    package func pruneChanges(before date: Date) throws(StoreError) -> Int {
        try storeErrors {
            try writer.run { session in
                try session.transaction { () throws -> (value: Int, commit: Bool) in
                    try session.query("SELECT last_version FROM thumbindex_counter FOR UPDATE")
                    guard let last = try session.query("SELECT max(version) FROM thumbindex_change WHERE at < \(date)").first?.decode(Int64?.self) else {
                        return (0, false)
                    }
                    let deleted = try session.query("DELETE FROM thumbindex_change WHERE version <= \(last)", timeout: PostgresSession.bulkTimeout).metadata.rows ?? 0
                    try session.query("UPDATE thumbindex_counter SET pruned_through = greatest(pruned_through, \(last))")
                    return (deleted, true)
                }
            }
        }
    }

    /// LISTEN/NOTIFY on a connection of its own, reconnected with backoff when lost (and `wake`
    /// called once then, since notifications were missed): see ``PostgresChangeWatcher``. `wake`
    /// is called on a NIO thread; keep it short.
    package func watchChanges(_ wake: @escaping @Sendable () -> Void) {
        startWatcher(wake)
    }

    // MARK: Plumbing

    /// Runs `body` on the read connection in one REPEATABLE READ, READ ONLY transaction: every
    /// statement sees the same snapshot.
    func readSnapshot<T>(_ body: (PostgresSession) throws -> T) throws(StoreError) -> T {
        try read { session in
            try session.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { (try body(session), true) }
        }
    }

    static let changeColumns = "version, listing, kind, seq, id, text, reading, pinned, fields"

    /// The store's last version, and the version through which the log was pruned.
    static func counter(_ session: PostgresSession) throws -> (current: Int64, pruned: Int64) {
        guard let row = try session.query("SELECT last_version, pruned_through FROM thumbindex_counter").first else { return (0, 0) }
        return try row.decode((Int64, Int64).self)
    }

    static func storeChange(_ row: PostgresRow) throws -> StoreChange {
        let (version, listing, code, seq, id, text, reading, pinned, fields) =
            try row.decode((Int64, String, Int16, Int64?, String?, String?, String?, Bool?, String?).self)
        let kind: StoreChange.Kind
        switch StoreChange.Code(rawValue: Int64(code)) {
        case .put:
            kind = .put(StoredItem(seq: seq ?? 0, id: id ?? "", text: text ?? "", reading: reading, pinned: pinned ?? false,
                                   fields: StoreRows.decodeFields(fields)))
        case .remove: kind = .remove(seq: seq ?? 0, id: id ?? "")
        case .listingReplaced: kind = .listingReplaced
        case .listingDeleted: kind = .listingDeleted
        case nil: throw StoreError.database(path: "change log", message: "unknown change kind \(code)")
        }
        return StoreChange(version: version, listing: listing, kind: kind)
    }
}
