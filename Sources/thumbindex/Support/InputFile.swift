import Foundation
import ThumbIndex
import ThumbIndexFormats

/// One input: a file, standard input ("-"), or the bundled address book.
struct InputFile {
    /// The path, or "-" for standard input; nil for the bundled address book.
    let path: String?

    init(path: String) { self.path = path }
    private init() { path = nil }

    /// The bundled address book (its name/reading/favorite columns are the defaults).
    static let bundled = InputFile()

    /// Whether this is the bundled address book.
    var isBundled: Bool { path == nil }

    /// The input's name in messages.
    var source: String {
        switch path {
        case nil: DefaultCorpus.source
        case "-": "<stdin>"
        case let path?: path
        }
    }

    /// Reads the whole input into a table, before anything is printed.
    /// - Throws: `CLIError` for a missing or unreadable file; `InputError` (file and line) for bad content.
    func readTable(columns: ColumnOptions) throws -> RecordTable {
        try RecordTable.read(readBytes(), format: format(columns: columns), source: source)
    }

    /// The whole input's bytes.
    /// - Throws: `CLIError` for a missing or unreadable file.
    func readBytes() throws -> [UInt8] {
        switch path {
        case nil:
            return DefaultCorpus.bytes
        case "-":
            return Array(FileHandle.standardInput.readDataToEndOfFile())
        case let path?:
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CLIError("\(path): no such file")
            }
            guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
                throw CLIError("\(path): cannot read the file (\(isDirectory.boolValue ? "it is a directory" : "permission denied?"))")
            }
            return Array(data)
        }
    }

    /// How the input is read: `--format`, else TSV for the bundled address book, .tsv files and
    /// when a flag names a column (`namesColumns`: flags of the command beyond `ColumnOptions`).
    func format(columns: ColumnOptions, namesColumns: Bool = false) -> InputFormat {
        columns.format ?? (isBundled || source.hasSuffix(".tsv") || namesColumns
            || columns.namesAColumn ? .tsv : .lines)
    }

    /// The columns of `table` the flags name; for the bundled corpus, its own columns by default.
    /// - Throws: `InputError` naming the flag, the column and the columns there are.
    func listingColumns(of table: RecordTable, columns: ColumnOptions) throws -> RecordListing.Columns {
        func column(_ name: String?, flag: String) throws -> Int? {
            guard let name else { return nil }
            guard let index = table.columnIndex(name) else {
                throw InputError(source: source, line: 1,
                                 message: "\(flag) \(name): no such column; the columns are \(table.columnNames.joined(separator: ", "))")
            }
            return index
        }
        let phones = columns.phone ?? (isBundled ? DefaultCorpus.phoneColumn : nil)
        return RecordListing.Columns(
            key: try column(columns.key ?? (isBundled ? DefaultCorpus.keyColumn : nil), flag: "--key") ?? 0,
            reading: try column(columns.reading ?? (isBundled ? DefaultCorpus.readingColumn : nil), flag: "--reading"),
            pin: try column(columns.pin ?? (isBundled ? DefaultCorpus.pinColumn : nil), flag: "--pin"),
            fields: try ColumnOptions.names(columns.fields).map { try column($0, flag: "--fields")! },
            phones: try ColumnOptions.names(phones).map { try column($0, flag: "--phone")! },
            region: try column(columns.region ?? (isBundled ? DefaultCorpus.regionColumn : nil), flag: "--region"))
    }

    /// Reads the input and builds its listing, with a progress bar on a terminal for big inputs.
    func buildListing(collation: IndexedCollation, columns: ColumnOptions, descending: Bool = false,
                      fullIndex: Bool = false, barTitle: String = "sorting") throws -> RecordListing {
        try buildListing(of: readTable(columns: columns), collation: collation, columns: columns,
                         descending: descending, fullIndex: fullIndex, barTitle: barTitle)
    }

    /// Builds the listing of a table already read from this input.
    func buildListing(of table: RecordTable, collation: IndexedCollation, columns: ColumnOptions, descending: Bool = false,
                      fullIndex: Bool = false, barTitle: String = "sorting") throws -> RecordListing {
        let listingColumns = try listingColumns(of: table, columns: columns)
        return try LibraryWork.run(barTitle, items: table.count, source: source) { progress in
            try RecordListing(table, collation: collation, columns: listingColumns,
                              descending: descending, fullIndex: fullIndex, progress: progress)
        }
    }
}

/// A file of queries, one per line (a blank line is the empty query when `keepBlankLines`).
enum QueryFile {
    /// The queries of `path`; a file that cannot be read, or invalid UTF-8 (with its line), is an error.
    static func read(_ path: String, keepBlankLines: Bool) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError("--queries \(path): cannot read the file")
        }
        return Array(try RecordTable.read(Array(data), format: .lines, source: path, keepBlankLines: keepBlankLines).columns[0])
    }
}

extension SearchableListing {
    /// Builds the search index of `listing`, with a progress bar on a terminal for big listings.
    /// - Throws: `CLIError` naming `source` when the texts are past ThumbIndex's limits or ICU fails.
    init(_ listing: Listing<Element>, source: String, barTitle: String) throws {
        self = try LibraryWork.run(barTitle, items: listing.count, source: source) { progress in
            try SearchableListing(listing, progress: progress)
        }
    }
}
