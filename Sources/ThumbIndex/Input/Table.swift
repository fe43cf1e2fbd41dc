/// Records as columns: the input of a listing, one row per item.
///
/// Plain text input is a table with the single column "text"; TSV input has the header's columns.
public struct Table: Sendable {
    /// Column names, in input order.
    public let columnNames: [String]
    /// One `TextColumn` per name, all of the same length.
    public private(set) var columns: [TextColumn]

    /// Number of rows.
    public var count: Int { columns.first?.count ?? 0 }

    /// A table with the given columns (all of equal length).
    public init(columnNames: [String], columns: [TextColumn]) {
        precondition(columnNames.count == columns.count && Set(columns.map(\.count)).count <= 1)
        self.columnNames = columnNames
        self.columns = columns
    }

    /// A one-column table ("text") of `texts`.
    public init(texts: some Sequence<String>) {
        self.init(columnNames: ["text"], columns: [TextColumn(texts)])
    }

    /// The position of the column called `name`.
    ///
    /// - Throws: `InputError` naming the column, the known ones and the `source`.
    public func columnIndex(_ name: String, option: String, source: String) throws(InputError) -> Int {
        guard let index = columnNames.firstIndex(of: name) else {
            throw InputError(source: source, line: 1,
                             message: "\(option) \(name): no such column; the columns are \(columnNames.joined(separator: ", "))")
        }
        return index
    }

    /// This table with its rows rearranged: row `k` of the result is row `order[k]` of this one.
    func permuted(by order: [Int32]) -> Table {
        Table(columnNames: columnNames, columns: columns.map { $0.permuted(by: order) })
    }
}

/// Bad input: what was wrong, and where (file and line).
public struct InputError: Error, CustomStringConvertible, Sendable {
    /// The file name, or "<stdin>".
    public let source: String
    /// The 1-based line, when the error has one.
    public let line: Int?
    /// What was wrong.
    public let message: String

    public init(source: String, line: Int?, message: String) {
        self.source = source
        self.line = line
        self.message = message
    }

    public var description: String {
        line.map { "\(source):\($0): \(message)" } ?? "\(source): \(message)"
    }
}
