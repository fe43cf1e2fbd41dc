import Hummingbird
import NIOCore
import ThumbIndexRequests

extension WriteBodies {
    /// The largest body decoded where its request was read (under `serve`, on an event loop); a
    /// larger one is decoded on a Dispatch worker (``EventLoopConcurrency/offEventLoops(_:)``).
    ///
    /// Decoding takes about 0.15 s per MiB here, so 16 KiB cost about a keystroke's time. A
    /// single item's write (a few hundred bytes) stays in place, where a hop to another thread and
    /// back would cost more than the decoding; a whole listing's `PUT` (up to
    /// ``ServerLimits/maxBodyBytes``, 4 MiB by default) held its loop, and every keystroke of the
    /// connections on it, for 0.3–0.4 s at 2.3 MB.
    static let decodedInPlaceBytes = 16 << 10

    /// Reads and decodes the body of `request` as `T`, refusing one over `maximumBytes`
    /// (``ServerLimits/maxBodyBytes``).
    /// - Throws: 413 past `maximumBytes`; 400 for an empty body, invalid UTF-8 or JSON, or a field
    ///   of the wrong type, missing or unknown, naming the field.
    static func decode<T: Decodable & Sendable>(_ type: T.Type, from request: Request, maximumBytes: Int) async throws -> T {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maximumBytes)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, "the body is larger than \(maximumBytes) bytes; send the items in smaller batches")
        }
        let bytes = Array(buffer.readableBytesView)
        guard bytes.count > decodedInPlaceBytes else { return try decode(type, bytes: bytes) }
        return try await EventLoopConcurrency.offEventLoops { try decode(type, bytes: bytes) }
    }
}
