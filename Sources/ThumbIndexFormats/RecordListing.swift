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

        package init(key: Int = 0, reading: Int? = nil, pin: Int? = nil) {
            self.key = key
            self.reading = reading
            self.pin = pin
        }
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
                              collation: collation,
                              descending: descending, fullIndex: fullIndex, progress: progress)
    }
}
