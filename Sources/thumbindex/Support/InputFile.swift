import Foundation
import ThumbIndex

/// One input: a file, standard input ("-"), or the bundled address book.
struct InputFile {
    /// The path, or "-" for standard input.
    let path: String
    /// Whether this is the bundled corpus (then its name/reading/favorite columns are the defaults).
    let isBundled: Bool

    init(path: String, isBundled: Bool = false) {
        self.path = path
        self.isBundled = isBundled
    }

    /// The bundled address book, `Corpora/contacts.tsv`.
    static let bundled = InputFile(path: DefaultCorpus.path, isBundled: true)

    /// The input's name in messages.
    var source: String { path == "-" ? "<stdin>" : path }

    /// Reads the whole input into a table, before anything is printed.
    /// - Throws: `CLIError` for a missing or unreadable file; `InputError` (file and line) for bad content.
    func readTable(columns: ColumnOptions) throws -> Table {
        let bytes: [UInt8]
        if path == "-" {
            bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CLIError(isBundled ? "the bundled corpus \(path) is missing; pass a FILE" : "\(path): no such file")
            }
            guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
                throw CLIError("\(path): cannot read the file (\(isDirectory.boolValue ? "it is a directory" : "permission denied?"))")
            }
            bytes = Array(data)
        }
        let tsv = columns.format.map { $0 == .tsv }
            ?? (path.hasSuffix(".tsv") || columns.key != nil || columns.reading != nil || columns.pin != nil)
        return try Table.read(bytes, format: tsv ? .tsv : .lines, source: source)
    }

    /// Listing options from the column flags; for the bundled corpus, its own columns by default.
    func listingOptions(columns: ColumnOptions, descending: Bool, fullIndex: Bool) -> ListingOptions {
        ListingOptions(keyColumn: columns.key ?? (isBundled ? DefaultCorpus.keyColumn : nil),
                       readingColumn: columns.reading ?? (isBundled ? DefaultCorpus.readingColumn : nil),
                       pinColumn: columns.pin ?? (isBundled ? DefaultCorpus.pinColumn : nil),
                       descending: descending, fullIndex: fullIndex)
    }

    /// Reads the input and builds its listing, with a progress bar on a terminal for big inputs.
    func buildListing(collation: IndexedCollation, columns: ColumnOptions, descending: Bool = false,
                      fullIndex: Bool = false, barTitle: String = "sorting") throws -> Listing {
        try buildListing(of: readTable(columns: columns), collation: collation, columns: columns,
                         descending: descending, fullIndex: fullIndex, barTitle: barTitle)
    }

    /// Builds the listing of a table already read from this input.
    func buildListing(of table: Table, collation: IndexedCollation, columns: ColumnOptions, descending: Bool = false,
                      fullIndex: Bool = false, barTitle: String = "sorting") throws -> Listing {
        let bar = table.count > 200_000 ? ProgressBar("\(barTitle) \(table.count) items") : nil
        defer { bar?.finish() }
        do {
            return try Listing(table: table, collation: collation,
                               options: listingOptions(columns: columns, descending: descending, fullIndex: fullIndex),
                               source: source, progress: bar.map { bar in { bar.update($0) } })
        } catch let error as ICUError {
            throw CLIError("\(source): \(error.message)")
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
        return Array(try Table.read(Array(data), format: .lines, source: path, keepBlankLines: keepBlankLines).columns[0])
    }
}

extension SearchableListing {
    /// Builds the search index of `listing`, with a progress bar on a terminal for big listings.
    init(listing: Listing, barTitle: String) {
        let bar = listing.count > 200_000 ? ProgressBar("\(barTitle) \(listing.count) items") : nil
        defer { bar?.finish() }
        self.init(listing: listing, progress: bar.map { bar in { bar.update($0) } })
    }
}
