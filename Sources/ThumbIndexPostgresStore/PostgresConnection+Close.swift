import PostgresNIO

extension PostgresConnection {
    /// Closes the connection without waiting, keeping it alive until it is closed (postgres-nio
    /// asserts that a connection is closed before it is deinitialized).
    func closeInBackground() {
        close().whenComplete { _ in withExtendedLifetime(self) {} }
    }
}
