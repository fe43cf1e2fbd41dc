import ThumbIndexFormats
import ThumbIndexStore

/// How the rows of a table become the items of a stored listing (`thumbindex import`).
///
/// An item's text is the key column, its reading the reading column (none when empty), and it is
/// pinned when the pin column is non-empty; its id is the id column's value (`--id`), or one the
/// store assigns. Every other non-empty value, the pin column's included (so an export writes it
/// back as it was), is a field under its column's name.
struct StoreImport {
    /// The listing's columns: the id column (`--id`, else "id"), then the table's others in order.
    let columns: ListingColumns
    private let table: RecordTable
    private let key: Int, reading: Int?, pin: Int?, id: Int?
    /// The columns whose values are fields, with their names.
    private let fieldColumns: [(index: Int, name: String)]

    /// - Throws: `InputError` (line 1) when the id column is unknown, is also the key, reading or pin
    ///   column, or when the table has an "id" column and no `--id` says what to do with it.
    init(table: RecordTable, columns: RecordListing.Columns, idColumn: String?, source: String) throws {
        let names = table.columnNames
        var id: Int?
        if let idColumn {
            guard let index = table.columnIndex(idColumn) else {
                throw InputError(source: source, line: 1, message: "--id \(idColumn): no such column; the columns are \(names.joined(separator: ", "))")
            }
            guard ![columns.key, columns.reading, columns.pin].contains(index) else {
                throw InputError(source: source, line: 1, message: "--id \(idColumn): the column holds the items' text, reading or pin; name another")
            }
            id = index
        } else if table.columnIndex("id") != nil {
            throw InputError(source: source, line: 1, message: "the file has a column 'id': give --id id to take the items' ids from it, or rename the column (an export writes the ids as 'id')")
        }
        self.table = table
        (key, reading, pin, self.id) = (columns.key, columns.reading, columns.pin, id)
        let roles = Set([columns.key, columns.reading, id].compactMap { $0 })
        fieldColumns = names.indices.filter { !roles.contains($0) }.map { ($0, names[$0]) }
        let searchable = { (c: Int) in !roles.contains(c) }
        self.columns = ListingColumns(id: id.map { names[$0] } ?? "id", text: names[columns.key],
                                      reading: columns.reading.map { names[$0] }, pin: columns.pin.map { names[$0] },
                                      order: names.indices.filter { $0 != id }.map { names[$0] },
                                      search: columns.fields.filter(searchable).map { names[$0] },
                                      phones: columns.phones.filter(searchable).map { names[$0] },
                                      region: columns.region.flatMap { searchable($0) ? names[$0] : nil })
    }

    /// The items, one per row, made when read (the store reads them twice: to check, then to write).
    var items: LazyMapSequence<Range<Int>, ItemInput> {
        (0..<table.count).lazy.map(item)
    }

    private func item(_ row: Int) -> ItemInput {
        var fields: [String: String] = [:]
        for (index, name) in fieldColumns where !table.columns[index].isEmpty(row: row) {
            fields[name] = table.columns[index][row]
        }
        return ItemInput(id: id.map { table.columns[$0][row] }, text: table.columns[key][row],
                         reading: reading.flatMap { table.columns[$0].isEmpty(row: row) ? nil : table.columns[$0][row] },
                         pinned: pin.map { !table.columns[$0].isEmpty(row: row) } ?? false, fields: fields)
    }

    /// A refused item as bad input: its file and line, and the column at fault.
    func inputError(_ error: StoreError, bytes: [UInt8], format: InputFormat, source: String) -> InputError? {
        let line = { (row: Int) in RecordTable.line(ofRow: row, in: bytes, format: format) }
        switch error {
        case let .invalidItem(position, field, reason):
            let column = switch field {
            case "id": columns.id
            case "text": columns.text
            case "reading": columns.reading ?? field
            default: field.hasPrefix("fields.") ? String(field.dropFirst("fields.".count)) : field
            }
            return InputError(source: source, line: line(position), message: "column '\(column)': \(reason)")
        case let .duplicateID(id, position, first):
            return InputError(source: source, line: line(position),
                              message: "column '\(columns.id)': '\(id)' is also the id on line \(line(first).map(String.init) ?? "?"); ids must be unique")
        default:
            return nil
        }
    }
}

extension ListingSource {
    /// Reads the file and writes its rows into `listings` as listing `name`, in one transaction
    /// (see ``StoreImport``), with a progress bar on big files: what `import` and the first start
    /// of `serve --store` do.
    /// - Parameters:
    ///   - idColumn: the column of the items' ids (`--id`); nil: the store assigns them.
    ///   - storeError: how a store's refusal that is not about a row is reported.
    /// - Returns: the listing as stored.
    /// - Throws: `CLIError`, or `InputError` naming the file and line of a refused row.
    func importListing(into listings: any ListingStore, locale: String, columns: ColumnOptions, idColumn: String?,
                       replacing: Bool, storeError: (StoreError) -> CLIError) throws -> ListingInfo {
        let bytes = try input.readBytes()
        let format = input.format(columns: columns, namesColumns: idColumn != nil)
        let table = try RecordTable.read(bytes, format: format, source: input.source)
        // With --id and no --key, the text is the first column that is not the id's.
        var columns = columns
        if let idColumn, columns.key == nil, !input.isBundled { columns.key = table.columnNames.first { $0 != idColumn } }
        let plan = try StoreImport(table: table, columns: input.listingColumns(of: table, columns: columns),
                                   idColumn: idColumn, source: input.source)
        let bar = table.count > LibraryWork.barThreshold ? ProgressBar("\(name): importing \(table.count) items") : nil
        do throws(StoreError) {
            defer { bar?.finish() }
            return try listings.importListing(name: name, locale: locale, columns: plan.columns, items: plan.items,
                                              replacing: replacing, progress: bar.map { bar in { bar.update($0) } }).listing
        } catch {
            throw plan.inputError(error, bytes: bytes, format: format, source: input.source) ?? storeError(error)
        }
    }
}
