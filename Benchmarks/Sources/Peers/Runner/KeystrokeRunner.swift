import Foundation

/// Runs a system over typing sessions and times every keystroke it runs.
///
/// Fast systems run every keystroke of every session, in typing order (a system with a refining
/// session sees each query grow one character at a time). Slow systems are sampled: per typed-length
/// bucket, keystrokes are taken from the same sessions in a spread-out order (van der Corput over
/// the bucket's keystrokes, so any prefix of the order covers the whole session file) until the
/// bucket's share of the time budget is spent, but never fewer than `minSamples`. Each sampled
/// keystroke is a fresh query (`beginQuery()` first).
public struct KeystrokeRunner {
    public enum Mode: String, Codable, Sendable, CaseIterable {
        /// Sessions when the probe's estimate fits the budget, else sampled.
        case auto
        /// Every keystroke, in typing order.
        case sessions
        /// Per-bucket spread samples, bounded by the budget.
        case sampled
    }

    /// One timed keystroke.
    public struct Measured: Codable, Sendable {
        /// Position in `TypingSessions.keystrokes`.
        public let position: Int
        /// The query it belongs to and the characters typed.
        public let query: Int
        public let length: Int
        /// Wall-clock time of the keystroke, in microseconds.
        public let micros: Double
        /// CPU time of the calling thread during the keystroke, in microseconds: the wall-clock time
        /// without the time the thread waited for a core (on a shared machine), for single-threaded
        /// systems; less than the work for systems that answer on other threads or processes.
        public let cpuMicros: Double?
        public let total: Int
        public let sections: Int
        /// `Answer.digest` in hex.
        public let digest: String
    }

    /// What a run measured.
    public struct Results: Codable, Sendable {
        public var mode: Mode
        /// One probe keystroke per bucket (the first of the bucket; 0 when not probed), in milliseconds.
        public var probeMillis: [Double]
        /// The probe's estimate of the full sessions' time, in seconds (a lower bound when it stopped early).
        public var estimateSeconds: Double
        /// How many keystrokes the sessions have per bucket (1, 2, 3, 4+).
        public var sessionKeystrokes: [Int]
        public var measured: [Measured]
        /// Wall-clock time of the measured keystrokes, in seconds.
        public var seconds: Double
    }

    public var mode: Mode
    /// Seconds the measured keystrokes may take (sampled mode: a quarter per bucket).
    public var budget: Double
    /// Fewest keystrokes per bucket in sampled mode.
    public var minSamples: Int
    /// Called with a line now and then.
    public var log: (String) -> Void

    public init(mode: Mode = .auto, budget: Double = 120, minSamples: Int = 5, log: @escaping (String) -> Void = { _ in }) {
        self.mode = mode
        self.budget = budget
        self.minSamples = minSamples
        self.log = log
    }

    public func run(_ system: KeystrokeSystem, sessions: TypingSessions) -> Results {
        let clock = ContinuousClock()
        let keystrokes = sessions.keystrokes
        let positions = TypingSessions.buckets.map { sessions.positions(inBucket: $0) }

        // Probe (also the warm-up): the first keystroke of each bucket, not part of the results.
        // It stops early once the estimate already exceeds the budget (slow scans probe once).
        var probe: [Double] = []
        var estimate = 0.0
        for bucket in positions {
            guard let p = bucket.first, mode != .auto || estimate <= budget else { probe.append(0); continue }
            system.beginQuery()
            let start = clock.now
            _ = system.keystroke(keystrokes[p].text)
            probe.append((clock.now - start).seconds * 1000)
            estimate += Double(bucket.count) * probe.last! / 1000
        }
        let chosen: Mode = mode == .auto ? (estimate <= budget ? .sessions : .sampled) : mode
        log("probe (ms) \(probe.map { ($0 * 1000).rounded() / 1000 }), estimate \(Int(estimate)) s for all \(keystrokes.count) keystrokes: \(chosen.rawValue)")

        var measured: [Measured] = []
        func measure(_ p: Int) -> Double {
            let keystroke = keystrokes[p]
            let (answer, seconds, cpu) = Self.timedKeystroke(keystroke.text, on: system, clock: clock)
            measured.append(Measured(position: p, query: keystroke.query, length: keystroke.length, micros: seconds * 1e6,
                                     cpuMicros: cpu * 1e6,
                                     total: answer.total, sections: answer.sections, digest: String(answer.digest, radix: 16)))
            return seconds
        }

        let start = clock.now
        switch chosen {
        case .sessions, .auto:
            var query = -1
            for p in keystrokes.indices {
                if keystrokes[p].query != query {
                    query = keystrokes[p].query
                    system.beginQuery()
                    if query % 50 == 0 { log("query \(query)/\(sessions.queries.count)") }
                }
                _ = measure(p)
            }
        case .sampled:
            let orders = positions.map { bucket in Self.spreadOrder(bucket.count).map { bucket[$0] } }
            var spent = [Double](repeating: 0, count: orders.count)
            var taken = [Int](repeating: 0, count: orders.count)
            let share = budget / Double(orders.count)
            var progressed = true
            while progressed {
                progressed = false
                for b in orders.indices where taken[b] < orders[b].count && (spent[b] < share || taken[b] < minSamples) {
                    system.beginQuery()
                    spent[b] += measure(orders[b][taken[b]])
                    taken[b] += 1
                    progressed = true
                }
            }
            log("sampled per bucket: \(taken) of \(positions.map(\.count))")
        }
        return Results(mode: chosen, probeMillis: probe, estimateSeconds: estimate, sessionKeystrokes: positions.map(\.count),
                       measured: measured, seconds: (clock.now - start).seconds)
    }

    /// One keystroke on `system`, timed: its answer, the wall-clock seconds on `clock` and the
    /// calling thread's CPU seconds (``threadCPUSeconds()``) from the call to the answer.
    public static func timedKeystroke(_ text: String, on system: KeystrokeSystem,
                                      clock: ContinuousClock) -> (answer: Answer, seconds: Double, cpuSeconds: Double) {
        let cpuStart = threadCPUSeconds()
        let start = clock.now
        let answer = system.keystroke(text)
        let seconds = (clock.now - start).seconds
        return (answer, seconds, threadCPUSeconds() - cpuStart)
    }

    /// The CPU time of the calling thread so far (CLOCK_THREAD_CPUTIME_ID), in seconds.
    public static func threadCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    /// 0..<n in van der Corput order (base 2): every prefix is spread over the whole range.
    public static func spreadOrder(_ n: Int) -> [Int] {
        guard n > 1 else { return Array(0..<n) }
        var bits = 0
        while 1 << bits < n { bits += 1 }
        var seen = [Bool](repeating: false, count: n)
        var order: [Int] = []
        order.reserveCapacity(n)
        for i in 0..<(1 << bits) {
            var reversed = 0
            for b in 0..<bits where i & (1 << b) != 0 { reversed |= 1 << (bits - 1 - b) }
            let index = (reversed * n) >> bits
            if !seen[index] {
                seen[index] = true
                order.append(index)
            }
        }
        return order
    }
}
