import Foundation
import ThumbIndex
import ThumbIndexFormats
import ThumbIndexServer

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

