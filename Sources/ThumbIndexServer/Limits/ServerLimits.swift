import Foundation

/// What one client may take from the server: how long it may take to send a request, how big the
/// request may be, and how many connections may be open at once.
///
/// The defaults are for a server on the open internet that answers small keystroke queries and
/// takes write batches of up to 4 MiB; `thumbindex serve` has a flag for each.
///
/// A connection goes through these phases, each with its own clock (a deadline, which
/// ``LimitedHTTP1Channel`` keeps with one timer per connection); when a clock runs out the
/// connection is closed without an answer:
///
/// | phase | ends when | limit |
/// | --- | --- | --- |
/// | waiting for a request head | the head (request line and headers) is complete | ``headerTimeout`` from the connection's opening, or from the first byte of a later request |
/// | reading the body | the body is complete | ``bodyTimeout`` from the end of the head |
/// | answering | the answer is written to the socket | ``sendTimeout`` from the end of the request |
/// | idle, kept alive | a byte of the next request arrives | ``idleTimeout`` from the end of the last answer |
///
/// The clocks are deadlines, not gaps between bytes: a client that sends a byte a second is cut off
/// all the same (a slowloris attack keeps a connection busy that way).
///
/// ```swift
/// var limits = ServerLimits()
/// limits.headerTimeout = .seconds(5)
/// limits.maxConnections = 256
/// ```
public struct ServerLimits: Sendable, Equatable {
    /// Time to receive a complete request head (default 10 s).
    public var headerTimeout: Duration
    /// Time to receive a request's body once its head is in (default 30 s: 4 MiB at 140 KB/s).
    public var bodyTimeout: Duration
    /// Time to write an answer to the socket once its request is in (default 30 s): a client that
    /// stops reading is cut off.
    public var sendTimeout: Duration
    /// Time a kept-alive connection may sit between requests (default 60 s).
    public var idleTimeout: Duration
    /// The largest request head, request line and headers together, in bytes (default 16 KiB);
    /// a larger one is answered 431 and the connection closed.
    public var maxHeaderBytes: Int
    /// The largest body the write API takes, in bytes (default 4 MiB: about 50,000 short items);
    /// a larger one is answered 413.
    public var maxBodyBytes: Int
    /// The most connections open at once (default 1,024). Past it the server stops accepting:
    /// new connections wait in the kernel's listen queue (up to ``listenBacklog``) until an open
    /// one closes, and the open ones are served as before.
    public var maxConnections: Int
    /// Connections the kernel queues while the server is at ``maxConnections`` (or busy
    /// accepting); past it the kernel refuses or drops them.
    public var listenBacklog: Int
    /// The API's reads (filters and index targets) that compute at once (default: one per core),
    /// on threads of a lower CPU priority than the rest of the server (a read that finds no other
    /// computing or waiting computes at once, where its request is handled). Further reads wait
    /// their turn in arrival order; writes never wait for a turn, and take the CPU from the reads
    /// when they need it, so they are not stuck behind a crowd of reads (see `ReadGate`).
    public var maxConcurrentReads: Int

    /// The defaults, or what the arguments say.
    public init(headerTimeout: Duration = .seconds(10), bodyTimeout: Duration = .seconds(30),
                sendTimeout: Duration = .seconds(30), idleTimeout: Duration = .seconds(60),
                maxHeaderBytes: Int = 16 << 10, maxBodyBytes: Int = 4 << 20, maxConnections: Int = 1024,
                listenBacklog: Int = 1024, maxConcurrentReads: Int = ServerLimits.cores) {
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.sendTimeout = sendTimeout
        self.idleTimeout = idleTimeout
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
        self.maxConnections = maxConnections
        self.listenBacklog = listenBacklog
        self.maxConcurrentReads = maxConcurrentReads
    }

    /// The cores this process may use (at least 1).
    public static var cores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
