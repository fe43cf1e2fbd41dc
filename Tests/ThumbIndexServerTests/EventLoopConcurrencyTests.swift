import NIOCore
import NIOPosix
import Testing
@testable import ThumbIndexServer

/// `EventLoopConcurrency.offEventLoops`: under `serve` a task runs on an event loop, where NIO
/// traps on `EventLoopFuture.wait()` (the PostgreSQL store's calls wait so). The body must run
/// on a thread that is no event loop, and its value and error come back to the task.
///
/// `serve` makes the event loops Swift's global executor, once per process; a test cannot. It
/// prefers an event loop as the task's executor instead (SE-0417), which puts the task's
/// nonisolated async code, `offEventLoops` included, on that loop as the global executor does.
@Suite("Event-loop concurrency")
struct EventLoopConcurrencyTests {
    /// Runs a task's jobs on `loop`.
    final class LoopExecutor: TaskExecutor {
        let loop: any EventLoop

        init(_ loop: any EventLoop) { self.loop = loop }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        }
    }

    /// `body` in a task whose code runs on an event loop; also whether it did.
    func onALoop<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> (onALoop: Bool, value: T) {
        try await withTaskExecutorPreference(LoopExecutor(MultiThreadedEventLoopGroup.singleton.next())) {
            let onALoop = MultiThreadedEventLoopGroup.currentEventLoop != nil
            return (onALoop, try await body())
        }
    }

    @Test func aBodyRunsOffTheEventLoopsAndItsValueComesBack() async throws {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let (callerOnALoop, (value, bodyOnALoop)) = try await onALoop {
            try await EventLoopConcurrency.offEventLoops {
                // On an event loop's thread NIO would trap on this wait().
                let onALoop = MultiThreadedEventLoopGroup.currentEventLoop != nil
                return (onALoop ? -1 : try loop.makeSucceededFuture(7).wait(), onALoop)
            }
        }
        #expect(callerOnALoop, "the caller did not run on an event loop: the test proves nothing")
        #expect(!bodyOnALoop, "the body ran on an event loop")
        #expect(value == 7)
    }

    @Test func aBodysErrorIsThrownToTheCaller() async throws {
        await #expect(throws: ChannelError.self) {
            try await onALoop { try await EventLoopConcurrency.offEventLoops { () throws -> Int in throw ChannelError.ioOnClosedChannel } }
        }
    }
}
