import Synchronization

/// A value made the first time it is asked for, then kept: thread-safe, and made once even when
/// several threads ask at once (the others wait for it).
final class LazyValue<Value: Sendable>: Sendable {
    private let state = Mutex<Value?>(nil)

    init() {}

    /// The value, made by `make` when it is not there yet. A `make` that throws leaves it unmade.
    func value(_ make: () throws -> Value) throws -> Value {
        try state.withLock { stored in
            if let stored { return stored }
            let made = try make()
            stored = made
            return made
        }
    }

    /// The value when it has been made.
    var ifBuilt: Value? { state.withLock { $0 } }
}
