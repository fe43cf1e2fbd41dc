import Hummingbird
import NIOCore
import ThumbIndexRequests

extension WriteBodies {
    /// Reads and decodes the body of `request` as `T`, refusing one over `maximumBytes`
    /// (``ServerLimits/maxBodyBytes``).
    /// - Throws: 413 past `maximumBytes`; 400 for an empty body, invalid UTF-8 or JSON, or a field
    ///   of the wrong type, missing or unknown, naming the field.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request, maximumBytes: Int) async throws -> T {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maximumBytes)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, "the body is larger than \(maximumBytes) bytes; send the items in smaller batches")
        }
        return try decode(type, bytes: Array(buffer.readableBytesView))
    }
}
