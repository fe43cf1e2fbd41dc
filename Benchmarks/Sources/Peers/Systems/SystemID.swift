import ThumbIndex

/// The systems under test, by the names the runner and the report use.
public enum SystemID: String, CaseIterable, Sendable, Codable {
    /// ThumbIndex: `Listing` + `SearchableListing`, typing through a `FilterSession` per query.
    case thumbindex
    /// ThumbIndex without the session: `SearchableListing.filter` afresh on every keystroke.
    case thumbindexStateless = "thumbindex-stateless"
    /// SQLite FTS5 trigram, `detail=none` (the smallest index; the size comparison's reference).
    case sqlite = "sqlite-fts5"
    /// SQLite FTS5 trigram, `detail=full`.
    case sqliteFull = "sqlite-fts5-full"
    /// PostgreSQL 15 + pg_trgm (GIN, `ILIKE`), on the server of `Benchmarks/postgres.sh`.
    case postgres = "postgres-trgm"
    /// memmem over pre-folded UTF-8.
    case memmem = "folded-memmem"
    /// The seeds' deep copy + `range(of:options:)`.
    case naive = "naive-seed"
    /// A `localizedStandardContains` scan.
    case localized = "localized-contains"
    /// The phonetic rules restated as a plain scan (the phonetic corpora's baseline).
    case naivePhonetic = "naive-phonetic"

    /// Whether the system needs the prepared listing snapshot (the peers) or builds its own (ThumbIndex).
    public var usesSnapshot: Bool { self != .thumbindex && self != .thumbindexStateless }

    /// Builds the system over a corpus. ThumbIndex reads and lists the corpus itself; the peers take
    /// the prepared snapshot. Reading the input is not part of `report`. `postgres` is the server
    /// the PostgreSQL peer loads into (required for it only).
    public func make(corpus: Corpus, table: CorpusTable?, snapshot: ListingSnapshot?,
                     postgres: PostgresServer? = nil) throws -> (KeystrokeSystem, BuildReport) {
        var report = BuildReport()
        let system: KeystrokeSystem
        switch self {
        case .thumbindex: system = try ThumbIndexSystem(corpus: corpus, table: table!, report: &report)
        case .thumbindexStateless:
            system = try ThumbIndexSystem(corpus: corpus, table: table!, refining: false, report: &report)
        case .sqlite: system = try SQLiteTrigramSystem(snapshot: snapshot!, detail: .none, report: &report)
        case .sqliteFull: system = try SQLiteTrigramSystem(snapshot: snapshot!, detail: .full, report: &report)
        case .postgres:
            guard let postgres else { throw BenchmarkError("postgres-trgm needs a server: run it through Benchmarks/postgres.sh") }
            system = try PostgresTrigramSystem(server: postgres, snapshot: snapshot!, locale: corpus.locale, report: &report)
        case .memmem: system = FoldedScanSystem(snapshot: snapshot!, report: &report)
        case .naive: system = NaiveSeedSystem(snapshot: snapshot!, report: &report)
        case .localized: system = LocalizedContainsSystem(snapshot: snapshot!, report: &report)
        case .naivePhonetic: system = NaivePhoneticScanSystem(snapshot: snapshot!, locale: corpus.locale, report: &report)
        }
        return (system, report)
    }
}
