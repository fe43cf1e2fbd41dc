import Foundation
import ThumbIndex

/// What the ordo-one suites (`swift package benchmark`) run on, from the environment:
///
/// - `THUMBINDEX_BENCH_CORPUS`: `geonames` (default) or `people`;
/// - `THUMBINDEX_BENCH_LIMIT`: only the first N items (default 200000, so that the whole suite takes
///   minutes; `0` means the full corpus);
/// - `THUMBINDEX_BENCH_CORPORA`: the corpora directory (default `../Corpora/large`).
///
/// The plugin runs every benchmark in a process of its own, so each one loads and builds its
/// system in its setup (untimed). RESULTS.md comes from `peers-run` (whole sessions, one process
/// per system); these suites give the same systems' per-keystroke distributions the ordo-one way.
public struct SuiteEnvironment: Sendable {
    public let corpus: Corpus

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let name = environment["THUMBINDEX_BENCH_CORPUS"].flatMap(Corpus.Name.init(rawValue:)) ?? .geonames
        let limit = environment["THUMBINDEX_BENCH_LIMIT"].flatMap(Int.init) ?? 200_000
        corpus = Corpus(name: name, directory: environment["THUMBINDEX_BENCH_CORPORA"] ?? "../Corpora/large",
                        limit: limit > 0 ? limit : nil)
    }

    /// Builds `system` over the corpus (the peers get ThumbIndex's listing, made here untimed).
    public func make(_ system: SystemID) throws -> (KeystrokeSystem, BuildReport) {
        let table = try corpus.readTable()
        if !system.usesSnapshot { return try system.make(corpus: corpus, table: table, snapshot: nil) }
        return try system.make(corpus: corpus, table: nil, snapshot: ListingSnapshot(corpus.listing(of: table)))
    }
}

/// A system plus the keystrokes of one typed-length bucket, handed out in typing order, cycling.
///
/// `@unchecked Sendable`: the benchmark plugin hands it from setup to the measured closure, and
/// only one thread uses it at a time.
public final class KeystrokeCycle: @unchecked Sendable {
    public let system: KeystrokeSystem
    private let texts: [String]
    private var next = 0

    public init(system: KeystrokeSystem, sessions: TypingSessions, bucket: Int) {
        self.system = system
        texts = sessions.positions(inBucket: bucket).map { sessions.keystrokes[$0].text }
    }

    /// Runs the next keystroke of the bucket as a query of its own.
    public func step() -> Answer {
        let text = texts[next]
        next = (next + 1) % texts.count
        system.beginQuery()
        return system.keystroke(text)
    }
}
