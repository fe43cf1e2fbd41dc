import Benchmark
import Peers
import ThumbIndex

/// Builds: ThumbIndex's listing alone and with its search index, SQLite's FTS5 table, ICU's
/// AlphabeticIndex records and the Foundation sort, on the corpus of `SuiteEnvironment`; with peak
/// memory and, where there is one, the search structure's bytes per item.
let benchmarks: @Sendable () -> Void = {
    let environment = SuiteEnvironment()
    let corpus = environment.corpus
    let indexBytesPerItem = BenchmarkMetric.custom("index bytes per item", polarity: .prefersSmaller, useScalingFactor: false)
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal, indexBytesPerItem], timeUnits: .milliseconds,
        warmupIterations: 0, maxDuration: .seconds(60), maxIterations: 3)

    Benchmark("thumbindex listing \(corpus.tag)", configuration: configuration) { benchmark, table in
        benchmark.startMeasurement()
        blackHole(try? corpus.listing(of: table))
        benchmark.stopMeasurement()
    } setup: {
        try corpus.readTable()
    }

    Benchmark("thumbindex listing+index \(corpus.tag)", configuration: configuration) { benchmark, table in
        benchmark.startMeasurement()
        guard let (system, _) = try? SystemID.thumbindex.make(corpus: corpus, table: table, snapshot: nil) else { return }
        benchmark.stopMeasurement()
        if let bytes = system.indexBytes { benchmark.measurement(indexBytesPerItem, bytes / table.count) }
    } setup: {
        try corpus.readTable()
    }

    Benchmark("sqlite-fts5 build \(corpus.tag)", configuration: configuration) { (benchmark: Benchmark, snapshot: ListingSnapshot) in
        benchmark.startMeasurement()
        guard let (system, _) = try? SystemID.sqlite.make(corpus: corpus, table: nil, snapshot: snapshot) else { return }
        benchmark.stopMeasurement()
        if let bytes = system.indexBytes { benchmark.measurement(indexBytesPerItem, bytes / snapshot.count) }
    } setup: { () async throws -> ListingSnapshot in
        let table = try corpus.readTable()
        return ListingSnapshot(try corpus.listing(of: table))
    }

    Benchmark("icu-records \(corpus.tag)", configuration: configuration) { benchmark, texts in
        benchmark.startMeasurement()
        blackHole(try? ListingBuilders.icuRecords(texts, locale: corpus.locale, addLatinLabels: false))
        benchmark.stopMeasurement()
    } setup: {
        try corpus.sortTexts(of: try corpus.readTable())
    }

    Benchmark("foundation-sort \(corpus.tag)", configuration: configuration) { benchmark, strings in
        benchmark.startMeasurement()
        blackHole(ListingBuilders.foundationSort(strings))
        benchmark.stopMeasurement()
    } setup: { () async throws -> [String] in
        let texts = try corpus.sortTexts(of: try corpus.readTable())
        return (0..<texts.count).map { texts[$0] }
    }
}
