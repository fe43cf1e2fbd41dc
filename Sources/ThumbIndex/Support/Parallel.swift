import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs work on all cores.
enum Parallel {
    /// Whether the calling thread's `nice` value is higher than the main thread's.
    static var callerIsDeprioritized: Bool {
        guard let caller = ThreadPriority.callerNiceness, let main = ThreadPriority.mainNiceness else { return false }
        return caller > main
    }

    /// Whether ``map(_:worthThreads:_:)`` and ``both(worthThreads:_:and:)`` run their work in
    /// order on the calling thread, whatever its size: a deprioritized caller does, unless it is
    /// inside ``atCallerPriority(_:)``.
    static var runsInOrder: Bool { callerIsDeprioritized && !threadsAtCallerPriority }

    /// Set by ``atCallerPriority(_:)`` for the work inside it (a task-local value: it reaches
    /// neither the pool's threads nor those that ``map(_:worthThreads:_:)`` starts).
    @TaskLocal private static var threadsAtCallerPriority = false

    /// Runs `body`, in which ``map(_:worthThreads:_:)`` and ``both(worthThreads:_:and:)`` called
    /// from a deprioritized thread use every core all the same: on threads of their own, which
    /// take the caller's `nice` value (Linux), so the work stays below what the priority keeps it
    /// below. For work that someone waits for on a thread of lower priority: a server's read
    /// worker making the dial-pad index for the first dial-pad query (see `SearchIndex.dialpadRows`).
    /// Work nested in an iteration runs in order on that iteration's thread.
    static func atCallerPriority<T>(_ body: () throws -> T) rethrows -> T {
        try $threadsAtCallerPriority.withValue(true) { try body() }
    }

    /// The number of online processors.
    static let processorCount: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// `0..<count` cut into at most `perProcessor` × `processorCount` ranges of at least
    /// `minimumSize` (at least one range). More ranges than cores share out work whose cost is
    /// uneven along the rows (a listing's scripts come one after the other).
    static func chunks(_ count: Int, minimumSize: Int, perProcessor: Int = 1) -> [Range<Int>] {
        let parts = max(1, min(processorCount * perProcessor, count / max(minimumSize, 1)))
        return (0..<parts).map { i in (count * i / parts)..<(count * (i + 1) / parts) }
    }

    /// `body(0..<count)` computed concurrently, in order. When iterations throw, the error of the
    /// first of them (by index) is thrown once every iteration has finished.
    ///
    /// A caller of lower priority than the process's main thread (a server's maintenance thread,
    /// which `nice` keeps below the reads) computes every iteration itself, in order: the pool's
    /// threads run at the main thread's priority, and would take the cores from the reads. So does
    /// a caller that says the work is too small to be worth other threads (`worthThreads` false).
    /// Inside ``atCallerPriority(_:)``, a deprioritized caller computes the iterations on threads
    /// of its own instead (see ``onOwnThreads(_:_:)``).
    static func map<T: Sendable, E: Error>(_ count: Int, worthThreads: Bool = true,
                                           _ body: (Int) throws(E) -> T) throws(E) -> [T] {
        let deprioritized = callerIsDeprioritized
        if count == 1 || !worthThreads || (deprioritized && !threadsAtCallerPriority) {
            return try (0..<count).map { i throws(E) -> T in try body(i) }
        }
        let results = Mutex<[Result<T, E>?]>(Array(repeating: nil, count: count))
        withoutActuallyEscaping(body) { body in
            // Both return only after every iteration has finished, so `body` does not escape.
            nonisolated(unsafe) let body = body
            let iteration = { @Sendable (i: Int) in
                let value = Result { () throws(E) -> T in try body(i) }
                results.withLock { $0[i] = value }
            }
            if deprioritized {
                onOwnThreads(count, iteration)
            } else {
                DispatchQueue.concurrentPerform(iterations: count, execute: iteration)
            }
        }
        let collected = results.withLock { $0 }
        return try collected.map { (result: Result<T, E>?) throws(E) -> T in try result!.get() }
    }

    /// `iteration(i)` for every `i` in `0..<count`, on the calling thread and up to one new thread
    /// per other core, each taking the next `i` in turn; returns when every one has finished. A
    /// new thread takes the caller's `nice` value (Linux), where the pool's threads have the main
    /// thread's.
    private static func onOwnThreads(_ count: Int, _ iteration: (Int) -> Void) {
        final class Counter: Sendable { let next = Atomic<Int>(0) }
        let counter = Counter()
        withoutActuallyEscaping(iteration) { iteration in
            nonisolated(unsafe) let iteration = iteration
            let work = {
                while true {
                    let i = counter.next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard i < count else { return }
                    iteration(i)
                }
            }
            let helpers = (1..<min(processorCount, count)).map { _ in OtherThread(work: work) }
            for helper in helpers { helper.start() }
            work()
            // Each helper lets go of `work` before it signals (see `OtherThread`): nothing has escaped.
            for helper in helpers { helper.done.wait() }
        }
    }

    /// `first()` on the calling thread and `second()` on a thread of its own, concurrently; each may
    /// run parallel work inside. When either throws, the first's error is thrown once both have
    /// finished.
    ///
    /// Not through ``map(_:worthThreads:_:)``: Dispatch runs a `concurrentPerform` nested in another's iteration
    /// on that iteration's thread alone, so `first()`'s own parallel work would lose a core. The new
    /// thread inherits the caller's `nice` value (Linux); a deprioritized caller runs both itself, in
    /// order, as ``map(_:worthThreads:_:)`` does (but inside ``atCallerPriority(_:)``), and so does
    /// one whose work is too small to be worth a thread (`worthThreads` false: a new thread costs
    /// tens of microseconds).
    static func both<A, B: Sendable>(worthThreads: Bool = true, _ first: () throws -> A,
                                     and second: () throws -> B) throws -> (A, B) {
        if !worthThreads || runsInOrder { return (try first(), try second()) }
        return try withoutActuallyEscaping(second) { second in
            let other = OtherThread(work: second)
            other.start()
            let a = Result { try first() }
            other.done.wait()
            return (try a.get(), try other.result!.get())
        }
    }

    /// `body(row)` for every row of `column`, computed in parallel chunks, in row order: a pass over
    /// a listing's rows that reads only the row itself.
    static func rows<T: Sendable>(of column: TextColumn, _ body: (Int) -> T) -> [T] {
        let chunks = rowChunks(column)
        let parts = map(chunks.count) { c in chunks[c].map(body) }
        return parts.count == 1 ? parts[0] : Array(parts.joined())
    }

    /// Whether `predicate(row)` holds for every row of `column`, checked in parallel chunks; each
    /// chunk stops at its first row that fails.
    static func allRows(of column: TextColumn, satisfy predicate: (Int) -> Bool) -> Bool {
        let chunks = rowChunks(column)
        return map(chunks.count) { c in chunks[c].allSatisfy(predicate) }.allSatisfy { $0 }
    }

    /// The chunks of ``rows(of:_:)`` and ``allRows(of:satisfy:)``: one per core, of at least 32,768 rows.
    private static func rowChunks(_ column: TextColumn) -> [Range<Int>] { chunks(column.count, minimumSize: 1 << 15) }
}

/// The work ``Parallel/both(_:and:)`` runs on a thread of its own, and what it gives back.
///
/// `@unchecked Sendable`: the thread alone touches `work` and `result` until it signals `done`, and
/// the caller reads `result` only after waiting for `done`. The thread lets go of `work` before it
/// signals, so that the closure has not escaped when `withoutActuallyEscaping` ends.
private final class OtherThread<B>: @unchecked Sendable {
    private var work: (() throws -> B)?
    private(set) var result: Result<B, any Error>?
    let done = DispatchSemaphore(value: 0)

    init(work: @escaping () throws -> B) { self.work = work }

    /// Runs the work on a new thread, which signals `done` when it has finished.
    func start() {
        Thread.detachNewThread { [self] in
            run()
            done.signal()
        }
    }

    private func run() {
        let work = self.work.take()!
        result = Result { try work() }
    }
}
