import Logging
import NIOCore
import PostgresNIO

/// The connection of a ``PostgresConnectionBox`` while one caller holds it: queries that block the
/// calling thread until their answer (see the box for why that is safe here), and transactions.
struct PostgresSession {
    let connection: PostgresConnection
    let logger: Logger

    /// Runs `query` and returns its rows, waiting for them.
    @discardableResult
    func query(_ query: PostgresQuery) throws -> PostgresQueryResult {
        try connection.query(query, logger: logger).wait()
    }

    /// Sends `query` without waiting: queries sent one after the other are pipelined on the
    /// connection and answered in order. Wait for the result with ``wait(_:)``.
    func send(_ query: PostgresQuery) -> EventLoopFuture<PostgresQueryResult> {
        connection.query(query, logger: logger)
    }

    /// Waits for a query sent with ``send(_:)``.
    @discardableResult
    func wait(_ result: EventLoopFuture<PostgresQueryResult>) throws -> PostgresQueryResult {
        try result.wait()
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
