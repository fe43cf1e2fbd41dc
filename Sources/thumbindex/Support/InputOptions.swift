import ArgumentParser
import Foundation
import ThumbIndex

/// The options every command that reads a list shares: locale, input file and its columns.
struct InputOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Locale whose collation and index letters to use (ICU or BCP 47: sv, de, zh_Hant, ja-JP).", valueName: "locale"))
    var locale: String = "en"

    @Option(name: .long, help: ArgumentHelp("Add the Latin A–Z labels: automatic (when the locale's script is not Latin), always or never.", valueName: "mode"))
    var latin: IndexedCollation.LatinLabels = .automatic

    @Option(name: .long, help: ArgumentHelp("Input format: lines (one item per line) or tsv (header row). Default: tsv for .tsv files or when --key, --reading or --pin is given, else lines.", valueName: "format"))
    var format: InputFormat?

    @Option(name: .long, help: ArgumentHelp("TSV column shown as the item's text (default: the first column).", valueName: "column"))
    var key: String?

    @Option(name: .long, help: ArgumentHelp("TSV column holding a reading used for order and section when non-empty (e.g. kana for Japanese names).", valueName: "column"))
    var reading: String?

    @Option(name: .long, help: ArgumentHelp("TSV column; items with a non-empty value form a leading \"Favorites\" section (index title ★).", valueName: "column"))
    var pin: String?

    @Argument(help: ArgumentHelp("UTF-8 input: one item per line, or TSV with a header row; - for standard input. Default: the bundled Corpora/contacts.tsv.", valueName: "file"))
    var file: String?

    /// The input's name for messages.
    var source: String { file.map { $0 == "-" ? "<stdin>" : $0 } ?? DefaultCorpus.path }

    /// Reads the input into a table (all of it, before anything is printed).
    func readTable() throws -> (table: Table, usesDefaultColumns: Bool) {
        let path = file ?? DefaultCorpus.path
        let bytes: [UInt8]
        if path == "-" {
            bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CLIError(file == nil ? "the bundled corpus \(path) is missing; pass a FILE" : "\(path): no such file")
            }
            guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
                throw CLIError("\(path): cannot read the file (\(isDirectory.boolValue ? "it is a directory" : "permission denied?"))")
            }
            bytes = Array(data)
        }
        let tsv = format.map { $0 == .tsv } ?? (path.hasSuffix(".tsv") || key != nil || reading != nil || pin != nil)
        return (try Table.read(bytes, format: tsv ? .tsv : .lines, source: source), file == nil)
    }

    /// Listing options from the flags; for the bundled corpus, its name/reading/favorite columns.
    func listingOptions(defaultCorpus: Bool, descending: Bool, fullIndex: Bool) -> ListingOptions {
        ListingOptions(keyColumn: key ?? (defaultCorpus ? DefaultCorpus.keyColumn : nil),
                       readingColumn: reading ?? (defaultCorpus ? DefaultCorpus.readingColumn : nil),
                       pinColumn: pin ?? (defaultCorpus ? DefaultCorpus.pinColumn : nil),
                       descending: descending, fullIndex: fullIndex)
    }

    /// Opens the locale's index, turning an unknown locale into a clear error.
    func collation() throws -> IndexedCollation {
        do {
            return try IndexedCollation(locale: locale, latinLabels: latin)
        } catch let error as LocaleError {
            throw CLIError("--locale \(error.description)")
        }
    }

    /// Reads, then builds the listing (with a progress bar on a terminal for big inputs).
    func buildListing(descending: Bool = false, fullIndex: Bool = false) throws -> Listing {
        let collation = try collation()
        let (table, isDefault) = try readTable()
        let bar = table.count > 200_000 ? ProgressBar("sorting \(table.count) items") : nil
        defer { bar?.finish() }
        do {
            return try Listing(table: table, collation: collation,
                               options: listingOptions(defaultCorpus: isDefault, descending: descending, fullIndex: fullIndex),
                               source: source, progress: bar.map { bar in { bar.update($0) } })
        } catch let error as ICUError {
            throw CLIError("\(source): \(error.message)")
        }
    }
}

extension IndexedCollation.LatinLabels: ExpressibleByArgument {}
extension InputFormat: ExpressibleByArgument {}
