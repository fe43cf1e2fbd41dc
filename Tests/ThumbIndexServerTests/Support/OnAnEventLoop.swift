import NIOCore
import NIOPosix

/// Runs a task's jobs on `loop`: a test's stand-in for `serve`'s event loops as Swift's global
/// executor (``EventLoopConcurrency``), which a process installs once and a test cannot.
final class LoopExecutor: TaskExecutor {
    let loop: any EventLoop

    init(_ loop: any EventLoop) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// `body` in a task that prefers an event loop as its executor (SE-0417), which puts the task's
/// nonisolated async code on that loop as `serve` does; also whether the task did run on it.
func onAnEventLoop<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> (onALoop: Bool, value: T) {
    try await withTaskExecutorPreference(LoopExecutor(MultiThreadedEventLoopGroup.singleton.next())) {
        let onALoop = MultiThreadedEventLoopGroup.currentEventLoop != nil
        return (onALoop, try await body())
    }
}
