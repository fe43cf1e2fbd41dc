/// The parameters of a URL query string, decoded strictly.
///
/// Hummingbird's `uri.queryParameters` passes a value with a broken escape through undecoded
/// (`q=%E0%A4` or `q=%zz` arrive as typed), so the API parses the raw query itself and refuses
/// what it cannot decode instead of searching for garbage:
/// - `+` is a space (form encoding, as `URLSearchParams` writes it); `%XY` is the byte 0xXY;
/// - a `%` not followed by two hex digits is an error, and so are decoded bytes that are not UTF-8;
/// - a parameter given twice is an error (which one was meant?); empty segments (`a=1&&b=2`) are skipped.
///
/// Read by the server's routes and by the fuzz target FuzzQueryString (Fuzz/).
package struct QueryString: Sendable {
    /// Decoded names and values.
    package private(set) var parameters: [String: String] = [:]

    /// The longest raw query string accepted, in bytes: enough for a 256-character query of
    /// percent-encoded emoji and the paging parameters; it bounds the work before any check.
    package static let maxLength = 16 * 1024

    /// Parses `raw`, the part of the URL after `?` (nil or empty: no parameters).
    package init(_ raw: String?) throws(APIError) {
        guard let raw, !raw.isEmpty else { return }
        guard raw.utf8.count <= Self.maxLength else {
            throw .badRequest("the query string is \(raw.utf8.count) bytes long; the limit is \(Self.maxLength)")
        }
        for segment in raw.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = segment.firstIndex(of: UInt8(ascii: "="))
            let rawName = segment[..<(equals ?? segment.endIndex)]
            let rawValue = equals.map { segment[segment.index(after: $0)...] } ?? segment[segment.endIndex...]
            let name = try Self.decode(rawName, what: "a parameter name")
            let value = try Self.decode(rawValue, what: "parameter '\(name)'")
            guard parameters[name] == nil else {
                throw .badRequest("parameter '\(name)' is given more than once")
            }
            parameters[name] = value
        }
    }

    /// The value of `name`, if given.
    package subscript(name: String) -> String? { parameters[name] }

    /// Percent-decodes one name or value, checking escapes and UTF-8.
    private static func decode(_ raw: Substring.UTF8View.SubSequence, what: String) throws(APIError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var i = raw.startIndex
        while i < raw.endIndex {
            let byte = raw[i]
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(0x20)
                i = raw.index(after: i)
            case UInt8(ascii: "%"):
                let h = raw.index(after: i)
                let l = h < raw.endIndex ? raw.index(after: h) : h
                guard l < raw.endIndex, let high = hexValue(raw[h]), let low = hexValue(raw[l]) else {
                    let escape = String(decoding: raw[i...].prefix(3), as: UTF8.self)
                    throw .badRequest("invalid percent-encoding in \(what): '\(escape)' is not % followed by two hex digits")
                }
                bytes.append(high << 4 | low)
                i = raw.index(after: l)
            default:
                bytes.append(byte)
                i = raw.index(after: i)
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .badRequest("\(what) is not valid UTF-8 once percent-decoded")
        }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
