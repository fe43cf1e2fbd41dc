import Foundation
import ThumbIndex
import ThumbIndexFormats
import ThumbIndexServer
import ThumbIndexStore

/// One file `thumbindex serve` serves: `FILE` or `NAME=FILE`, read and indexed at start-up.
struct ListingSource {
    /// The name in URLs.
    let name: String
    /// The file.
    let input: InputFile

    /// The bundled address book as "contacts".
    static let bundledCorpus = ListingSource(name: "contacts", input: .bundled)

    private init(name: String, input: InputFile) {
        self.name = name
        self.input = input
    }

    /// Parses `NAME=FILE` (when the part before `=` is a valid listing name) or `FILE`
    /// (then the name is the file's base name without its extension).
    init(argument: String) {
        if let equals = argument.firstIndex(of: "="),
           ListingCatalog.isValidName(String(argument[..<equals])) {
            self.init(name: String(argument[..<equals]), input: InputFile(path: String(argument[argument.index(after: equals)...])))
        } else {
            let base = (argument as NSString).lastPathComponent
            let stem = (base as NSString).deletingPathExtension
            self.init(name: stem.isEmpty ? base : stem, input: InputFile(path: argument))
        }
    }

    /// The file's name in messages.
    var path: String { input.source }

    /// Reads the file and builds its listing and search index, with progress bars on a terminal
    /// for big files.
    /// - Throws: `CLIError` naming the file for an unreadable file, bad input or an unknown column.
    func load(collation: IndexedCollation, columns: ColumnOptions) throws -> (entry: ListingCatalog.Entry, duration: Duration) {
        let clock = ContinuousClock()
        let started = clock.now
        let table = try input.readTable(columns: columns)
        let listingColumns = try input.listingColumns(of: table, columns: columns)
        let entry = try LibraryWork.run("\(name): indexing", items: table.count, source: input.source) { progress in
            try ListingCatalog.Entry(name: name, table: table, columns: listingColumns, collation: collation, progress: progress)
        }
        return (entry, clock.now - started)
    }
}

extension ListingSource {
    /// Reads the file and writes its records into `store` as listing `name`, in one transaction:
    /// the key column as text, the reading column (when not empty) as reading, a non-empty pin
    /// column as pinned, every other column as a field; ids are assigned by the store.
    /// - Returns: the number of items imported.
    /// - Throws: `CLIError` naming the file (and the line of a bad record) or the store.
    func importListing(into store: ListingStore, collation: IndexedCollation, columns: ColumnOptions,
                       replacing: Bool) throws -> Int {
        let table = try input.readTable(columns: columns)
        let chosen = try input.listingColumns(of: table, columns: columns)
        let names = table.columnNames
        let others = names.indices.filter { $0 != chosen.key && $0 != chosen.reading }  // the pin column stays a field too
        let items = (0..<table.count).lazy.map { row in
            ItemInput(text: table.columns[chosen.key][row],
                      reading: chosen.reading.flatMap { table.columns[$0].isEmpty(row: row) ? nil : table.columns[$0][row] },
                      pinned: chosen.pin.map { !table.columns[$0].isEmpty(row: row) } ?? false,
                      fields: Dictionary(uniqueKeysWithValues: others.map { (names[$0], table.columns[$0][row]) }))
        }
        let storeColumns = ListingColumns(text: names[chosen.key], reading: chosen.reading.map { names[$0] },
                                          pin: chosen.pin.map { names[$0] }, order: names)
        let bar = table.count > LibraryWork.barThreshold ? ProgressBar("\(name): storing \(table.count) items") : nil
        defer { bar?.finish() }
        do {
            _ = try store.importListing(name: name, locale: collation.locale, columns: storeColumns, items: items,
                                        replacing: replacing, progress: bar.map { bar in { bar.update($0) } })
        } catch {
            // A record's position is its line in the file: after the header line for TSV.
            if let position = error.itemPosition {
                let line = position + (table.columnNames == ["text"] ? 1 : 2)
                throw CLIError("\(path):\(line): \(error.description)")
            }
            throw CLIError("\(store.path): \(error.description)")
        }
        return table.count
    }
}
