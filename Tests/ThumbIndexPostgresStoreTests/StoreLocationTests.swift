import Testing
import ThumbIndexPostgresStore
import ThumbIndexStore

@Suite("StoreLocation: --store as a path or a postgres:// URL")
struct StoreLocationTests {
    @Test("paths are SQLite files; URLs in libpq's form are PostgreSQL, written back without the password")
    func parsing() throws {
        #expect(try StoreLocation.parse("listings.sqlite", environment: [:]) == .sqlite(path: "listings.sqlite"))
        #expect(try StoreLocation.parse("/var/lib/postgres/x", environment: [:]) == .sqlite(path: "/var/lib/postgres/x"))

        let tcp = try postgres("postgres://app:p%40ss@db.internal:6432/listings")
        #expect(tcp.user == "app" && tcp.password == "p@ss" && tcp.host == "db.internal" && tcp.port == 6432 && tcp.database == "listings")
        #expect(tcp.url == "postgres://app@db.internal:6432/listings")
        #expect(tcp.socketPath == nil)

        let socket = try postgres("postgresql://me@/book?host=/var/run/postgresql")
        #expect(socket.host == nil && socket.socketPath == "/var/run/postgresql/.s.PGSQL.5432")
        #expect(socket.url == "postgresql://me@/book?host=/var/run/postgresql")
        #expect(try postgres(socket.url) == socket, "the location parses back to itself")

        let ipv6 = try postgres("postgres://me@[::1]:5433/book?sslmode=disable")
        #expect(ipv6.host == "::1" && ipv6.port == 5433 && ipv6.url == "postgres://me@[::1]:5433/book")
        #expect(try postgres("postgres://me@/book?host=/tmp&port=7000").socketPath == "/tmp/.s.PGSQL.7000")
    }

    @Test("the password: the URL's first, then the password file, then PGPASSWORD")
    func passwordSources() throws {
        #expect(try postgres("postgres://me:url@h/db", environment: ["PGPASSWORD": "env"]).password == "url")
        #expect(try postgres("postgres://me@h/db", environment: ["PGPASSWORD": "env"]).password == "env")
        #expect(try postgres("postgres://me@h/db", environment: [:]).password == nil)
        let missing = storeError { try StoreLocation.parse("postgres://me@h/db", passwordFile: "/nonexistent/pw", environment: [:]) }
        #expect(missing?.description.hasPrefix("store password file: /nonexistent/pw cannot be read") == true, "\(String(describing: missing))")
    }

    @Test("a bad URL is refused naming the part that is wrong", arguments: [
        ("postgres://db.internal/listings", "store URL user: is missing"),
        ("postgres://app@db.internal", "store URL database: is missing"),
        ("postgres://app@db.internal/", "store URL database: is missing"),
        ("postgres://app@db.internal:port/x", "store URL port: 'port' is not a port number"),
        ("postgres://app@db.internal:70000/x", "store URL port: '70000' is not a port number"),
        ("postgres://app@/x", "store URL host: is missing"),
        ("postgres://app@/x?host=relative/dir", "store URL ?host: 'relative/dir' is not an absolute path"),
        ("postgres://app@h/x?host=/tmp", "store URL host: is given twice"),
        ("postgres://app@h/x?sslmode=require", "store URL ?sslmode: 'require' is not supported"),
        ("postgres://app@h/x?colour=blue", "store URL ?colour: is not a parameter ThumbIndex knows"),
        ("postgres://app@h/x?host", "store URL ?host: has no value"),
        ("postgres://app:%zz@h/x", "store URL password: has a bad %-escape"),
        ("postgres://app@[::1/x", "store URL host: '[::1' opens an IPv6 address"),
        ("", "store: is empty"),
    ])
    func badURLs(url: String, message: String) {
        let error = storeError { try StoreLocation.parse(url, environment: [:]) }
        #expect(error?.description.hasPrefix(message) == true, "\(String(describing: error))")
        #expect(error?.description.contains("%zz") != true, "a password is never shown, even a bad one")
    }

    private func postgres(_ url: String, environment: [String: String] = [:]) throws -> PostgresLocation {
        guard case let .postgres(location) = try StoreLocation.parse(url, environment: environment) else {
            throw StoreError.invalid(field: "test", reason: "\(url) parsed as a path")
        }
        return location
    }
}
