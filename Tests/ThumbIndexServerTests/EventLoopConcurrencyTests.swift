import NIOCore
import NIOPosix
import Testing
@testable import ThumbIndexServer

/// `EventLoopConcurrency.offEventLoops`: under `serve` a task runs on an event loop, where NIO
/// traps on `EventLoopFuture.wait()` (the PostgreSQL store's calls wait so). The body must run
/// on a thread that is no event loop, and its value and error come back to the task.
///
/// `serve` makes the event loops Swift's global executor, once per process; a test cannot. It
/// prefers an event loop as the task's executor instead (`onAnEventLoop`, Support/).
@Suite("Event-loop concurrency")
struct EventLoopConcurrencyTests {
    @Test func aBodyRunsOffTheEventLoopsAndItsValueComesBack() async throws {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let (callerOnALoop, (value, bodyOnALoop)) = try await onAnEventLoop {
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
            try await onAnEventLoop { try await EventLoopConcurrency.offEventLoops { () throws -> Int in throw ChannelError.ioOnClosedChannel } }
        }
    }
}
