import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// A connection of its own that LISTENs on `thumbindex_changes` and calls `wake` for every
/// notification (every committed write sends one: see ``PostgresStore``).
///
/// When the connection drops (the server restarts, the network fails), it connects again after
/// 0.1 s, then 0.2, 0.4… up to 5 s between tries, and once it is back calls `wake` once, since
/// notifications sent meanwhile are lost. A hint only: readers poll as well.
///
/// It never blocks: everything runs on one event loop, as callbacks of postgres-nio's futures.
final class PostgresChangeWatcher: @unchecked Sendable {
    // @unchecked Sendable: `connection`, `stopped`, `delay` and `connectedBefore` are read and
    // written only on `eventLoop` (start and stop hop there), so never at once.
    private let eventLoop: any EventLoop
    private let location: PostgresLocation
    private let wake: @Sendable () -> Void
    private let logger = Logger(label: "thumbindex.postgres.watch", factory: { _ in SwiftLogNoOpLogHandler() })
    private var connection: PostgresConnection?
    private var stopped = false
    private var delay = firstDelay
    private var connectedBefore = false

    /// The channel every write notifies.
    static let channel = "thumbindex_changes"
    private static let firstDelay = TimeAmount.milliseconds(100)
    private static let longestDelay = TimeAmount.seconds(5)

    /// A watcher for the database at `location`; ``start()`` connects it.
    /// - Parameter wake: called on a NIO thread: keep it short (signal a queue).
    init(_ location: PostgresLocation, wake: @escaping @Sendable () -> Void) {
        self.eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        self.location = location
        self.wake = wake
    }

    /// Connects and starts listening.
    func start() {
        eventLoop.execute { self.connect() }
    }

    /// Stops listening and closes the connection (on the event loop, soon after this returns).
    func stop() {
        eventLoop.execute {
            self.stopped = true
            self.connection?.closeInBackground()
            self.connection = nil
        }
    }

    private func connect() {
        guard !stopped else { return }
        let wake = self.wake
        let logger = self.logger
        PostgresConnection.connect(on: eventLoop, configuration: location.configuration, id: 0, logger: logger)
            .flatMap { connection in
                connection.addListener(channel: Self.channel) { _, _ in wake() }
                return connection.query("LISTEN thumbindex_changes", logger: logger)
                    .map { _ in connection }
                    .flatMapError { error in connection.close().flatMapThrowing { withExtendedLifetime(connection) {}; throw error } }
            }
            .hop(to: eventLoop)
            .whenComplete { result in
                switch result {
                case let .success(connection): self.listening(on: connection)
                case .failure: self.retry()
                }
            }
    }

    private func listening(on connection: PostgresConnection) {
        if stopped {
            connection.closeInBackground()
            return
        }
        self.connection = connection
        delay = Self.firstDelay
        if connectedBefore { wake() }
        connectedBefore = true
        connection.closeFuture.hop(to: eventLoop).whenComplete { _ in
            self.connection = nil
            self.retry()
        }
    }

    private func retry() {
        guard !stopped else { return }
        eventLoop.scheduleTask(in: delay) { self.connect() }
        delay = TimeAmount.nanoseconds(min(delay.nanoseconds * 2, Self.longestDelay.nanoseconds))
    }
}
