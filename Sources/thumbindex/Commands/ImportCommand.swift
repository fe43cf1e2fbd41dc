import ArgumentParser
import ThumbIndexFormats
import ThumbIndexServer
import ThumbIndexStore

/// `thumbindex import`: a file into the store (SQLite or PostgreSQL), as one listing.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a file into the store (a SQLite file or a PostgreSQL database) as a listing.",
        discussion: """
            Reads FILE as `list` does and stores its rows as the items of listing NAME, in one \
            transaction: all of them, or (on any bad row) none. An item's text is the --key column, \
            its reading the --reading column (none when empty), and it is pinned when the --pin \
            column is non-empty; --id names the column of the items' ids (1…200 characters, unique), \
            else the store assigns ids ("n" and a number). With --id, --key defaults to the first \
            other column. Every other column is kept, and `thumbindex export` writes it back. A \
            FILE without NAME= is imported under its base name without extension; with no FILE, \
            the bundled address book is imported as "contacts". An existing listing is replaced \
            only with --replace. --store is a SQLite file, or a PostgreSQL database as a \
            postgres:// URL; its password comes from the URL, --store-password-file or PGPASSWORD.
            Examples:
              thumbindex import --store listings.sqlite
              thumbindex import --store listings.sqlite --locale sv people=names.txt
              thumbindex import --store listings.sqlite --locale ja --key name --reading reading --id id people.tsv
              thumbindex import --store postgres://thumbindex@db:5432/listings --store-password-file pw --locale sv people=names.txt
            """
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var locale: LocaleOptions
    @OptionGroup var columns: ColumnOptions

    @Option(name: .long, help: ArgumentHelp("TSV column holding the items' ids (default: the store assigns them).", valueName: "column"))
    var id: String?

    @Flag(name: .long, help: "Replace the listing's items when it exists (default: refuse).")
    var replace = false

    @Argument(help: ArgumentHelp("The file, as FILE or NAME=FILE (NAME: letters, digits, - _ .); - for standard input. Default: the bundled address book as \"contacts\".", valueName: "[name=]file"))
    var file: String?

    func run() throws {
        let source = file.map(ListingSource.init(argument:)) ?? .bundledCorpus
        guard ListingCatalog.isValidName(source.name) else {
            throw CLIError("\(source.path): '\(source.name)' cannot name a listing (it appears in URLs); import it as NAME=\(source.path) with letters, digits, '-', '_' or '.'")
        }
        let locale = try locale.collation().locale
        let listings = try store.open()
        // Checked first (the write checks again): reading a big file takes seconds.
        if !replace, try store.run({ () throws(StoreError) in try listings.listing(named: source.name) }) != nil {
            throw CLIError("--store \(store.shownStore): a listing called '\(source.name)' exists already; give --replace to replace its items")
        }
        let clock = ContinuousClock(), started = clock.now
        let info = try source.importListing(into: listings, locale: locale, columns: columns, idColumn: id,
                                            replacing: replace, storeError: store.error)
        Output.error("imported \(Self.grouped(info.itemCount)) items into \(source.name) (\(locale)) in \(Self.seconds(clock.now - started))\n")
    }

    /// "1,234,567".
    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        return String(digits.enumerated().flatMap { i, d in (i > 0 && (digits.count - i) % 3 == 0) ? [",", d] : [d] })
    }

    /// "0.048 s", "3.2 s".
    static func seconds(_ duration: Duration) -> String {
        let s = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return s < 1 ? "\((s * 1000).rounded() / 1000) s" : "\((s * 10).rounded() / 10) s"
    }
}
