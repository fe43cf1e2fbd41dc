import Foundation
import GRDB

extension SQLiteStore {
    // MARK: Listings

    package func deleteListing(name: String) throws(StoreError) -> Int64? {
        try write { db in
            guard try ListingRecord(db, ifExists: name) != nil else { return nil }
            let log = try ChangeLogWriter(db)
            try db.execute(sql: "DELETE FROM listing WHERE name = ?", arguments: [name])
            try log.record(.listingDeleted, listing: name)
            return log.version
        }
    }

    // MARK: Items

    package func upsertItems(listing name: String, items: [ItemInput]) throws(StoreError) -> [ItemChange] {
        try write { db in
            var listing = try ListingRecord(db, name)
            let (ids, columns) = try StoreRows.checkBatch(items, columns: listing.info.columns)
            listing.info.columns = columns
            let log = try ChangeLogWriter(db)
            var writer = try ItemWriter(db, listing: listing.key)
            var changes: [ItemChange] = []
            changes.reserveCapacity(items.count)
            for input in items {
                if let id = input.id, let old = try Self.item(db, listing: listing.key, id: id) {
                    changes.append(ItemChange(old: old, new: try writer.replace(old, with: input), version: log.version))
                } else {
                    let id = try input.id ?? writer.assignID { id in
                        if ids[id] != nil { return true }
                        return try Self.item(db, listing: listing.key, id: id) != nil
                    }
                    changes.append(ItemChange(old: nil, new: try writer.insert(input, id: id), version: log.version))
                    listing.info.itemCount += 1
                }
                try log.record(.put(changes[changes.count - 1].new), listing: name)
            }
            try listing.save(db, version: log.version)
            return changes
        }
    }

    package func patchItem(listing name: String, id: String, patch: ItemPatch) throws(StoreError) -> ItemChange? {
        try patch.validate()
        return try write { db in
            var listing = try ListingRecord(db, name)
            guard let old = try Self.item(db, listing: listing.key, id: id) else { return nil }
            let log = try ChangeLogWriter(db)
            let new = try ItemWriter(db, listing: listing.key).replace(old, with: StoreRows.patched(old, with: patch))
            try log.record(.put(new), listing: name)
            try listing.save(db, version: log.version)
            return ItemChange(old: old, new: new, version: log.version)
        }
    }

    package func deleteItem(listing name: String, id: String) throws(StoreError) -> (item: StoredItem, version: Int64)? {
        try write { db in
            var listing = try ListingRecord(db, name)
            guard let old = try Self.item(db, listing: listing.key, id: id) else { return nil }
            let log = try ChangeLogWriter(db)
            try db.cachedStatement(sql: "DELETE FROM item WHERE seq = ?").execute(arguments: [old.seq])
            try log.record(.remove(seq: old.seq, id: old.id), listing: name)
            listing.info.itemCount -= 1
            try listing.save(db, version: log.version)
            return (old, log.version)
        }
    }
}

// MARK: Plumbing

extension SQLiteStore {
    /// The one way listings are created and replaced.
    package func writeListing<Items: Collection<ItemInput>>(
        name: String, locale: String, columns: ListingColumns, items: Items, replacing: Bool,
        progress: ((Double) -> Void)?, stored: (StoredItem) -> Void
    ) throws(StoreError) -> (created: Bool, listing: ListingInfo) {
        try StoreRows.checkListing(name: name, locale: locale, columns: columns)
        let (ids, columns) = try StoreRows.checkBatch(items, columns: columns)
        return try write { db in
            var listing: ListingRecord
            let created: Bool
            if let existing = try ListingRecord(db, ifExists: name) {
                guard replacing else { throw StoreError.listingExists(name) }
                try db.execute(sql: "DELETE FROM item WHERE listing = ?", arguments: [existing.key])
                listing = existing
                listing.info.locale = locale
                listing.info.columns = columns
                created = false
            } else {
                listing = try ListingRecord.create(db, ListingInfo(name: name, locale: locale, columns: columns, itemCount: 0, version: 0))
                created = true
            }
            let log = try ChangeLogWriter(db)
            var writer = try ItemWriter(db, listing: listing.key)
            let step = StoreRows.progressStep(items.count)
            for (i, input) in items.enumerated() {
                let id = input.id ?? writer.assignID { ids[$0] != nil }
                stored(try writer.insert(input, id: id))
                if let progress, i % step == 0 { progress(Double(i) / Double(items.count)) }
            }
            listing.info.itemCount = items.count
            try log.record(.listingReplaced, listing: name)
            try listing.save(db, version: log.version)
            progress?(1)
            return (created, listing.info)
        }
    }
}

/// The version of one write transaction and its entries in the change log. Taking the version
/// bumps the store's counter inside the transaction: SQLite has one writer at a time, so versions
/// are handed out and committed in the same order, without gaps.
///
/// The statements of single-item writes are cached on the connection (`cachedStatement`), here and
/// below: compiled again on every write, SQLite's parser and GRDB's authorizer were a good part of
/// the write queue's profile at 200 writes/s.
private struct ChangeLogWriter {
    let version: Int64
    private let insert: Statement
    private let at: Double

    init(_ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE counter SET lastVersion = lastVersion + 1").execute()
        version = try Int64.fetchOne(db.cachedStatement(sql: "SELECT lastVersion FROM counter")) ?? 0
        insert = try db.cachedStatement(sql: "INSERT INTO change (version, listing, kind, seq, id, text, reading, pinned, fields, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        at = Date().timeIntervalSince1970
    }

    func record(_ kind: StoreChange.Kind, listing: String) throws {
        let code = StoreChange(version: version, listing: listing, kind: kind).code.rawValue
        switch kind {
        case let .put(item):
            try insert.execute(arguments: [version, listing, code, item.seq, item.id, item.text, item.reading, item.pinned,
                                           StoreRows.encodeFields(item.fields), at])
        case let .remove(seq, id):
            try insert.execute(arguments: [version, listing, code, seq, id, nil, nil, nil, nil, at])
        case .listingReplaced, .listingDeleted:
            try insert.execute(arguments: [version, listing, code, nil, nil, nil, nil, nil, nil, at])
        }
    }
}

/// A listing's row while a write transaction changes it.
private struct ListingRecord {
    let key: Int64
    var info: ListingInfo
    /// The locale and columns as the row holds them: ``save(_:version:)`` writes them only when they changed.
    private let stored: (locale: String, columns: ListingColumns)

    /// The listing called `name`. - Throws: `StoreError.noSuchListing`.
    init(_ db: Database, _ name: String) throws {
        guard let record = try ListingRecord(db, ifExists: name) else { throw StoreError.noSuchListing(name) }
        self = record
    }

    /// The listing called `name`, or nil.
    init?(_ db: Database, ifExists name: String) throws {
        guard let row = try SQLiteStore.listingRow(db, name) else { return nil }
        key = row["key"]
        info = try SQLiteStore.listingInfo(row)
        stored = (info.locale, info.columns)
    }

    private init(key: Int64, info: ListingInfo) {
        self.key = key
        self.info = info
        stored = (info.locale, info.columns)
    }

    /// Inserts a new listing row.
    static func create(_ db: Database, _ info: ListingInfo) throws -> ListingRecord {
        try db.execute(sql: "INSERT INTO listing (name, locale, columns, itemCount, version) VALUES (?, ?, ?, ?, ?)",
                       arguments: [info.name, info.locale, StoreRows.encodeColumns(info.columns), info.itemCount, info.version])
        return ListingRecord(key: db.lastInsertedRowID, info: info)
    }

    /// Writes the row back with the write's `version`: every write to a listing ends here.
    mutating func save(_ db: Database, version: Int64) throws {
        info.version = version
        if stored.locale == info.locale, stored.columns == info.columns {
            try db.cachedStatement(sql: "UPDATE listing SET itemCount = ?, version = ? WHERE key = ?")
                .execute(arguments: [info.itemCount, info.version, key])
        } else {
            try db.cachedStatement(sql: "UPDATE listing SET locale = ?, columns = ?, itemCount = ?, version = ? WHERE key = ?")
                .execute(arguments: [info.locale, StoreRows.encodeColumns(info.columns), info.itemCount, info.version, key])
        }
    }
}

/// Writes the items of one listing inside a write transaction.
private struct ItemWriter {
    private let listing: Int64
    private let insertStatement: Statement
    private let replaceStatement: Statement
    /// The seq the next inserted item gets.
    private var nextSeq: Int64

    init(_ db: Database, listing: Int64) throws {
        self.listing = listing
        insertStatement = try db.cachedStatement(sql: "INSERT INTO item (seq, listing, id, text, reading, pinned, fields) VALUES (?, ?, ?, ?, ?, ?, ?)")
        replaceStatement = try db.cachedStatement(sql: "UPDATE item SET text = ?, reading = ?, pinned = ?, fields = ? WHERE seq = ?")
        // Seqs are handed out here, not by SQLite, so that an assigned id can be derived from the
        // seq before the row exists; inserting an explicit rowid advances AUTOINCREMENT's
        // sqlite_sequence, so SQLite never hands out a seq used before either.
        let used = try Int64.fetchOne(db.cachedStatement(sql: """
            SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'item'), 0),
                       coalesce((SELECT max(seq) FROM item), 0))
            """)) ?? 0
        nextSeq = used + 1
    }

    /// The id for the next inserted item: the first of ``ItemLimits/assignedID(seq:attempt:)`` not `taken`.
    func assignID(taken: (String) throws -> Bool) rethrows -> String {
        var attempt = 1
        while try taken(ItemLimits.assignedID(seq: nextSeq, attempt: attempt)) { attempt += 1 }
        return ItemLimits.assignedID(seq: nextSeq, attempt: attempt)
    }

    /// Inserts a new item with the next seq.
    mutating func insert(_ input: ItemInput, id: String) throws -> StoredItem {
        let item = StoredItem(seq: nextSeq, id: id, input: input)
        try insertStatement.execute(arguments: [item.seq, listing, item.id, item.text, item.reading, item.pinned, StoreRows.encodeFields(item.fields)])
        nextSeq += 1
        return item
    }

    /// Replaces `old`'s text, reading, pin and fields in place: it keeps its seq and id.
    func replace(_ old: StoredItem, with input: ItemInput) throws -> StoredItem {
        let item = StoredItem(seq: old.seq, id: old.id, input: input)
        try replaceStatement.execute(arguments: [item.text, item.reading, item.pinned, StoreRows.encodeFields(item.fields), item.seq])
        return item
    }
}
