import Foundation
import Synchronization
import Testing
@testable import ThumbIndexServer

/// `ThreadQueue`: what a job captured is let go of once the job has run, not when the queue next
/// runs dry (a merge's job holds the old listing, whose base the server frees as soon as nothing
/// holds it).
@Suite("Thread queues")
struct ThreadQueueTests {
    final class Captured: Sendable {}

    @Test func aJobLetsGoOfWhatItCapturedOnceItHasRun() {
        let queue = ThreadQueue(name: "thumbindex-test", threads: 1, niceness: 0)
        let firstRan = DispatchSemaphore(value: 0), secondRuns = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        var captured: Captured? = Captured()
        weak let watched = captured
        queue.async { [captured] in
            withExtendedLifetime(captured) {}
            firstRan.signal()
        }
        captured = nil
        // Two more jobs, so that the queue does not run dry when the first is done: the second
        // holds the thread until the check below, the third waits behind it.
        queue.async {
            secondRuns.signal()
            gate.wait()
        }
        queue.async {}
        firstRan.wait()
        secondRuns.wait()
        #expect(watched == nil, "the first job, run, still holds what it captured")
        gate.signal()
    }

    @Test func threadsAreNamedForTheSystemsTools() throws {
        let queue = ThreadQueue(name: "thumbindex-maintenance", threads: 2, niceness: 0)
        let names = Mutex<[String]>([])
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            queue.async {
                #if os(Linux)
                // What /proc, `top -H` and `perf` show.
                let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
                names.withLock { $0.append(comm.trimmingCharacters(in: .whitespacesAndNewlines)) }
                #endif
                done.signal()
            }
        }
        done.wait()
        done.wait()
        #if os(Linux)
        #expect(Set(names.withLock { $0 }).isSubset(of: ["maintenance-0", "maintenance-1"]), "\(names.withLock { $0 })")
        #endif
    }
}
