/// The lines of an input as the TSV and line readers define them (RecordTable+Reading.swift),
/// restated plainly for the reader targets to hold the readers against.
package enum NaiveLines {
    /// One line: its 1-based number and its bytes, without the line end.
    package struct Line {
        package let number: Int
        package let bytes: [UInt8]
    }

    /// Drops a UTF-8 byte-order mark at the very start; cuts at every LF (a final LF ends the last
    /// line and starts no new one); drops one CR at the end of each line (CRLF, or a CR before the
    /// end of the input).
    package static func split(_ input: [UInt8]) -> [Line] {
        var input = input[...]
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { input = input.dropFirst(3) }
        if input.isEmpty { return [] }
        var pieces = input.split(separator: 0x0A, omittingEmptySubsequences: false)
        if input.last == 0x0A { pieces.removeLast() }
        return pieces.enumerated().map { i, piece in
            Line(number: i + 1, bytes: Array(piece.last == 0x0D ? piece.dropLast() : piece))
        }
    }

    /// A blank line holds nothing but spaces and tabs (or nothing).
    package static func isBlank(_ line: [UInt8]) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// Whether `bytes` are valid UTF-8.
    package static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        String(validating: bytes, as: UTF8.self) != nil
    }

    /// The length of the longest prefix of `bytes` that is valid UTF-8.
    package static func validPrefixLength(_ bytes: [UInt8]) -> Int {
        (0...bytes.count).last { isValidUTF8(Array(bytes[..<$0])) } ?? 0
    }
}
