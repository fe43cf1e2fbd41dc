import Foundation
import Synchronization
import Testing
@testable import ThumbIndex

/// `Parallel.map` from a thread of lower priority than the main thread (a server's maintenance
/// thread) keeps its work on that thread, so that the pool's threads do not take the cores at the
/// main thread's priority; inside `Parallel.atCallerPriority` (the first dial-pad query on a read
/// worker) it uses every core on threads of its own, at the caller's priority. From any thread
/// its results are the same, in order.
@Suite("Parallel work and thread priorities")
struct ParallelPriorityTests {
    /// The calling thread's nice value.
    static var nice: Int32 {
        errno = 0
        return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }

    /// `body`'s result, computed on a new thread whose nice value is 5 above the caller's.
    static func onDeprioritizedThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, min(19, nice + 5))
                continuation.resume(returning: body())
            }
            thread.start()
        }
    }

    @Test func aDeprioritizedCallerComputesEveryIterationItself() async throws {
        let outcome = await Self.onDeprioritizedThread { () -> (deprioritized: Bool, onCaller: Bool, values: [Int]) in
            let caller = pthread_self()
            let onCaller = Mutex(true)
            let values = Parallel.map(8) { i -> Int in
                if pthread_equal(pthread_self(), caller) == 0 { onCaller.withLock { $0 = false } }
                return i * i
            }
            return (Parallel.callerIsDeprioritized, onCaller.withLock { $0 }, values)
        }
        #expect(outcome.deprioritized)
        #expect(outcome.onCaller, "an iteration ran on another thread")
        #expect(outcome.values == (0..<8).map { $0 * $0 })
    }

    @Test("inside atCallerPriority a deprioritized caller's iterations run on other threads too, at its nice value")
    func atCallerPriorityUsesThreadsAtTheCallersPriority() async throws {
        let outcome = await Self.onDeprioritizedThread {
            () -> (caller: Int32, nices: Set<Int32>, elsewhere: Bool, values: [Int], inOrderAfter: Bool) in
            let caller = pthread_self()
            let nices = Mutex(Set<Int32>()), elsewhere = Mutex(false)
            let anotherThreadRan = DispatchSemaphore(value: 0)
            let values = Parallel.atCallerPriority {
                Parallel.map(16) { i -> Int in
                    nices.withLock { _ = $0.insert(Self.nice) }
                    if pthread_equal(pthread_self(), caller) == 0 {
                        elsewhere.withLock { $0 = true }
                        anotherThreadRan.signal()
                    } else if i == 0, Parallel.processorCount > 1 {
                        // Taken by the caller, the first iteration waits until a thread of its
                        // own has run one (taken by a helper, that is one already).
                        _ = anotherThreadRan.wait(timeout: .now() + 10)
                    }
                    return i * i
                }
            }
            return (Self.nice, nices.withLock { $0 }, elsewhere.withLock { $0 }, values, Parallel.runsInOrder)
        }
        #expect(outcome.nices == [outcome.caller], "an iteration ran at another priority than its caller's")
        #expect(outcome.elsewhere == (Parallel.processorCount > 1))
        #expect(outcome.values == (0..<16).map { $0 * $0 })
        #expect(outcome.inOrderAfter, "outside atCallerPriority the caller computes in order again")
    }

    struct Failed: Error, Equatable { let i: Int }

    @Test("inside atCallerPriority the first iteration's error (by index) is thrown, once all have run")
    func atCallerPriorityThrowsTheFirstError() async {
        let outcome = await Self.onDeprioritizedThread { () -> (error: Failed?, ran: Int) in
            let ran = Atomic<Int>(0)
            do {
                _ = try Parallel.atCallerPriority {
                    try Parallel.map(12) { (i: Int) throws(Failed) -> Int in
                        ran.add(1, ordering: .relaxed)
                        if i % 5 == 3 { throw Failed(i: i) }
                        return i
                    }
                }
                return (nil, ran.load(ordering: .relaxed))
            } catch {
                return (error as? Failed, ran.load(ordering: .relaxed))
            }
        }
        #expect(outcome.error == Failed(i: 3))
        #expect(outcome.ran == 12)
    }

    @Test func aCallerAtTheMainThreadsPriorityGetsTheSameResults() {
        #expect(!Parallel.callerIsDeprioritized)
        #expect(Parallel.map(8) { $0 * $0 } == (0..<8).map { $0 * $0 })
        #expect(Parallel.atCallerPriority { Parallel.map(8) { $0 * $0 } } == (0..<8).map { $0 * $0 })
    }
}
