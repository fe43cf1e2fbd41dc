/// The sizes a listing and its search index can hold, checked when they are built.
///
/// Offsets into the texts are 32-bit (that halves the index), so the UTF-8 of all items, and each
/// fold of it, must stay under 4 GiB; row numbers are packed into 32-bit suffix codes, which
/// bounds the number of items. Past either, building throws ``LimitError`` naming the limit: it
/// never traps or truncates.
public enum Limits {
    /// The most items a listing (and its search index) can hold: 2^28 = 268,435,456.
    public static let maximumItemCount = 1 << 28
    /// The most UTF-8 bytes the items' texts (and each fold of them) can take: 4 GiB − 1.
    public static let maximumTextBytes = Int(UInt32.max)

    /// Throws when `rows` items of `bytes` UTF-8 bytes in all are past the limits.
    static func check(rows: Int, bytes: Int) throws {
        if rows > maximumItemCount { throw LimitError(what: "items", limit: maximumItemCount, actual: rows) }
        try check(bytes: bytes, of: "UTF-8 bytes of text")
    }

    /// Throws when a fold of the texts takes `foldedBytes` bytes, past the limit.
    static func check(foldedBytes: Int) throws {
        try check(bytes: foldedBytes, of: "UTF-8 bytes of folded text")
    }

    private static func check(bytes: Int, of what: String) throws {
        if bytes > maximumTextBytes { throw LimitError(what: what, limit: maximumTextBytes, actual: bytes) }
    }
}

/// A listing or index too big for ThumbIndex's limits (see ``Limits``).
public struct LimitError: Error, CustomStringConvertible, Sendable {
    /// What was counted: "items", "UTF-8 bytes of text", ...
    public let what: String
    /// The most that is allowed.
    public let limit: Int
    /// How many there were.
    public let actual: Int

    /// The error as one line: what was counted, how many, and the limit.
    public var description: String {
        "too many \(what): \(actual), the most ThumbIndex can index is \(limit)"
    }
}
