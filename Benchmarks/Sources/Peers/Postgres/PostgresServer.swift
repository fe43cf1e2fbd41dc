import Foundation

/// The PostgreSQL server of a benchmark run, made by `Benchmarks/postgres.sh`: a cluster in
/// `<scratch>/data`, listening only on a Unix socket in `<scratch>/socket` (no TCP).
///
/// The peers connect to it; the start-up measurement stops it and starts it again with `pg_ctl`,
/// as the script does. When this process is root the server runs as `postgres` (`runuser`):
/// PostgreSQL refuses to run as root.
public struct PostgresServer: Sendable {
    /// The scratch folder: `data/`, `socket/` and `server.log`.
    public let scratch: String
    /// Where `pg_ctl` and `postgres` are (Debian: /usr/lib/postgresql/15/bin).
    public let binDirectory: String
    public let database: String

    public init(scratch: String, binDirectory: String = "/usr/lib/postgresql/15/bin", database: String = "thumbindex") {
        self.scratch = scratch
        self.binDirectory = binDirectory
        self.database = database
    }

    /// Whether this process is root, and so runs the server's tools as `postgres`.
    private static var asRoot: Bool { getuid() == 0 }

    /// The connection string: the socket folder as host; the cluster's superuser (the OS user
    /// that ran initdb: `postgres` under root, else this process's user, libpq's default).
    public var conninfo: String {
        "host=\(scratch)/socket dbname=\(database)" + (Self.asRoot ? " user=postgres" : "")
    }

    /// Whether the server accepts connections now.
    public var isRunning: Bool { Postgres.accepts(conninfo) }

    /// Launches the server on the existing cluster and returns once it accepts connections
    /// (polled every millisecond: `pg_ctl -w` polls every 100 ms, too coarse to time a start).
    /// - Throws: when `pg_ctl` fails or the server does not accept connections within `timeout` seconds.
    public func start(timeout: Double = 120) throws {
        try pgCtl(["-D", "\(scratch)/data", "-l", "\(scratch)/server.log", "-W", "start"])
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(timeout)
        while !isRunning {
            guard clock.now < deadline else {
                throw BenchmarkError("PostgreSQL did not accept connections within \(timeout) s: see \(scratch)/server.log")
            }
            usleep(1000)
        }
    }

    /// Stops the server (fast shutdown: a checkpoint, clients disconnected) and waits until it is gone.
    public func stop() throws {
        try pgCtl(["-D", "\(scratch)/data", "-m", "fast", "-w", "stop"])
    }

    /// Runs `pg_ctl` (as `postgres` when this process is root) and waits for it.
    private func pgCtl(_ arguments: [String]) throws {
        let process = Process()
        let pgCtl = "\(binDirectory)/pg_ctl"
        if Self.asRoot {
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            process.arguments = ["-u", "postgres", "--", pgCtl] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: pgCtl)
            process.arguments = arguments
        }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError("pg_ctl \(arguments.joined(separator: " ")) exited with \(process.terminationStatus): see \(scratch)/server.log")
        }
    }
}
