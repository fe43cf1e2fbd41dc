extension RecordTable {
    /// The 1-based line of `bytes` that row `row` of the table `read(_:format:source:)` made of
    /// them came from (blank lines are skipped, and a TSV header is not a row): for errors found
    /// in a record after reading, such as an import refusing an item. nil past the last row.
    ///
    /// Runs over the input again, so it is for error paths: O(bytes).
    package static func line(ofRow row: Int, in bytes: [UInt8], format: InputFormat) -> Int? {
        var lineNumber = 0, rowsSeen = format == .tsv ? -1 : 0
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count {
            lineNumber += 1
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let isBlank = bytes[start..<end].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            start = end + 1
            if isBlank { continue }
            if rowsSeen == row { return lineNumber }
            rowsSeen += 1
        }
        return nil
    }
}
