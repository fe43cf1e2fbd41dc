/// Times what a deployed system does besides answering keystrokes: writes, and starting up on
/// its files. The systems are `DurableSystem`s behind a `DurableStore` (PostgreSQL, a SQLite file;
/// ThumbIndex's live server when it lands: `DurableSystemID.thumbindexLive`).
public struct DurableRunner {
    /// Single-row inserts timed, each a transaction of its own.
    public var singles = 2000
    /// Batches timed, each `batchSize` rows in one transaction.
    public var batches = 50
    public var batchSize = 1000
    /// Untimed inserts first (connection, statement and caches warm).
    public var warmup = 20
    /// Called with a line now and then.
    public var log: (String) -> Void

    public init(log: @escaping (String) -> Void = { _ in }) { self.log = log }

    /// The write figures: every timed single insert and batch, in order.
    public struct Writes: Codable, Sendable {
        /// Wall-clock time of each single-row insert (sent to committed), in microseconds.
        public var singleMicros: [Double]
        /// Wall-clock time of each batch (BEGIN to committed), in milliseconds.
        public var batchMillis: [Double]
        public var batchSize: Int
    }

    /// How many `NewItem`s `writes` needs.
    public var itemsNeeded: Int { warmup + singles + batches * batchSize }

    /// Inserts `items` (at least `itemsNeeded`): the warm-up, the singles, then the batches.
    public func writes(_ system: DurableSystem, items: [NewItem]) throws -> Writes {
        precondition(items.count >= itemsNeeded)
        let clock = ContinuousClock()
        var next = 0
        for _ in 0..<warmup {
            try system.insert(items[next])
            next += 1
        }
        var singleMicros: [Double] = []
        for k in 0..<singles {
            let start = clock.now
            try system.insert(items[next])
            singleMicros.append((clock.now - start).seconds * 1e6)
            next += 1
            if (k + 1) % 500 == 0 { log("single inserts: \(k + 1)/\(singles)") }
        }
        var batchMillis: [Double] = []
        for _ in 0..<batches {
            let batch = Array(items[next..<next + batchSize])
            let start = clock.now
            try system.insert(batch: batch)
            batchMillis.append((clock.now - start).seconds * 1000)
            next += batchSize
        }
        log("batches: \(batches) of \(batchSize)")
        return Writes(singleMicros: singleMicros, batchMillis: batchMillis, batchSize: batchSize)
    }

    /// One start: from launching the database process (or opening the file) to the first answer.
    public struct Start: Codable, Sendable {
        /// Start's phases, then "first keystroke" and "rest of the query" (the query's other keystrokes).
        public var phases: [BuildReport.Phase]
        /// Seconds from the start to the first keystroke's answer.
        public var toFirstAnswer: Double
        /// The first keystroke's number of matches (checked against a warm run by the caller).
        public var firstTotal: Int
    }

    /// Starts the store `rounds` times from stopped, each time typing `query` (one keystroke per
    /// element, the first being the one timed to) and stopping again.
    public func starts(_ store: DurableStore, query: [String], rounds: Int) throws -> [Start] {
        precondition(!query.isEmpty)
        let clock = ContinuousClock()
        try store.stop()
        var starts: [Start] = []
        for round in 1...rounds {
            var report = BuildReport()
            let start = clock.now
            var system: DurableSystem? = try store.start(report: &report)
            let first = report.measure("first keystroke") { system!.keystroke(query[0]) }
            let toFirstAnswer = (clock.now - start).seconds
            report.measure("rest of the query") { for text in query.dropFirst() { _ = system!.keystroke(text) } }
            system = nil  // closes the connection or the file
            try store.stop()
            starts.append(Start(phases: report.phases, toFirstAnswer: toFirstAnswer, firstTotal: first.total))
            log("start \(round)/\(rounds): \(String(format: "%.3f", toFirstAnswer)) s to the first answer ("
                + report.phases.map { "\($0.name) \(String(format: "%.3f", $0.seconds))" }.joined(separator: ", ") + ")")
        }
        return starts
    }
}
