/// Checking that bytes are UTF-8, in one pass with no allocation: a whole input file is checked
/// once, eight ASCII bytes at a time, where a `String(validating:)` per line copied each line.
package enum UTF8Validation {
    /// The offset of the first byte of `bytes` that does not begin a well-formed UTF-8 sequence
    /// (Unicode's table 3-7: no overlong forms, no surrogates, nothing past U+10FFFF), where the
    /// bytes before it are well-formed; nil when all of `bytes` is.
    package static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var i = 0
        while i < count {
            if i + 8 <= count, UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            let lead = base[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            // Whether the byte `k` after the lead is in `range` (a continuation byte, by default).
            func next(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool { i + k < count && range.contains(base[i + k]) }
            let length = switch lead {
            case 0xC2...0xDF: next(1) ? 2 : 0
            case 0xE0: next(1, 0xA0...0xBF) && next(2) ? 3 : 0
            case 0xE1...0xEC, 0xEE...0xEF: next(1) && next(2) ? 3 : 0
            case 0xED: next(1, 0x80...0x9F) && next(2) ? 3 : 0
            case 0xF0: next(1, 0x90...0xBF) && next(2) && next(3) ? 4 : 0
            case 0xF1...0xF3: next(1) && next(2) && next(3) ? 4 : 0
            case 0xF4: next(1, 0x80...0x8F) && next(2) && next(3) ? 4 : 0
            default: 0
            }
            if length == 0 { return i }
            i += length
        }
        return nil
    }
}
