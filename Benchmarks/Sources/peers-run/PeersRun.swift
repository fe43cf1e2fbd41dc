import ArgumentParser
import Foundation
import Peers
import ThumbIndex

/// Runs one system (or one listing builder) over one corpus in this process and writes JSON.
///
/// One process per system keeps peak memory (VmHWM) clean; `run.sh` runs them all in sequence
/// and `report.py` turns the JSON files into RESULTS.md and the plot.
@main
struct PeersRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peers-run",
        abstract: "Benchmark ThumbIndex against its peers on the large corpora.",
        subcommands: [Prepare.self, Keystrokes.self, Build.self, Split.self, Writes.self, Startup.self])
}

/// Options every subcommand shares.
struct CorpusOptions: ParsableArguments {
    @Option(help: "geonames or people.")
    var corpus: Corpus.Name

    @Option(help: "Only the first N items (a slice, for validation).")
    var limit: Int?

    @Option(help: "Where generate_large.py wrote the corpora.")
    var corpora = "../Corpora/large"

    @Option(help: "Where prepared listings are kept (git-ignored).")
    var data = ".data"

    var spec: Corpus { Corpus(name: corpus, directory: corpora, limit: limit) }
}

/// Where the PostgreSQL server of `postgres.sh` is (and the durable systems' files).
struct PostgresOptions: ParsableArguments {
    @Option(help: "The scratch folder of postgres.sh: data/, socket/, and the SQLite file of the durable figures.")
    var postgres = "/tmp/thumbindex-bench-postgres"

    var server: PostgresServer { PostgresServer(scratch: postgres) }
}

extension Corpus.Name: ExpressibleByArgument {}
extension SystemID: ExpressibleByArgument {}
extension DurableSystemID: ExpressibleByArgument {}
extension KeystrokeRunner.Mode: ExpressibleByArgument {}

/// Memory at three points of a run, in bytes.
struct MemoryReport: Codable {
    var inputResident: Int
    var builtResident: Int
    var peakResident: Int
}

func log(_ line: String) {
    FileHandle.standardError.write(Data("[\(Date().formatted(.iso8601.time(includingFractionalSeconds: false)))] \(line)\n".utf8))
}

func write(_ value: some Encodable, to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try encoder.encode(value).write(to: url)
    log("wrote \(path)")
}

extension PeersRun {
    /// Builds ThumbIndex's listing once (untimed) and saves it for the peers.
    struct Prepare: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Save ThumbIndex's listing order and sections for the peers.")
        @OptionGroup var options: CorpusOptions

        func run() throws {
            let corpus = options.spec
            log("reading \(corpus.itemsPath)")
            let table = try corpus.readTable()
            log("listing \(table.count) items")
            let listing = try corpus.listing(of: table)
            try ListingSnapshot(listing).write(directory: options.data, tag: corpus.tag)
            log("saved \(corpus.tag): \(listing.count) rows, \(listing.sections.count) sections")
        }
    }

    /// Times a system's build and its keystrokes over the corpus's typing sessions.
    struct Keystrokes: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Build one system and time the typing sessions on it.")
        @OptionGroup var options: CorpusOptions
        @OptionGroup var postgres: PostgresOptions

        @Option(help: "The system: \(SystemID.allCases.map(\.rawValue).joined(separator: ", ")).")
        var system: SystemID

        @Option(help: "auto, sessions or sampled.")
        var mode: KeystrokeRunner.Mode = .auto

        @Option(help: "Seconds the measured keystrokes may take (sampled: a quarter per typed-length bucket).")
        var budget: Double = 120

        @Option(help: "Fewest keystrokes per typed-length bucket when sampling.")
        var minSamples = 5

        @Option(help: "The JSON file to write.")
        var out: String

        struct Report: Codable {
            var kind = "keystrokes"
            var system: SystemID
            var corpus: Corpus.Name
            var tag: String
            var items: Int
            var sections: Int
            var build: BuildReport
            var indexBytes: Int?
            var extra: [String: Double]
            var memory: MemoryReport
            var run: KeystrokeRunner.Results
        }

        func run() throws {
            let corpus = options.spec
            let sessions = try corpus.readSessions()
            if system == .sqlite || system == .sqliteFull,
               let bad = sessions.queries.first(where: { $0.contains("%") || $0.contains("_") }) {
                throw BenchmarkError("query \(bad) holds a LIKE wildcard; the SQLite peer does not escape them")
            }
            var table: CorpusTable?
            var snapshot: ListingSnapshot?
            if system.usesSnapshot {
                snapshot = try ListingSnapshot.read(directory: options.data, tag: corpus.tag)
            } else {
                table = try corpus.readTable()
            }
            let items = snapshot?.count ?? table!.count
            let inputResident = ProcessMemory.resident
            log("\(system.rawValue) on \(corpus.tag): \(items) items; building")
            let (built, build) = try system.make(corpus: corpus, table: table, snapshot: snapshot,
                                                 postgres: system == .postgres ? postgres.server : nil)
            table = nil
            let builtResident = ProcessMemory.resident
            log("built in \(build.phases.map { "\($0.name) \(String(format: "%.2f", $0.seconds)) s" }.joined(separator: ", "))")
            let runner = KeystrokeRunner(mode: mode, budget: budget, minSamples: minSamples, log: log)
            let results = runner.run(built, sessions: sessions)
            let sections = (built as? ThumbIndexSystem)?.searchable.listing.sections.count ?? snapshot!.sections.count
            let report = Report(system: system, corpus: corpus.name, tag: corpus.tag, items: items, sections: sections,
                                build: build, indexBytes: built.indexBytes, extra: built.extraInfo,
                                memory: MemoryReport(inputResident: inputResident, builtResident: builtResident,
                                                     peakResident: ProcessMemory.peakResident),
                                run: results)
            try write(report, to: out)
        }
    }

    /// Where ThumbIndex's keystroke time goes: the filter versus the first page.
    struct Split: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Split ThumbIndex's stateless keystrokes into filter and first page, by typed length.")
        @OptionGroup var options: CorpusOptions

        func run() throws {
            let corpus = options.spec
            let sessions = try corpus.readSessions()
            var report = BuildReport()
            let system = try ThumbIndexSystem(corpus: corpus, table: corpus.readTable(), refining: false, report: &report)
            for keystroke in sessions.keystrokes.prefix(50) { _ = system.split(keystroke.text) }  // warm-up
            print("typed\tkeystrokes\tmedian filter ms\tmedian page ms\tmedian matches\tfilter ms per 100k matches")
            for bucket in TypingSessions.buckets {
                let splits = sessions.positions(inBucket: bucket).map { system.split(sessions.keystrokes[$0].text) }
                func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
                let perMatch = splits.filter { $0.total >= 10_000 }.map { $0.filter * 1e5 / Double($0.total) }
                print(String(format: "%@\t%d\t%.4f\t%.4f\t%.0f\t%@", TypingSessions.bucketName(bucket), splits.count,
                             median(splits.map(\.filter)) * 1000, median(splits.map(\.page)) * 1000,
                             median(splits.map { Double($0.total) }),
                             perMatch.isEmpty ? "—" : String(format: "%.3f", median(perMatch) * 1000)))
            }
        }
    }

    /// Times a build on its own: a peer's sort + bucketing, or a search structure's build.
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Time one build of the corpus, in a process of its own.")
        @OptionGroup var options: CorpusOptions

        enum Builder: String, ExpressibleByArgument, Codable, CaseIterable {
            /// ThumbIndex `Listing` alone (sort + buckets).
            case thumbindexListing = "thumbindex-listing"
            /// ThumbIndex `Listing` + `SearchableListing`.
            case thumbindexSearch = "thumbindex-listing-index"
            /// SQLite FTS5 trigram (detail=none): insert + optimize, from the prepared listing.
            case sqlite = "sqlite-fts5"
            /// ICU AlphabeticIndex records.
            case icuRecords = "icu-records"
            /// Foundation localizedStandardCompare sort + the seeds' buckets.
            case foundationSort = "foundation-sort"
        }

        @Option(help: "\(Builder.allCases.map(\.rawValue).joined(separator: ", ")).")
        var builder: Builder

        @Option(help: "Sort an evenly spaced sample of this many items and extrapolate by n log n (ICU, Foundation).")
        var maxItems: Int?

        @Option(help: "Build this many times and report the median.")
        var `repeat` = 1

        @Option(help: "The JSON file to write.")
        var out: String

        struct Report: Codable {
            var kind = "build"
            var builder: Builder
            var corpus: Corpus.Name
            var tag: String
            var items: Int
            /// Items actually built (fewer than `items` when sampled).
            var sortedItems: Int
            /// Seconds of each repetition, for `sortedItems`.
            var samples: [Double]
            /// Median of `samples`.
            var measuredSeconds: Double
            /// Seconds for all `items`: measured, or extrapolated by n log n from the sample.
            var seconds: Double
            var extrapolated: Bool
            var sections: Int
            var memory: MemoryReport
        }

        func run() throws {
            let corpus = options.spec
            var table: CorpusTable? = try builder == .sqlite ? nil : corpus.readTable()
            let snapshot = try builder == .sqlite ? ListingSnapshot.read(directory: options.data, tag: corpus.tag) : nil
            let items = table?.count ?? snapshot!.count
            var texts = PackedStrings()
            var strings: [String] = []
            var built = items
            if builder == .icuRecords || builder == .foundationSort {
                texts = try corpus.sortTexts(of: table!)
                if let maxItems, maxItems < items {
                    var sample = PackedStrings()
                    for k in 0..<maxItems { sample.append(texts.utf8(k * items / maxItems)) }
                    texts = sample
                }
                built = texts.count
                if builder == .foundationSort {
                    strings = (0..<texts.count).map { texts[$0] }
                    texts = PackedStrings()
                }
                table = nil
            }
            let inputResident = ProcessMemory.resident
            let clock = ContinuousClock()
            var sections = 0
            var samples: [Double] = []
            for round in 1...max(1, `repeat`) {
                log("\(builder.rawValue) on \(corpus.tag): \(built) items (round \(round))")
                let start = clock.now
                switch builder {
                case .icuRecords:
                    sections = try ListingBuilders.icuRecords(texts, locale: corpus.locale, addLatinLabels: false)
                case .foundationSort:
                    sections = ListingBuilders.foundationSort(strings).sections
                case .thumbindexListing:
                    let listing = try corpus.listing(of: table!)
                    sections = listing.sections.count
                case .thumbindexSearch:
                    let (system, _) = try SystemID.thumbindexStateless.make(corpus: corpus, table: table, snapshot: nil)
                    sections = (system as! ThumbIndexSystem).searchable.listing.sections.count
                case .sqlite:
                    // Insert + optimize only (not the dbstat size query that follows them).
                    let (_, report) = try SystemID.sqlite.make(corpus: corpus, table: nil, snapshot: snapshot)
                    sections = snapshot!.sections.count
                    samples.append(report.seconds)
                    continue
                }
                samples.append((clock.now - start).seconds)
            }
            let seconds = samples.sorted()[samples.count / 2]
            let n = Double(items), m = Double(built)
            let total = built < items ? seconds * (n * log2(n)) / (m * log2(m)) : seconds
            log(String(format: "%@: %.2f s (median of %d) for %d items%@", builder.rawValue, seconds, samples.count, built,
                       built < items ? String(format: " (%.1f s extrapolated to %d)", total, items) : ""))
            try write(Report(builder: builder, corpus: corpus.name, tag: corpus.tag, items: items, sortedItems: built,
                             samples: samples, measuredSeconds: seconds, seconds: total, extrapolated: built < items,
                             sections: sections,
                             memory: MemoryReport(inputResident: inputResident, builtResident: ProcessMemory.resident,
                                                  peakResident: ProcessMemory.peakResident)),
                      to: out)
        }
    }

    /// Times writes on a durable system's files: single-row inserts, then batches.
    struct Writes: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Time single-row inserts and batches on a durable system (PostgreSQL, a SQLite file).")
        @OptionGroup var options: CorpusOptions
        @OptionGroup var postgres: PostgresOptions

        @Option(help: "The system: \(DurableSystemID.allCases.map(\.rawValue).joined(separator: ", ")).")
        var system: DurableSystemID

        @Option(help: "Single-row inserts timed, each its own transaction.")
        var singles = 2000

        @Option(help: "Batches timed, each --batch-size rows in one transaction.")
        var batches = 50

        @Option(help: "Rows per batch.")
        var batchSize = 1000

        @Option(help: "The JSON file to write.")
        var out: String

        struct Report: Codable {
            var kind = "writes"
            var system: DurableSystemID
            var corpus: Corpus.Name
            var tag: String
            /// Rows in the store before the writes (the listing).
            var items: Int
            var create: BuildReport?
            var start: BuildReport
            var writes: DurableRunner.Writes
        }

        func run() throws {
            let corpus = options.spec
            let snapshot = try ListingSnapshot.read(directory: options.data, tag: corpus.tag)
            let store = try system.store(scratch: postgres.postgres)
            // Fresh files from the listing, so that every run writes into the same state.
            var create = BuildReport()
            log("\(system.rawValue): creating the store from \(corpus.tag)")
            try store.stop()
            try store.create(snapshot: snapshot, locale: corpus.locale, report: &create)
            try store.stop()
            var start = BuildReport()
            let built = try store.start(report: &start)
            var runner = DurableRunner(log: log)
            runner.singles = singles
            runner.batches = batches
            runner.batchSize = batchSize
            let items = NewItem.spread(runner.itemsNeeded, over: snapshot, prefix: "w")
            let writes = try runner.writes(built, items: items)
            try write(Report(system: system, corpus: corpus.name, tag: corpus.tag, items: snapshot.count, create: create,
                             start: start, writes: writes),
                      to: out)
        }
    }

    /// Times start-ups: from launching the database process (or opening the file) to the first answer.
    struct Startup: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Time a durable system's start on its existing files up to the first answered keystroke.")
        @OptionGroup var options: CorpusOptions
        @OptionGroup var postgres: PostgresOptions

        @Option(help: "The system: \(DurableSystemID.allCases.map(\.rawValue).joined(separator: ", ")).")
        var system: DurableSystemID

        @Option(help: "Starts timed (median reported).")
        var rounds = 5

        @Option(help: "The JSON file to write.")
        var out: String

        struct Report: Codable {
            var kind = "startup"
            var system: DurableSystemID
            var corpus: Corpus.Name
            var tag: String
            var items: Int
            /// The keystrokes typed after each start: the sessions' first query.
            var query: [String]
            var create: BuildReport
            var starts: [DurableRunner.Start]
        }

        func run() throws {
            let corpus = options.spec
            let snapshot = try ListingSnapshot.read(directory: options.data, tag: corpus.tag)
            let sessions = try corpus.readSessions()
            let query = sessions.keystrokes.filter { $0.query == 0 }.map(\.text)
            let store = try system.store(scratch: postgres.postgres)
            var create = BuildReport()
            log("\(system.rawValue): creating the store from \(corpus.tag)")
            try store.stop()
            try store.create(snapshot: snapshot, locale: corpus.locale, report: &create)
            let starts = try DurableRunner(log: log).starts(store, query: query, rounds: rounds)
            try write(Report(system: system, corpus: corpus.name, tag: corpus.tag, items: snapshot.count, query: query,
                             create: create, starts: starts),
                      to: out)
        }
    }
}
