import Foundation
import Synchronization
import ThumbIndex

/// Threads of their own, at the server's CPU priority or lower, that run jobs in arrival order:
/// where reads compute (``ReadGate``), where merges, saves and checksums run (``ListingWriter``'s
/// maintenance), each below what must answer at once, and where a merge's old base is let go of.
///
/// The priority is the thread's `nice` value, raised by ``niceness`` over the value of the thread
/// that started it (Linux keeps it per thread; raising it needs no privilege). Linux gives a
/// thread at nice 0 about nine times the CPU share of one at +10, and one at +10 about three times
/// that of one at +15, and lets the higher one preempt when it wakes. So the server's own threads
/// (event loops, the write queue) come first, then the reads, then the maintenance; and each uses
/// every cycle the ones above it leave. (The write queue is a serial Dispatch queue, whose thread
/// libdispatch ran at nice −4 on this project's VM; one at nice 0 or +10 measured no better.)
///
/// The threads end when the queue is released (after the job they run, if any).
package final class ThreadQueue: Sendable {
    /// Threads that run jobs.
    package let threads: Int
    /// How much higher the threads' `nice` value is than their starter's (at most 19 in all).
    package let niceness: Int32

    private struct State {
        var jobs: [@Sendable () -> Void] = []
        /// Index of the first job still queued.
        var head = 0
    }

    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)

    /// Starts `threads` (at least 1) threads named `name-k` at `niceness` over the caller's.
    package init(name: String, threads: Int, niceness: Int32) {
        precondition(threads >= 1, "ThreadQueue: at least one thread")
        self.threads = threads
        self.niceness = niceness
        let available = available, niceness = niceness
        for k in 0..<threads {
            let threadName = threads == 1 ? name : "\(name)-\(k)"
            // The thread holds the queue only while it runs a job: releasing the queue ends it.
            let thread = Thread { [weak self] in
                ThreadPriority.lowerCaller(by: niceness)
                Self.nameCaller(threadName)
                while true {
                    available.wait()
                    guard let queue = self else { return }
                    queue.runNext()
                }
            }
            thread.name = threadName
            thread.start()
        }
    }

    /// Names the calling thread for `top -H`, `perf` and /proc (Foundation leaves a new thread the
    /// name of the one that started it, on Linux a Dispatch worker's, "oot.default-qos"): `name`
    /// without its "thumbindex-" prefix (the process says that), in the kernel's 15 bytes.
    private static func nameCaller(_ name: String) {
        #if os(Linux)
        let short = name.hasPrefix("thumbindex-") ? String(name.dropFirst("thumbindex-".count)) : name
        // (`pthread_setname_np` and `prctl` are not visible from Swift: the thread's own comm file.)
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array(short.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        #endif
    }

    deinit {
        for _ in 0..<threads { available.signal() }  // each thread wakes, finds no queue, ends
    }

    /// Queues `job` behind the jobs queued before it.
    package func async(_ job: @escaping @Sendable () -> Void) {
        state.withLock { $0.jobs.append(job) }
        available.signal()
    }

    /// Queues `job` once `delay` has passed.
    package func async(after delay: Duration, _ job: @escaping @Sendable () -> Void) {
        let nanoseconds = delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { [self] in async(job) }
    }

    /// What a job's slot holds once the job is taken.
    private static let ran: @Sendable () -> Void = {}

    /// Runs the first queued job (one was signalled).
    private func runNext() {
        let job = state.withLock { state -> (@Sendable () -> Void) in
            let job = state.jobs[state.head]
            // The slot lets go of the job, and of what it captured, once it has run: not when the
            // queue next runs dry (a merge's job holds the old listing, whose base is freed as soon
            // as nothing holds it).
            state.jobs[state.head] = Self.ran
            state.head += 1
            if state.head == state.jobs.count {
                state.jobs.removeAll(keepingCapacity: true)
                state.head = 0
            } else if state.head >= 1024 && state.head * 2 >= state.jobs.count {
                state.jobs.removeFirst(state.head)  // never empty under a steady load: compact
                state.head = 0
            }
            return job
        }
        job()
    }
}
