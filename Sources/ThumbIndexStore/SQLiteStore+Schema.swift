import GRDB

extension SQLiteStore {
    /// The SQLite application id of a ThumbIndex store ("TIdx"), set in the file's header when
    /// the store is created: a file with another id is not a store.
    static let applicationID: Int32 = 0x5449_6478

    /// The schema, one migration per version; a migration, once released, never changes.
    ///
    /// - `listing`: one row per listing; `key` is its creation order (kept when it is replaced),
    ///   `columns` the JSON of its ``ListingColumns``; `itemCount` and `version` are kept
    ///   current by every write, so reading them is O(1).
    /// - `item`: one row per item; `seq` (AUTOINCREMENT: never reused, even after the last row is
    ///   deleted) is the insertion order; `fields` holds the item's fields as name, value, name,
    ///   value... joined with tabs, names sorted, or NULL when there are none (no part of an item
    ///   may hold a tab, see ``ItemLimits``). `item_listing` (listing, then rowid) is the
    ///   per-listing seq order; the unique (listing, id) is the lookup by id.
    /// - `counter`: one row, the last version handed out (versions are store-wide, see
    ///   ``ListingInfo/version``).
    /// - v2, `change`: the change log (see ``ListingStore``), one row per ``StoreChange``: its
    ///   version, the listing's name, the kind (``StoreChange/Code``), for an item its seq and id
    ///   and, when put, its parts as in `item`; `at`, when it was committed (Unix seconds), for
    ///   pruning. `counter.prunedThrough`: the log holds every change after this version (a
    ///   store from before v2 has no log of its earlier writes).
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE listing (
                    key INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL UNIQUE,
                    locale TEXT NOT NULL,
                    columns TEXT NOT NULL,
                    itemCount INTEGER NOT NULL,
                    version INTEGER NOT NULL
                );
                CREATE TABLE item (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    listing INTEGER NOT NULL REFERENCES listing(key) ON DELETE CASCADE,
                    id TEXT NOT NULL,
                    text TEXT NOT NULL,
                    reading TEXT,
                    pinned INTEGER NOT NULL,
                    fields TEXT,
                    UNIQUE (listing, id)
                );
                CREATE INDEX item_listing ON item(listing);
                CREATE TABLE counter (
                    one INTEGER PRIMARY KEY CHECK (one = 1),
                    lastVersion INTEGER NOT NULL
                );
                INSERT INTO counter VALUES (1, 0);
                """)
        }
        migrator.registerMigration("v2") { db in
            try db.execute(sql: """
                CREATE TABLE change (
                    version INTEGER NOT NULL,
                    listing TEXT NOT NULL,
                    kind INTEGER NOT NULL,
                    seq INTEGER,
                    id TEXT,
                    text TEXT,
                    reading TEXT,
                    pinned INTEGER,
                    fields TEXT,
                    at REAL NOT NULL
                );
                CREATE INDEX change_version ON change(version);
                CREATE INDEX change_listing ON change(listing, version);
                ALTER TABLE counter ADD COLUMN prunedThrough INTEGER NOT NULL DEFAULT 0;
                UPDATE counter SET prunedThrough = lastVersion;
                """)
        }
        return migrator
    }()

    /// Claims an empty file as a store, refuses a file that is something else, and brings the
    /// schema up to date.
    /// - Throws: `StoreError.notAStore` for another database or a store of a newer ThumbIndex.
    static func prepare(_ pool: DatabasePool, path: String) throws {
        try pool.write { db in
            let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            if id == applicationID { return }
            let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
            guard id == 0, tables == 0 else {
                throw StoreError.notAStore(path: path, reason: id == 0
                    ? "it is a SQLite database of something else (\(tables) schema objects, no ThumbIndex application id)"
                    : "its SQLite application id is \(id), not ThumbIndex's")
            }
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        }
        if try pool.read({ try migrator.hasBeenSuperseded($0) }) {
            throw StoreError.notAStore(path: path, reason: "it was written by a newer ThumbIndex (its schema is past this version's); use that version")
        }
        try migrator.migrate(pool)
    }
}
