import Foundation
import ThumbIndex
import ThumbIndexServer

/// One file `thumbindex serve` serves: `FILE` or `NAME=FILE`, read and indexed at start-up.
struct ListingSource {
    /// The name in URLs.
    let name: String
    /// The file.
    let path: String
    /// Whether this is the bundled corpus (then its name/reading/favorite columns are used).
    let isBundled: Bool

    /// The bundled address book as "contacts".
    static let bundledCorpus = ListingSource(name: "contacts", path: DefaultCorpus.path, isBundled: true)

    private init(name: String, path: String, isBundled: Bool) {
        self.name = name
        self.path = path
        self.isBundled = isBundled
    }

    /// Parses `NAME=FILE` (when the part before `=` is a valid listing name) or `FILE`
    /// (then the name is the file's base name without its extension).
    init(argument: String) {
        if let equals = argument.firstIndex(of: "="),
           ListingCatalog.isValidName(String(argument[..<equals])) {
            self.init(name: String(argument[..<equals]), path: String(argument[argument.index(after: equals)...]), isBundled: false)
        } else {
            let base = (argument as NSString).lastPathComponent
            let stem = (base as NSString).deletingPathExtension
            self.init(name: stem.isEmpty ? base : stem, path: argument, isBundled: false)
        }
    }

    /// Reads the file and builds its listing and search index, with progress bars on a terminal
    /// for big files.
    /// - Throws: `CLIError` naming the file for an unreadable file, bad input or an unknown column.
    func load(collation: IndexedCollation, format: InputFormat?, key: String?, reading: String?, pin: String?)
        throws -> (listing: SearchableListing, duration: Duration) {
        let clock = ContinuousClock()
        let started = clock.now
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CLIError(isBundled ? "the bundled corpus \(path) is missing; pass a FILE" : "\(path): no such file")
        }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            throw CLIError("\(path): cannot read the file (\(isDirectory.boolValue ? "it is a directory" : "permission denied?"))")
        }
        let tsv = format.map { $0 == .tsv } ?? (path.hasSuffix(".tsv") || key != nil || reading != nil || pin != nil)
        let table = try Table.read(Array(data), format: tsv ? .tsv : .lines, source: path)
        let options = ListingOptions(keyColumn: key ?? (isBundled ? DefaultCorpus.keyColumn : nil),
                                     readingColumn: reading ?? (isBundled ? DefaultCorpus.readingColumn : nil),
                                     pinColumn: pin ?? (isBundled ? DefaultCorpus.pinColumn : nil))
        let big = table.count > 200_000
        let listing: Listing
        do {
            let bar = big ? ProgressBar("\(name): sorting \(table.count) items") : nil
            defer { bar?.finish() }
            listing = try Listing(table: table, collation: collation, options: options, source: path,
                                  progress: bar.map { bar in { bar.update($0) } })
        } catch let error as ICUError {
            throw CLIError("\(path): \(error.message)")
        }
        let bar = big ? ProgressBar("\(name): indexing \(table.count) items") : nil
        defer { bar?.finish() }
        let searchable = SearchableListing(listing: listing, progress: bar.map { bar in { bar.update($0) } })
        return (searchable, clock.now - started)
    }
}
