import Synchronization

/// Admission for the API's reads: at most ``permits`` of them compute at once, the others wait
/// their turn in arrival order, suspended, so that they hold no thread.
///
/// Why: a read is CPU work on Swift's cooperative pool (as many threads as cores). Without a gate,
/// 64 reading connections fill the pool's run queue and every other job waits behind them: a
/// write's handler and the resumption that sends its answer queued behind about 64 reads, and a
/// single insert took ~140 ms under that load against ~1 ms idle. With the gate the run queue
/// holds at most `permits` reads, so a write (never gated) waits for one read at most; the reads
/// wait as long as before, in the gate's queue instead of the pool's.
///
/// ```swift
/// let gate = ReadGate(permits: 2)
/// let answer = try await gate.run { try filter(query) }
/// ```
///
/// `Sendable` through its `Mutex`: the count and the queue of waiters change under it only.
package final class ReadGate: Sendable {
    /// Reads that may compute at once.
    package let permits: Int

    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
        /// Index of the first waiter still queued (the array is compacted when it passes half).
        var head = 0
    }

    private let state = Mutex(State())

    /// A gate that lets `permits` (at least 1) reads compute at once.
    package init(permits: Int) {
        precondition(permits >= 1, "ReadGate: at least one permit")
        self.permits = permits
    }

    /// Runs `body` once fewer than ``permits`` reads are running, after every read that arrived
    /// earlier has started; returns what it returns.
    ///
    /// A cancelled task still takes its turn (the body is short: one filter and its JSON).
    package func run<T>(_ body: () throws -> T) async rethrows -> T {
        await enter()
        defer { leave() }
        return try body()
    }

    /// Reads running now and reads waiting (for tests and metrics).
    package var load: (running: Int, waiting: Int) {
        state.withLock { ($0.running, $0.waiting.count - $0.head) }
    }

    private func enter() async {
        let admitted = state.withLock { state -> Bool in
            guard state.running < permits, state.head == state.waiting.count else { return false }
            state.running += 1
            return true
        }
        if admitted { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // A permit may have come free between the check above and here: then go at once,
            // unless others queued meanwhile (they go first).
            let now = state.withLock { state -> Bool in
                if state.running < permits && state.head == state.waiting.count {
                    state.running += 1
                    return true
                }
                state.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Hands the permit to the first waiter, or returns it.
    private func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.head < state.waiting.count else {
                state.running -= 1
                if state.head > 0 {
                    state.waiting.removeAll(keepingCapacity: true)
                    state.head = 0
                }
                return nil
            }
            let next = state.waiting[state.head]
            state.head += 1
            if state.head > 64 && state.head * 2 > state.waiting.count {
                state.waiting.removeFirst(state.head)
                state.head = 0
            }
            return next  // the permit passes to it: `running` stays
        }
        next?.resume()
    }
}
