/// A stored listing without its items: what `ListingStore.listings()` returns.
package struct ListingInfo: Sendable, Hashable {
    /// The listing's name, unique in the store.
    package var name: String
    /// The locale its collation and index letters come from (as given; the store does not check it).
    package var locale: String
    /// Its columns, for export.
    package var columns: ListingColumns
    /// How many items it holds (kept up to date by every write: reading it is O(1)).
    package var itemCount: Int
    /// Its change counter: it grows with every write to the listing, in the same transaction.
    ///
    /// Versions come from one counter for the whole store, so they only grow, and a listing that is
    /// deleted and created again never repeats a version it had: a saved index built at version
    /// `v` is current exactly when the listing's version is still `v`. Reading it is O(1).
    package var version: Int64

    package init(name: String, locale: String, columns: ListingColumns, itemCount: Int, version: Int64) {
        self.name = name
        self.locale = locale
        self.columns = columns
        self.itemCount = itemCount
        self.version = version
    }
}

/// The TSV columns of a listing: which one holds the id, the text, the reading and the pin,
/// and the order of all of them, so that `thumbindex export` writes what `import` read.
///
/// An item's ``StoredItem/fields`` hold its values of every column in `order` except the text
/// and reading columns; the pin column's original value ("1", "yes", "★"...) is kept in `fields`
/// under the pin column's name, so an export writes it back as it was. Field names an item brings
/// that are not in `order` yet are appended to it by the write that stores the item.
/// ```swift
/// let columns = ListingColumns(text: "name", reading: "reading", pin: "favorite",
///                              order: ["name", "reading", "favorite", "phone"])
/// ```
package struct ListingColumns: Sendable, Hashable, Codable {
    /// The name of the id column in an export ("id", or the column the ids were imported from).
    package var id: String
    /// The column of the item's text.
    package var text: String
    /// The column of the item's reading, if any.
    package var reading: String?
    /// The column whose non-empty values pin items, if any.
    package var pin: String?
    /// Every column but the id column, in export order; holds `text`, `reading` and `pin`.
    package var order: [String]
    /// Field columns searched as text besides the item's text (`--fields`).
    package var search: [String]
    /// Field columns searched as phone numbers (`--phone`).
    package var phones: [String]
    /// The field column giving each item's region for its phone numbers (`--region`), if any.
    package var region: String?

    /// Columns with the given roles; `order` defaults to text, reading, pin.
    package init(id: String = "id", text: String = "text", reading: String? = nil, pin: String? = nil, order: [String]? = nil,
                 search: [String] = [], phones: [String] = [], region: String? = nil) {
        self.id = id
        self.text = text
        self.reading = reading
        self.pin = pin
        self.order = order ?? [text] + [reading, pin].compactMap { $0 }
        self.search = search
        self.phones = phones
        self.region = region
    }

    private enum CodingKeys: String, CodingKey { case id, text, reading, pin, order, search, phones, region }

    /// Decodes the columns; a listing stored before searched columns existed has none.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        text = try c.decode(String.self, forKey: .text)
        reading = try c.decodeIfPresent(String.self, forKey: .reading)
        pin = try c.decodeIfPresent(String.self, forKey: .pin)
        order = try c.decode([String].self, forKey: .order)
        search = try c.decodeIfPresent([String].self, forKey: .search) ?? []
        phones = try c.decodeIfPresent([String].self, forKey: .phones) ?? []
        region = try c.decodeIfPresent(String.self, forKey: .region)
    }

    /// The names no item field may take (their values are the item's own id, text and reading),
    /// each with its role.
    var roleOfReservedName: [String: String] {
        var roles = [id: "id", text: "text"]
        if let reading { roles[reading] = "reading" }
        return roles
    }

    /// Checks the names: non-empty, no control characters, no column twice, and the roles in `order`.
    /// - Throws: `StoreError.invalid` naming the part ("columns.order").
    func validate() throws(StoreError) {
        for (field, name) in [("columns.id", id), ("columns.text", text), ("columns.reading", reading), ("columns.pin", pin)] {
            if let name { try ItemLimits.checkName(name, field: field) }
        }
        for (i, name) in order.enumerated() { try ItemLimits.checkName(name, field: "columns.order[\(i)]") }
        var seen = Set<String>()
        for name in order where !seen.insert(name).inserted {
            throw .invalid(field: "columns.order", reason: "names column '\(name)' twice")
        }
        if seen.contains(id) {
            throw .invalid(field: "columns.order", reason: "holds the id column '\(id)'; the id is written first, on its own")
        }
        let roles = [("text", text), ("reading", reading), ("pin", pin)].compactMap { role, name in name.map { (role, $0) } }
        for (role, name) in roles where !seen.contains(name) {
            throw .invalid(field: "columns.order", reason: "lacks the \(role) column '\(name)'")
        }
        let searched = search.map { ("columns.search", $0) } + phones.map { ("columns.phones", $0) }
            + [region].compactMap { $0 }.map { ("columns.region", $0) }
        for (field, name) in searched {
            guard seen.contains(name), name != text, name != reading else {
                throw .invalid(field: field, reason: "'\(name)' is not one of the listing's field columns (\(order.filter { $0 != text && $0 != reading }.joined(separator: ", ")))")
            }
        }
        if Set(search + phones).count < search.count + phones.count {
            throw .invalid(field: "columns", reason: "a column is searched twice (search \(search), phones \(phones))")
        }
        if Set(roles.map(\.1)).count < roles.count {
            throw .invalid(field: "columns", reason: "the text, reading and pin columns must differ (\(roles.map { "\($0.0) '\($0.1)'" }.joined(separator: ", ")))")
        }
    }
}
