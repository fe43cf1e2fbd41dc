import Foundation
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import ThumbIndex
@testable import ThumbIndexServer

/// A real server on 127.0.0.1 and a free port, built by `buildApplication` as `thumbindex serve`
/// builds it (``LimitedHTTP1Channel``, the connection cap): what the limits tests talk to over
/// sockets. (`app.test(.live)` rebinds the server and drops its connection cap, so it is not used.)
enum LiveServer {
    /// Runs `body` with the port of a server of `catalog` held to `limits`; stops the server after.
    static func run(limits: ServerLimits, catalog: ListingCatalog = TestServer.catalog, writer: ListingWriter? = nil,
                    token: WriteToken? = nil, _ body: @Sendable @escaping (_ port: Int) async throws -> Void) async throws {
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "limits-test")
        logger.logLevel = .critical  // stopping the server by cancellation logs an error
        var options = ServerOptions(host: "127.0.0.1", port: 0, catalog: catalog, limits: limits, logger: logger) { url in
            portContinuation.yield(Int(url.split(separator: ":").last!.dropLast())!)
        }
        options.writer = writer
        options.token = token
        let app = buildApplication(options)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.run() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { return }
            do {
                try await body(port)
            } catch {
                group.cancelAll()
                throw error
            }
            group.cancelAll()
        }
    }
}

/// A TCP connection that sends exactly the bytes a test gives, when it gives them, and records
/// what the server sends back and whether it closed the connection.
final class RawConnection: Sendable {
    private struct Received { var bytes: [UInt8] = []; var closed = false }

    /// Appends what arrives to `received`; notes the close.
    private final class Recorder: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        let received: NIOLockedValueBox<Received>
        init(_ received: NIOLockedValueBox<Received>) { self.received = received }
        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            received.withLockedValue { $0.bytes.append(contentsOf: buffer.readableBytesView) }
        }
        func channelInactive(context: ChannelHandlerContext) {
            received.withLockedValue { $0.closed = true }
        }
    }

    private let channel: any Channel
    private let received: NIOLockedValueBox<Received>

    private init(channel: any Channel, received: NIOLockedValueBox<Received>) {
        self.channel = channel
        self.received = received
    }

    /// Connects to 127.0.0.1:`port`.
    static func open(port: Int) async throws -> RawConnection {
        let received = NIOLockedValueBox(Received())
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Recorder(received)) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        return RawConnection(channel: channel, received: received)
    }

    /// Sends `text` (UTF-8); fails once the server has closed the connection.
    func send(_ text: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: text)).get()
    }

    /// What the server has sent so far, as text.
    var text: String { received.withLockedValue { String(decoding: $0.bytes, as: UTF8.self) } }

    /// Whether the server has closed the connection.
    var isClosed: Bool { received.withLockedValue { $0.closed } }

    /// Waits until `condition` holds or `timeout` passes; returns whether it held.
    func wait(upTo timeout: Duration, for condition: (RawConnection) -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(self) { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return condition(self)
    }

    /// Waits for one whole answer (head and `content-length` body); nil when none came in time.
    func answer(within timeout: Duration) async throws -> String? {
        guard try await wait(upTo: timeout, for: { $0.hasWholeAnswer }) else { return nil }
        return text
    }

    private var hasWholeAnswer: Bool {
        let text = self.text
        guard let end = text.range(of: "\r\n\r\n") else { return false }
        let head = text[..<end.lowerBound].lowercased()
        guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
              let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        else { return false }
        return text[end.upperBound...].utf8.count >= length
    }

    /// Closes the connection from this side.
    func close() async {
        try? await channel.close().get()
    }
}
