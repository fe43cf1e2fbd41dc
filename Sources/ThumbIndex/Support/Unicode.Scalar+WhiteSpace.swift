extension Unicode.Scalar {
    /// Unicode's White_Space property, as `properties.isWhitespace` answers it, without looking the
    /// property up: a query's and an item's scalars are checked on every keystroke and for every
    /// item of a build, and the lookup misses the cache. White_Space is 25 scalars: tab to carriage
    /// return, space, U+0085, U+00A0, U+1680, U+2000–200A, U+2028, U+2029, U+202F, U+205F and
    /// U+3000 (WhiteSpaceTests holds this to the property for every scalar).
    @inline(__always) var isWhiteSpace: Bool {
        let v = value
        if v < 0x80 { return v == 0x20 || (0x09...0x0D).contains(v) }
        if v < 0x1680 { return v == 0x85 || v == 0xA0 }
        if v > 0x3000 { return false }
        return v == 0x1680 || (0x2000...0x200A).contains(v) || v == 0x2028 || v == 0x2029 || v == 0x202F
            || v == 0x205F || v == 0x3000
    }

    /// The same 25 scalars as ranges of code points, ascending: for a search by code point.
    static let whiteSpaceRanges: [ClosedRange<UInt32>] = [0x09...0x0D, 0x20...0x20, 0x85...0x85, 0xA0...0xA0, 0x1680...0x1680,
                                                          0x2000...0x200A, 0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F,
                                                          0x3000...0x3000]
}
