import ThumbIndex

/// How to read the lines of an input.
package enum InputFormat: String, Sendable, CaseIterable {
    /// One item per line.
    case lines
    /// Tab-separated values with a header row.
    case tsv
}

extension RecordTable {
    /// Reads a table from UTF-8 bytes: one item per line, or TSV with a header row.
    ///
    /// A UTF-8 byte-order mark and CR of CRLF line ends are dropped; blank lines are skipped
    /// unless `keepBlankLines` (for `.lines` only: a blank query line is the empty query).
    ///
    /// - Parameters:
    ///   - bytes: the whole input.
    ///   - format: lines or TSV.
    ///   - source: the file name for error messages ("<stdin>" for standard input).
    /// - Throws: `InputError` with the line for invalid UTF-8, an empty TSV header or a TSV row
    ///   whose field count differs from the header's.
    package static func read(_ bytes: [UInt8], format: InputFormat, source: String,
                            keepBlankLines: Bool = false) throws(InputError) -> RecordTable {
        var names: [String] = format == .lines ? ["text"] : []
        var columns: [TextColumn] = format == .lines ? [TextColumn()] : []
        try forEachLine(of: bytes) { (lineNumber, line) throws(InputError) in
            guard String(validating: line, as: UTF8.self) != nil else {
                let column = firstInvalidByte(line) + 1
                throw InputError(source: source, line: lineNumber, message: "invalid UTF-8 at byte \(column) of the line")
            }
            if !(keepBlankLines && format == .lines) && isBlank(line) {
                if format == .tsv && names.isEmpty {
                    throw InputError(source: source, line: lineNumber, message: "the TSV header row is empty")
                }
                return true
            }
            switch format {
            case .lines:
                columns[0].append(utf8: line)
            case .tsv:
                let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
                if names.isEmpty {
                    names = fields.map { String(decoding: $0, as: UTF8.self) }
                    if let duplicate = duplicateName(names) {
                        throw InputError(source: source, line: lineNumber, message: "the header names column '\(duplicate)' twice")
                    }
                    columns = Array(repeating: TextColumn(), count: names.count)
                    return true
                }
                guard fields.count == names.count else {
                    throw InputError(source: source, line: lineNumber,
                                     message: "ragged row: \(fields.count) fields, but the header has \(names.count) (\(names.joined(separator: ", ")))")
                }
                for (i, field) in fields.enumerated() { columns[i].append(utf8: field) }
            }
            return true
        }
        if names.isEmpty { throw InputError(source: source, line: nil, message: "no TSV header row: the input is empty") }
        return RecordTable(columnNames: names, columns: columns)
    }

    /// Calls `body` with the 1-based number and the bytes of each line of `bytes`, in order, until
    /// it returns false: the lines are cut at LF, after a UTF-8 byte-order mark at the very start,
    /// and without the CR of a CRLF (or of a last line that ends in CR). The one definition of a
    /// line for ``read(_:format:source:keepBlankLines:)`` and ``line(ofRow:in:format:)``.
    static func forEachLine<E: Error>(of bytes: [UInt8], _ body: (Int, ArraySlice<UInt8>) throws(E) -> Bool) throws(E) {
        var lineNumber = 0
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count {
            lineNumber += 1
            var end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let next = end + 1
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            guard try body(lineNumber, bytes[start..<end]) else { return }
            start = next
        }
    }

    /// A blank line holds only spaces and tabs (or nothing): it is no row.
    static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// The 0-based offset of the first byte that is not part of a valid UTF-8 sequence.
    private static func firstInvalidByte(_ line: ArraySlice<UInt8>) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = line.makeIterator()
        var offset = 0
        while case .valid(let scalar) = parser.parseScalar(from: &bytes) { offset += scalar.count }
        return offset
    }

    private static func duplicateName(_ names: [String]) -> String? {
        var seen = Set<String>()
        return names.first { !seen.insert($0).inserted }
    }
}
