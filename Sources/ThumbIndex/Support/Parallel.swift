import Dispatch
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

    /// The number of online processors.
    static let processorCount: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// `0..<count` cut into at most `processorCount` ranges of at least `minimumSize` (at least one range).
    static func chunks(_ count: Int, minimumSize: Int) -> [Range<Int>] {
        let parts = max(1, min(processorCount, count / max(minimumSize, 1)))
        return (0..<parts).map { i in (count * i / parts)..<(count * (i + 1) / parts) }
    }

    /// `body(0..<count)` computed concurrently, in order. When iterations throw, the error of the
    /// first of them (by index) is thrown once every iteration has finished.
    ///
    /// A caller of lower priority than the process's main thread (a server's maintenance thread,
    /// which `nice` keeps below the reads) computes every iteration itself, in order: the pool's
    /// threads run at the main thread's priority, and would take the cores from the reads.
    static func map<T: Sendable, E: Error>(_ count: Int, _ body: (Int) throws(E) -> T) throws(E) -> [T] {
        if count == 1 || callerIsDeprioritized { return try (0..<count).map { i throws(E) -> T in try body(i) } }
        let results = Mutex<[Result<T, E>?]>(Array(repeating: nil, count: count))
        withoutActuallyEscaping(body) { body in
            // concurrentPerform returns only after every iteration has finished, so `body` does not escape.
            nonisolated(unsafe) let body = body
            DispatchQueue.concurrentPerform(iterations: count) { i in
                let value = Result { () throws(E) -> T in try body(i) }
                results.withLock { $0[i] = value }
            }
        }
        let collected = results.withLock { $0 }
        return try collected.map { (result: Result<T, E>?) throws(E) -> T in try result!.get() }
    }
}
