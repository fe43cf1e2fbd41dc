import Synchronization

/// A value behind a `Mutex` whose every handoff ThreadSanitizer can see.
///
/// On Linux a contended `Mutex` hands the lock over inside the kernel (a priority-inheriting
/// futex), where ThreadSanitizer sees neither the release nor the acquire, so it reports the next
/// holder's access to the value as a race (`scripts/sanitize thread` did, for `EditableListing`).
/// An acquire at the start of each critical section and a release at its end, on an atomic counter,
/// mirror the handoff in instrumented code: TSan then sees the order the lock gives and goes on
/// checking everything else. The cost is one uncontended atomic load and add per lock.
struct Locked<Value: Sendable>: ~Copyable, Sendable {
    private let mutex: Mutex<Value>
    /// Added to (releasing) when a critical section ends; read (acquiring) when one starts.
    private let handoffs = Atomic<Int>(0)

    init(_ value: Value) { mutex = Mutex(value) }

    /// Runs `body` on the value while holding the lock.
    borrowing func withLock<Result: Sendable, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
            _ = handoffs.load(ordering: .acquiring)
            defer { handoffs.wrappingAdd(1, ordering: .releasing) }
            return try body(&value)
        }
    }
}
