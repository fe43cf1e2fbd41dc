import Foundation
import Synchronization
import Testing
import ThumbIndex
@testable import ThumbIndexServer

/// `ReadGate`: never more reads computing than its workers, every read served, in arrival order;
/// one at an idle gate where it is, the others on threads of lower priority than the server's.
@Suite("The read gate")
struct ReadGateTests {
    @Test func neverMoreReadsRunAtOnceThanThePermitsAndEveryReadRuns() async throws {
        for permits in [1, 2, 3] {
            let gate = ReadGate(permits: permits)
            let counts = Shared((running: 0, most: 0, done: 0))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<200 {
                    group.addTask {
                        try await gate.run {
                            counts.withLock { $0.running += 1; $0.most = max($0.most, $0.running) }
                            var x = 0
                            for i in 0..<20_000 { x &+= i &* i }  // a little work, so that reads overlap
                            precondition(x != 1)
                            counts.withLock { $0.running -= 1; $0.done += 1 }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let final = counts.withLock { $0 }
            #expect(final.done == 200)
            #expect(final.most >= 1 && final.most <= permits, "\(final.most) reads ran at once with \(permits) permits")
            try await waitUntil { gate.load == (0, 0) }  // the last worker counts itself out after resuming
        }
    }

    @Test func readsThatWaitRunInTheOrderTheyArrived() async throws {
        // The first read blocks its thread: on a worker, not on one of the cooperative pool's.
        let gate = ReadGate(permits: 1, inlineWhenIdle: false)
        let release = Shared(DispatchSemaphore(value: 0)).value
        let order = Shared<[Int]>([])
        // The first read holds the only permit until released (blocking its thread briefly).
        let holder = Task { try await gate.run { release.wait() } }
        try await waitUntil { gate.load.running == 1 }
        var waiters: [Task<Void, Error>] = []
        for i in 0..<5 {
            waiters.append(Task { try await gate.run { order.withLock { $0.append(i) } } })
            try await waitUntil { gate.load.waiting == i + 1 }  // queued before the next one comes
        }
        release.signal()
        try await holder.value
        for waiter in waiters { try await waiter.value }
        #expect(order.withLock { $0 } == [0, 1, 2, 3, 4])
        try await waitUntil { gate.load == (0, 0) }
    }

    @Test func aThrowingReadGivesItsWorkerBack() async throws {
        struct Failure: Error {}
        let gate = ReadGate(permits: 1)
        await #expect(throws: Failure.self) { try await gate.run { throw Failure() } }
        #expect(try await gate.run { 42 } == 42)
        try await waitUntil { gate.load == (0, 0) }
    }

    @Test func aReadAtAnIdleGateComputesWhereItIsAtItsCallersPriority() async throws {
        let gate = ReadGate(permits: 1)
        // Nothing suspends between the two: the read computes on the caller's thread.
        let caller = ThreadPriority.callerNiceness
        let inline = try await gate.run { ThreadPriority.callerNiceness }
        #expect(caller != nil && inline == caller, "a read at an idle gate computed at nice \(String(describing: inline)), its caller is at \(String(describing: caller))")
        #expect(gate.load == (0, 0))
    }

    @Test func readsOnTheWorkersRunAtALowerPriorityThanTheServer() async throws {
        let gate = ReadGate(permits: 1, inlineWhenIdle: false)
        let serverNiceness = ThreadPriority.callerNiceness
        let worker = try await gate.run { ThreadPriority.callerNiceness }
        let server = try #require(serverNiceness)
        #expect(worker == min(19, server + ReadGate.niceness), "a worker's nice value is \(String(describing: worker)), the server's \(server)")
    }

    @Test func aReadItsCallerKnowsToBeLongComputesOnAWorkerAtAnIdleGate() async throws {
        let gate = ReadGate(permits: 1)
        let server = try #require(ThreadPriority.callerNiceness)
        let worker = try await gate.run(mayComputeHere: false) { ThreadPriority.callerNiceness }
        #expect(worker == min(19, server + ReadGate.niceness), "the read computed at nice \(String(describing: worker)), the server is at \(server)")
        #expect(gate.load == (0, 0))
    }

    @Test func routersShareOneGatePerNumberOfWorkers() {
        #expect(ReadGate.shared(permits: 3) === ReadGate.shared(permits: 3))
        #expect(ReadGate.shared(permits: 3).permits == 3 && ReadGate.shared(permits: 4).permits == 4)
    }

    /// A value behind a lock that tasks share.
    final class Shared<Value: Sendable>: Sendable {
        private let mutex: Mutex<Value>
        init(_ value: Value) { mutex = Mutex(value) }
        var value: Value { mutex.withLock { $0 } }
        func withLock<R>(_ body: (inout Value) -> R) -> R { mutex.withLock { body(&$0) } }
    }

    /// Polls `condition` for up to ten minutes: generous, because in a full `swift test` on two
    /// cores the synchronous property suites can hold the cooperative pool (and so the tasks this
    /// test starts) for most of the run: once, a 142 s run kept it past two minutes.
    private func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(600)
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("condition not reached within 600 s")
                return
            }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}
