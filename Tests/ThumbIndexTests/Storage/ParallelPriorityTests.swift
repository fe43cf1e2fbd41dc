import Foundation
import Synchronization
import Testing
@testable import ThumbIndex

/// `Parallel.map` from a thread of lower priority than the main thread (a server's maintenance
/// thread) keeps its work on that thread, so that the pool's threads do not take the cores at the
/// main thread's priority; from any other thread its results are the same, in order.
@Suite("Parallel work and thread priorities")
struct ParallelPriorityTests {
    @Test func aDeprioritizedCallerComputesEveryIterationItself() async throws {
        let outcome: (deprioritized: Bool, onCaller: Bool, values: [Int]) = await withCheckedContinuation { continuation in
            let thread = Thread {
                errno = 0
                let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, min(19, nice + 5))
                let caller = pthread_self()
                let onCaller = Mutex(true)
                let values = Parallel.map(8) { i -> Int in
                    if pthread_equal(pthread_self(), caller) == 0 { onCaller.withLock { $0 = false } }
                    return i * i
                }
                continuation.resume(returning: (Parallel.callerIsDeprioritized, onCaller.withLock { $0 }, values))
            }
            thread.start()
        }
        #expect(outcome.deprioritized)
        #expect(outcome.onCaller, "an iteration ran on another thread")
        #expect(outcome.values == (0..<8).map { $0 * $0 })
    }

    @Test func aCallerAtTheMainThreadsPriorityGetsTheSameResults() {
        #expect(!Parallel.callerIsDeprioritized)
        #expect(Parallel.map(8) { $0 * $0 } == (0..<8).map { $0 * $0 })
    }
}
