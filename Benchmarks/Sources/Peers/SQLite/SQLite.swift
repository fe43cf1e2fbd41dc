import CSQLite

/// A small wrapper over the system's libsqlite3 C API: a connection and prepared statements.
enum SQLite {
    /// The library's version string ("3.40.1").
    static var version: String { String(cString: sqlite3_libversion()) }

    /// One connection; closed on deinit.
    ///
    /// Not `Sendable`: used by one thread at a time, as SQLite's default threading mode expects.
    final class Database {
        let handle: OpaquePointer

        /// Opens (or creates) the database at `path`; ":memory:" for an in-memory one.
        init(path: String) throws {
            var handle: OpaquePointer?
            let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
            guard code == SQLITE_OK, let handle else {
                defer { sqlite3_close(handle) }
                throw BenchmarkError("sqlite3_open_v2(\(path)): \(String(cString: sqlite3_errstr(code)))")
            }
            self.handle = handle
        }

        deinit { sqlite3_close_v2(handle) }

        /// Runs one or more statements that return no rows.
        func execute(_ sql: String) throws {
            var message: UnsafeMutablePointer<CChar>?
            if sqlite3_exec(handle, sql, nil, nil, &message) != SQLITE_OK {
                let text = message.map { String(cString: $0) } ?? "unknown error"
                sqlite3_free(message)
                throw BenchmarkError("SQLite: \(text) in: \(sql)")
            }
        }

        func prepare(_ sql: String) throws -> Statement { try Statement(database: self, sql: sql) }

        /// The first column of the first row of `sql`, as an integer (0 when there is no row).
        func integer(_ sql: String) throws -> Int {
            let statement = try prepare(sql)
            return try statement.step() ? statement.int(0) : 0
        }

        /// The bytes of the pages of the named tables and indexes (SQLite's `dbstat`), e.g.
        /// `pageBytes(of: ["t_data", "t_idx"])` for an FTS5 table `t`'s index.
        func pageBytes(of names: [String]) throws -> Int {
            let list = names.map { "'\($0)'" }.joined(separator: ", ")
            return try integer("SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name IN (\(list))")
        }

        /// The bytes of the whole database: page count × page size.
        func databaseBytes() throws -> Int {
            try integer("PRAGMA page_count") * integer("PRAGMA page_size")
        }

        var errorMessage: String { String(cString: sqlite3_errmsg(handle)) }
    }

    /// A prepared statement; finalized on deinit.
    final class Statement {
        let database: Database
        let handle: OpaquePointer

        init(database: Database, sql: String) throws {
            var handle: OpaquePointer?
            guard sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil) == SQLITE_OK,
                  let handle else {
                throw BenchmarkError("SQLite: \(database.errorMessage) in: \(sql)")
            }
            self.database = database
            self.handle = handle
        }

        deinit { sqlite3_finalize(handle) }

        func reset() {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }

        func bind(_ value: Int, at index: Int32) {
            sqlite3_bind_int64(handle, index, Int64(value))
        }

        /// Binds UTF-8 text, copied by SQLite (SQLITE_TRANSIENT).
        func bind(utf8 bytes: UnsafeBufferPointer<UInt8>, at index: Int32) {
            let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                sqlite3_bind_text(handle, index, "", 0, transient)
                return
            }
            base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                _ = sqlite3_bind_text(handle, index, $0, Int32(bytes.count), transient)
            }
        }

        /// Binds string `i` of `strings`, without decoding it.
        func bind(_ strings: PackedStrings, _ i: Int, at index: Int32) {
            strings.utf8(i).withUnsafeBufferPointer { bind(utf8: $0, at: index) }
        }

        func bind(_ text: String, at index: Int32) {
            var text = text
            text.withUTF8 { bind(utf8: $0, at: index) }
        }

        /// Steps once: true when a row is ready, false when done.
        func step() throws -> Bool {
            switch sqlite3_step(handle) {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            default: throw BenchmarkError("SQLite: \(database.errorMessage)")
            }
        }

        func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

        /// The column's UTF-8 bytes, valid until the next step or reset.
        func utf8(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
            let count = Int(sqlite3_column_bytes(handle, column))
            guard let text = sqlite3_column_text(handle, column) else { return UnsafeBufferPointer(start: nil, count: 0) }
            return UnsafeBufferPointer(start: text, count: count)
        }
    }
}
