import Foundation

/// A throw-away PostgreSQL server for the tests of one process: `initdb` in a fresh temporary
/// folder, `pg_ctl start` on a Unix socket in that folder (and TCP on 127.0.0.1 at a free port, for
/// password logins), stopped when the process has ended. Each test takes a database of its own
/// (``createDatabase()``).
///
/// Self-contained (Foundation only), so that other test targets can copy it. PostgreSQL 15's
/// binaries are looked for in /usr/lib/postgresql/15/bin (Debian's `postgresql` package, which
/// scripts/test installs); when they are missing, ``shared()`` throws and the tests fail, saying
/// so. PostgreSQL refuses to run as root, so under root (as in CI) the server runs as the
/// `postgres` user (`runuser`), and the folder is given to it.
///
/// Local connections are trusted (user `postgres`, no password); TCP ones need a password
/// (scram-sha-256), for the tests of password handling.
final class PostgresTestServer: @unchecked Sendable {
    // @unchecked Sendable: every property is a constant but `databases`, which is only touched
    // under `lock`.
    /// The folder of the server: its data, its log and its socket.
    let folder: String
    /// The folder of the Unix socket (`?host=` in a URL).
    var socketDirectory: String { folder }
    /// The port (the socket file's name, and TCP on 127.0.0.1).
    let port: Int
    /// The superuser, trusted on the socket.
    let user = "postgres"
    /// The server's options (`pg_ctl -o`): its socket, port and durability.
    private let options: String
    private let lock = NSLock()
    private var databases = 0

    /// Where Debian's PostgreSQL 15 keeps its programs.
    static let binaries = "/usr/lib/postgresql/15/bin"

    /// The server of this test process, started on first use.
    static func shared() throws -> PostgresTestServer {
        try started.get()
    }

    private static let started: Result<PostgresTestServer, any Error> = Result { try PostgresTestServer() }

    /// Starts a server of its own (for a test that stops or restarts it: the shared one serves
    /// the other tests meanwhile); ``destroy()`` stops it and deletes its folder.
    /// - Parameter durable: keep PostgreSQL's fsync and synchronous commits (for measurements);
    ///   by default they are off, which tests do not need.
    init(durable: Bool = false) throws {
        guard FileManager.default.isExecutableFile(atPath: "\(Self.binaries)/initdb") else {
            throw TestServerError("PostgreSQL 15 is not installed (no \(Self.binaries)/initdb): install Debian's `postgresql` package (`apt-get install postgresql`; scripts/test does)")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-pg-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        port = try Self.freePort()
        let speed = durable ? "" : " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        options = "-k \(folder) -p \(port) -c listen_addresses=127.0.0.1" + speed
        if getuid() == 0 { try Self.run("/bin/chown", ["postgres:postgres", folder]) }
        try runAsServerUser("\(Self.binaries)/initdb", ["-D", "\(folder)/data", "-U", user, "--auth-local=trust", "--auth-host=scram-sha-256",
                                                         "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"])
        try start()
        try stopWhenTestsEnd()
    }

    /// Leaves a watchdog shell that stops the server and deletes its folder once this process
    /// has ended, however it ends (an `atexit` handler would not run after a crash or a kill).
    private func stopWhenTestsEnd() throws {
        let stop = getuid() == 0 ? "/sbin/runuser -u postgres -- \(Self.binaries)/pg_ctl" : "\(Self.binaries)/pg_ctl"
        let script = "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; \(stop) -D '\(folder)/data' stop -m immediate; rm -rf '\(folder)'"
        try Self.run("/bin/sh", ["-c", script], wait: false)
    }

    /// Stops the server at once and deletes its folder.
    func destroy() {
        try? pgCtl(["stop", "-m", "immediate"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A new, empty database; returns its name.
    func createDatabase() throws -> String {
        let name = lock.withLock {
            databases += 1
            return "test_\(databases)"
        }
        try psql("CREATE DATABASE \(name)")
        return name
    }

    /// The URL of database `name` over the Unix socket, as the trusted superuser (written as
    /// PostgresStore writes its location).
    func url(_ name: String) -> String {
        "postgres://\(user)@:\(port)/\(name)?host=\(socketDirectory)"
    }

    /// Runs SQL as the superuser in database `database`.
    func psql(_ sql: String, database: String = "postgres") throws {
        try Self.run("\(Self.binaries)/psql", ["-h", folder, "-p", "\(port)", "-U", user, "-d", database, "-v", "ON_ERROR_STOP=1", "-q", "-c", sql])
    }

    /// Restarts the server (`pg_ctl restart -m fast`): every connection is cut.
    func restart() throws {
        try pgCtl(["restart", "-w", "-m", "fast"])
    }

    /// Stops the server (`pg_ctl stop -m fast`), for a test of what happens while it is down.
    func stop() throws {
        try pgCtl(["stop", "-w", "-m", "fast"])
    }

    /// Starts it again after ``stop()``.
    func start() throws {
        try pgCtl(["start", "-w", "-l", "\(folder)/server.log", "-o", options])
    }

    private func pgCtl(_ arguments: [String]) throws {
        try runAsServerUser("\(Self.binaries)/pg_ctl", ["-D", "\(folder)/data"] + arguments)
    }

    /// Runs a PostgreSQL program as the user the server runs as: `postgres` under root.
    private func runAsServerUser(_ program: String, _ arguments: [String]) throws {
        if getuid() == 0 {
            try Self.run("/sbin/runuser", ["-u", "postgres", "--", program] + arguments)
        } else {
            try Self.run(program, arguments)
        }
    }

    /// Runs a program and waits; throws with its output when it fails.
    ///
    /// posix_spawn and waitpid, not Foundation's `Process`: `Process.waitUntilExit()` was seen
    /// never to return for a child that had exited, with tests spawning programs on several
    /// threads at once. The output goes to a file, not a pipe, since the server that `pg_ctl
    /// start` leaves running keeps the descriptors it inherits.
    private static func run(_ program: String, _ arguments: [String], wait: Bool = true) throws {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-pg-run-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else { throw TestServerError("\(program) cannot be started: \(String(cString: strerror(spawned)))") }
        if !wait { return }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw TestServerError("waitpid for \(program) failed: \(String(cString: strerror(errno)))") }
        }
        let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
        guard exited, code == 0 else {
            let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            throw TestServerError("\(program) \(arguments.joined(separator: " ")) failed (status \(status)): \(text)")
        }
    }

    /// A TCP port nobody listens on now (the kernel's choice for port 0).
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestServerError("socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw TestServerError("bind() failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// Why the test server could not do what it was asked.
struct TestServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
