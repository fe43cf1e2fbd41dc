import Synchronization

/// Where the API's reads compute: at most ``permits`` at once, in arrival order. A read that finds
/// the gate idle (no read computing, none waiting) computes at once on the caller's thread; the
/// others compute on ``permits`` threads of their own at `nice` +10 (a ``ThreadQueue``).
///
/// Why the threads: reads are CPU work, and 64 reading connections keep every core busy. A
/// write's work is small (a store commit, a snapshot), but it hops between threads (the event
/// loop, the write queue, the handler's resumption), and on a saturated machine each hop waited
/// for a core behind the reads: a single insert took ~90 ms under that load against ~1.3 ms
/// idle, with or without a limit on concurrent reads. On threads of lower priority the reads use
/// every idle cycle but give way to writes, health checks and the event loops at once; bounded to
/// one per core, they cannot outweigh them by number either. Reads wait for a thread suspended,
/// holding none.
///
/// Why a read at an idle gate computes where it is: a typist's keystrokes come one at a time,
/// and the hand-off to a worker and back (two thread wake-ups) was 7–11% of a keystroke's server
/// CPU on GeoNames (Benchmarks/results/2026-11-26-scale.md, twenty-fifth session). Under
/// load the gate is never idle, so the reads there compute on the workers as before. The read
/// that computes on the caller's thread counts as one of the permits, and holds that thread (under
/// `serve` the event loop its request came on, see ``EventLoopConcurrency``; elsewhere one of
/// Swift's cooperative pool) while it computes: one read at a time, at the server's priority.
/// So a read its caller knows to be long (a dial-pad query that first makes the dial-pad index of
/// a large listing: 2.7 s at 1.4M items) computes on a worker even at an idle gate
/// (`mayComputeHere`): on an event loop it held that loop's connections, and the answers of the
/// reads computed meanwhile on the workers that happened to resume there.
///
/// ```swift
/// let gate = ReadGate.shared(permits: 2)
/// let answer = try await gate.run { try filter(query) }
/// ```
package final class ReadGate: Sendable {
    /// How much higher the workers' `nice` value is than the server's.
    package static let niceness: Int32 = 10

    private let workers: ThreadQueue
    /// Whether a read at an idle gate computes on the caller's thread (see above).
    private let inlineWhenIdle: Bool

    /// The reads computing (on the caller's thread or a worker) and those waiting for a permit,
    /// in arrival order, each a job that computes its read and resumes its caller.
    private struct State {
        var computing = 0
        var waiting: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

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
    /// (tests; a server uses ``shared(permits:)``). With `inlineWhenIdle` false every read computes
    /// on a worker (for tests whose reads block: one on each of the cooperative pool's threads would
    /// leave no thread to release them).
    package init(permits: Int, inlineWhenIdle: Bool = true) {
        workers = ThreadQueue(name: "thumbindex-read", threads: permits, niceness: Self.niceness)
        self.inlineWhenIdle = inlineWhenIdle
    }

    /// Runs `body` once every read that arrived earlier has started: here when the gate is idle
    /// and `mayComputeHere` (a read the caller knows to be long says false), else on a worker;
    /// returns what it returns, or throws what it throws.
    package func run<T: Sendable>(mayComputeHere: Bool = true, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        let idle = mayComputeHere && inlineWhenIdle && state.withLock { state in
            guard state.computing == 0 && state.waiting.isEmpty else { return false }
            state.computing = 1
            return true
        }
        if idle {
            defer { finished() }
            return try body()
        }
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, Error>) in
            let job: @Sendable () -> Void = { [self] in
                let result = Result { try body() }
                finished()
                continuation.resume(with: result)
            }
            let now = state.withLock { state in
                guard state.computing < permits && state.waiting.isEmpty else {
                    state.waiting.append(job)
                    return false
                }
                state.computing += 1
                return true
            }
            if now { workers.async(job) }
        }
    }

    /// A read is done: its permit goes to the first read waiting, if any (to a worker), or back.
    private func finished() {
        let next = state.withLock { state -> (@Sendable () -> Void)? in
            // At most one waiting read per connection: removing the first is cheap enough.
            guard !state.waiting.isEmpty else {
                state.computing -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        if let next { workers.async(next) }
    }

    /// Reads computing now and reads waiting for a permit (for tests and metrics).
    package var load: (running: Int, waiting: Int) {
        state.withLock { ($0.computing, $0.waiting.count) }
    }
}
