import HTTPTypes
import Hummingbird
import NIOCore
import NIOPosix
import Testing
import ThumbIndexRequests
@testable import ThumbIndexServer

/// Where a write's body is decoded (`WriteBodies.decode(_:from:maximumBytes:)`): under `serve` a
/// handler runs on the event loop its request came on, and decoding a whole listing's `PUT` there
/// held every connection of that loop, keystrokes included, for 0.3–0.4 s (2.3 MB, 50,000 items).
/// A body over `WriteBodies.decodedInPlaceBytes` is decoded off the event loops; a small one,
/// where it was read.
@Suite("Write bodies: where they are decoded")
struct WriteBodyDecodingTests {
    /// A JSON string decoded: where its decoding ran, and the string's length in bytes.
    struct WhereDecoded: Decodable, Sendable {
        let onALoop: Bool
        let bytes: Int

        init(from decoder: any Decoder) throws {
            onALoop = MultiThreadedEventLoopGroup.currentEventLoop != nil
            bytes = try decoder.singleValueContainer().decode(String.self).utf8.count
        }
    }

    /// A `PUT` whose body is `json`.
    func request(_ json: String) -> Request {
        Request(head: HTTPRequest(method: .put, scheme: "http", authority: "localhost", path: "/api/listings/book"),
                body: RequestBody(buffer: ByteBuffer(string: json)))
    }

    /// A JSON string literal of `bytes` bytes in all.
    func jsonString(ofBytes bytes: Int) -> String {
        "\"" + String(repeating: "a", count: bytes - 2) + "\""
    }

    @Test func aLargeBodyIsDecodedOffTheEventLoops() async throws {
        let json = jsonString(ofBytes: WriteBodies.decodedInPlaceBytes + 1)
        let (callerOnALoop, decoded) = try await onAnEventLoop {
            try await WriteBodies.decode(WhereDecoded.self, from: request(json), maximumBytes: 1 << 20)
        }
        #expect(callerOnALoop, "the caller did not run on an event loop: the test proves nothing")
        #expect(!decoded.onALoop, "a body of \(json.utf8.count) bytes was decoded on the event loop")
        #expect(decoded.bytes == json.utf8.count - 2)
    }

    @Test func aSmallBodyIsDecodedWhereItWasRead() async throws {
        let json = jsonString(ofBytes: WriteBodies.decodedInPlaceBytes)
        let (callerOnALoop, decoded) = try await onAnEventLoop {
            try await WriteBodies.decode(WhereDecoded.self, from: request(json), maximumBytes: 1 << 20)
        }
        #expect(callerOnALoop, "the caller did not run on an event loop: the test proves nothing")
        #expect(decoded.onALoop, "a body of \(json.utf8.count) bytes left its event loop to be decoded")
    }

    @Test func aLargeBodysErrorIsTheSame400() async throws {
        // Not JSON after its string: refused off the loops with what a small such body gets in place.
        func refusal(ofBytes bytes: Int) async throws -> APIError? {
            do {
                _ = try await onAnEventLoop {
                    try await WriteBodies.decode(WhereDecoded.self, from: request(jsonString(ofBytes: bytes) + "}"), maximumBytes: 1 << 20)
                }
                return nil
            } catch let error as APIError {
                return error
            }
        }
        let inPlace = try #require(try await refusal(ofBytes: 8), "a small body that is not JSON was decoded")
        let offTheLoops = try #require(try await refusal(ofBytes: WriteBodies.decodedInPlaceBytes + 1),
                                       "a large body that is not JSON was decoded")
        #expect(inPlace.status == .badRequest)
        #expect(offTheLoops.status == inPlace.status)
        #expect(offTheLoops.message == inPlace.message)
    }

    @Test func aBodyOverTheLimitIsStill413() async throws {
        let json = jsonString(ofBytes: 4096)
        do {
            _ = try await WriteBodies.decode(WhereDecoded.self, from: request(json), maximumBytes: 1024)
            Issue.record("a body over the limit was decoded")
        } catch let error as APIError {
            #expect(error.status == .contentTooLarge)
        }
    }
}
