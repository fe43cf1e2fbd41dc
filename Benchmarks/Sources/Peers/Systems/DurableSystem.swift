import Foundation

/// One item written to a live system: its unique id, its text, and the section ThumbIndex's
/// labels put it in (the peers store sections as a column, filled from ThumbIndex's listing).
public struct NewItem: Sendable, Hashable {
    public let id: String
    public let text: String
    public let section: Int

    public init(id: String, text: String, section: Int) {
        self.id = id
        self.text = text
        self.section = section
    }

    /// `count` items to write: the texts of rows spread evenly over the listing (so every section
    /// and script is written to), each with its row's section and a fresh id `new-<prefix>-<k>`.
    public static func spread(_ count: Int, over snapshot: ListingSnapshot, prefix: String) -> [NewItem] {
        let ends = snapshot.sectionEnds
        return (0..<count).map { k in
            let row = (k * snapshot.count / max(1, count) + k % 7) % snapshot.count
            let section = ends.firstIndex { row < $0 }!
            return NewItem(id: "new-\(prefix)-\(k)", text: snapshot.texts[row], section: section)
        }
    }
}

/// A system that keeps its items on disk and takes writes while it answers keystrokes, as a
/// deployed backend does: what the write figures measure.
public protocol DurableSystem: KeystrokeSystem {
    /// Inserts one item in a transaction of its own; it is durable (synced to disk) on return.
    func insert(_ item: NewItem) throws
    /// Inserts the items in one transaction; durable on return.
    func insert(batch items: [NewItem]) throws
}

/// Where a durable system's files are and how it starts on them: what the start-up figure
/// measures (from launching the database process, or opening its file, to the first answered
/// keystroke).
public protocol DurableStore {
    /// Creates the files from the listing, replacing earlier ones (untimed setup for the figures).
    func create(snapshot: ListingSnapshot, locale: String, report: inout BuildReport) throws
    /// Starts on the existing files and returns the system, ready for a keystroke; `report` gets
    /// the phases (e.g. "server accepts connections", "connect and prepare").
    func start(report: inout BuildReport) throws -> DurableSystem
    /// Stops what `start` started, so that the next start begins with no process and no
    /// connection; the caller has dropped the system (which closes its connection). Stopping a
    /// stopped store does nothing.
    func stop() throws
}

/// The durable systems, by the names the runner and the report use.
public enum DurableSystemID: String, CaseIterable, Sendable, Codable {
    /// PostgreSQL 15 + pg_trgm (the server of `Benchmarks/postgres.sh`).
    case postgres = "postgres-trgm"
    /// SQLite FTS5 trigram, detail=none, in a file (WAL, synchronous=FULL).
    case sqlite = "sqlite-fts5"
    /// ThumbIndex's live server: the hook for its writes and start-up. It is being built
    /// separately; when it lands, a `DurableStore` for it goes here (start = launch the server
    /// on its files and wait for its first answer; insert = its write endpoint, acknowledged
    /// when durable), and `run.sh` adds it to `DURABLE`.
    case thumbindexLive = "thumbindex-live"

    /// The store of this system. `scratch` is the folder for its files (the PostgreSQL server's
    /// scratch folder, which also holds the SQLite file).
    public func store(scratch: String) throws -> DurableStore {
        switch self {
        case .postgres: return PostgresTrigramSystem.Store(server: PostgresServer(scratch: scratch))
        case .sqlite: return SQLiteFileStore(path: "\(scratch)/sqlite-fts5.db")
        case .thumbindexLive:
            throw BenchmarkError("thumbindex-live: ThumbIndex's live server has not landed yet; see DurableSystemID.thumbindexLive")
        }
    }
}

/// The SQLite FTS5 peer in a file: created from the listing, opened on start, closed on stop.
public struct SQLiteFileStore: DurableStore {
    public let path: String

    public func create(snapshot: ListingSnapshot, locale: String, report: inout BuildReport) throws {
        _ = try SQLiteTrigramSystem(snapshot: snapshot, detail: .none, path: path, report: &report)
    }

    public func start(report: inout BuildReport) throws -> DurableSystem {
        try report.measure("open and prepare") { try SQLiteTrigramSystem(opening: path) }
    }

    /// Closing is the system's deinit: the caller has dropped its last reference.
    public func stop() throws {}
}
