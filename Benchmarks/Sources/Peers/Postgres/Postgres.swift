import CPostgres

/// A small wrapper over libpq, PostgreSQL's C client: a connection, named prepared statements,
/// results and `COPY … FROM STDIN`.
enum Postgres {
    /// Whether a server accepts connections at `conninfo` (no authentication is attempted).
    static func accepts(_ conninfo: String) -> Bool { PQping(conninfo) == PQPING_OK }

    /// One connection; closed on deinit.
    ///
    /// Not `Sendable`: libpq connections are used by one thread at a time.
    final class Connection {
        let handle: OpaquePointer

        /// Connects with a libpq connection string (`host=/socket/dir dbname=… user=…`).
        init(_ conninfo: String) throws {
            guard let handle = PQconnectdb(conninfo) else {
                throw BenchmarkError("PostgreSQL: libpq could not allocate a connection for \(conninfo)")
            }
            guard PQstatus(handle) == CONNECTION_OK else {
                let message = String(cString: PQerrorMessage(handle))
                PQfinish(handle)
                throw BenchmarkError("PostgreSQL: cannot connect with '\(conninfo)': \(message)"
                                     + "(is the server of Benchmarks/postgres.sh running?)")
            }
            self.handle = handle
        }

        deinit { PQfinish(handle) }

        /// Runs one or more statements without parameters; the result of the last one.
        @discardableResult
        func execute(_ sql: String) throws -> Result {
            try Result(PQexec(handle, sql), on: self, for: sql)
        }

        /// Prepares `sql` (parameters `$1`, `$2`, … typed by the server) under `name`.
        func prepare(_ name: String, _ sql: String) throws {
            _ = try Result(PQprepare(handle, name, sql, 0, nil), on: self, for: sql)
        }

        /// Runs the prepared statement `name` with text parameters.
        func run(_ name: String, _ parameters: [String]) throws -> Result {
            // The parameters back to back, NUL-terminated, in one buffer that outlives the call.
            var buffer: [CChar] = []
            var starts: [Int] = []
            for parameter in parameters {
                starts.append(buffer.count)
                buffer.append(contentsOf: parameter.utf8CString)
            }
            let handle = handle
            let raw = buffer.withUnsafeBufferPointer { base -> OpaquePointer? in
                let values: [UnsafePointer<CChar>?] = starts.map { base.baseAddress! + $0 }
                return PQexecPrepared(handle, name, Int32(parameters.count), values, nil, nil, 0)
            }
            return try Result(raw, on: self, for: "EXECUTE \(name)(\(parameters.joined(separator: ", ")))")
        }

        /// `COPY … FROM STDIN` (text format): `sql` starts it, `fill` is called with an empty
        /// buffer to append the next chunk of rows to, until it returns false.
        func copy(_ sql: String, fill: (inout [UInt8]) -> Bool) throws {
            _ = try Result(PQexec(handle, sql), on: self, for: sql)
            var chunk: [UInt8] = []
            chunk.reserveCapacity(1 << 20)
            var more = true
            while more {
                chunk.removeAll(keepingCapacity: true)
                more = fill(&chunk)
                guard !chunk.isEmpty else { continue }
                let sent = chunk.withUnsafeBytes {
                    PQputCopyData(handle, $0.baseAddress!.assumingMemoryBound(to: CChar.self), Int32($0.count))
                }
                guard sent == 1 else { throw BenchmarkError("PostgreSQL: COPY data not sent: \(errorMessage)") }
            }
            guard PQputCopyEnd(handle, nil) == 1 else { throw BenchmarkError("PostgreSQL: COPY not ended: \(errorMessage)") }
            // The COPY's own result, then nil.
            while let raw = PQgetResult(handle) { _ = try Result(raw, on: self, for: sql) }
        }

        var errorMessage: String { String(cString: PQerrorMessage(handle)) }
    }

    /// A query's result; cleared on deinit.
    final class Result {
        let handle: OpaquePointer

        /// Takes ownership of `raw`; throws the server's message unless it succeeded.
        init(_ raw: OpaquePointer?, on connection: Connection, for sql: String) throws {
            guard let raw else { throw BenchmarkError("PostgreSQL: \(connection.errorMessage) in: \(sql)") }
            switch PQresultStatus(raw) {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_COPY_IN:
                handle = raw
            default:
                let message = String(cString: PQresultErrorMessage(raw))
                PQclear(raw)
                throw BenchmarkError("PostgreSQL: \(message) in: \(sql)")
            }
        }

        deinit { PQclear(handle) }

        var rows: Int32 { PQntuples(handle) }

        /// The value's text bytes, valid while the result lives.
        func utf8(_ row: Int32, _ column: Int32) -> UnsafeBufferPointer<UInt8> {
            let count = Int(PQgetlength(handle, row, column))
            // char and UInt8 may alias each other: reading the bytes as UInt8 is allowed.
            let value = UnsafeRawPointer(PQgetvalue(handle, row, column)!).assumingMemoryBound(to: UInt8.self)
            return UnsafeBufferPointer(start: value, count: count)
        }

        /// An integer column (text format: decimal digits, maybe a minus sign).
        func int(_ row: Int32, _ column: Int32) -> Int {
            var value = 0
            var negative = false
            for byte in utf8(row, column) {
                if byte == UInt8(ascii: "-") { negative = true } else { value = value * 10 + Int(byte &- 48) }
            }
            return negative ? -value : value
        }
    }
}
