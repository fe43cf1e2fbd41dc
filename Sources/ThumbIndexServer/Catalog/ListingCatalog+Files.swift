import ThumbIndex
import ThumbIndexFormats

extension ListingCatalog.Entry {
    /// The listing of a table read from a file, served read-only: item `i` (0-based) has `seq` `i`
    /// and, unless `idColumn` names a column, the id `"\(i + 1)"` (its record number). The columns
    /// `columns` names as fields and phones are searched besides the key, phones in the regions of
    /// `columns.region` (see ``RecordListing/fieldColumns(of:_:)``).
    ///
    /// - Throws: `LimitError` or `ICUError` from building the listing.
    package init(name: String, table: RecordTable, columns: RecordListing.Columns, idColumn: Int? = nil,
                 collation: IndexedCollation, progress: ((Double) -> Void)? = nil) throws {
        let ids = idColumn.map { table.columns[$0] } ?? TextColumn((0..<table.count).map { String($0 + 1) })
        let pins = columns.pin.map { table.columns[$0] }
        let listing = try LiveListing(seqs: Array(0..<table.count), ids: ids, texts: table.columns[columns.key],
                                      readings: columns.reading.map { table.columns[$0] },
                                      pinned: { row in pins.map { !$0.isEmpty(row: row) } ?? false },
                                      fields: RecordListing.fieldColumns(of: table, columns),
                                      regionColumn: columns.region.map { table.columnNames[$0] },
                                      collation: collation, progress: progress)
        self.init(name: name, listing: listing)
    }
}
