import Benchmark
import Peers

/// One benchmark per (system, typed length): each iteration is the next keystroke of that length
/// from the corpus's typing sessions (cycling), as a query of its own. See `SuiteEnvironment` for
/// the corpus and slice; slow scans are bounded by `maxDuration`.
let benchmarks: @Sendable () -> Void = {
    let environment = SuiteEnvironment()
    let systems: [SystemID] = [.thumbindex, .sqlite, .memmem, .naive, .localized]
    for system in systems {
        for bucket in TypingSessions.buckets {
            let name = "\(system.rawValue) \(environment.corpus.tag) \(TypingSessions.bucketName(bucket)) chars"
            Benchmark(name,
                      configuration: .init(metrics: [.wallClock, .throughput], timeUnits: .microseconds,
                                           warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 2_000)) { (benchmark: Benchmark, cycle: KeystrokeCycle) in
                for _ in benchmark.scaledIterations {
                    blackHole(cycle.step())
                }
            } setup: { () async throws -> KeystrokeCycle in
                let (built, _) = try environment.make(system)
                return KeystrokeCycle(system: built, sessions: try environment.corpus.readSessions(), bucket: bucket)
            }
        }
    }
}
