import Foundation
import Hummingbird
import ThumbIndexRequests

/// The bearer token that write requests must carry (`Authorization: Bearer TOKEN`).
package struct WriteToken: Sendable {
    /// The shortest token accepted: a guessable token protects nothing.
    package static let minimumLength = 16

    private let bytes: [UInt8]

    /// A token of `text`, without white space at either end.
    /// - Throws: `TokenError` when it is shorter than ``minimumLength`` bytes or holds white space or
    ///   control characters.
    package init(_ text: String, source: String) throws(TokenError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count >= Self.minimumLength else {
            throw TokenError(message: "\(source): the token is \(trimmed.utf8.count) bytes long; use at least \(Self.minimumLength) (for example: head -c 24 /dev/urandom | base64)")
        }
        guard trimmed.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else {
            throw TokenError(message: "\(source): the token holds spaces or control characters; use one word (for example: head -c 24 /dev/urandom | base64)")
        }
        bytes = Array(trimmed.utf8)
    }

    /// Whether `authorization` is `Bearer <this token>`, compared in time that depends on the
    /// token's length only (not on where a guess first differs).
    package func accepts(authorization: String?) -> Bool {
        guard let authorization, authorization.utf8.starts(with: "Bearer ".utf8) else { return false }
        let given = Array(authorization.utf8.dropFirst(7))
        var difference: UInt8 = given.count == bytes.count ? 0 : 1
        for i in bytes.indices { difference |= bytes[i] ^ (i < given.count ? given[i] : 0) }
        return difference == 0
    }
}

/// A token that cannot be used, or cannot be read.
package struct TokenError: Error, CustomStringConvertible, Sendable {
    package let message: String
    package var description: String { message }
}

/// What guards the write endpoints: the writer (nil when the server has no store) and the token
/// (nil when none is configured).
struct WriteAccess: Sendable {
    let writer: ListingWriter?
    let token: WriteToken?

    /// Whether the server takes writes at all (a store and a token): `writable` in `GET /api/listings`.
    var isWritable: Bool { writer != nil && token != nil }

    /// The writer, when `request` may write.
    /// - Throws: 403 when the server takes no writes (no store, or no token configured), saying how
    ///   to configure them; 401 when the token is missing or wrong.
    func writer(for request: Request) throws(APIError) -> ListingWriter {
        guard let writer else {
            throw APIError(.forbidden, "this server serves its listings read-only; start it with --store FILE (and --token-file FILE or THUMBINDEX_TOKEN) to take writes")
        }
        guard let token else {
            throw APIError(.forbidden, "writes are disabled: no token is configured; start the server with --token-file FILE or the THUMBINDEX_TOKEN environment variable set")
        }
        guard token.accepts(authorization: request.headers[.authorization]) else {
            let given = request.headers[.authorization] == nil ? "no Authorization header" : "a wrong token"
            throw APIError(.unauthorized, "writes need the header 'Authorization: Bearer TOKEN' with the server's token; the request had \(given)",
                           headers: [.wwwAuthenticate: "Bearer realm=\"thumbindex\""])
        }
        return writer
    }
}
