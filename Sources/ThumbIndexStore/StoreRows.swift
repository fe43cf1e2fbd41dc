import Foundation
import Synchronization

/// How both stores write an item's parts and a listing's columns, and check a batch before
/// anything is written: one place, so that SQLite and PostgreSQL hold the same bytes and refuse
/// the same batches with the same errors.
package enum StoreRows {
    /// Fields as stored: name, value, name, value... joined with tabs, names sorted; nil when empty.
    package static func encodeFields(_ fields: [String: String]) -> String? {
        if fields.isEmpty { return nil }
        return fields.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)" }.joined(separator: "\t")
    }

    /// The fields of ``encodeFields(_:)``'s text.
    package static func decodeFields(_ stored: String?) -> [String: String] {
        guard let stored else { return [:] }
        let parts = stored.split(separator: "\t", omittingEmptySubsequences: false)
        var fields: [String: String] = [:]
        fields.reserveCapacity(parts.count / 2)
        for i in stride(from: 0, to: parts.count - 1, by: 2) { fields[String(parts[i])] = String(parts[i + 1]) }
        return fields
    }

    /// A listing's columns as stored: their JSON.
    package static func encodeColumns(_ columns: ListingColumns) throws -> String {
        String(decoding: try JSONEncoder().encode(columns), as: UTF8.self)
    }

    /// The columns of ``encodeColumns(_:)``'s JSON.
    ///
    /// Every write reads its listing's row, so the columns of the last few JSON texts are kept
    /// rather than decoded on every write (a few percent of the write queue's time).
    package static func decodeColumns(_ json: String) throws -> ListingColumns {
        if let columns = decodedColumns.withLock({ $0[json] }) { return columns }
        let columns = try JSONDecoder().decode(ListingColumns.self, from: Data(json.utf8))
        decodedColumns.withLock { cache in
            if cache.count >= 64 { cache.removeAll() }
            cache[json] = columns
        }
        return columns
    }

    /// ``decodeColumns(_:)``'s results by JSON text: at most 64, emptied when full.
    private static let decodedColumns = Mutex<[String: ListingColumns]>([:])

    /// Checks a new listing's name, locale and columns. - Throws: `StoreError.invalid` naming the part.
    package static func checkListing(name: String, locale: String, columns: ListingColumns) throws(StoreError) {
        try ItemLimits.checkName(name, field: "name")
        if locale.isEmpty { throw .invalid(field: "locale", reason: "is empty") }
        try columns.validate()
    }

    /// Checks every item of a batch, before anything is written: each against ``ItemLimits``,
    /// the ids for duplicates, the field names against the listing's text, reading and id columns.
    /// - Returns: the position of each id given, and `columns` with the new field names appended.
    package static func checkBatch(_ items: some Collection<ItemInput>, columns: ListingColumns) throws(StoreError)
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

    /// The item a patch makes of `old`: the parts `patch` sets replaced.
    package static func patched(_ old: StoredItem, with patch: ItemPatch) -> ItemInput {
        var input = ItemInput(id: old.id, text: patch.text ?? old.text, reading: old.reading, pinned: patch.pinned ?? old.pinned, fields: old.fields)
        if let reading = patch.reading { input.reading = reading }
        return input
    }

    /// How often a long import reports progress: about 200 times.
    package static func progressStep(_ count: Int) -> Int { max(1, count / 200) }
}
