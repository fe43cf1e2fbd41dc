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
        self.columns = ListingColumns(id: id.map { names[$0] } ?? "id", text: names[columns.key],
                                      reading: columns.reading.map { names[$0] }, pin: columns.pin.map { names[$0] },
                                      order: names.indices.filter { $0 != id }.map { names[$0] })
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
