import Synchronization

/// Where the API's reads compute: ``permits`` threads of their own at `nice` +10 (a
/// ``ThreadQueue``), taking reads in arrival order.
///
/// Why: reads are CPU work, and 64 reading connections keep every core busy. A write's work is
/// small (a store commit, a snapshot), but it hops between threads (the event loop, the write
/// queue, the handler's resumption), and on a saturated machine each hop waited for a core behind
/// the reads: a single insert took ~90 ms under that load against ~1.3 ms idle, with or without a
/// limit on concurrent reads. On threads of lower priority the reads use every idle cycle but give
/// way to writes, health checks and the event loops at once; bounded to one per core, they cannot
/// outweigh them by number either. Reads wait for a thread suspended, holding none.
///
/// ```swift
/// let gate = ReadGate.shared(permits: 2)
/// let answer = try await gate.run { try filter(query) }
/// ```
package final class ReadGate: Sendable {
    /// How much higher the workers' `nice` value is than the server's.
    package static let niceness: Int32 = 10

    private let workers: ThreadQueue

    /// Reads that compute at once: the worker threads.
    package var permits: Int { workers.threads }

    private static let gates = Mutex<[Int: ReadGate]>([:])

    /// The process's gate with `permits` (at least 1) workers, started on first use: every router
    /// with the same number shares it, so tests that build many routers start the threads once.
    package static func shared(permits: Int) -> ReadGate {
        gates.withLock { gates in
            if let gate = gates[permits] { return gate }
            let gate = ReadGate(permits: permits)
            gates[permits] = gate
            return gate
        }
    }

    /// A gate of its own with `permits` (at least 1) workers, which live as long as the process
    /// (tests; a server uses ``shared(permits:)``).
    package init(permits: Int) {
        workers = ThreadQueue(name: "thumbindex-read", threads: permits, niceness: Self.niceness)
    }

    /// Runs `body` on a worker once every read that arrived earlier has started; returns what it
    /// returns, or throws what it throws.
    package func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, Error>) in
            workers.async { continuation.resume(with: Result { try body() }) }
        }
    }

    /// Reads computing now and reads waiting for a worker (for tests and metrics).
    package var load: (running: Int, waiting: Int) { workers.load }
}
