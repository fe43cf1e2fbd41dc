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
        // The whole input checked at once; the line that holds the first byte that is not UTF-8,
        // if any, is an error when the reading reaches it (an earlier line's error comes first).
        let invalidOffset = bytes.withUnsafeBufferPointer(UTF8Validation.firstInvalidOffset)
        var names: [String] = format == .lines ? ["text"] : []
        var columns: [ColumnBuilder] = format == .lines ? [ColumnBuilder()] : []
        try forEachLine(of: bytes) { (lineNumber, line) throws(InputError) in
            if let invalidOffset, line.indices.contains(invalidOffset) {
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
                columns[0].append(line)
            case .tsv:
                if names.isEmpty {
                    names = line.split(separator: 0x09, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
                    if let duplicate = duplicateName(names) {
                        throw InputError(source: source, line: lineNumber, message: "the header names column '\(duplicate)' twice")
                    }
                    columns = Array(repeating: ColumnBuilder(), count: names.count)
                    return true
                }
                let fieldCount = 1 + line.reduce(0) { $0 + ($1 == 0x09 ? 1 : 0) }
                guard fieldCount == names.count else {
                    throw InputError(source: source, line: lineNumber,
                                     message: "ragged row: \(fieldCount) fields, but the header has \(names.count) (\(names.joined(separator: ", ")))")
                }
                var start = line.startIndex
                for i in columns.indices {
                    let end = line[start...].firstIndex(of: 0x09) ?? line.endIndex
                    columns[i].append(line[start..<end])
                    start = end + 1
                }
            }
            return true
        }
        if names.isEmpty { throw InputError(source: source, line: nil, message: "no TSV header row: the input is empty") }
        return RecordTable(columnNames: names, columns: columns.map(\.column))
    }

    /// A column read row by row into plain arrays, made a ``TextColumn`` once whole: one copy of
    /// each field's bytes, where appending to a `TextColumn` row by row went through its storage's
    /// ownership check twice a row.
    private struct ColumnBuilder {
        var bytes: [UInt8] = []
        var offsets: [Int64] = [0]

        mutating func append(_ field: ArraySlice<UInt8>) {
            bytes.append(contentsOf: field)
            offsets.append(Int64(bytes.count))
        }

        var column: TextColumn { TextColumn(utf8: bytes, offsets: offsets) }
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
