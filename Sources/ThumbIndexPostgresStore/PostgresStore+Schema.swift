import PostgresNIO
import ThumbIndexStore

extension PostgresStore {
    /// The schema, one migration (a list of statements) per version; a migration, once released, never changes. Every
    /// table's name starts with `thumbindex_`, so the store can share a database with others.
    ///
    /// - `thumbindex_schema`: one row, the schema version the migrations have reached.
    /// - `thumbindex_counter`: one row: `last_version`, the last store version handed out (see
    ///   ``PostgresStore`` for how); `last_seq`, the last seq given to an item of any listing
    ///   (seqs are never reused); `pruned_through`, the log holds every change after this version.
    /// - `thumbindex_listing`: one row per listing; `key` is its creation order (kept when it is
    ///   replaced), `columns` the JSON of its ``ListingColumns``; `item_count` and `version` are
    ///   kept current by every write, so reading them is O(1).
    /// - `thumbindex_item`: one row per item, `seq` its insertion order; `fields` as
    ///   ``StoreRows/encodeFields(_:)`` writes them. Indexed by (listing, seq), the per-listing
    ///   seq order, and unique on (listing, id), the lookup by id.
    /// - `thumbindex_change`: the change log, one row per ``StoreChange``: its version, the
    ///   listing's name, the kind (``StoreChange/Code``), for an item its seq and id and, when
    ///   put, its parts as in the item table; `position`, the order of a write's own entries;
    ///   `at`, when the write's transaction began, for pruning. Indexed by version and by
    ///   (listing, version).
    static let migrations: [[String]] = [
        [
            """
            CREATE TABLE thumbindex_counter (
                one integer PRIMARY KEY CHECK (one = 1),
                last_version bigint NOT NULL,
                last_seq bigint NOT NULL,
                pruned_through bigint NOT NULL
            )
            """,
            "INSERT INTO thumbindex_counter VALUES (1, 0, 0, 0)",
            """
            CREATE TABLE thumbindex_listing (
                key bigserial PRIMARY KEY,
                name text NOT NULL UNIQUE,
                locale text NOT NULL,
                columns text NOT NULL,
                item_count bigint NOT NULL,
                version bigint NOT NULL
            )
            """,
            """
            CREATE TABLE thumbindex_item (
                seq bigint PRIMARY KEY,
                listing bigint NOT NULL REFERENCES thumbindex_listing (key) ON DELETE CASCADE,
                id text NOT NULL,
                text text NOT NULL,
                reading text,
                pinned boolean NOT NULL,
                fields text,
                UNIQUE (listing, id)
            )
            """,
            "CREATE INDEX thumbindex_item_listing ON thumbindex_item (listing, seq)",
            """
            CREATE TABLE thumbindex_change (
                position bigserial PRIMARY KEY,
                version bigint NOT NULL,
                listing text NOT NULL,
                kind smallint NOT NULL,
                seq bigint,
                id text,
                text text,
                reading text,
                pinned boolean,
                fields text,
                at timestamptz NOT NULL DEFAULT now()
            )
            """,
            "CREATE INDEX thumbindex_change_version ON thumbindex_change (version)",
            "CREATE INDEX thumbindex_change_listing ON thumbindex_change (listing, version)",
        ],
    ]

    /// Creates the schema in a database that has none, brings an older one up to date, and
    /// refuses one of a newer ThumbIndex. Runs under an advisory lock, so two servers starting at
    /// once do not both migrate.
    /// - Throws: `StoreError.notAStore` for a schema newer than this version knows.
    static func prepare(_ session: PostgresSession, location: String) throws {
        try session.transaction { () throws -> (value: Void, commit: Bool) in
            try session.query("SELECT pg_advisory_xact_lock(\(schemaLockKey))")
            try session.query("CREATE TABLE IF NOT EXISTS thumbindex_schema (one integer PRIMARY KEY CHECK (one = 1), version integer NOT NULL)")
            let found = try session.query("SELECT version FROM thumbindex_schema").first.map { try $0.decode(Int.self) } ?? 0
            if found > migrations.count {
                throw StoreError.notAStore(path: location, reason: "its ThumbIndex schema is version \(found), written by a newer ThumbIndex (this one knows up to \(migrations.count)); use that version")
            }
            for statement in migrations[found...].joined() {
                try session.query(PostgresQuery(unsafeSQL: statement), timeout: PostgresSession.bulkTimeout)
            }
            if found < migrations.count {
                try session.query("INSERT INTO thumbindex_schema VALUES (1, \(migrations.count)) ON CONFLICT (one) DO UPDATE SET version = excluded.version")
            }
            return ((), true)
        }
    }

    /// The advisory lock taken while migrating ("TIdx" as an integer, as the SQLite store's
    /// application id).
    private static let schemaLockKey: Int64 = 0x5449_6478
}
