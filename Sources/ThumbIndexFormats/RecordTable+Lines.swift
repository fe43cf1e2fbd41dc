extension RecordTable {
    /// The 1-based line of `bytes` that row `row` of the table `read(_:format:source:)` made of
    /// them came from (blank lines are skipped, and a TSV header is not a row): for errors found
    /// in a record after reading, such as an import refusing an item. nil past the last row.
    ///
    /// Runs over the input again, so it is for error paths: O(bytes).
    package static func line(ofRow row: Int, in bytes: [UInt8], format: InputFormat) -> Int? {
        var rowsSeen = format == .tsv ? -1 : 0
        var found: Int? = nil
        forEachLine(of: bytes) { lineNumber, line in
            if isBlank(line) { return true }
            if rowsSeen == row {
                found = lineNumber
                return false
            }
            rowsSeen += 1
            return true
        }
        return found
    }
}
