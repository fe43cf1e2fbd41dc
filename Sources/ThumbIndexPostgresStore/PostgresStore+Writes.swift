import PostgresNIO
import ThumbIndexStore

extension PostgresStore {
    // MARK: Listings

    package func deleteListing(name: String) throws(StoreError) -> Int64? {
        try write { write in
            guard let listing = try Self.listingRow(write.session, name) else {
                write.wroteNothing = true
                return nil
            }
            try write.session.query("DELETE FROM thumbindex_listing WHERE key = \(listing.key)", timeout: PostgresSession.bulkTimeout)
            write.record(.listingDeleted)
            try write.finish(listing: name)
            return write.version
        }
    }

    // MARK: Items

    package func upsertItems(listing name: String, items: [ItemInput]) throws(StoreError) -> [ItemChange] {
        try write { write in
            var listing = try write.listing(name)
            let (ids, columns) = try StoreRows.checkBatch(items, columns: listing.info.columns)
            listing.info.columns = columns
            let existing = try write.items(listing: listing.key, ids: Array(ids.keys))
            // The ids the new items without one would get first ("n<seq>"), looked up at once;
            // any other candidate (a suffixed one) is looked up when it comes.
            let newCount = items.count(where: { $0.id == nil || existing[$0.id!] == nil })
            let candidates = (0..<Int64(newCount)).map { ItemLimits.assignedID(seq: write.nextSeq + $0, attempt: 1) }
            let taken = try write.takenIDs(listing: listing.key, among: candidates)
            let checked = Set(candidates)
            var inserted = PostgresItemRows(), replaced = PostgresItemRows()
            var changes: [ItemChange] = []
            changes.reserveCapacity(items.count)
            for input in items {
                if let id = input.id, let old = existing[id] {
                    let new = StoredItem(seq: old.seq, id: id, input: input)
                    replaced.append(new)
                    changes.append(ItemChange(old: old, new: new, version: write.version))
                } else {
                    let id = try input.id ?? write.assignID { id in
                        if ids[id] != nil || taken.contains(id) { return true }
                        if checked.contains(id) { return false }
                        return try !write.takenIDs(listing: listing.key, among: [id]).isEmpty
                    }
                    let new = write.newItem(input, id: id)
                    inserted.append(new)
                    changes.append(ItemChange(old: nil, new: new, version: write.version))
                    listing.info.itemCount += 1
                }
                write.record(.put(changes[changes.count - 1].new))
            }
            if replaced.count > 0 { try write.session.query(replaced.updateItems()) }
            if inserted.count > 0 { try write.session.query(inserted.insertItems(listing: listing.key)) }
            try write.save(&listing)
            try write.finish(listing: name)
            return changes
        }
    }

    package func patchItem(listing name: String, id: String, patch: ItemPatch) throws(StoreError) -> ItemChange? {
        try patch.validate()
        return try write { write in
            var listing = try write.listing(name)
            guard let old = try Self.item(write.session, listing: listing.key, id: id) else {
                write.wroteNothing = true
                return nil
            }
            let new = StoredItem(seq: old.seq, id: old.id, input: StoreRows.patched(old, with: patch))
            var rows = PostgresItemRows()
            rows.append(new)
            try write.session.query(rows.updateItems())
            write.record(.put(new))
            try write.save(&listing)
            try write.finish(listing: name)
            return ItemChange(old: old, new: new, version: write.version)
        }
    }

    package func deleteItem(listing name: String, id: String) throws(StoreError) -> (item: StoredItem, version: Int64)? {
        try write { write in
            var listing = try write.listing(name)
            guard let old = try Self.item(write.session, listing: listing.key, id: id) else {
                write.wroteNothing = true
                return nil
            }
            try write.session.query("DELETE FROM thumbindex_item WHERE seq = \(old.seq)")
            write.record(.remove(seq: old.seq, id: old.id))
            listing.info.itemCount -= 1
            try write.save(&listing)
            try write.finish(listing: name)
            return (old, write.version)
        }
    }
}

// MARK: Plumbing

extension PostgresStore {
    /// Runs `body` in one write transaction on the write connection: it takes the next version
    /// first (``PostgresWrite``), commits when `body` returns, and rolls back (giving the version
    /// back) when `body` throws or sets ``PostgresWrite/wroteNothing``.
    func write<T>(_ body: (inout PostgresWrite) throws -> T) throws(StoreError) -> T {
        try storeErrors {
            try writer.run { session in
                try session.transaction { () throws -> (value: T, commit: Bool) in
                    var write = try PostgresWrite(session)
                    let value = try body(&write)
                    return (value, !write.wroteNothing)
                }
            }
        }
    }

    /// The one way listings are created and replaced: items inserted in chunks of ``pageSize``
    /// rows, one statement each, the next chunk sent while PostgreSQL writes the last.
    package func writeListing<Items: Collection<ItemInput>>(
        name: String, locale: String, columns: ListingColumns, items: Items, replacing: Bool,
        progress: ((Double) -> Void)?, stored: (StoredItem) -> Void
    ) throws(StoreError) -> (created: Bool, listing: ListingInfo) {
        try StoreRows.checkListing(name: name, locale: locale, columns: columns)
        let (ids, columns) = try StoreRows.checkBatch(items, columns: columns)
        return try write { write in
            var listing: ListingRow
            let created: Bool
            if let existing = try Self.listingRow(write.session, name) {
                guard replacing else { throw StoreError.listingExists(name) }
                try write.session.query("DELETE FROM thumbindex_item WHERE listing = \(existing.key)", timeout: PostgresSession.bulkTimeout)
                listing = existing
                listing.info.locale = locale
                listing.info.columns = columns
                created = false
            } else {
                listing = try write.createListing(ListingInfo(name: name, locale: locale, columns: columns, itemCount: 0, version: write.version))
                created = true
            }
            var chunk = PostgresItemRows(capacity: min(items.count, Self.pageSize))
            var pending: EventLoopFuture<PostgresQueryResult>?
            func flush() throws {
                let sent = write.session.send(chunk.insertItems(listing: listing.key))
                if let pending { try write.session.wait(pending, timeout: PostgresSession.bulkTimeout) }
                pending = sent
                chunk.removeAll()
            }
            let step = StoreRows.progressStep(items.count)
            for (i, input) in items.enumerated() {
                let id = input.id ?? write.assignID { ids[$0] != nil }
                let item = write.newItem(input, id: id)
                stored(item)
                chunk.append(item)
                if chunk.count == Self.pageSize { try flush() }
                if let progress, i % step == 0 { progress(Double(i) / Double(items.count)) }
            }
            if chunk.count > 0 { try flush() }
            if let pending { try write.session.wait(pending, timeout: PostgresSession.bulkTimeout) }
            // Fresh statistics after a big import, or the planner, still believing the table
            // small, reads all of it for each page of forEachItem instead of using the index.
            if items.count >= Self.pageSize { try write.session.query("ANALYZE thumbindex_item", timeout: PostgresSession.bulkTimeout) }
            listing.info.itemCount = items.count
            write.record(.listingReplaced)
            try write.save(&listing)
            try write.finish(listing: name)
            progress?(1)
            return (created, listing.info)
        }
    }
}
