import Logging
import NIOCore
import PostgresNIO

/// The connection of a ``PostgresConnectionBox`` while one caller holds it: queries that block the
/// calling thread until their answer (see the box for why that is safe here), and transactions.
struct PostgresSession {
    let connection: PostgresConnection
    let logger: Logger

    /// How long an ordinary statement may take before the connection is given up as dead: a
    /// query sent just as PostgreSQL restarts can otherwise stay unanswered for ever (seen with
    /// `pg_ctl restart -m fast`), holding the caller — the server's write queue — with it.
    static let timeout = TimeAmount.seconds(2)
    /// How long a bulk statement may take (an import's chunk of rows, deleting a listing's items,
    /// ANALYZE).
    static let bulkTimeout = TimeAmount.minutes(10)

    /// No answer within the session's timeout: the connection is dropped, and the call reported
    /// `StoreError.unavailable`.
    struct Timeout: Error, CustomStringConvertible {
        let amount: TimeAmount
        var description: String { "PostgreSQL did not answer within \(amount.nanoseconds / 1_000_000_000) s" }
    }

    /// Runs `query` and returns its rows, waiting for them at most `timeout`.
    @discardableResult
    func query(_ query: PostgresQuery, timeout: TimeAmount = Self.timeout) throws -> PostgresQueryResult {
        try wait(connection.query(query, logger: logger), timeout: timeout)
    }

    /// Sends `query` without waiting: queries sent one after the other are pipelined on the
    /// connection and answered in order. Wait for the result with ``wait(_:)``.
    func send(_ query: PostgresQuery) -> EventLoopFuture<PostgresQueryResult> {
        connection.query(query, logger: logger)
    }

    /// Waits for a query sent with ``send(_:)``, at most `timeout` (then throws ``Timeout``).
    @discardableResult
    func wait(_ result: EventLoopFuture<PostgresQueryResult>, timeout: TimeAmount = Self.timeout) throws -> PostgresQueryResult {
        let loop = result.eventLoop
        let bounded = loop.makePromise(of: PostgresQueryResult.self)
        // Both closures run on `loop`; a promise completed twice keeps its first result.
        let timer = loop.scheduleTask(in: timeout) { bounded.fail(Timeout(amount: timeout)) }
        result.whenComplete { outcome in
            timer.cancel()
            bounded.completeWith(outcome)
        }
        return try bounded.futureResult.wait()
    }

    /// Runs `body` in a transaction begun with `begin`; commits when `body` returns `commit: true`,
    /// rolls back when it returns false or throws.
    ///
    /// When the connection dies, the ROLLBACK cannot be sent: PostgreSQL rolls the transaction
    /// back itself when it sees the connection go, and the error thrown is the connection's.
    func transaction<T>(_ begin: PostgresQuery = "BEGIN", _ body: () throws -> (value: T, commit: Bool)) throws -> T {
        try query(begin)
        let result: (value: T, commit: Bool)
        do {
            result = try body()
        } catch {
            _ = try? query("ROLLBACK")
            throw error
        }
        try query(result.commit ? "COMMIT" : "ROLLBACK")
        return result.value
    }
}
