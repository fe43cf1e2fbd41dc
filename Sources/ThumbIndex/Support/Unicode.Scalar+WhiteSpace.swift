extension Unicode.Scalar {
    /// Unicode's White_Space property, as `properties.isWhitespace` answers it, without looking the
    /// property up for ASCII (tab to carriage return, and space): a query's and an item's scalars are
    /// mostly ASCII, and the lookup misses the cache on every keystroke.
    @inline(__always) var isWhiteSpace: Bool {
        value < 0x80 ? value == 0x20 || (0x09...0x0D).contains(value) : properties.isWhitespace
    }
}
