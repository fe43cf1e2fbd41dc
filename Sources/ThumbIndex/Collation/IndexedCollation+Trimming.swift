/// The two text rules every item goes through before it is sorted and bucketed: white space at
/// either end does not count, and a leading decimal digit (any script) sends it to "#".
/// Written on UTF-8 bytes so that a million items cost no `String` allocations; ASCII takes a
/// fast path and anything else is decoded.
extension IndexedCollation {
    /// `text` without leading and trailing white space: what is sorted and bucketed.
    static func trimmed(_ text: String) -> Substring {
        var text = text
        let range = text.withUTF8 { trimmedRange($0) }
        let utf8 = text.utf8
        return Substring(text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)])
    }

    /// Whether the first non-space character of `text` is a decimal digit.
    static func startsWithDigit(_ text: Substring) -> Bool {
        var text = String(text)
        return text.withUTF8 { startsWithDigit(utf8: $0) }
    }

    /// The byte range (offsets from the start) of `utf8` without white space at either end.
    static func trimmedRange<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Range<Int> where Bytes.Index == Int {
        var start = 0, end = bytes.count
        while start < end, let (scalar, length) = scalar(in: bytes, at: start), scalar.isWhiteSpace {
            start += length
        }
        while end > start {
            var head = end - 1
            while head > start && bytes[bytes.startIndex + head] & 0xC0 == 0x80 { head -= 1 }  // back to the scalar's first byte
            guard let (scalar, _) = scalar(in: bytes, at: head), scalar.isWhiteSpace else { break }
            end = head
        }
        return start..<end
    }

    /// Whether the first non-space scalar of `utf8` is a decimal digit.
    static func startsWithDigit<Bytes: RandomAccessCollection<UInt8>>(utf8 bytes: Bytes) -> Bool where Bytes.Index == Int {
        var offset = 0
        while let (scalar, length) = scalar(in: bytes, at: offset) {
            if !scalar.isWhiteSpace {
                return scalar.value < 0x80 ? (0x30...0x39).contains(scalar.value) : scalar.properties.generalCategory == .decimalNumber
            }
            offset += length
        }
        return false
    }

    /// The scalar starting `offset` bytes into `bytes`, and its length in bytes; nil at the end and
    /// where the bytes are no scalar (``UTF8/scalar(in:at:)``).
    @inline(__always)
    private static func scalar<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, at offset: Int) -> (Unicode.Scalar, Int)? where Bytes.Index == Int {
        guard let (scalar, length) = UTF8.scalar(in: bytes, at: offset), let scalar else { return nil }
        return (scalar, length)
    }
}
