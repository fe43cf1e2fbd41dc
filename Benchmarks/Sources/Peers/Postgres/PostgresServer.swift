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
    ///
    /// posix_spawn + waitpid rather than Foundation's `Process`, whose `waitUntilExit` never
    /// returned here once `pg_ctl start` had left the server running in the background.
    private func pgCtl(_ arguments: [String]) throws {
        let pgCtl = "\(binDirectory)/pg_ctl"
        let argv = Self.asRoot ? ["/usr/sbin/runuser", "-u", "postgres", "--", pgCtl] + arguments : [pgCtl] + arguments
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)  // pg_ctl's chatter
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, &cArguments, environ)
        guard spawned == 0 else { throw BenchmarkError("cannot run \(argv[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Exited normally (low 7 bits 0) with code 0.
        guard status & 0x7f == 0 && (status >> 8) & 0xff == 0 else {
            throw BenchmarkError("pg_ctl \(arguments.joined(separator: " ")) failed (wait status \(status)): see \(scratch)/server.log")
        }
    }
}
