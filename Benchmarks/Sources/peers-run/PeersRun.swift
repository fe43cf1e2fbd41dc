import ArgumentParser
import Foundation
import Peers
@_spi(Benchmarks) import ThumbIndex

/// Runs one system (or one listing builder) over one corpus in this process and writes JSON.
///
/// One process per system keeps peak memory (VmHWM) clean; `run.sh` runs them all in sequence
/// and `report.py` turns the JSON files into RESULTS.md and the plot.
@main
struct PeersRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peers-run",
        abstract: "Benchmark ThumbIndex against its peers on the large corpora.",
        subcommands: [Prepare.self, Keystrokes.self, Build.self, Split.self, Writes.self, Startup.self, PhoneticCheck.self, Repeat.self,
                      PeopleSessions.self, PeopleBytes.self])
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

/// A durable system's store made afresh from the prepared listing of the corpus, so that every run
/// of the write and start-up figures begins in the same state; untimed, its phases in `create`.
/// The store is stopped.
func freshStore(_ system: DurableSystemID, options: CorpusOptions, postgres: PostgresOptions)
    throws -> (store: DurableStore, snapshot: ListingSnapshot, create: BuildReport) {
    let corpus = options.spec
    let snapshot = try ListingSnapshot.read(directory: options.data, tag: corpus.tag)
    let store = try system.store(scratch: postgres.postgres)
    var create = BuildReport()
    log("\(system.rawValue): creating the store from \(corpus.tag)")
    try store.stop()
    try store.create(snapshot: snapshot, locale: corpus.locale, report: &create)
    try store.stop()
    return (store, snapshot, create)
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
            /// ThumbIndex `SearchableListing` alone, with the phonetic keys, over a listing built first (untimed).
            case thumbindexIndex = "thumbindex-index"
            /// The same without the phonetic keys: the index as it was before phonetic search.
            case thumbindexIndexNoKeys = "thumbindex-index-nokeys"
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
            /// `thumbindex-index*`: the index's bytes, the phonetic keys' share of them, and the bytes
            /// structure by structure (they add up to `indexBytes`).
            var indexBytes: Int?
            var phoneticBytes: Int?
            var bytesByPart: [BytePart]?
        }

        struct BytePart: Codable {
            var part: String
            var bytes: Int
        }

        func run() throws {
            let corpus = options.spec
            var table: CorpusTable? = try builder == .sqlite ? nil : corpus.readTable()
            var listing: Listing<Int>?
            var indexBytes: Int?, phoneticBytes: Int?, bytesByPart: [BytePart]?
            if builder == .thumbindexIndex || builder == .thumbindexIndexNoKeys {
                log("listing \(table!.count) items (untimed)")
                listing = try corpus.listing(of: table!)
                table = nil
            }
            let snapshot = try builder == .sqlite ? ListingSnapshot.read(directory: options.data, tag: corpus.tag) : nil
            let items = listing?.count ?? table?.count ?? snapshot!.count
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
                case .thumbindexIndex, .thumbindexIndexNoKeys:
                    let searchable = try SearchableListing(listing!, phoneticKeys: builder == .thumbindexIndex)
                    samples.append((clock.now - start).seconds)
                    sections = searchable.listing.sections.count
                    indexBytes = searchable.indexByteCount
                    phoneticBytes = searchable.phoneticKeyByteCount
                    bytesByPart = searchable.indexBytesByPart.map { BytePart(part: $0.part, bytes: $0.bytes) }
                    guard bytesByPart!.reduce(0, { $0 + $1.bytes }) == indexBytes else {
                        throw BenchmarkError("the index's parts do not add up to its indexByteCount")
                    }
                    continue
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
                                                  peakResident: ProcessMemory.peakResident),
                             indexBytes: indexBytes, phoneticBytes: phoneticBytes, bytesByPart: bytesByPart),
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
            let (store, snapshot, create) = try freshStore(system, options: options, postgres: postgres)
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
            let sessions = try corpus.readSessions()
            let query = sessions.keystrokes.filter { $0.query == 0 }.map(\.text)
            let (store, snapshot, create) = try freshStore(system, options: options, postgres: postgres)
            let starts = try DurableRunner(log: log).starts(store, query: query, rounds: rounds)
            try write(Report(system: system, corpus: corpus.name, tag: corpus.tag, items: snapshot.count, query: query,
                             create: create, starts: starts),
                      to: out)
        }
    }
}

extension PeersRun {
    /// The phonetic corpora: ThumbIndex against the naive scan of the same definitions on every
    /// keystroke of the sessions (untimed), and whether each session's last state finds its name.
    struct PhoneticCheck: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "phonetic-check",
            abstract: "Check ThumbIndex's phonetic answers against the naive scan, keystroke by keystroke.")
        @OptionGroup var options: CorpusOptions

        @Option(help: "Check only every n-th keystroke (1: all).")
        var every = 1

        @Option(help: "The JSON file to write.")
        var out: String

        struct Disagreement: Codable {
            var query: Int
            var text: String
            var thumbindex: Int
            var naive: Int
        }

        struct Kind: Codable {
            var kind: String
            var sessions = 0
            /// Sessions whose last state's answer holds the name the session was typed for.
            var finalFindsTarget = 0
            /// Matches of the last states.
            var finalMatches: [Int] = []
        }

        struct Report: Codable {
            var kind = "phonetic-check"
            var corpus: Corpus.Name
            var tag: String
            var items: Int
            var checked: Int
            var agree: Int
            var disagreements: [Disagreement]
            var kinds: [Kind]
            var hanReadings: String
        }

        func run() throws {
            let corpus = options.spec
            guard corpus.name.isPhonetic else { throw BenchmarkError("phonetic-check is for zh-names and ko-names") }
            let sessions = try corpus.readSessions()
            let table = try corpus.readTable()
            var build = BuildReport()
            let thumbindex = try ThumbIndexSystem(corpus: corpus, table: table, refining: false, report: &build)
            let naive = NaivePhoneticScanSystem(snapshot: ListingSnapshot(thumbindex.searchable.listing),
                                                locale: corpus.locale, report: &build)
            log("built: \(build.phases.map { "\($0.name) \(String(format: "%.1f", $0.seconds)) s" }.joined(separator: ", "))")
            var checked = 0, agree = 0
            var disagreements: [Disagreement] = []
            for (k, keystroke) in sessions.keystrokes.enumerated() where k % every == 0 {
                let a = thumbindex.keystroke(keystroke.text), b = naive.keystroke(keystroke.text)
                checked += 1
                if a == b { agree += 1 } else if disagreements.count < 50 {
                    disagreements.append(Disagreement(query: keystroke.query, text: keystroke.text, thumbindex: a.total, naive: b.total))
                }
                if checked % 100 == 0 { log("\(checked) checked, \(agree) agree") }
            }
            var kinds: [Kind] = []
            for (q, session) in sessions.sessions.enumerated() {
                if kinds.last?.kind != session.kind { kinds.append(Kind(kind: session.kind)) }
                let result = try thumbindex.searchable.filter(sessions.queries[q])
                let found = try result.matches(offset: 0, limit: result.total).contains {
                    thumbindex.searchable.listing.text(ofRow: $0.row) == session.target
                }
                kinds[kinds.count - 1].sessions += 1
                kinds[kinds.count - 1].finalFindsTarget += found ? 1 : 0
                kinds[kinds.count - 1].finalMatches.append(result.total)
            }
            log("\(agree) of \(checked) keystrokes agree; last states finding their name: "
                + kinds.map { "\($0.kind) \($0.finalFindsTarget)/\($0.sessions)" }.joined(separator: ", "))
            try write(Report(corpus: corpus.name, tag: corpus.tag, items: table.count, checked: checked, agree: agree,
                             disagreements: disagreements, kinds: kinds, hanReadings: HanReadingsTable.dataVersion),
                      to: out)
        }
    }
}

extension PeersRun {
    /// One keystroke over and over (for profiling one kind of query): afresh, or typed in a new
    /// `FilterSession` after the states given with `--after` (only the last keystroke is timed).
    struct Repeat: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Time one keystroke many times (for profiling): median wall-clock and CPU ms, matches.")
        @OptionGroup var options: CorpusOptions

        @Option(help: "The keystroke's text.")
        var query: String

        @Option(help: "States typed before it in the same FilterSession (untimed), in order.")
        var after: [String] = []

        @Option(help: "How many times.")
        var `repeat` = 100

        @Flag(help: "Evict the caches before each time (reads 64 MB), as a typing session's keystrokes find them.")
        var cold = false

        func run() throws {
            let corpus = options.spec
            var build = BuildReport()
            // The corpus's searched columns too (the contacts' company and phone: issue 23).
            let (fields, phones, region) = PeersRun.searchedColumns(corpus)
            let system = try ThumbIndexSystem(corpus: corpus, table: corpus.readTable(), fields: fields, phones: phones,
                                              region: region, refining: true, report: &build)
            var filterMillis: [Double] = [], pageMillis: [Double] = [], sessionFilter: [Double] = [], sessionPage: [Double] = []
            var wall: [Double] = [], cpu: [Double] = []
            var total = 0
            let clock = ContinuousClock()
            var evictor = [UInt64](repeating: 1, count: cold ? 8 << 20 : 0), evicted: UInt64 = 0
            func evict() { for i in stride(from: 0, to: evictor.count, by: 8) { evictor[i] &+= 1; evicted &+= evictor[i] } }
            for _ in 0..<max(1, `repeat`) {
                system.beginQuery()
                for state in after { _ = system.keystroke(state) }
                evict()
                let c0 = KeystrokeRunner.threadCPUSeconds()
                let start = clock.now
                total = system.keystroke(query).total
                wall.append((clock.now - start).seconds * 1000)
                cpu.append((KeystrokeRunner.threadCPUSeconds() - c0) * 1000)
                // The same keystroke again in a session in the same state, split into its filter and page.
                system.beginQuery()
                for state in after { _ = system.keystroke(state) }
                evict()
                let split = system.split(query, inSession: true)
                sessionFilter.append(split.filter * 1000)
                sessionPage.append(split.page * 1000)
            }
            for _ in 0..<max(1, `repeat`) {
                evict()
                let split = system.split(query)
                filterMillis.append(split.filter * 1000)
                pageMillis.append(split.page * 1000)
            }
            func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
            if evicted == 1 { print("") }  // keeps the eviction's reads
            print(String(format: "%@ after %@: %d matches, median %.3f ms wall, %.3f ms CPU (%d times); in the session: filter %.3f ms, first page %.3f ms; afresh: filter %.3f ms, first page %.3f ms",
                         query, after.isEmpty ? "nothing" : after.joined(separator: " "), total, median(wall), median(cpu),
                         wall.count, median(sessionFilter), median(sessionPage), median(filterMillis), median(pageMillis)))
        }
    }
}
