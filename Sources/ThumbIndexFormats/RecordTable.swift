import ThumbIndex

/// Records as columns: what the front ends read from a file, one row per item.
///
/// Plain text input is a table with the single column "text"; TSV input has the header's columns.
/// Front-end plumbing (`package`), not part of the library's public API.
package struct RecordTable: Sendable {
    /// Column names, in input order.
    package let columnNames: [String]
    /// One `TextColumn` per name, all of the same length.
    package let columns: [TextColumn]

    /// Number of rows.
    package var count: Int { columns.first?.count ?? 0 }

    /// A table with the given columns (all of equal length).
    package init(columnNames: [String], columns: [TextColumn]) {
        precondition(columnNames.count == columns.count && Set(columns.map(\.count)).count <= 1)
        self.columnNames = columnNames
        self.columns = columns
    }

    /// A one-column table ("text") of `texts`.
    package init(texts: some Sequence<String>) {
        self.init(columnNames: ["text"], columns: [TextColumn(texts)])
    }

    /// The position of the column called `name`, or nil.
    package func columnIndex(_ name: String) -> Int? {
        columnNames.firstIndex(of: name)
    }
}

/// Bad input: what was wrong, and where (file and line).
package struct InputError: Error, CustomStringConvertible, Sendable {
    /// The file name, or "<stdin>".
    package let source: String
    /// The 1-based line, when the error has one.
    package let line: Int?
    /// What was wrong.
    package let message: String

    package init(source: String, line: Int?, message: String) {
        self.source = source
        self.line = line
        self.message = message
    }

    package var description: String {
        line.map { "\(source):\($0): \(message)" } ?? "\(source): \(message)"
    }
}
