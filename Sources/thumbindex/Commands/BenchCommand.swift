import ArgumentParser
import Foundation
@_spi(Benchmarks) import ThumbIndex
import ThumbIndexFormats

/// `thumbindex bench`: builds the listing and index of a corpus, then types a session of queries
/// keystroke by keystroke and reports the latency of each keystroke.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure build time, memory and per-keystroke latency on a corpus.",
        discussion: """
            For every query of --queries, types each prefix (1 to n characters) as a search box \
            would, and for every keystroke computes what a page needs: the total, exact per-section \
            counts and the first 50 rows with their match ranges. Reports build seconds, peak RSS, \
            index bytes, each keystroke's latency and the p50/p99, and each keystroke's floor: the \
            binary search over the suffixes alone, and with the first rows copied out.
            With --save, also saves the built listing to a file, loads it back as a server does \
            (mapped, the checksum verified after the first answer), reports the save, the load, the \
            first keystroke's answer, the checksum and a load that verifies it first, and the file's \
            size, and types the keystrokes on the loaded listing.
            Example:
              thumbindex bench --corpus Corpora/large/geonames-names.txt --queries Corpora/large/geonames-queries.txt
            """
    )

    @OptionGroup var locale: LocaleOptions
    @OptionGroup var columns: ColumnOptions

    @Option(name: .long, help: ArgumentHelp("The corpus: one item per line, or TSV with a header row (.tsv, or --format tsv).", valueName: "file"))
    var corpus: String

    @Option(name: .long, help: ArgumentHelp("Queries, one per line: each is typed keystroke by keystroke.", valueName: "file"))
    var queries: String

    @Option(name: .long, help: ArgumentHelp("locale, case, diacritics or all.", valueName: "fold"))
    var fold: Fold = .locale

    @Option(name: .long, help: ArgumentHelp("contains, prefix or words.", valueName: "mode"))
    var mode: MatchMode = .contains

    @Option(name: .long, help: Phonetic.help())
    var phonetic: Phonetic = .auto

    @Flag(name: .long, help: "Read the queries as digits typed on a phone keypad (2 abc … 9 wxyz). The dial-pad keys are built by one untimed query before the sessions.")
    var dialpad = false

    @Option(name: .long, help: ArgumentHelp("auto: a keystroke with no exact match computes the close matches (as `filter --typos auto`); off (the default here): exact matches only.", valueName: "typos"))
    var typos: Typos = .off

    @Option(name: .long, help: ArgumentHelp("Rows computed per keystroke, with their match ranges.", valueName: "n"))
    var rows: Int = 50

    @Option(name: .long, help: ArgumentHelp("Save the built listing to this file and load it back (timed).", valueName: "file"))
    var save: String?

    @Option(name: .long, help: ArgumentHelp("After the keystrokes, make the listing live and apply this many random edits as a server would (half new items, a third renames, the rest removals; every 64 the tail made a run, runs merged by size, no merge into a new base), then type the keystrokes again on the listing without and with them (each twice, the second pass counted).", valueName: "n"))
    var edits: Int?

    @Flag(name: .long, help: "Print JSON: {\"items\",\"read_seconds\" (the corpus read into its columns, before the build),\"build_seconds\",\"peak_rss_mb\",\"index_bytes\",\"locale_fold_bytes\",\"kept_dense_bytes\" (the dense one-byte queries' bitmaps the keystrokes left kept, not in index_bytes),\"bytes_by_part\":{part: bytes},\"keystrokes\":[{\"query\",\"ms\",\"cpu_ms\" (this thread's CPU time: what a busy machine's other work does not add),\"total\"(,\"approximate\")}],\"p50_ms\",\"p99_ms\"}; with --save also \"save_seconds\",\"load_seconds\" (mapped, checksum left for later, as a server loads),\"first_answer_seconds\" (from the load's start to the first keystroke's page),\"checksum_seconds\",\"checked_load_seconds\" (checksum verified at open),\"saved_bytes\"; with --dialpad also \"dialpad_build_seconds\" (the first dial-pad query, which makes the dial-pad keys); with --edits also \"edits\":{\"count\",\"apply_seconds\",\"runs\",\"pending_edits\",\"without_p50_ms\",\"without_p99_ms\",\"with_p50_ms\",\"with_p99_ms\"}.")
    var json = false

    func validate() throws {
        if let edits, edits < 1 { throw ValidationError("--edits \(edits): use 1 or more") }
    }

    func run() throws {
        let sessions = try QueryFile.read(queries, keepBlankLines: false)
        let collation = try locale.collation()
        let input = InputFile(path: corpus)
        let readStart = DispatchTime.now()
        let table = try input.readTable(columns: columns)  // reading the file is not part of the build
        let start = DispatchTime.now()
        let readSeconds = Double(start.uptimeNanoseconds - readStart.uptimeNanoseconds) / 1e9
        let listing = try input.buildListing(of: table, collation: collation, columns: columns).listing
        var searchable = try SearchableListing(listing, source: input.source, barTitle: "indexing")
        let buildSeconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        var saved: BenchReport.Saved?
        if let save {
            (searchable, saved) = try Self.saveAndLoad(searchable, to: save, firstQuery: sessions.first ?? "a")
        }

        var dialpadSeconds: Double?
        if dialpad {
            // The first dial-pad query builds the dial-pad keys: not a keystroke's latency, reported apart.
            let t0 = DispatchTime.now()
            _ = try searchable.filter("2", fold: fold, mode: mode, phonetic: phonetic, dialpad: true)
            dialpadSeconds = Double(DispatchTime.now().uptimeNanoseconds - t0.uptimeNanoseconds) / 1e9
        }
        var keystrokes: [(query: String, ms: Double, cpuMS: Double, total: Int, approximate: Int?)] = []
        var floors: [(query: String, searchMS: Double, searchAndCopyMS: Double)] = []
        for query in sessions {
            var session = FilterSession(searchable, fold: fold, mode: mode, phonetic: phonetic, dialpad: dialpad, typos: typos)
            var prefix = ""
            for character in query {
                prefix.append(character)
                let t0 = DispatchTime.now(), cpu0 = ThreadCPUTime.nanoseconds()
                let result = try session.type(prefix)
                let page = try result.matches(offset: 0, limit: rows)
                let ms = Double(DispatchTime.now().uptimeNanoseconds - t0.uptimeNanoseconds) / 1e6
                let cpuMS = Double(ThreadCPUTime.nanoseconds() - cpu0) / 1e6
                withExtendedLifetime(page) { keystrokes.append((prefix, ms, cpuMS, result.total, result.approximate)) }
                floors.append(try Self.floor(of: prefix, in: searchable, rows: rows))
            }
        }
        let sorted = keystrokes.map(\.ms).sorted()
        let editsReport = try edits.map { try measureEdits($0, on: searchable, sessions: sessions) }
        let report = BenchReport(items: listing.count, readSeconds: readSeconds, buildSeconds: buildSeconds, dialpadSeconds: dialpadSeconds,
                                 peakRSSMB: ProcessMemory.peakResidentMB(),
                                 indexBytes: searchable.indexByteCount,
                                 localeFoldBytes: searchable.indexBytesByPart.filter { $0.part.hasPrefix("locale variant") }
                                     .reduce(0) { $0 + $1.bytes },
                                 bytesByPart: searchable.indexBytesByPart, keptDenseBytes: searchable.keptDenseResultBytes,
                                 keystrokes: keystrokes,
                                 p50: Self.percentile(sorted, 0.5), p99: Self.percentile(sorted, 0.99), saved: saved,
                                 floors: floors, edits: editsReport)
        Output.write(json ? report.json() : report.text())
    }

    /// The floor of a keystroke `query`: the binary search over the main index's suffixes alone,
    /// and with the rows of the first `rows` suffixes copied out (the query folded beforehand,
    /// untimed); each the best of three, since it takes microseconds.
    private static func floor(of query: String, in searchable: SearchableListing<Int>, rows: Int) throws
        -> (query: String, searchMS: Double, searchAndCopyMS: Double) {
        let folded = try searchable.floorQuery(query)
        var search = Double.infinity, copy = Double.infinity
        for _ in 0..<3 {
            let t0 = DispatchTime.now()
            let count = searchable.floorSearch(folded)
            let t1 = DispatchTime.now()
            let page = searchable.floorSearchAndCopy(folded, limit: rows)
            let t2 = DispatchTime.now()
            withExtendedLifetime((count, page)) {}
            search = min(search, Double(t1.uptimeNanoseconds - t0.uptimeNanoseconds) / 1e6)
            copy = min(copy, Double(t2.uptimeNanoseconds - t1.uptimeNanoseconds) / 1e6)
        }
        return (query, search, copy)
    }

    /// Saves `searchable` to `path`, loads it back, and times both: the load a server does (the
    /// file mapped, its checksum left for later) up to the answer to the first keystroke of
    /// `firstQuery`, the checksum pass it leaves for later, and a load that verifies the checksum first.
    private static func saveAndLoad(_ searchable: SearchableListing<Int>, to path: String, firstQuery: String) throws
        -> (SearchableListing<Int>, BenchReport.Saved) {
        let collation = searchable.listing.collation
        let expectation = SavedIndexExpectation(locale: collation.locale, latinLabels: collation.addsLatinLabels ? .always : .never)
        func seconds(_ a: DispatchTime, _ b: DispatchTime) -> Double { Double(b.uptimeNanoseconds - a.uptimeNanoseconds) / 1e9 }
        let t0 = DispatchTime.now()
        try searchable.write(to: path, metadata: ["source": "thumbindex bench"])
        let t1 = DispatchTime.now()
        let loaded = try SearchableListing.load(from: path, expecting: expectation, checksum: .later)
        let t2 = DispatchTime.now()
        var session = FilterSession(loaded.searchable)
        let first = try session.type(String(firstQuery.prefix(1)))
        _ = try first.matches(offset: 0, limit: 50)
        let t3 = DispatchTime.now()
        try loaded.check.verify()
        let t4 = DispatchTime.now()
        let checked = try SearchableListing.load(from: path, expecting: expectation, checksum: .atOpen)
        let t5 = DispatchTime.now()
        withExtendedLifetime(checked) {}
        let bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return (loaded.searchable, BenchReport.Saved(saveSeconds: seconds(t0, t1), loadSeconds: seconds(t1, t2),
                                                     firstAnswerSeconds: seconds(t1, t3), checksumSeconds: seconds(t3, t4),
                                                     checkedLoadSeconds: seconds(t4, t5), bytes: bytes))
    }
}

/// What `bench` prints.
struct BenchReport {
    let items: Int
    /// Reading the corpus file into its columns (not part of the build).
    let readSeconds: Double
    let buildSeconds: Double
    /// With `--dialpad`: the first dial-pad query, which makes the dial-pad keys.
    let dialpadSeconds: Double?
    let peakRSSMB: Double
    let indexBytes: Int
    /// The part of ``indexBytes`` that the locale fold adds (its variant of the rows that differ).
    let localeFoldBytes: Int
    /// ``indexBytes`` part by part (the main index, the fold variants, the phonetic keys).
    let bytesByPart: [(part: String, bytes: Int)]
    /// The dense one-byte queries' bitmaps the keystrokes left kept (a cache, not in ``indexBytes``).
    let keptDenseBytes: Int
    let keystrokes: [(query: String, ms: Double, cpuMS: Double, total: Int, approximate: Int?)]
    let p50: Double
    let p99: Double
    /// With `--save`: the save and the load.
    let saved: Saved?
    /// Per keystroke, the floor: the binary search alone, and with the first rows copied out.
    let floors: [(query: String, searchMS: Double, searchAndCopyMS: Double)]
    /// With `--edits`: the keystrokes of the live listing without and with them.
    let edits: Edits?

    struct Edits {
        let count: Int
        let applySeconds: Double
        /// Runs between the base and the tail, and pending edits, after the edits.
        let runs: Int
        let pendingEdits: Int
        let withoutP50: Double, withoutP99: Double
        let withP50: Double, withP99: Double
    }

    struct Saved {
        let saveSeconds: Double
        /// Mapping and checking what is cheap (the server's load).
        let loadSeconds: Double
        /// From the start of that load to the first keystroke's page.
        let firstAnswerSeconds: Double
        /// The whole file's checksum, which the server verifies after its first answers.
        let checksumSeconds: Double
        /// A load that verifies the checksum before anything else.
        let checkedLoadSeconds: Double
        let bytes: Int
    }

    func json() -> String {
        var writer = JSONWriter()
        writer.raw("{\"items\":\(items),\"read_seconds\":\(readSeconds),\"build_seconds\":\(buildSeconds),\"peak_rss_mb\":\(peakRSSMB),\"index_bytes\":\(indexBytes),\"locale_fold_bytes\":\(localeFoldBytes),")
        writer.raw("\"kept_dense_bytes\":\(keptDenseBytes),")
        if let dialpadSeconds { writer.raw("\"dialpad_build_seconds\":\(dialpadSeconds),") }
        writer.key("bytes_by_part")
        writer.raw("{")
        for (i, part) in bytesByPart.enumerated() {
            if i > 0 { writer.raw(",") }
            writer.key(part.part)
            writer.raw("\(part.bytes)")
        }
        writer.raw("},")
        if let saved {
            writer.raw("\"save_seconds\":\(saved.saveSeconds),\"load_seconds\":\(saved.loadSeconds),\"first_answer_seconds\":\(saved.firstAnswerSeconds),")
            writer.raw("\"checksum_seconds\":\(saved.checksumSeconds),\"checked_load_seconds\":\(saved.checkedLoadSeconds),\"saved_bytes\":\(saved.bytes),")
        }
        // `"key":[{"query":…, fields},…],` for each keystroke.
        func objects<T>(_ key: String, _ values: [T], query: (T) -> String, fields: (T) -> String) {
            writer.key(key)
            writer.raw("[")
            for (i, value) in values.enumerated() {
                writer.raw(i > 0 ? ",{" : "{")
                writer.key("query")
                writer.string(query(value))
                writer.raw(fields(value) + "}")
            }
            writer.raw("],")
        }
        objects("keystrokes", keystrokes, query: \.query) { k in
            ",\"ms\":\(k.ms),\"cpu_ms\":\(k.cpuMS),\"total\":\(k.total)" + (k.approximate.map { ",\"approximate\":\($0)" } ?? "")
        }
        objects("floors", floors, query: \.query) { f in ",\"search_ms\":\(f.searchMS),\"search_and_copy_ms\":\(f.searchAndCopyMS)" }
        if let edits {
            writer.raw("\"edits\":{\"count\":\(edits.count),\"apply_seconds\":\(edits.applySeconds),\"runs\":\(edits.runs),\"pending_edits\":\(edits.pendingEdits),")
            writer.raw("\"without_p50_ms\":\(edits.withoutP50),\"without_p99_ms\":\(edits.withoutP99),\"with_p50_ms\":\(edits.withP50),\"with_p99_ms\":\(edits.withP99)},")
        }
        writer.raw("\"p50_ms\":\(p50),\"p99_ms\":\(p99)}\n")
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    func text() -> String {
        var byLength: [Int: [Double]] = [:]
        for k in keystrokes { byLength[min(k.query.count, 4), default: []].append(k.ms) }
        var out = String(format: "%d items · read in %.2f s · build %.2f s · peak RSS %.0f MB · index %d bytes (%.1f B/item)\n",
                         items, readSeconds, buildSeconds, peakRSSMB, indexBytes, items > 0 ? Double(indexBytes) / Double(items) : 0)
        if let dialpadSeconds { out += String(format: "dial-pad keys made by the first dial-pad query in %.2f s\n", dialpadSeconds) }
        if let saved {
            out += String(format: "saved in %.3f s · loaded (mapped) in %.4f s · first answer %.4f s after the load began (%.0f× sooner than the build) · checksum after it %.3f s · loaded with the checksum first %.3f s · file %d bytes (%.1f MB)\n",
                          saved.saveSeconds, saved.loadSeconds, saved.firstAnswerSeconds, buildSeconds / max(saved.firstAnswerSeconds, 1e-9),
                          saved.checksumSeconds, saved.checkedLoadSeconds, saved.bytes, Double(saved.bytes) / 1e6)
        }
        let perItem = { (bytes: Int) in items > 0 ? Double(bytes) / Double(items) : 0 }
        // The parts of at least 0.5 B/item, largest first, and the rest together (the JSON has them all).
        let large = bytesByPart.filter { perItem($0.bytes) >= 0.5 }.sorted { $0.bytes > $1.bytes }
        let rest = bytesByPart.filter { perItem($0.bytes) < 0.5 }.reduce(0) { $0 + $1.bytes }
        out += "index by part (B/item): " + (large.map { String(format: "%@ %.1f", $0.part, perItem($0.bytes)) }
            + [String(format: "%d smaller parts %.1f", bytesByPart.count - large.count, perItem(rest))]).joined(separator: " · ") + "\n"
        out += String(format: "%d keystrokes · p50 %.4f ms · p99 %.4f ms · dense one-byte bitmaps kept after them: %.1f MB (%.1f B/item)\n",
                      keystrokes.count, p50, p99, Double(keptDenseBytes) / 1e6, perItem(keptDenseBytes))
        var floorsByLength: [Int: (search: [Double], copy: [Double])] = [:]
        for f in floors {
            floorsByLength[min(f.query.count, 4), default: ([], [])].search.append(f.searchMS)
            floorsByLength[min(f.query.count, 4), default: ([], [])].copy.append(f.searchAndCopyMS)
        }
        func median(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.sorted()[values.count / 2] }
        for length in byLength.keys.sorted() {
            let values = byLength[length]!
            let floor = floorsByLength[length] ?? ([], [])
            out += String(format: "  typed %@ chars: median %.4f ms over %d keystrokes · floor: search %.4f ms, search + first rows %.4f ms (the keystroke is %.0f× that)\n",
                          length == 4 ? "4+" : "\(length)", median(values), values.count, median(floor.search), median(floor.copy),
                          median(values) / max(median(floor.copy), 1e-9))
        }
        if let edits {
            out += String(format: "live, %d random edits applied in %.2f s (%d runs, %d pending edits): keystrokes without them p50 %.4f ms · p99 %.4f ms; with them p50 %.4f ms · p99 %.4f ms (%.2f× / %.2f×)\n",
                          edits.count, edits.applySeconds, edits.runs, edits.pendingEdits, edits.withoutP50, edits.withoutP99,
                          edits.withP50, edits.withP99, edits.withP50 / max(edits.withoutP50, 1e-9), edits.withP99 / max(edits.withoutP99, 1e-9))
        }
        return out
    }
}

/// The process's peak resident set size (VmHWM in /proc/self/status).
enum ProcessMemory {
    static func peakResidentMB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              // "VmHWM:\t  2993692 kB", and with no padding from 10 GB on: "VmHWM:\t25970908 kB".
              let kb = Double(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") else { return 0 }
        return kb / 1024
    }
}

/// The calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID): a keystroke's own work, without the
/// time other processes of a busy machine took the core.
enum ThreadCPUTime {
    static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
