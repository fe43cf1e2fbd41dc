import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import ThumbIndexStore

/// One PostgreSQL connection that one caller at a time uses from an ordinary thread, blocking it
/// until PostgreSQL answers: the bridge from the store's synchronous API to postgres-nio.
///
/// **Blocking, and where.** Every query is an `EventLoopFuture` that the calling thread waits for
/// (``PostgresSession``'s `wait()`), while a NIO event loop thread does the I/O. The caller is a
/// Dispatch queue's thread or the CLI's main thread: it is not an event loop (where `wait()` would
/// deadlock, and traps) and not one of Swift concurrency's cooperative threads (of which there are
/// as many as cores, two in CI: blocking one would stall every task). No `Task` is involved, so
/// nothing waits on the cooperative pool either. This file and ``PostgresSession`` are the only
/// places that block.
///
/// **Failures.** The connection is made on first use. A connection or I/O failure (the server
/// restarting, a dropped socket) closes it and throws `StoreError.unavailable`; the next call
/// connects again, so the store recovers without being reopened. PostgreSQL rolls back a
/// transaction whose connection died.
final class PostgresConnectionBox: @unchecked Sendable {
    // @unchecked Sendable: `connection` and `closed` are read and written only while `lock` is
    // held, and the lock is held for a whole call, so one caller at a time uses the connection.
    private let lock = NSLock()
    private var connection: PostgresConnection?
    private var closed = false
    private let location: PostgresLocation
    private let logger: Logger

    init(_ location: PostgresLocation, logger: Logger) {
        self.location = location
        self.logger = logger
    }

    deinit {
        connection?.closeInBackground()
    }

    /// Runs `body` with the connection, connecting first when there is none.
    ///
    /// Errors of PostgreSQL and of the network come out as `StoreError`s naming the store's URL
    /// (``StoreError/init(postgres:location:)``); what `body` throws of its own passes through.
    func run<T>(_ body: (PostgresSession) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        if closed { throw StoreError.database(path: location.url, message: "the store is closed") }
        do {
            return try body(PostgresSession(connection: try connected(), logger: logger))
        } catch {
            guard let mapped = StoreError(postgres: error, location: location.url) else { throw error }
            switch mapped {
            case .unavailable, .cannotOpen: drop()
            default: break
            }
            throw mapped
        }
    }

    /// Closes the connection; later calls throw.
    func close() {
        lock.lock()
        defer { lock.unlock() }
        closed = true
        drop()
    }

    /// The open connection, made when there is none or the last one was closed.
    private func connected() throws -> PostgresConnection {
        if let connection, !connection.isClosed { return connection }
        connection = nil
        let made = try PostgresConnection.connect(on: MultiThreadedEventLoopGroup.singleton.next(),
                                                  configuration: location.configuration,
                                                  id: 1, logger: logger).wait()
        connection = made
        return made
    }

    /// Forgets the connection, closing it in the background.
    private func drop() {
        connection?.closeInBackground()
        connection = nil
    }
}
