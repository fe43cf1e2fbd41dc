import ArgumentParser
import Foundation
import Logging
import ThumbIndex
import ThumbIndexServer

/// `thumbindex serve`: the JSON API and the filter-as-you-type page over HTTP.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve listings over HTTP: a JSON API and a filter-as-you-type page at /.",
        discussion: """
            Builds a searchable listing per FILE at start-up, then answers
              GET /                                        the page
              GET /api/listings                            the listings served
              GET /api/listings/NAME/sections?q=&fold=&mode=&offset=&limit=
              GET /api/listings/NAME/index/POSITION        where an index title leads
            A FILE is served under NAME, or under its base name without extension. .tsv files \
            (or --format tsv, --key, --reading, --pin) are TSV with a header row; --key, \
            --reading and --pin apply to every file. With no FILE, the bundled address book \
            Corpora/contacts.tsv is served as "contacts". Ctrl-C (SIGINT) or SIGTERM stops the \
            server gracefully.
            Examples:
              thumbindex serve
              thumbindex serve --locale sv --port 9000 people=names.txt cities.tsv
            """
    )

    @Option(name: .long, help: "Host to bind (127.0.0.1: this machine only; 0.0.0.0: every interface).")
    var host = "127.0.0.1"

    @Option(name: .long, help: "Port to bind (0 picks a free port; the URL is logged).")
    var port = 8080

    @OptionGroup var locale: LocaleOptions
    @OptionGroup var columns: ColumnOptions

    @Argument(help: ArgumentHelp("Files to serve, each as FILE or NAME=FILE (NAME: letters, digits, - _ .). Default: the bundled address book (Corpora/contacts.tsv, compiled into the binary) as \"contacts\".", valueName: "[name=]file"))
    var files: [String] = []

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port): use 0…65535") }
    }

    func run() async throws {
        let logger = {
            var logger = Logger(label: "thumbindex")
            logger.logLevel = .info
            return logger
        }()
        let collation = try locale.collation()

        let sources = files.isEmpty ? [ListingSource.bundledCorpus] : files.map(ListingSource.init(argument:))
        // Names are checked before any file is read: loading a big file takes seconds.
        var names = Set<String>()
        for source in sources {
            guard ListingCatalog.isValidName(source.name) else {
                throw CLIError("\(source.path): '\(source.name)' cannot name a listing (it appears in URLs); serve it as NAME=\(source.path) with letters, digits, '-', '_' or '.'")
            }
            guard names.insert(source.name).inserted else {
                throw CLIError("two listings are called '\(source.name)'; name them with NAME=FILE")
            }
        }
        var listings: [ListingCatalog.Entry] = []
        let started = ContinuousClock.now
        for source in sources {
            let loaded = try source.load(collation: collation, columns: columns)
            let listing = loaded.entry.listing
            logger.info("loaded \(source.name) from \(source.path): \(listing.count) items (\(listing.collation.locale)) in \(Self.seconds(loaded.duration))")
            listings.append(loaded.entry)
        }
        let catalog: ListingCatalog
        do {
            catalog = try ListingCatalog(listings)
        } catch {
            throw CLIError(error.description)
        }
        let loadTime = ContinuousClock.now - started
        let app = buildApplication(ServerOptions(host: host, port: port, catalog: catalog, logger: logger) { url in
            logger.info("serving \(catalog.entries.map(\.name).joined(separator: ", ")) at \(url) (loaded in \(Self.seconds(loadTime))); Ctrl-C stops")
        })
        try await app.runService()
        logger.info("stopped")
    }

    /// "0.048 s", "3.24 s".
    private static func seconds(_ duration: Duration) -> String {
        let s = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: s < 1 ? "%.3f s" : "%.2f s", s)
    }
}
