import Foundation
import Synchronization

/// Where the API's reads compute: ``permits`` threads of their own, at a lower CPU priority than
/// the rest of the server, taking reads in arrival order.
///
/// Why: reads are CPU work, and 64 reading connections keep every core busy. A write's work is
/// small (a store commit, a snapshot), but it hops between threads (the event loop, the write
/// queue, the handler's resumption), and on a saturated machine each hop waits for a core behind
/// the reads: a single insert took ~90 ms under that load against ~1.3 ms idle, with or without a
/// limit on concurrent reads. On threads of their own at `nice` +10 (Linux gives a thread at nice 0
/// about nine times the CPU share of one at +10, and lets it preempt them when it wakes), the reads
/// use every idle cycle but give way to writes, health checks and the event loops at once. The
/// reads are as fast as before when nothing else runs; they wait for a worker in FIFO order,
/// suspended, holding no thread.
///
/// ```swift
/// let gate = ReadGate.shared(permits: 2)
/// let answer = try await gate.run { try filter(query) }
/// ```
///
/// The workers live as long as the process; ``shared(permits:)`` gives every router with the same
/// number one gate, so tests that build many routers start the threads once.
package final class ReadGate: Sendable {
    /// Reads that compute at once: the worker threads.
    package let permits: Int
    /// How much higher the workers' `nice` value is than the server's (at most 19; higher is a
    /// lower priority).
    package static let niceness: Int32 = 10

    private struct State {
        var jobs: [@Sendable () -> Void] = []
        /// Index of the first job still queued (the array is compacted when it empties).
        var head = 0
        var running = 0
    }

    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)

    private static let gates = Mutex<[Int: ReadGate]>([:])

    /// The process's gate with `permits` (at least 1) worker threads, started on first use.
    package static func shared(permits: Int) -> ReadGate {
        gates.withLock { gates in
            if let gate = gates[permits] { return gate }
            let gate = ReadGate(permits: permits)
            gates[permits] = gate
            return gate
        }
    }

    /// A gate of its own with `permits` (at least 1) worker threads, which live as long as the
    /// process (tests; a server uses ``shared(permits:)``).
    package init(permits: Int) {
        precondition(permits >= 1, "ReadGate: at least one worker")
        self.permits = permits
        for k in 0..<permits {
            let thread = Thread { [self] in work() }
            thread.name = "thumbindex-read-\(k)"
            thread.start()
        }
    }

    /// Runs `body` on a worker once every read that arrived earlier has started; returns what it
    /// returns, or throws what it throws.
    package func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, Error>) in
            state.withLock { $0.jobs.append { continuation.resume(with: Result { try body() }) } }
            available.signal()
        }
    }

    /// Reads computing now and reads waiting for a worker (for tests and metrics).
    package var load: (running: Int, waiting: Int) {
        state.withLock { ($0.running, $0.jobs.count - $0.head) }
    }

    /// A worker: lowers its own priority, then runs jobs as they come, for the process's life.
    private func work() {
        // Linux keeps the nice value per thread, and `who` 0 names the calling thread (see
        // setpriority(2), "Bugs"). Raising it needs no privilege; failing to would only leave the
        // reads at the server's priority.
        // Relative to the nice value the thread was started with (a server started with `nice`).
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        errno = 0
        let started = getpriority(which, 0)
        if errno == 0 { _ = setpriority(which, 0, min(19, started + Self.niceness)) }
        while true {
            available.wait()
            let job = state.withLock { state -> (@Sendable () -> Void) in
                let job = state.jobs[state.head]
                state.head += 1
                if state.head == state.jobs.count {
                    state.jobs.removeAll(keepingCapacity: true)
                    state.head = 0
                } else if state.head >= 1024 && state.head * 2 >= state.jobs.count {
                    state.jobs.removeFirst(state.head)  // never empty under a steady load: compact
                    state.head = 0
                }
                state.running += 1
                return job
            }
            job()
            state.withLock { $0.running -= 1 }
        }
    }
}
