import GRDB

extension ListingStore {
    // MARK: Listings

    /// Creates the listing, or replaces all of its items (and its locale and columns), in one
    /// transaction. A replaced listing keeps its place in ``listings()``; its items get new seqs.
    ///
    /// - Parameters:
    ///   - name: 1…200 characters, no control characters.
    ///   - columns: the TSV columns, for export (see ``ListingColumns``); field names of the
    ///     items that it lacks are appended to `columns.order`.
    ///   - items: the items, in insertion order; ids given must be unique in the batch.
    /// - Returns: whether the listing was created, and its items as stored.
    /// - Throws: `StoreError.invalid`/`.invalidItem`/`.duplicateID` naming the part; nothing is written.
    package func replaceListing(name: String, locale: String, columns: ListingColumns,
                                items: [ItemInput]) throws(StoreError) -> (created: Bool, items: [StoredItem]) {
        var stored: [StoredItem] = []
        stored.reserveCapacity(items.count)
        let (created, _) = try writeListing(name: name, locale: locale, columns: columns, items: items,
                                            replacing: true, progress: nil) { stored.append($0) }
        return (created, stored)
    }

    /// Creates or replaces a listing from many items, as ``replaceListing(name:locale:columns:items:)``
    /// does, without holding the stored items in memory: for imports of millions of items.
    ///
    /// `items` is read twice (first to check every item and the ids, then to write), so a lazy
    /// collection over a table is the right argument.
    /// - Parameters:
    ///   - replacing: false to refuse (`StoreError.listingExists`) when the listing exists.
    ///   - progress: called with the fraction written (0...1), now and then.
    /// - Returns: whether the listing was created, and the listing as it is now.
    package func importListing<Items: Collection<ItemInput>>(
        name: String, locale: String, columns: ListingColumns, items: Items, replacing: Bool,
        progress: ((Double) -> Void)? = nil
    ) throws(StoreError) -> (created: Bool, listing: ListingInfo) {
        try writeListing(name: name, locale: locale, columns: columns, items: items,
                         replacing: replacing, progress: progress) { _ in }
    }

    /// Deletes the listing and all its items; false when there was none.
    package func deleteListing(name: String) throws(StoreError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM listing WHERE name = ?", arguments: [name])
            return db.changesCount > 0
        }
    }

    // MARK: Items

    /// Inserts or replaces items, in one transaction: all of them, or (on any error) none.
    ///
    /// An item with no id is inserted with an assigned id (``ItemLimits/assignedID(seq:attempt:)``);
    /// an item whose id the listing has replaces that item in place and keeps its seq (its
    /// place among items that collate equal); any other is inserted at the end.
    /// - Returns: one change per item, in the order of `items`.
    /// - Throws: `StoreError.noSuchListing`; `.invalidItem`/`.duplicateID` naming the item.
    package func upsertItems(listing name: String, items: [ItemInput]) throws(StoreError) -> [ItemChange] {
        try write { db in
            var listing = try ListingRecord(db, name)
            let (ids, columns) = try Self.checkBatch(items, columns: listing.info.columns)
            listing.info.columns = columns
            var writer = try ItemWriter(db, listing: listing.key)
            var changes: [ItemChange] = []
            changes.reserveCapacity(items.count)
            for input in items {
                if let id = input.id, let old = try Self.item(db, listing: listing.key, id: id) {
                    changes.append(ItemChange(old: old, new: try writer.replace(old, with: input)))
                } else {
                    let id = try input.id ?? writer.assignID { id in
                        if ids[id] != nil { return true }
                        return try Self.item(db, listing: listing.key, id: id) != nil
                    }
                    changes.append(ItemChange(old: nil, new: try writer.insert(input, id: id)))
                    listing.info.itemCount += 1
                }
            }
            try listing.save(db)
            return changes
        }
    }

    /// Changes the parts of item `id` that `patch` sets; nil (and nothing written) when the
    /// listing has no such item. The item keeps its seq.
    /// - Throws: `StoreError.noSuchListing`; `.invalid` naming the part ("text: is blank").
    package func patchItem(listing name: String, id: String, patch: ItemPatch) throws(StoreError) -> ItemChange? {
        try patch.validate()
        return try write { db in
            var listing = try ListingRecord(db, name)
            guard let old = try Self.item(db, listing: listing.key, id: id) else { return nil }
            var input = ItemInput(id: id, text: patch.text ?? old.text, reading: old.reading, pinned: patch.pinned ?? old.pinned, fields: old.fields)
            if let reading = patch.reading { input.reading = reading }
            let writer = try ItemWriter(db, listing: listing.key)
            let new = try writer.replace(old, with: input)
            try listing.save(db)
            return ItemChange(old: old, new: new)
        }
    }

    /// Deletes item `id`, returning it; nil (and nothing written) when the listing has no such item.
    /// - Throws: `StoreError.noSuchListing`.
    package func deleteItem(listing name: String, id: String) throws(StoreError) -> StoredItem? {
        try write { db in
            var listing = try ListingRecord(db, name)
            guard let old = try Self.item(db, listing: listing.key, id: id) else { return nil }
            try db.execute(sql: "DELETE FROM item WHERE seq = ?", arguments: [old.seq])
            listing.info.itemCount -= 1
            try listing.save(db)
            return old
        }
    }
}

// MARK: Plumbing

extension ListingStore {
    /// The one way listings are created and replaced.
    private func writeListing<Items: Collection<ItemInput>>(
        name: String, locale: String, columns: ListingColumns, items: Items, replacing: Bool,
        progress: ((Double) -> Void)?, stored: (StoredItem) -> Void
    ) throws(StoreError) -> (created: Bool, listing: ListingInfo) {
        try ItemLimits.checkName(name, field: "name")
        if locale.isEmpty { throw .invalid(field: "locale", reason: "is empty") }
        try columns.validate()
        let (ids, columns) = try Self.checkBatch(items, columns: columns)
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
            var writer = try ItemWriter(db, listing: listing.key)
            let step = max(1, items.count / 200)
            for (i, input) in items.enumerated() {
                let id = input.id ?? writer.assignID { ids[$0] != nil }
                stored(try writer.insert(input, id: id))
                if let progress, i % step == 0 { progress(Double(i) / Double(items.count)) }
            }
            listing.info.itemCount = items.count
            try listing.save(db)
            progress?(1)
            return (created, listing.info)
        }
    }

    /// Checks every item of a batch, before anything is written: each against ``ItemLimits``,
    /// the ids for duplicates, the field names against the listing's text, reading and id columns.
    /// - Returns: the position of each id given, and `columns` with the new field names appended.
    static func checkBatch(_ items: some Collection<ItemInput>, columns: ListingColumns) throws(StoreError)
        -> (ids: [String: Int], columns: ListingColumns) {
        var ids: [String: Int] = [:]
        var columns = columns
        var known = Set(columns.order)
        let roles = columns.roleOfReservedName
        for (position, item) in items.enumerated() {
            try item.validate(position: position)
            if let id = item.id {
                if let first = ids[id] { throw .duplicateID(id: id, position: position, firstPosition: first) }
                ids[id] = position
            }
            for name in item.fields.keys.sorted() {
                if let role = roles[name] {
                    throw .invalidItem(position: position, field: "fields.\(name)",
                                       reason: "'\(name)' is the listing's \(role) column; set the item's \(role) instead")
                }
                if known.insert(name).inserted { columns.order.append(name) }
            }
        }
        return (ids, columns)
    }
}

/// A listing's row while a write transaction changes it.
private struct ListingRecord {
    let key: Int64
    var info: ListingInfo

    /// The listing called `name`. - Throws: `StoreError.noSuchListing`.
    init(_ db: Database, _ name: String) throws {
        guard let record = try ListingRecord(db, ifExists: name) else { throw StoreError.noSuchListing(name) }
        self = record
    }

    /// The listing called `name`, or nil.
    init?(_ db: Database, ifExists name: String) throws {
        guard let row = try ListingStore.listingRow(db, name) else { return nil }
        key = row["key"]
        info = try ListingStore.listingInfo(row)
    }

    private init(key: Int64, info: ListingInfo) {
        self.key = key
        self.info = info
    }

    /// Inserts a new listing row.
    static func create(_ db: Database, _ info: ListingInfo) throws -> ListingRecord {
        try db.execute(sql: "INSERT INTO listing (name, locale, columns, itemCount, version) VALUES (?, ?, ?, ?, ?)",
                       arguments: [info.name, info.locale, ListingStore.encode(info.columns), info.itemCount, info.version])
        return ListingRecord(key: db.lastInsertedRowID, info: info)
    }

    /// Writes the row back with the next version of the store: every write to a listing ends here.
    mutating func save(_ db: Database) throws {
        try db.execute(sql: "UPDATE counter SET lastVersion = lastVersion + 1")
        info.version = try Int64.fetchOne(db, sql: "SELECT lastVersion FROM counter") ?? 0
        try db.execute(sql: "UPDATE listing SET locale = ?, columns = ?, itemCount = ?, version = ? WHERE key = ?",
                       arguments: [info.locale, ListingStore.encode(info.columns), info.itemCount, info.version, key])
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
        let used = try Int64.fetchOne(db, sql: """
            SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'item'), 0),
                       coalesce((SELECT max(seq) FROM item), 0))
            """) ?? 0
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
        try insertStatement.execute(arguments: [item.seq, listing, item.id, item.text, item.reading, item.pinned, ListingStore.encodeFields(item.fields)])
        nextSeq += 1
        return item
    }

    /// Replaces `old`'s text, reading, pin and fields in place: it keeps its seq and id.
    func replace(_ old: StoredItem, with input: ItemInput) throws -> StoredItem {
        let item = StoredItem(seq: old.seq, id: old.id, input: input)
        try replaceStatement.execute(arguments: [item.text, item.reading, item.pinned, ListingStore.encodeFields(item.fields), item.seq])
        return item
    }
}
