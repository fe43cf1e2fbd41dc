import Foundation
import Logging
import Testing
import ThumbIndex
import ThumbIndexStore
@testable import ThumbIndexServer

/// The limits of `ServerLimits`, over real sockets: what a slow or greedy client gets.
/// Short timeouts keep the suite quick; the oracle for "closed" is the client seeing its
/// connection end, for "refused" the status line it reads.
@Suite("Limits on what one client may take")
struct LimitsTests {
    static let request = "GET /api/listings HTTP/1.1\r\nHost: localhost\r\n\r\n"

    @Test func aHeadThatNeverCompletesIsClosedWhenTheHeaderTimeoutPasses() async throws {
        try await LiveServer.run(limits: ServerLimits(headerTimeout: .milliseconds(500))) { port in
            // The clock starts before connecting: the server's timer starts when it accepts, which is
            // after that, so the lower bound holds however long the connection takes on a busy machine.
            let started = ContinuousClock.now
            let connection = try await RawConnection.open(port: port)
            try await connection.send("GET /api/listings HTTP/1.1\r\nHost: local")
            #expect(try await connection.wait(upTo: .seconds(5)) { $0.isClosed })
            let elapsed = ContinuousClock.now - started
            #expect(elapsed >= .milliseconds(400) && elapsed < .seconds(3), "closed after \(elapsed)")
            #expect(connection.text.isEmpty, "no answer to a head that never came: \(connection.text)")
        }
    }

    @Test func aHeadTrickledAByteAtATimeIsClosedWhenTheHeaderTimeoutPassesDespiteTheBytes() async throws {
        try await LiveServer.run(limits: ServerLimits(headerTimeout: .milliseconds(500))) { port in
            let connection = try await RawConnection.open(port: port)
            let started = ContinuousClock.now
            // One byte every 50 ms would take 2.4 s for this head: the server must not wait for it.
            for byte in Self.request.dropLast(2) where !connection.isClosed {
                try? await connection.send(String(byte))
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(try await connection.wait(upTo: .seconds(3)) { $0.isClosed })
            let elapsed = ContinuousClock.now - started
            #expect(elapsed < .seconds(2), "closed after \(elapsed), not at the 0.5 s header timeout")
        }
    }

    @Test func aConnectionThatSendsNothingIsClosedWhenTheHeaderTimeoutPasses() async throws {
        try await LiveServer.run(limits: ServerLimits(headerTimeout: .milliseconds(300))) { port in
            let connection = try await RawConnection.open(port: port)
            #expect(try await connection.wait(upTo: .seconds(3)) { $0.isClosed })
        }
    }

    @Test func aKeptAliveConnectionIsAnsweredThenClosedWhenTheIdleTimeoutPasses() async throws {
        let limits = ServerLimits(headerTimeout: .seconds(5), idleTimeout: .milliseconds(400))
        try await LiveServer.run(limits: limits) { port in
            let connection = try await RawConnection.open(port: port)
            // The idle clock starts when the server has written the answer: after the request was
            // sent, however late a busy machine lets the client read the answer.
            let sent = ContinuousClock.now
            try await connection.send(Self.request)
            let answer = try #require(try await connection.answer(within: .seconds(5)))
            #expect(answer.hasPrefix("HTTP/1.1 200"))
            #expect(try await connection.wait(upTo: .seconds(5)) { $0.isClosed })
            #expect(ContinuousClock.now - sent >= .milliseconds(300))
        }
    }

    /// A connection that has sent one request and read its 200, kept alive.
    static func connectionAnsweredOnce(port: Int) async throws -> RawConnection {
        let connection = try await RawConnection.open(port: port)
        try await connection.send(request)
        let answer = try #require(try await connection.answer(within: .seconds(5)))
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        return connection
    }

    /// The connection's one timer was set for the request's head (due 0.3 s after it began); the
    /// idle clock after the answer runs longer. When the timer comes due, the connection must stay.
    @Test func anIdleTimeoutLongerThanTheHeaderTimeoutIsTheOneAKeptAliveConnectionGets() async throws {
        let limits = ServerLimits(headerTimeout: .milliseconds(300), idleTimeout: .milliseconds(2500))
        try await LiveServer.run(limits: limits) { port in
            let connection = try await Self.connectionAnsweredOnce(port: port)
            let answered = ContinuousClock.now
            try await Task.sleep(for: .milliseconds(700))
            #expect(!connection.isClosed, "closed at the header timeout, not the idle one")
            #expect(try await connection.wait(upTo: .seconds(5)) { $0.isClosed })
            #expect(ContinuousClock.now - answered >= .milliseconds(1200), "closed after \(ContinuousClock.now - answered)")
        }
    }

    /// Once the first head's clock has run out (the timer set again for the long idle timeout), a
    /// head that begins and never completes must be closed at its own, shorter, header timeout.
    @Test func aHeadBegunOnAKeptAliveConnectionGetsTheHeaderTimeoutNotTheIdleOne() async throws {
        let limits = ServerLimits(headerTimeout: .milliseconds(400), idleTimeout: .seconds(10))
        try await LiveServer.run(limits: limits) { port in
            let connection = try await Self.connectionAnsweredOnce(port: port)
            try await Task.sleep(for: .milliseconds(700))
            let begun = ContinuousClock.now
            try await connection.send("GET /api/listings HTTP/1.1\r\nHost: local")
            #expect(try await connection.wait(upTo: .seconds(8)) { $0.isClosed })
            let elapsed = ContinuousClock.now - begun
            #expect(elapsed < .seconds(3), "closed after \(elapsed), not at the 0.4 s header timeout")
        }
    }

    @Test func aSlowButSteadyClientWithinTheTimeoutsIsAnsweredOnEveryRequestOfItsConnection() async throws {
        let limits = ServerLimits(headerTimeout: .seconds(2), idleTimeout: .seconds(2))
        try await LiveServer.run(limits: limits) { port in
            let connection = try await RawConnection.open(port: port)
            for round in 1...3 {
                try await connection.send(String(Self.request.prefix(20)))
                try await Task.sleep(for: .milliseconds(300))
                try await connection.send(String(Self.request.dropFirst(20)))
                #expect(try await connection.wait(upTo: .seconds(5)) { $0.text.components(separatedBy: "HTTP/1.1 200").count == round + 1 })
            }
            #expect(!connection.isClosed)
        }
    }

    @Test func anOversizedHeadIsAnswered431AndClosed() async throws {
        try await LiveServer.run(limits: ServerLimits(maxHeaderBytes: 4096)) { port in
            // In one write, and trickled in 1 KiB pieces: both are refused.
            for pieces in [1, 8] {
                let connection = try await RawConnection.open(port: port)
                let head = "GET /api/listings HTTP/1.1\r\nHost: localhost\r\nX-Padding: \(String(repeating: "a", count: 6000))\r\n\r\n"
                let size = head.utf8.count / pieces + 1
                var rest = Substring(head)
                while !rest.isEmpty && !connection.isClosed {
                    try? await connection.send(String(rest.prefix(size)))
                    rest = rest.dropFirst(size)
                }
                #expect(try await connection.wait(upTo: .seconds(5)) { $0.isClosed })
                #expect(connection.text.hasPrefix("HTTP/1.1 431"), "\(pieces) pieces: \(connection.text.prefix(200))")
                #expect(connection.text.contains("larger than 4096 bytes"))
            }
        }
    }

    @Test func aLongURLCountsAsHead() async throws {
        try await LiveServer.run(limits: ServerLimits(maxHeaderBytes: 2048)) { port in
            let connection = try await RawConnection.open(port: port)
            try await connection.send("GET /api/listings/people/sections?q=\(String(repeating: "a", count: 3000)) HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.wait(upTo: .seconds(5)) { $0.isClosed })
            #expect(connection.text.hasPrefix("HTTP/1.1 431"), "\(connection.text.prefix(200))")
        }
    }

    @Test func aHeadJustUnderTheLimitIsAnswered() async throws {
        try await LiveServer.run(limits: ServerLimits(maxHeaderBytes: 4096)) { port in
            let connection = try await RawConnection.open(port: port)
            let head = "GET /api/listings HTTP/1.1\r\nHost: localhost\r\nX-Padding: "
            try await connection.send(head + String(repeating: "a", count: 4096 - head.utf8.count - 4) + "\r\n\r\n")
            let answer = try #require(try await connection.answer(within: .seconds(5)))
            #expect(answer.hasPrefix("HTTP/1.1 200"))
        }
    }

    @Test func pastTheConnectionCapNewConnectionsWaitAndTheOpenOnesAreServed() async throws {
        try await LiveServer.run(limits: ServerLimits(maxConnections: 2)) { port in
            let first = try await RawConnection.open(port: port)
            let second = try await RawConnection.open(port: port)
            for connection in [first, second] {
                try await connection.send(Self.request)
                #expect(try await connection.answer(within: .seconds(5))?.hasPrefix("HTTP/1.1 200") == true)
            }
            // The third is queued by the kernel, not accepted: no answer while two are open.
            let third = try await RawConnection.open(port: port)
            try await third.send(Self.request)
            #expect(try await third.answer(within: .milliseconds(700)) == nil)
            // The open ones are served as before.
            try await second.send(Self.request)
            #expect(try await second.wait(upTo: .seconds(5)) { $0.text.components(separatedBy: "HTTP/1.1 200").count == 3 })
            // One closes: the third is accepted and answered.
            await first.close()
            #expect(try await third.answer(within: .seconds(5))?.hasPrefix("HTTP/1.1 200") == true)
            await second.close()
            await third.close()
        }
    }

    @Test func aWriteBodyOverTheLimitIsAnswered413() async throws {
        let server = try WriteServer()
        let limits = ServerLimits(maxBodyBytes: 2048)
        let token = try WriteToken(WriteServer.token, source: "test")
        try await LiveServer.run(limits: limits, catalog: server.catalog, writer: server.writer, token: token) { port in
            func post(_ body: String) async throws -> RawConnection {
                let connection = try await RawConnection.open(port: port)
                try await connection.send("PUT /api/listings/people HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(WriteServer.token)\r\n"
                                          + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
                return connection
            }
            let items = (0..<200).map { #"{"text":"Name \#($0)"}"# }.joined(separator: ",")
            let big = try await post(#"{"locale":"en","items":[\#(items)]}"#)
            let answer = try #require(try await big.answer(within: .seconds(5)))
            #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer.prefix(300))")
            #expect(answer.contains("larger than 2048 bytes"))
            #expect(try await big.wait(upTo: .seconds(5)) { $0.isClosed }, "closed after refusing the body")

            let small = try await post(#"{"locale":"en","items":[{"text":"Anna"}]}"#)
            #expect(try await small.answer(within: .seconds(5))?.hasPrefix("HTTP/1.1 201") == true)
            await small.close()
        }
    }

    @Test func theDefaultsAreTheDocumentedOnes() {
        let limits = ServerLimits()
        #expect(limits.headerTimeout == .seconds(10))
        #expect(limits.bodyTimeout == .seconds(30))
        #expect(limits.sendTimeout == .seconds(30))
        #expect(limits.idleTimeout == .seconds(60))
        #expect(limits.maxHeaderBytes == 16 * 1024)
        #expect(limits.maxBodyBytes == 4 * 1024 * 1024)
        #expect(limits.maxConnections == 1024)
    }
}
