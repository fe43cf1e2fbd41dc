import Dispatch
import NIOCore
import NIOPosix

/// Where `serve` runs its Swift concurrency: on the NIO event loops that carry its connections,
/// not on Swift's cooperative pool beside them.
///
/// Hummingbird handles each connection in a task. On the cooperative pool, a request crossed
/// threads twice: the event loop read it and woke a pool thread for the handler, which handed the
/// answer back to the loop. With the event loops as Swift's global executor, a task resumed from
/// a loop runs on that loop, so a keystroke is read, computed (``ReadGate`` at an idle gate) and
/// answered on one thread. At 1.4M GeoNames items that cut the server's CPU per keystroke by about
/// a tenth and the keystroke p99 through 200 writes/s by about a sixth (at 10M people a fifth to
/// a third, two runs). The writes pay for it: a write's task resumes from the write queue on
/// whichever loop comes next, and waits there behind the keystroke it computes; its median took a
/// tenth longer at 1.4M and 1.6–1.7× as long at 10M
/// (Benchmarks/results/2026-11-26-scale.md, twenty-seventh session).
///
/// What it asks of the server's tasks:
/// - **No waiting on an NIO future.** NIO refuses `EventLoopFuture.wait()` on an event-loop
///   thread (it could wait for its own loop). The PostgreSQL store's calls wait so: a task calls a
///   store through ``offEventLoops(_:)`` or on the write queue (``ListingWriter``), never directly.
/// - **No long blocking.** A task that computes or blocks holds its loop's other connections
///   meanwhile, as it held a pool thread before. Reads under load compute on ``ReadGate``'s
///   workers, and so does one known to be long (`FilterQuery.isShort(on:)`: the first dial-pad
///   query of a large listing held its loop for 3.6–3.9 s at 1.4M items); a write's body larger
///   than a few items is decoded off the loops (`WriteBodies.decodedInPlaceBytes`: a whole
///   listing's `PUT` held its loop for 0.3–0.4 s), and an item is looked up by id there (the
///   first lookup hashes every id: 0.3 s).
///
/// NIO installs the hook once per process; tests that build an application in-process leave it
/// out and run on the cooperative pool, which the same code is correct on.
package enum EventLoopConcurrency {
    /// Makes NIO's singleton event-loop group (the one Hummingbird serves on) Swift's global
    /// executor, once per process: from `serve`, after the store is loaded (loading waits on the
    /// store) and before the server runs. Returns false when it could not be installed: tasks
    /// then run on Swift's cooperative pool, as before.
    @discardableResult
    package static func install() -> Bool {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }

    /// Runs `body` on a Dispatch worker thread and returns what it returns, or throws what it
    /// throws: for a blocking call from a task, such as a store's read.
    package static func offEventLoops<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }
}
