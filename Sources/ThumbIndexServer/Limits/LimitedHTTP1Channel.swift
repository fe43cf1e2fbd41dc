// The only file of the server that speaks NIO: the channel handlers that hold every connection to
// ``ServerLimits``. Everything here runs on the connection's event loop; the handlers are classes
// that NIO calls one event at a time, so their state needs no lock (`NIOLoopBound` checks, in the
// one place a handler crosses a closure, that it is used on that loop).

import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// Hummingbird's HTTP/1.1 channel with ``ServerLimits`` enforced on each connection.
///
/// Two handlers share one connection's state (``ConnectionGuard``):
/// - the guard itself, first in the pipeline, sees raw bytes: a request begins with its first
///   byte, its head is counted against ``ServerLimits/maxHeaderBytes`` (431, then close), and it
///   owns the connection's one timer;
/// - ``RequestPartObserver``, after the HTTP decoder, sees where a head, a body and an answer end,
///   and moves the guard from phase to phase.
///
/// Hummingbird's own decoder limit is set to the same size, as a backstop: should it trip first,
/// the guard's 431 still goes out first (Hummingbird answers its parse errors asynchronously).
struct LimitedHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let limits: ServerLimits

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        // Called on the channel's event loop, before the channel is active.
        let connectionGuard = ConnectionGuard(limits: limits, logger: logger)
        do {
            try channel.pipeline.syncOperations.addHandler(connectionGuard, position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        let bound = NIOLoopBound(connectionGuard, eventLoop: channel.eventLoop)
        let decoder = HTTP1Channel.Configuration.DecoderConfiguration(
            maxHeaderFieldSize: limits.maxHeaderBytes, maxHeaderListSize: limits.maxHeaderBytes)
        let configuration = HTTP1Channel.Configuration(
            additionalChannelHandlers: [RequestPartObserver(connectionGuard: bound.value)],
            idleTimeout: nil,  // the guard's clocks replace Hummingbird's idle timer
            httpDecoderConfiguration: decoder)
        return HTTP1Channel(responder: responder, configuration: configuration).setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: value, logger: logger)
    }
}

/// One connection's phase and timer (see ``ServerLimits`` for the phases).
///
/// Each phase starts a clock: a deadline, the phase's limit from now. The connection has one timer,
/// due at or before the deadline; it moves only when a new deadline comes sooner than it is due
/// (from idle to a new head: 10 s from now against up to 60 s). When it fires before the deadline
/// (a phase that ended, then a later one), it is set again for the deadline then. So a connection
/// with requests back to back schedules a timer about once in ``ServerLimits/headerTimeout``, where
/// one timer per phase (four a request, each cancelled and scheduled on the event loop) cost 1–5%
/// of the server's CPU per request.
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    enum Phase: Equatable {
        /// Waiting for a head: from the connection's opening, or from a later request's first byte.
        case head
        /// The head is in; the body is not.
        case body
        /// The request is in; its answer is not yet written.
        case answering
        /// Kept alive between requests.
        case idle
        /// Refused or timed out; whatever else arrives is dropped.
        case closing
    }

    private let limits: ServerLimits
    private let logger: Logger
    private(set) var phase = Phase.head
    /// Bytes received since the current head began.
    private var headBytes = 0
    /// Requests whose head is in and whose answer is not yet written (more than one when pipelined).
    private var requestsInFlight = 0
    /// The body of the current request is over ``ServerLimits/maxBodyBytes``: close after answering.
    private var closeAfterAnswer = false
    /// When the current phase has run out of time.
    private var deadline = NIODeadline.distantFuture
    /// The connection's one timer, and when it is due (at or before `deadline`).
    private var timer: (scheduled: Scheduled<Void>, due: NIODeadline)?
    private var context: ChannelHandlerContext?

    init(limits: ServerLimits, logger: Logger) {
        self.limits = limits
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { startClock() }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopClock()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        startClock()
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopClock()
        phase = .closing
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard phase != .closing else { return }
        let count = unwrapInboundIn(data).readableBytes
        if phase == .idle {
            phase = .head
            headBytes = 0
            startClock()
        }
        if phase == .head { headBytes += count }
        // The decoder runs now, synchronously: a complete head moves the phase on to `.body`, so
        // bytes of a body that came in the same read are not counted as head.
        context.fireChannelRead(data)
        if phase == .head && headBytes > limits.maxHeaderBytes {
            refuseHead(context: context)
        }
    }

    // MARK: Phases, as RequestPartObserver sees them

    func headReceived() {
        requestsInFlight += 1
        phase = .body
        startClock()
    }

    func bodyReceived(total: Int) {
        if total > limits.maxBodyBytes { closeAfterAnswer = true }
    }

    func requestReceived() {
        if requestsInFlight == 0 {
            // Answered before its body was all in (a refusal): wait for the next request.
            phase = .idle
            startClock()
        } else {
            phase = .answering
            startClock()
        }
    }

    func answerWritten() {
        requestsInFlight -= 1
        if closeAfterAnswer {
            // The body was over the limit and may still be arriving: stop reading it.
            close(reason: "the request body was over \(limits.maxBodyBytes) bytes")
            return
        }
        if requestsInFlight == 0 && phase == .answering {
            phase = .idle
            startClock()
        }
    }

    // MARK: Timer and refusals

    /// The time `phase` may take (none for `.closing`, which has no clock).
    private var limit: Duration {
        switch phase {
        case .head: limits.headerTimeout
        case .body: limits.bodyTimeout
        case .answering: limits.sendTimeout
        case .idle: limits.idleTimeout
        case .closing: .zero
        }
    }

    /// Starts the current phase's clock: its ``limit`` from now.
    private func startClock() {
        deadline = .now() + TimeAmount(limit)
        if let timer, timer.due <= deadline { return }  // it fires in time, and looks again then
        stopClock()
        setTimer()
    }

    private func stopClock() {
        timer?.scheduled.cancel()
        timer = nil
    }

    /// Schedules the timer for `deadline`.
    private func setTimer() {
        guard let context else { return }
        let due = deadline
        let scheduled = context.eventLoop.assumeIsolated().scheduleTask(deadline: due) { [self] in
            timer = nil
            guard phase != .closing else { return }
            // The phase the timer was set for may have ended, and a later one begun since.
            if NIODeadline.now() < deadline {
                setTimer()
            } else {
                close(reason: "\(Self.describe(phase)) took longer than \(limit)")
            }
        }
        timer = (scheduled, due)
    }

    private static func describe(_ phase: Phase) -> String {
        switch phase {
        case .head: "receiving the request head"
        case .body: "receiving the request body"
        case .answering: "sending the answer"
        case .idle: "waiting for the next request"
        case .closing: "closing"
        }
    }

    private func close(reason: String) {
        guard phase != .closing, let context else { return }
        phase = .closing
        stopClock()
        logger.debug("closing connection from \(context.remoteAddress?.description ?? "?"): \(reason)")
        context.close(promise: nil)
    }

    /// 431 with a JSON error, written past the HTTP encoder straight to the socket, then close.
    private func refuseHead(context: ChannelHandlerContext) {
        phase = .closing
        stopClock()
        let body = #"{"error":"the request head (request line and headers) is larger than \#(limits.maxHeaderBytes) bytes"}"# + "\n"
        let head = "HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: application/json; charset=utf-8\r\n"
            + "content-length: \(body.utf8.count)\r\nconnection: close\r\n\r\n"
        let buffer = context.channel.allocator.buffer(string: head + body)
        logger.debug("refusing a request head over \(limits.maxHeaderBytes) bytes from \(context.remoteAddress?.description ?? "?")")
        context.writeAndFlush(wrapOutboundOut(buffer)).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}

/// Tells the ``ConnectionGuard`` where heads, bodies and answers end; passes everything on.
final class RequestPartObserver: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let connectionGuard: ConnectionGuard
    private var bodyBytes = 0

    init(connectionGuard: ConnectionGuard) {
        self.connectionGuard = connectionGuard
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            bodyBytes = 0
            connectionGuard.headReceived()
        case .body(let buffer):
            bodyBytes += buffer.readableBytes
            connectionGuard.bodyReceived(total: bodyBytes)
        case .end:
            connectionGuard.requestReceived()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        // The answer counts as written once the socket has taken its last byte.
        let written = promise ?? context.eventLoop.makePromise()
        written.futureResult.assumeIsolated().whenComplete { [connectionGuard] _ in
            connectionGuard.answerWritten()
        }
        context.write(data, promise: written)
    }
}
