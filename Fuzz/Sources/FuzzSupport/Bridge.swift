/// Calls into the C++ bridge with buffers of exactly the size asked for, so that AddressSanitizer
/// sees any write past them: the C targets' view of `ti_fold_utf8` and `ti_word_starts_utf8`.
package enum ExactBuffer {
    /// Runs `body` with a buffer of exactly `count` elements (malloc'd, so a write past the end is a
    /// heap-buffer-overflow), filled with `fill`, and returns `body`'s result and the buffer's contents.
    package static func with<T, R>(_ count: Int, fill: T, _ body: (UnsafeMutablePointer<T>) -> R) -> (R, [T]) {
        let buffer = UnsafeMutablePointer<T>.allocate(capacity: max(count, 1))
        defer { buffer.deallocate() }
        buffer.initialize(repeating: fill, count: max(count, 1))
        let result = body(buffer)
        return (result, Array(UnsafeBufferPointer(start: buffer, count: count)))
    }

    /// `bytes` copied into an exactly-sized buffer, as C `char`s.
    package static func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>, Int32) -> R) -> R {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
        defer { buffer.deallocate() }
        for (i, byte) in bytes.enumerated() { buffer[i] = CChar(bitPattern: byte) }
        return body(buffer, Int32(bytes.count))
    }
}
