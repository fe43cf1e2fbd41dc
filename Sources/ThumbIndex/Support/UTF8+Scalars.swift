extension UTF8 {
    /// The UTF-8 length of `s`.
    static func width(_ s: Unicode.Scalar) -> Int {
        switch s.value {
        case 0..<0x80: 1
        case 0x80..<0x800: 2
        case 0x800..<0x10000: 3
        default: 4
        }
    }

    /// The scalar whose UTF-8 starts `offset` bytes into `bytes`, and its width in bytes, reading
    /// nothing past the end of `bytes`: nil when the sequence its first byte announces runs past
    /// the end, a nil scalar when its bytes are no scalar's. Only damaged text has either: the
    /// folds and the listing's texts are valid UTF-8.
    @inline(__always)
    static func scalar<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, at offset: Int) -> (scalar: Unicode.Scalar?, width: Int)?
    where Bytes.Index == Int {
        guard offset < bytes.count else { return nil }
        let lead = bytes[bytes.startIndex + offset]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard offset + width <= bytes.count else { return nil }
        var value = UInt32(lead) & (width == 2 ? 0x1F : width == 3 ? 0x0F : 0x07)
        for i in 1..<width { value = value << 6 | UInt32(bytes[bytes.startIndex + offset + i] & 0x3F) }
        return (Unicode.Scalar(value), width)
    }
}
