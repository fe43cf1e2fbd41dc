import Foundation

/// PostgreSQL 15 with pg_trgm: what a backend team would deploy for filter-as-you-type. One table,
/// the names under an ICU collation of the listing's locale, a trigram GIN index for `ILIKE`, a
/// b-tree in listing order for the page, and the section of each row filled at load from
/// ThumbIndex's listing (as the SQLite peer's `sec` column):
///
///     CREATE COLLATION listing (provider = icu, locale = 'en');
///     CREATE TABLE item (seq bigserial PRIMARY KEY, id text NOT NULL UNIQUE,
///                        name text COLLATE listing NOT NULL, sec smallint NOT NULL);
///     CREATE INDEX item_name_trgm ON item USING gin (name gin_trgm_ops);
///     CREATE INDEX item_order ON item (sec, name);
///
/// A keystroke is two prepared statements, with `q`'s `\`, `%` and `_` escaped:
///
///     SELECT sec, count(*) FROM item WHERE name ILIKE '%q%' GROUP BY sec ORDER BY sec
///     SELECT name FROM item WHERE name ILIKE '%q%' ORDER BY sec, name LIMIT 50
///
/// The page's order is the listing's: its sections in order, names by the ICU collation within a
/// section (ThumbIndex's own order, up to ties). `ILIKE` lower-cases both sides with the column's
/// ICU collation (full Unicode case, no diacritic folding). pg_trgm answers patterns of 3 or more
/// characters from the index; below that the planner scans. Each execution is planned for its
/// pattern (`plan_cache_mode = force_custom_plan`): a generic plan cannot tell "a" from "tuczno".
public final class PostgresTrigramSystem: KeystrokeSystem {
    private let connection: Postgres.Connection
    public let indexBytes: Int?
    public let extraInfo: [String: Double]

    /// Loads the listing into the server's database (replacing the table) and connects.
    public convenience init(server: PostgresServer, snapshot: ListingSnapshot, locale: String,
                            report: inout BuildReport) throws {
        let connection = try Postgres.Connection(server.conninfo)
        try Self.load(snapshot, locale: locale, into: connection, report: &report)
        try self.init(connection: connection, measureSizes: true)
    }

    /// Connects to a database that `load` filled: settings and prepared statements.
    private init(connection: Postgres.Connection, measureSizes: Bool) throws {
        self.connection = connection
        try connection.execute("SET plan_cache_mode = force_custom_plan")
        try connection.prepare("counts", "SELECT sec, count(*) FROM item WHERE name ILIKE $1 GROUP BY sec ORDER BY sec")
        try connection.prepare("page", "SELECT name FROM item WHERE name ILIKE $1 ORDER BY sec, name LIMIT \(pageSize)")
        try connection.prepare("insert", "INSERT INTO item (id, name, sec) VALUES ($1, $2, $3)")
        guard measureSizes else {
            indexBytes = nil
            extraInfo = [:]
            return
        }
        func bytes(_ expression: String) throws -> Double {
            Double(try connection.execute("SELECT \(expression)").int(0, 0))
        }
        // Index = the trigram GIN index (what answers the search); the rest apart.
        indexBytes = Int(try bytes("pg_relation_size('item_name_trgm')"))
        extraInfo = [
            "orderIndexBytes": try bytes("pg_relation_size('item_order')"),
            "keyIndexBytes": try bytes("pg_relation_size('item_pkey') + pg_relation_size('item_id_key')"),
            "tableBytes": try bytes("pg_table_size('item')"),
            "databaseBytes": try bytes("pg_database_size(current_database())"),
        ]
    }

    /// Creates the table, copies the listing in (`COPY … FROM STDIN`, ids `g<row>`), then builds
    /// the keys and indexes and runs `VACUUM ANALYZE`, as a bulk load is done; each a phase.
    static func load(_ snapshot: ListingSnapshot, locale: String, into connection: Postgres.Connection,
                     report: inout BuildReport) throws {
        guard locale.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw BenchmarkError("locale '\(locale)' is not a plain BCP 47 tag")
        }
        try connection.execute("""
            SET client_min_messages = warning;
            DROP TABLE IF EXISTS item;
            CREATE EXTENSION IF NOT EXISTS pg_trgm;
            DROP COLLATION IF EXISTS listing;
            CREATE COLLATION listing (provider = icu, locale = '\(locale)');
            CREATE TABLE item (seq bigserial, id text NOT NULL, name text COLLATE listing NOT NULL, sec smallint NOT NULL);
            """)
        try report.measure("copy") {
            var row = 0
            var section = 0
            let ends = snapshot.sectionEnds
            try connection.copy("COPY item (id, name, sec) FROM STDIN") { chunk in
                while row < snapshot.count && chunk.count < 1 << 20 {
                    while row >= ends[section] { section += 1 }
                    chunk.append(contentsOf: "g\(row)\t".utf8)
                    Self.appendCopyText(snapshot.texts.utf8(row), to: &chunk)
                    chunk.append(contentsOf: "\t\(section)\n".utf8)
                    row += 1
                }
                return row < snapshot.count
            }
        }
        try report.measure("keys") { try connection.execute("ALTER TABLE item ADD PRIMARY KEY (seq), ADD UNIQUE (id)") }
        try report.measure("trigram index") {
            try connection.execute("CREATE INDEX item_name_trgm ON item USING gin (name gin_trgm_ops)")
        }
        try report.measure("order index") { try connection.execute("CREATE INDEX item_order ON item (sec, name)") }
        try report.measure("vacuum analyze") { try connection.execute("VACUUM ANALYZE item") }
    }

    /// A text in COPY's text format: backslash, tab, newline and carriage return escaped.
    private static func appendCopyText(_ utf8: some Sequence<UInt8>, to chunk: inout [UInt8]) {
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\\"): chunk.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x09: chunk.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x0A: chunk.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: chunk.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            default: chunk.append(byte)
            }
        }
    }

    /// `%text%` with LIKE's own characters escaped (backslash is ILIKE's default escape, and
    /// pg_trgm reads escaped patterns).
    static func pattern(_ text: String) -> String {
        var escaped = "%"
        for character in text {
            if character == "\\" || character == "%" || character == "_" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped + "%"
    }

    public func keystroke(_ text: String) -> Answer {
        let pattern = Self.pattern(text)
        var answer = AnswerBuilder()
        // A failing query is a broken benchmark, not an empty answer: stop loudly.
        let counts = try! connection.run("counts", [pattern])
        for row in 0..<counts.rows { answer.section(counts.int(row, 0), count: counts.int(row, 1)) }
        let page = try! connection.run("page", [pattern])
        for row in 0..<page.rows { answer.pageText(page.utf8(row, 0)) }
        return answer.answer
    }
}

/// Writes: `INSERT` through a prepared statement, each on its own committed (autocommit) or in
/// one `BEGIN … COMMIT`; the server's `synchronous_commit = on` makes a commit wait for its WAL
/// to reach the disk. Every index (keys, trigram, order) is maintained by each insert (the GIN
/// index through its pending list, pg_trgm's default `fastupdate`).
extension PostgresTrigramSystem: DurableSystem {
    public func insert(_ item: NewItem) throws {
        _ = try connection.run("insert", [item.id, item.text, String(item.section)])
    }

    public func insert(batch items: [NewItem]) throws {
        try connection.execute("BEGIN")
        for item in items { _ = try connection.run("insert", [item.id, item.text, String(item.section)]) }
        try connection.execute("COMMIT")
    }
}

extension PostgresTrigramSystem {
    /// The server's cluster as a `DurableStore`: create = load the listing; start = `pg_ctl start`
    /// on the data folder, connect, prepare; stop = close the connection, `pg_ctl stop -m fast`.
    public struct Store: DurableStore {
        public let server: PostgresServer

        public func create(snapshot: ListingSnapshot, locale: String, report: inout BuildReport) throws {
            if !server.isRunning { try server.start() }
            let connection = try Postgres.Connection(server.conninfo)
            try PostgresTrigramSystem.load(snapshot, locale: locale, into: connection, report: &report)
        }

        public func start(report: inout BuildReport) throws -> DurableSystem {
            try report.measure("server accepts connections") { try server.start() }
            return try report.measure("connect and prepare") {
                try PostgresTrigramSystem(connection: Postgres.Connection(server.conninfo), measureSizes: false)
            }
        }

        public func stop() throws {
            if server.isRunning { try server.stop() }
        }
    }
}
