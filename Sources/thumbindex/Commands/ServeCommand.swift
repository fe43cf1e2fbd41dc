import ArgumentParser
import Foundation
import Logging
import ThumbIndex
import ThumbIndexServer
import ThumbIndexStore

/// `thumbindex serve`: the JSON API and the filter-as-you-type page over HTTP.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve listings over HTTP: a JSON API and a filter-as-you-type page at /.",
        discussion: """
            Builds a searchable listing per FILE at start-up, then answers
              GET /                                        the page
              GET /api/listings                            the listings served
              GET /api/listings/NAME/sections?q=&fold=&mode=&phonetic=&dialpad=
                                                           &typos=&offset=&limit=
              GET /api/listings/NAME/index/POSITION        where an index title leads
            A FILE is served under NAME, or under its base name without extension. .tsv files \
            (or --format tsv, --key, --reading, --pin) are TSV with a header row; --key, \
            --reading, --pin, --fields, --phone and --region apply to every file. With no FILE, \
            the bundled address book Corpora/contacts.tsv is served as "contacts", its phone \
            column searched by digits. Ctrl-C (SIGINT) or SIGTERM stops the server gracefully.

            A query's terms match in any order, in the key or in the columns --fields and \
            --phone name; each item says in "columnMatches" where it matched besides its text \
            (as `thumbindex filter --json` does). dialpad=1 reads q as keys typed on a phone's \
            dial pad (5646 finds John). When nothing matches exactly, typos=auto (the default) \
            answers with close matches, marked "approximate": 1 or 2 (stockholn finds \
            Stockholm); typos=off answers exactly only.

            Chinese, Korean and Japanese listings are also searched by how their items sound \
            (pinyin and its initials, Hangul keystrokes and initial consonants, kana and romaji \
            readings): a request's phonetic=auto|on|off, by default --phonetic, says how (see \
            `thumbindex filter --help`). --names reads a leading Han character as a surname for \
            order and section; it applies to every listing served, those of a store included, and \
            is a setting of the server, not kept in the store: give it at every start (a start \
            with another setting rebuilds the store's saved indexes once).

            Without --store the listings are read-only. With --store DB they live in that SQLite \
            file and take writes (with a token): the first start imports the FILE arguments (or \
            the bundled address book, when the store is empty and no FILE is given) into it; \
            later starts serve what it holds, and a FILE for a listing it already has is refused \
            (use `thumbindex import --replace`). Writes need `Authorization: Bearer TOKEN`, the \
            token read from --token-file or the THUMBINDEX_TOKEN environment variable:
              PUT    /api/listings/NAME                    create or replace a listing
              DELETE /api/listings/NAME
              POST   /api/listings/NAME/items              add or replace items
              GET|PATCH|DELETE /api/listings/NAME/items/ID
            Every connection is held to limits (see the flags below): a request head must be in \
            within --header-timeout, however it trickles, and be at most --max-header-bytes (431); a \
            body within --body-timeout and at most --max-body-bytes (413); an answer written within \
            --send-timeout; a kept-alive connection may idle for --idle-timeout. Past \
            --max-connections the server stops accepting until a connection closes.
            Examples:
              thumbindex serve
              thumbindex serve --locale sv --port 9000 people=names.txt cities.tsv
              thumbindex serve --locale zh --names people=Corpora/people/zh_CN.tsv
              head -c 24 /dev/urandom | base64 > token; thumbindex serve --store book.db --token-file token
            """
    )

    @Option(name: .long, help: "Host to bind (127.0.0.1: this machine only; 0.0.0.0: every interface).")
    var host = "127.0.0.1"

    @Option(name: .long, help: "Port to bind (0 picks a free port; the URL is logged).")
    var port = 8080

    @OptionGroup var locale: LocaleOptions
    @OptionGroup var columns: ColumnOptions
    @OptionGroup var personalNames: NamesOption

    @Option(name: .long, help: Phonetic.help("What a request that gives no phonetic= gets."))
    var phonetic: Phonetic = .auto

    @OptionGroup(title: "Limits on what one client may take") var limits: LimitOptions

    @Option(name: .long, help: ArgumentHelp("Where the listings are kept, taking writes: a SQLite file (created when missing), or a PostgreSQL database as postgres://user@host:port/db (libpq's form; a Unix socket as postgres://user@/db?host=/socket/dir) that any number of servers share.", valueName: "db"))
    var store: String?

    @Option(name: .long, help: ArgumentHelp("For a postgres:// --store without a password: a file whose first line is the password (else PGPASSWORD is used).", valueName: "file"))
    var storePasswordFile: String?

    @Option(name: .long, help: ArgumentHelp("With --store: the folder of this server's saved indexes, loaded at start instead of building (default: DB.index beside a SQLite store; none for PostgreSQL, where each replica names its own).", valueName: "dir"))
    var indexDir: String?

    @Option(name: .long, help: ArgumentHelp("With --store: how long a read with minVersion=N waits for this server to apply store version N before answering 503.", valueName: "seconds"))
    var catchUpTimeout: Double = 2

    @Option(name: .long, help: ArgumentHelp("With --store: how often the store's change log is read for other servers' writes (PostgreSQL also notifies at once).", valueName: "seconds"))
    var pollInterval: Double = 1

    @Option(name: .long, help: ArgumentHelp("With --store: /healthz answers 503 when this server is more than this many store versions behind.", valueName: "n"))
    var maxLag: Int64 = 1000

    @Option(name: .long, help: ArgumentHelp("With --store: how long the change log keeps a write (30m, 12h, 7d...): a server away longer, or whose saved index is older, rebuilds instead of replaying. About 100 bytes per item written.", valueName: "age"))
    var changeLogRetention: RetentionAge = RetentionAge(seconds: 7 * 86_400)!

    @Option(name: .long, help: ArgumentHelp("File holding the token that writes must carry (default: the THUMBINDEX_TOKEN environment variable; with neither, writes answer 403).", valueName: "file"))
    var tokenFile: String?

    @Option(name: .long, help: ArgumentHelp("With --store: index the newest edits as a run once this many wait in the tail (it is rebuilt on every write); runs merge with each other by size.", valueName: "n"))
    var compactAfter = EditableListing.MergePolicy.automatic.compactAfter

    @Option(name: .long, help: ArgumentHelp("With --store: merge every pending edit into a new base once there are this many (default: 4096 or 10% of the listing, whichever is more).", valueName: "n"))
    var mergeAfter: Int?

    @Flag(name: .long, help: ArgumentHelp("With --store: make a merge's new base in memory, not in scratch files in the index folder: a merge takes about a third less time and writes half as much to the disk, but holds two bases at once (peak 1.9× the idle memory at 10M items, 1.4× with the files)."))
    var mergeInMemory = false

    @Argument(help: ArgumentHelp("Files to serve, each as FILE or NAME=FILE (NAME: letters, digits, - _ .). Default: the bundled address book (Corpora/contacts.tsv, compiled into the binary) as \"contacts\".", valueName: "[name=]file"))
    var files: [String] = []

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port): use 0…65535") }
        guard compactAfter >= 1 else { throw ValidationError("--compact-after \(compactAfter): use 1 or more") }
        if let mergeAfter, mergeAfter < 1 { throw ValidationError("--merge-after \(mergeAfter): use 1 or more") }
        guard catchUpTimeout >= 0, catchUpTimeout <= 3600 else { throw ValidationError("--catch-up-timeout \(catchUpTimeout): use 0…3600 seconds") }
        guard pollInterval >= 0.01, pollInterval <= 3600 else { throw ValidationError("--poll-interval \(pollInterval): use 0.01…3600 seconds") }
        guard maxLag >= 0 else { throw ValidationError("--max-lag \(maxLag): use 0 or more") }
        if store == nil {
            for (flag, given) in [("--index-dir", indexDir != nil), ("--store-password-file", storePasswordFile != nil),
                                  ("--merge-in-memory", mergeInMemory)] where given {
                throw ValidationError("\(flag) needs --store: without a store nothing is saved")
            }
        }
        if tokenFile != nil && store == nil {
            throw ValidationError("--token-file needs --store: without a store the listings are read-only")
        }
    }

    func run() async throws {
        let logger = {
            var logger = Logger(label: "thumbindex") { LineLogHandler(label: $0) }
            logger.logLevel = .info
            return logger
        }()
        let collation = try locale.collation(names: personalNames.names)

        let sources = files.map(ListingSource.init(argument:))
        try Self.checkNames(sources)
        let started = ContinuousClock.now
        let catalog: ListingCatalog
        var writer: ListingWriter? = nil
        var token: WriteToken? = nil
        if let store {
            let opened = try openStore(store)
            try importSources(sources, into: opened, collation: collation, logger: logger)
            let folder = indexDir ?? (opened as? SQLiteStore).map(SavedIndexes.defaultFolder(for:))
            let savedIndexes = folder.map { SavedIndexes(folder: $0, logger: logger, names: personalNames.names) }
            if savedIndexes == nil { logger.warning("no --index-dir: nothing is saved, so every start builds every listing from the store") }
            catalog = try ListingCatalog([])
            let mergeAfter = self.mergeAfter
            let loaded = ListingWriter(catalog: catalog, store: opened, logger: logger, compactAfter: compactAfter,
                                       mergeAfter: { count in mergeAfter ?? EditableListing.MergePolicy.automatic.mergeThreshold(forCount: count) }, savedIndexes: savedIndexes,
                                       names: personalNames.names, following: following, metrics: ServerMetrics(),
                                       mergesInFiles: !mergeInMemory)
            try loadStore(opened, writer: loaded, logger: logger)
            loaded.startFollowing()
            writer = loaded
            token = try readToken()
            if token == nil { logger.warning("no token configured (--token-file or THUMBINDEX_TOKEN): writes answer 403") }
        } else {
            var listings: [ListingCatalog.Entry] = []
            for source in sources.isEmpty ? [ListingSource.bundledCorpus] : sources {
                let loaded = try source.load(collation: collation, columns: columns)
                let listing = loaded.entry.listing
                logger.info("loaded \(source.name) from \(source.path): \(listing.count) items (\(Self.describe(listing.collation))) in \(Self.seconds(loaded.duration))")
                listings.append(loaded.entry)
            }
            do {
                catalog = try ListingCatalog(listings)
            } catch {
                throw CLIError(error.description)
            }
        }
        let loadTime = ContinuousClock.now - started
        Self.raiseOpenFileLimit(for: limits.maxConnections, logger: logger)
        var options = ServerOptions(host: host, port: port, catalog: catalog, phonetic: phonetic, limits: limits.limits,
                                    logger: logger) { url in
            logger.info("serving \(catalog.entries.map(\.name).joined(separator: ", ")) at \(url) (loaded in \(Self.seconds(loadTime))); Ctrl-C stops")
        }
        options.writer = writer
        options.token = token
        // From here the server's tasks run on its event loops (the store is loaded: loading waits on it).
        if !EventLoopConcurrency.install() {
            logger.warning("Swift concurrency stays on its own thread pool: NIO's event loops could not be made its executor")
        }
        try await buildApplication(options).runService()
        if let writer {
            logger.info("saving the listings that changed, for the next start")
            try await writer.saveAll()
        }
        logger.info("stopped")
    }

    /// Each connection is a file descriptor: raises the soft limit on open files (up to the hard
    /// one) so that --max-connections can be reached, and warns when it cannot.
    private static func raiseOpenFileLimit(for connections: Int, logger: Logger) {
        let needed = rlim_t(connections + 64)  // the listener, the store, logs, and some slack
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < needed else { return }
        let wanted = min(needed, limit.rlim_max)
        var raised = limit
        raised.rlim_cur = wanted
        if wanted > limit.rlim_cur, setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        if limit.rlim_cur < needed {
            logger.warning("the open-file limit is \(limit.rlim_cur): fewer than --max-connections \(connections) connections can be open; raise it (ulimit -n) or lower --max-connections")
        }
    }

    /// Names are checked before any file is read: loading a big file takes seconds.
    private static func checkNames(_ sources: [ListingSource]) throws {
        var names = Set<String>()
        for source in sources {
            guard ListingCatalog.isValidName(source.name) else {
                throw CLIError("\(source.path): '\(source.name)' cannot name a listing (it appears in URLs); serve it as NAME=\(source.path) with letters, digits, '-', '_' or '.'")
            }
            guard names.insert(source.name).inserted else {
                throw CLIError("two listings are called '\(source.name)'; name them with NAME=FILE")
            }
        }
    }

    private func openStore(_ argument: String) throws -> any ListingStore {
        do {
            return try StoreOptions.open(argument, passwordFile: storePasswordFile)
        } catch {
            let message = error.description, shown = StoreOptions.redacted(argument)
            throw CLIError(message.hasPrefix(shown + ":") ? "--store \(message)" : "--store \(shown): \(message)")
        }
    }

    /// Imports each FILE into the store (refusing a listing it has); on first start with no FILE,
    /// the bundled address book.
    private func importSources(_ sources: [ListingSource], into store: any ListingStore, collation: IndexedCollation,
                               logger: Logger) throws {
        let existing = try storeErrors(store) { try store.listings().map(\.name) }
        let toImport = sources.isEmpty && existing.isEmpty ? [ListingSource.bundledCorpus] : sources
        for source in toImport {
            guard !existing.contains(source.name) else {
                throw CLIError("\(source.path): the store \(store.location) has a listing called '\(source.name)' already; serve the store without FILE, or replace the listing with `thumbindex import --store \(store.location) --replace \(source.name)=\(source.path)`")
            }
            let clock = ContinuousClock()
            let started = clock.now
            let info: ListingInfo
            do {
                info = try source.importListing(into: store, locale: collation.locale, columns: columns, idColumn: nil,
                                                replacing: false) { CLIError("--store \(store.location): \($0.description)") }
            } catch where sources.isEmpty && (try? store.listing(named: source.name)) != nil {
                // Servers started together on an empty store: another one imported the address book first.
                logger.info("\(source.name): another server imported it into \(store.location) meanwhile")
                continue
            }
            logger.info("imported \(source.name) from \(source.path) into \(store.location): \(info.itemCount) items in \(Self.seconds(clock.now - started))")
        }
    }

    /// How the writer follows the store's change log, from the flags.
    private var following: FollowingSettings {
        var settings = FollowingSettings()
        settings.catchUpTimeout = .milliseconds(Int64(catchUpTimeout * 1000))
        settings.pollInterval = .milliseconds(Int64(pollInterval * 1000))
        settings.maxLag = maxLag
        settings.retention = .seconds(changeLogRetention.seconds)
        return settings
    }

    /// Every listing of the store: loaded from its saved file (brought up to date from the change
    /// log when it is older than the store), else built from its items.
    private func loadStore(_ store: any ListingStore, writer: ListingWriter, logger: Logger) throws {
        let (version, infos) = try storeErrors(store) { try writer.beginLoading() }
        for info in infos {
            let clock = ContinuousClock()
            let started = clock.now
            let loaded = try LibraryWork.run("\(info.name): loading", items: info.itemCount, source: store.location) { progress in
                do {
                    return try writer.load(info, progress: progress)
                } catch let error as LocaleError {
                    throw CLIError("\(store.location): listing '\(info.name)': \(error.description)")
                }
            }
            guard let (listing, outcome) = loaded else { continue }
            let how = switch outcome {
            case .loaded: "from its saved index"
            case let .replayed(changes, from, to): "from its saved index and \(changes) changes replayed (versions \(from)…\(to))"
            case .built: "built from the store"
            }
            logger.info("loaded \(info.name) from \(store.location): \(listing.count) items (\(Self.describe(listing.collation))), \(how), in \(Self.seconds(clock.now - started))")
        }
        writer.finishLoading(at: version)
    }

    /// The write token: --token-file, else THUMBINDEX_TOKEN, else none.
    private func readToken() throws -> WriteToken? {
        do {
            if let tokenFile {
                guard let data = FileManager.default.contents(atPath: tokenFile), let text = String(data: data, encoding: .utf8) else {
                    throw CLIError("--token-file \(tokenFile): cannot read the file")
                }
                return try WriteToken(text, source: "--token-file \(tokenFile)")
            }
            if let text = ProcessInfo.processInfo.environment["THUMBINDEX_TOKEN"], !text.isEmpty {
                return try WriteToken(text, source: "THUMBINDEX_TOKEN")
            }
            return nil
        } catch let error as TokenError {
            throw CLIError(error.message)
        }
    }

    /// Runs `body`, naming the store in its errors.
    private func storeErrors<T>(_ store: any ListingStore, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as StoreError { throw CLIError("\(store.location): \(error.description)") }
    }

    /// "zh", or "zh, names" when a leading Han character is read as a surname.
    private static func describe(_ collation: IndexedCollation) -> String {
        collation.locale + (collation.readsNames ? ", names" : "")
    }

    /// "0.048 s", "3.24 s".
    private static func seconds(_ duration: Duration) -> String {
        let s = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: s < 1 ? "%.3f s" : "%.2f s", s)
    }
}
