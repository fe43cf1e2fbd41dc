import Foundation
import ThumbIndex

/// SQLite FTS5 with the trigram tokenizer asked ThumbIndex's all-terms question (issue 23): the
/// query is cut at white space into terms, and a row matches when every term is contained in one
/// of its searched columns (any order; two terms may match the same place). In memory, one row
/// per item with its listing position as the rowid and its section as an unindexed column, like
/// `SQLiteTrigramSystem`, whose single-term question this extends:
///
///     -- terms of 3+ characters go to the trigram index, one quoted phrase each (any column);
///     -- shorter terms are LIKE filters FTS5 cannot see, evaluated on the rows the index left
///     SELECT sec, count(*) FROM t WHERE t MATCH '"acedo" AND "jes"' AND ((name||'') LIKE '%j%' OR (company||'') LIKE '%j%') GROUP BY sec
///     SELECT name FROM t WHERE … ORDER BY rowid LIMIT 50
///
/// A query whose terms are all shorter than 3 characters is a scan, as the single-term peer's is.
/// FTS5's trigram MATCH folds case over all of Unicode (LIKE: ASCII only); neither folds
/// diacritics on Debian 12's SQLite 3.40.1 (see `SQLiteTrigramSystem`). Like ThumbIndex in
/// `contains` mode, a phrase of a trigram table matches a substring of a column. The table keeps
/// positions (`detail = full`): FTS5 answers no phrase query without them (a phrase of a trigram
/// table is the run of its trigrams); the single-term peer's LIKE needs none, and its `detail=full`
/// variant answers as fast as `detail=none` (RESULTS.md).
public final class SQLiteTermsSystem: KeystrokeSystem {
    private let database: SQLite.Database
    /// The searched columns (the first is the displayed name).
    private let columns: [String]
    /// Prepared statements by shape: whether there is a MATCH, and how many short terms.
    private var statements: [Shape: (counts: SQLite.Statement, page: SQLite.Statement)] = [:]
    public let indexBytes: Int?
    public let extraInfo: [String: Double]

    private struct Shape: Hashable {
        let match: Bool
        let short: Int
    }

    /// Builds the table from a ThumbIndex listing: its texts in listing order as `name`, and for
    /// each of `fields` (by column name) the value of the row's element.
    public init(listing: Listing<Int>, fields: [(name: String, values: PackedStrings)], report: inout BuildReport) throws {
        database = try SQLite.Database(path: ":memory:")
        try database.execute("PRAGMA cache_size = -4000000")
        columns = ["name"] + fields.map(\.name)
        let columnList = columns.joined(separator: ", ")
        try database.execute("""
            CREATE VIRTUAL TABLE t USING fts5(\(columnList), sec UNINDEXED, tokenize = 'trigram', detail = full);
            """)
        let database = database
        let columns = columns
        try report.measure("insert") {
            try database.execute("BEGIN")
            let placeholders = (0..<columns.count + 1).map { "?\($0 + 2)" }.joined(separator: ", ")
            let insert = try database.prepare("INSERT INTO t(rowid, \(columnList), sec) VALUES (?1, \(placeholders))")
            for (s, section) in listing.sections.enumerated() {
                for row in section.rows {
                    insert.reset()
                    insert.bind(row, at: 1)
                    insert.bind(listing.text(ofRow: row), at: 2)
                    let element = listing[row]
                    for (k, field) in fields.enumerated() {
                        insert.bind(field.values, element, at: Int32(k + 3))
                    }
                    insert.bind(s, at: Int32(columns.count + 2))
                    _ = try insert.step()
                }
            }
            try database.execute("COMMIT")
        }
        try report.measure("optimize") { try database.execute("INSERT INTO t(t) VALUES ('optimize')") }
        indexBytes = try database.pageBytes(of: ["t_data", "t_idx"])
        extraInfo = [
            "contentBytes": Double(try database.pageBytes(of: ["t_content"])),
            "databaseBytes": Double(try database.databaseBytes()),
        ]
    }

    /// The statements of a shape, prepared on first use.
    private func prepared(_ shape: Shape) throws -> (counts: SQLite.Statement, page: SQLite.Statement) {
        if let statements = statements[shape] { return statements }
        var conditions: [String] = []
        if shape.match { conditions.append("t MATCH ?1") }
        for k in 0..<shape.short {
            // (col || '') hides the column from FTS5: SQLite's core evaluates the LIKE row by row.
            conditions.append("(" + columns.map { "(\($0) || '') LIKE ?\(k + 2)" }.joined(separator: " OR ") + ")")
        }
        let whereClause = conditions.joined(separator: " AND ")
        let made = (try database.prepare("SELECT sec, count(*) FROM t WHERE \(whereClause) GROUP BY sec"),
                    try database.prepare("SELECT name FROM t WHERE \(whereClause) ORDER BY rowid LIMIT \(pageSize)"))
        statements[shape] = made
        return made
    }

    public func keystroke(_ text: String) -> Answer {
        // The terms, cut at white space as ThumbIndex cuts them. The sessions hold no % _ or ".
        let terms = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        let long = terms.filter { $0.unicodeScalars.count >= 3 }
        let short = terms.filter { $0.unicodeScalars.count < 3 }
        let shape = Shape(match: !long.isEmpty, short: short.count)
        var answer = AnswerBuilder()
        guard !terms.isEmpty else { return answer.answer }
        let (counts, page) = try! prepared(shape)
        let match = long.map { "\"\($0)\"" }.joined(separator: " AND ")
        for statement in [counts, page] {
            statement.reset()
            if shape.match { statement.bind(match, at: 1) }
            for (k, term) in short.enumerated() { statement.bind("%\(term)%", at: Int32(k + 2)) }
        }
        // A failing step is a broken benchmark, not an empty answer: stop loudly.
        while try! counts.step() { answer.section(counts.int(0), count: counts.int(1)) }
        while try! page.step() { answer.pageText(page.utf8(0)) }
        return answer.answer
    }
}
