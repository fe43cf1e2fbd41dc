import Foundation

/// SQLite FTS5 with the trigram tokenizer, in memory: one row per item with its listing position
/// as the rowid and its section as an unindexed column. A keystroke is what an app would send:
///
///     SELECT sec, count(*) FROM t WHERE name LIKE '%q%' GROUP BY sec     -- per-section counts
///     SELECT name FROM t WHERE name LIKE '%q%' ORDER BY rowid LIMIT 50   -- the first page
///
/// FTS5 answers LIKE from the trigram index for patterns of 3 or more characters and scans
/// otherwise. LIKE is case-insensitive for ASCII only and does not fold diacritics (the trigram
/// tokenizer's `remove_diacritics` needs SQLite 3.45; Debian 12 has 3.40.1).
///
/// SQLite 3.40.1's FTS5 returns no rows at all for a LIKE pattern of fewer than 3 characters but
/// 3 or more bytes (`'%陆%'`, `'%шо%'`, `'%zü%'`): it hands the literal to the trigram index, which
/// has no token that short. So, as an app must, queries of fewer than 3 characters (Unicode
/// scalars, as the tokenizer counts them) go through `(name || '') LIKE`, which FTS5 cannot see and
/// SQLite's core evaluates on every row: the full scan FTS5 itself does for short ASCII patterns.
public final class SQLiteTrigramSystem: KeystrokeSystem {
    /// FTS5's `detail` option: `none` is the smallest index; `full` keeps positions.
    public enum Detail: String, Sendable { case none, full }

    private let database: SQLite.Database
    /// Per-section counts and the first page, through the trigram index (3+ characters).
    private let counts: SQLite.Statement
    private let page: SQLite.Statement
    /// The same through a scan (fewer than 3 characters).
    private let scanCounts: SQLite.Statement
    private let scanPage: SQLite.Statement
    public let indexBytes: Int?
    public let extraInfo: [String: Double]

    /// Builds the table from the listing.
    ///
    /// - Parameters:
    ///   - path: ":memory:" (the keystroke peer), or a file for the write and start-up figures:
    ///     a file replaces any database there and is written in WAL mode with `synchronous=FULL`.
    public init(snapshot: ListingSnapshot, detail: Detail, path: String = ":memory:", report: inout BuildReport) throws {
        if path != ":memory:" {
            for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        }
        database = try Self.open(path)
        try database.execute("""
            CREATE VIRTUAL TABLE t USING fts5(name, sec UNINDEXED, tokenize = 'trigram', detail = \(detail.rawValue));
            """)
        let database = database
        try report.measure("insert") {
            try database.execute("BEGIN")
            let insert = try database.prepare("INSERT INTO t(rowid, name, sec) VALUES (?1, ?2, ?3)")
            var row = 0
            for (s, section) in snapshot.sections.enumerated() {
                while row < section.rows.upperBound {
                    insert.reset()
                    insert.bind(row, at: 1)
                    insert.bind(snapshot.texts, row, at: 2)
                    insert.bind(s, at: 3)
                    _ = try insert.step()
                    row += 1
                }
            }
            try database.execute("COMMIT")
        }
        try report.measure("optimize") { try database.execute("INSERT INTO t(t) VALUES ('optimize')") }

        // Index = the FTS5 segments (t_data) and their b-tree (t_idx); the texts (t_content) and
        // per-row token counts (t_docsize) are reported apart.
        indexBytes = try database.pageBytes(of: ["t_data", "t_idx"])
        extraInfo = [
            "contentBytes": Double(try database.pageBytes(of: ["t_content"])),
            "docsizeBytes": Double(try database.pageBytes(of: ["t_docsize"])),
            "databaseBytes": Double(try database.databaseBytes()),
        ]
        (counts, page, scanCounts, scanPage) = try Self.prepareKeystroke(database)
    }

    /// Opens the database file that `init(snapshot:detail:path:report:)` made, as an app starting
    /// up does: the connection, its settings and the keystroke's statements (no sizes are measured).
    public init(opening path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw BenchmarkError("no SQLite database at \(path)") }
        database = try Self.open(path)
        (counts, page, scanCounts, scanPage) = try Self.prepareKeystroke(database)
        indexBytes = nil
        extraInfo = [:]
    }

    /// A connection with the peer's settings: a 4 GB page cache; a file in WAL mode, every commit synced.
    private static func open(_ path: String) throws -> SQLite.Database {
        let database = try SQLite.Database(path: path)
        try database.execute("PRAGMA cache_size = -4000000")
        if path != ":memory:" { try database.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL") }
        return database
    }

    private static func prepareKeystroke(_ database: SQLite.Database) throws
        -> (SQLite.Statement, SQLite.Statement, SQLite.Statement, SQLite.Statement) {
        (try database.prepare("SELECT sec, count(*) FROM t WHERE name LIKE ?1 GROUP BY sec"),
         try database.prepare("SELECT name FROM t WHERE name LIKE ?1 ORDER BY rowid LIMIT \(pageSize)"),
         try database.prepare("SELECT sec, count(*) FROM t WHERE (name || '') LIKE ?1 GROUP BY sec"),
         try database.prepare("SELECT name FROM t WHERE (name || '') LIKE ?1 ORDER BY rowid LIMIT \(pageSize)"))
    }

    public func keystroke(_ text: String) -> Answer {
        // The sessions hold no % or _ (checked by the runner), so no ESCAPE clause is needed
        // (one would keep FTS5 from seeing the LIKE).
        let pattern = "%\(text)%"
        let short = text.unicodeScalars.count < 3
        let counts = short ? scanCounts : counts
        let page = short ? scanPage : page
        var answer = AnswerBuilder()
        // A failing step is a broken benchmark, not an empty answer: stop loudly.
        counts.reset()
        counts.bind(pattern, at: 1)
        while try! counts.step() { answer.section(counts.int(0), count: counts.int(1)) }
        page.reset()
        page.bind(pattern, at: 1)
        while try! page.step() { answer.pageText(page.utf8(0)) }
        return answer.answer
    }

    /// The insert of `DurableSystem`, prepared on first use.
    private lazy var insertStatement = try! database.prepare("INSERT INTO t(name, sec) VALUES (?1, ?2)")
}

/// Writes, for the write figures (a file database). A new row's rowid is the largest so far plus
/// one, so it is listed after every earlier row, not at its place in the order: the peer's
/// `ORDER BY rowid` holds only for the listing it was built from (it has no ICU collation to sort
/// by), which the write figures do not read back.
extension SQLiteTrigramSystem: DurableSystem {
    public func insert(_ item: NewItem) throws {
        try append(item)  // autocommit: a transaction of its own
    }

    public func insert(batch items: [NewItem]) throws {
        try database.execute("BEGIN")
        for item in items { try append(item) }
        try database.execute("COMMIT")
    }

    private func append(_ item: NewItem) throws {
        let insert = insertStatement
        insert.reset()
        insert.bind(item.text, at: 1)
        insert.bind(item.section, at: 2)
        _ = try insert.step()
    }
}
