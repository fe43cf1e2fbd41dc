#if canImport(Glibc)
import Glibc
#endif

/// Standard output and error, written in whole buffers.
enum Output {
    /// Writes all of `bytes` to standard output (nothing is printed before the work succeeded).
    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(1, raw.baseAddress! + offset, raw.count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// Writes a string to standard output.
    static func write(_ text: String) { write(Array(text.utf8)) }

    /// Writes a string to standard error.
    static func error(_ text: String) {
        var text = text
        text.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }

    /// Whether standard error is a terminal (progress bars only go there).
    static var stderrIsTerminal: Bool { isatty(2) == 1 }
}
