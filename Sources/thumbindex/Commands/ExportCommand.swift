import ArgumentParser
import ThumbIndexStore

/// `thumbindex export`: a stored listing as TSV on standard output.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a listing of the store (SQLite or PostgreSQL) as TSV to standard output.",
        discussion: """
            The header is the id column ("id", or the column the ids were imported from with \
            --id), then the listing's columns in the order they were imported (columns that items \
            gained later come last); the rows are the items in insertion order. The pin column \
            holds the value it was imported with, or "1" for an item pinned since (empty when not \
            pinned). `thumbindex import --id id` of the output, with the listing's --locale, --reading \
            and --pin, makes the same listing again.
            Examples:
              thumbindex export --store listings.sqlite contacts > contacts.tsv
              thumbindex import --store copy.sqlite --id id --reading reading --pin favorite contacts=contacts.tsv
              thumbindex export --store postgres://thumbindex@/listings?host=/var/run/postgresql contacts
            """
    )

    @OptionGroup var store: StoreOptions

    @Argument(help: ArgumentHelp("The listing to export.", valueName: "name"))
    var name: String

    func run() throws {
        let listings = try store.open()
        guard let info = try store.run({ () throws(StoreError) in try listings.listing(named: name) }) else {
            throw CLIError("--store \(store.shownStore): no listing is called '\(name)'\(StoreOptions.listingNames(listings))")
        }
        do {
            var out: [UInt8] = []
            out.reserveCapacity(1 << 20)
            Self.append([info.columns.id] + info.columns.order, to: &out)
            try listings.forEachItem(listing: name) { item in
                Self.append([item.id] + info.columns.order.map { Self.value(of: item, in: $0, columns: info.columns) }, to: &out)
                if out.count >= 1 << 20 {
                    Output.write(out)
                    out.removeAll(keepingCapacity: true)
                }
            }
            Output.write(out)
        } catch let error as StoreError {
            throw store.error(error)
        }
    }

    /// The value of `item` in `column`: its text, its reading, its pin, or one of its fields.
    static func value(of item: StoredItem, in column: String, columns: ListingColumns) -> String {
        switch column {
        case columns.text: item.text
        case columns.reading: item.reading ?? ""
        case columns.pin: item.pinned ? (item.fields[column].flatMap { $0.isEmpty ? nil : $0 } ?? "1") : ""
        default: item.fields[column] ?? ""
        }
    }

    /// One TSV row (no part of a stored item holds a tab or a newline: see `ItemLimits`).
    private static func append(_ values: [String], to out: inout [UInt8]) {
        for (i, value) in values.enumerated() {
            if i > 0 { out.append(0x09) }
            out += value.utf8
        }
        out.append(0x0A)
    }
}
