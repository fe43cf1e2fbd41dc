/// One item of a live listing, as a store keeps it.
package struct LiveItem: Sendable, Hashable {
    /// The store's sequence number: unique within the listing, never reused, and the order of items
    /// that collate equal (the order they were first added in).
    package var seq: Int
    /// The item's stable id (the client's, or one the store assigned).
    package var id: String
    /// The displayed, searched text.
    package var text: String
    /// A reading that replaces the text for order and section; nil when there is none (an empty
    /// reading is none).
    package var reading: String?
    /// Whether the item belongs in the leading "Favorites" section.
    package var pinned: Bool
    /// The item's values in the listing's searched columns (see ``LiveFieldSchema``), by column
    /// name. An empty value is none; a column the listing's schema does not name is not searched.
    package var fields: [String: String]
    /// The item's region for its phone numbers (a locale such as `es_ES` or a region code such as
    /// `ES`); nil (an empty region is none): the region of the listing's locale. Kept only when the
    /// listing's schema has phone columns and a region column.
    package var region: String?

    package init(seq: Int, id: String, text: String, reading: String? = nil, pinned: Bool = false,
                 fields: [String: String] = [:], region: String? = nil) {
        self.seq = seq
        self.id = id
        self.text = text
        self.reading = reading?.isEmpty == true ? nil : reading
        self.pinned = pinned
        self.fields = fields.filter { !$0.value.isEmpty }
        self.region = region?.isEmpty == true ? nil : region
    }

    /// What the item is sorted and sectioned by: its reading when it has one, else its text.
    var sortText: String { reading.flatMap { $0.isEmpty ? nil : $0 } ?? text }
}

/// The columns a live listing searches besides its items' texts: their names and kinds, and
/// which column (if any) gives each item's region for its phone numbers.
///
/// Every level of the listing indexes these columns, so an edit is searchable in its fields at the
/// next keystroke (see ``LiveItem/fields``).
package struct LiveFieldSchema: Sendable, Hashable {
    /// One searched column.
    package struct Field: Sendable, Hashable {
        /// The column's name, as matches name it.
        package let name: String
        /// How it is searched.
        package let kind: SearchFieldKind

        package init(name: String, kind: SearchFieldKind) {
            self.name = name
            self.kind = kind
        }
    }

    /// The searched columns, in the order matches list them.
    package let fields: [Field]
    /// The name of the column giving each item's region (``LiveItem/region``) for its phone
    /// numbers; nil: every number is read in the region of the listing's locale.
    package let regionColumn: String?

    /// A schema of `fields` (names must be unique).
    package init(fields: [Field] = [], regionColumn: String? = nil) {
        precondition(Set(fields.map(\.name)).count == fields.count, "LiveFieldSchema: two fields with one name")
        self.fields = fields
        self.regionColumn = regionColumn
    }

    /// No searched columns.
    package static let none = LiveFieldSchema()

    /// Whether phone columns read each item's region.
    var hasRegions: Bool { regionColumn != nil && fields.contains { $0.kind == .phone } }

    /// The schema of columns laid out for a listing (their names and kinds), with `regionColumn`.
    package init(columns: [FieldColumn], regionColumn: String?) {
        self.init(fields: columns.map { Field(name: $0.name, kind: $0.kind) }, regionColumn: regionColumn)
    }

    /// The searched columns of `items`, row for row, as a ``Listing`` takes them.
    func columns(of items: some Collection<LiveItem>) -> [FieldColumn] {
        var regions: TextColumn?
        if hasRegions {
            var column = TextColumn()
            for item in items { column.append(item.region ?? "") }
            regions = column
        }
        return fields.map { field in
            var values = TextColumn()
            for item in items { values.append(item.fields[field.name] ?? "") }
            return FieldColumn(name: field.name, kind: field.kind, values: values,
                               regions: field.kind == .phone ? regions : nil)
        }
    }

    /// Whether `columns` are laid out as this schema says (names, kinds and regions, in order).
    func matches(_ columns: [FieldColumn]) -> Bool {
        columns.count == fields.count && zip(columns, fields).allSatisfy { column, field in
            column.name == field.name && column.kind == field.kind
                && (column.regions != nil) == (field.kind == .phone && hasRegions)
        }
    }
}

/// One change to a live listing.
package enum LiveEdit: Sendable, Hashable {
    /// Adds the item, or replaces the item with the same `seq`.
    case put(LiveItem)
    /// Removes the item with this `seq`; nothing happens when there is none.
    case remove(seq: Int)

    /// The sequence number of the item the edit is about.
    package var seq: Int {
        switch self {
        case .put(let item): item.seq
        case .remove(let seq): seq
        }
    }
}

/// Where an item stands in a listing's order: its section (as a label position, 0 for
/// Favorites), its full-strength sort key, then its sequence number, compared in that order. This
/// is exactly the order a `Listing` built from the items in ascending `seq` gives them.
struct SortPosition: Comparable, Sendable {
    let labelPosition: Int
    let key: [UInt8]
    let seq: Int

    /// The position of an item with `sortText`, `pinned` and `seq` under `collation`.
    init(sortText: String, pinned: Bool, seq: Int, collation: IndexedCollation) throws {
        labelPosition = pinned ? 0 : 1 + collation.labelIndex(for: String(IndexedCollation.trimmed(sortText)))
        key = try Self.sortKey(of: sortText, collation: collation)
        self.seq = seq
    }

    /// The collation sort key that orders `sortText` within its label.
    static func sortKey(of sortText: String, collation: IndexedCollation) throws -> [UInt8] {
        var utf8 = String(collation.sortingForm(ofTrimmed: IndexedCollation.trimmed(sortText)))
        return try utf8.withUTF8 { try collation.icu.sortKey(utf8: $0) }
    }

    /// The order of two items under one label: by sort key, then by `seq`.
    struct Key: Comparable {
        let key: [UInt8]
        let seq: Int

        static func < (a: Key, b: Key) -> Bool {
            if a.key != b.key { return a.key.lexicographicallyPrecedes(b.key) }
            return a.seq < b.seq
        }
    }

    /// The position's order among the items of its label.
    var orderInLabel: Key { Key(key: key, seq: seq) }

    static func < (a: SortPosition, b: SortPosition) -> Bool {
        if a.labelPosition != b.labelPosition { return a.labelPosition < b.labelPosition }
        return a.orderInLabel < b.orderInLabel
    }
}
