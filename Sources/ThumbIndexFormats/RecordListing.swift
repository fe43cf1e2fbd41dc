import ThumbIndex

/// A listing of a table's records: what `thumbindex list`, `filter` and `serve` build from a file.
///
/// The listing's elements are the records' row numbers in the table, so the library's generic
/// ``Listing`` does all the work and the table stays here, with the front ends.
package struct RecordListing: Sendable {
    /// The records, in input order.
    package let table: RecordTable
    /// The column shown as each item's text.
    package let keyColumn: Int
    /// The sectioned listing; element `k` is the table row shown at row `k`.
    package let listing: Listing<Int>

    /// The columns that make a listing of a table: positions in `table.columnNames`.
    package struct Columns: Sendable, Hashable {
        /// The item's text.
        package var key: Int
        /// A reading that replaces the text for order and section when not empty.
        package var reading: Int?
        /// A column whose non-empty value pins the item into "Favorites".
        package var pin: Int?
        /// Columns searched as text besides the key.
        package var fields: [Int]
        /// Columns searched as phone numbers.
        package var phones: [Int]
        /// A column giving each record's region for its phone numbers.
        package var region: Int?

        package init(key: Int = 0, reading: Int? = nil, pin: Int? = nil, fields: [Int] = [], phones: [Int] = [],
                     region: Int? = nil) {
            self.key = key
            self.reading = reading
            self.pin = pin
            self.fields = fields
            self.phones = phones
            self.region = region
        }
    }

    /// The searched columns `columns` names, as the library takes them (a column named twice counts once).
    package static func fieldColumns(of table: RecordTable, _ columns: Columns) -> [FieldColumn] {
        var seen = Set<Int>()
        var result: [FieldColumn] = []
        for c in columns.fields where c != columns.key && seen.insert(c).inserted {
            result.append(FieldColumn(name: table.columnNames[c], kind: .text, values: table.columns[c]))
        }
        for c in columns.phones where c != columns.key && seen.insert(c).inserted {
            result.append(FieldColumn(name: table.columnNames[c], kind: .phone, values: table.columns[c],
                                      regions: columns.region.map { table.columns[$0] }))
        }
        return result
    }

    /// Builds the listing of `table`: the library's listing of the row numbers, built from the
    /// table's columns as they are (no `String` per row).
    /// - Throws: `LimitError`, `ICUError` (see ``Listing``).
    package init(_ table: RecordTable, collation: IndexedCollation, columns: Columns = Columns(),
                 descending: Bool = false, fullIndex: Bool = false, progress: ((Double) -> Void)? = nil) throws {
        let pins = columns.pin.map { table.columns[$0] }
        self.table = table
        keyColumn = columns.key
        listing = try Listing(elements: Array(0..<table.count), texts: table.columns[columns.key],
                              readings: columns.reading.map { table.columns[$0] },
                              pinned: pins.map { pins in { !pins.isEmpty(row: $0) } },
                              collation: collation, descending: descending, fullIndex: fullIndex,
                              fields: Self.fieldColumns(of: table, columns), progress: progress)
    }
}
