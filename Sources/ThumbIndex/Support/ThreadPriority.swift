#if canImport(Glibc)
import Glibc
#endif

/// The CPU priority (`nice` value) of threads. Linux keeps it per thread: `who` 0 names the
/// calling thread and the process id its main thread (setpriority(2), "Bugs"). Elsewhere the
/// values are unknown (nil) and nothing is changed.
package enum ThreadPriority {
    /// The calling thread's nice value.
    package static var callerNiceness: Int32? { niceness(of: 0) }

    /// The main thread's nice value.
    package static var mainNiceness: Int32? {
        #if os(Linux)
        return niceness(of: id_t(getpid()))
        #else
        return nil
        #endif
    }

    /// Raises the calling thread's nice value by `amount` (to at most 19): a lower priority.
    /// Raising it needs no privilege; if it fails, the thread keeps its priority.
    package static func lowerCaller(by amount: Int32) {
        #if os(Linux)
        if let started = callerNiceness {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, min(19, started + amount))
        }
        #endif
    }

    private static func niceness(of who: id_t) -> Int32? {
        #if os(Linux)
        errno = 0
        let value = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), who)
        return errno == 0 ? value : nil  // -1 is a valid nice value: errno tells an error
        #else
        return nil
        #endif
    }
}
