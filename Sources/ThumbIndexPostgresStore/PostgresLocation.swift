import Foundation
import PostgresNIO
import ThumbIndexStore

/// Where a PostgreSQL store is: the parts of a `postgres://` URL (libpq's form), and the password
/// found for it.
///
/// ```swift
/// let location = try PostgresLocation(url: "postgres://thumbindex@db.internal:5432/listings")
/// let local = try PostgresLocation(url: "postgresql://me@/listings?host=/var/run/postgresql")
/// // local.socketPath == "/var/run/postgresql/.s.PGSQL.5432"
/// ```
/// The password is never part of ``url``, so it is never in a message or a log.
package struct PostgresLocation: Sendable, Hashable {
    /// "postgres" or "postgresql", as given.
    package var scheme: String
    /// The user to log in as.
    package var user: String
    /// The password: from the URL, or set by ``StoreLocation/parse(_:passwordFile:environment:)``
    /// from a password file or `PGPASSWORD`; nil for none (trust or peer authentication).
    package var password: String?
    /// The TCP host; nil when ``socketDirectory`` is set.
    package var host: String?
    /// The port (5432 unless given); for a Unix socket, the number in its file name.
    package var port: Int
    /// The folder of the server's Unix socket (`?host=/var/run/postgresql`), or nil for TCP.
    package var socketDirectory: String?
    /// The database.
    package var database: String

    /// PostgreSQL's default port.
    package static let defaultPort = 5432

    /// The URL without the password: what ``PostgresStore/location`` is, in every message.
    package var url: String {
        var url = "\(scheme)://\(Self.escape(user))@"
        if let host { url += host.contains(":") ? "[\(host)]" : Self.escape(host) }
        if host != nil || port != Self.defaultPort { url += ":\(port)" }
        url += "/\(Self.escape(database))"
        if let socketDirectory { url += "?host=\(Self.escape(socketDirectory, keeping: "/"))" }
        return url
    }

    /// The path of the server's Unix socket: `.s.PGSQL.<port>` in ``socketDirectory``.
    package var socketPath: String? {
        socketDirectory.map { ($0.hasSuffix("/") ? $0 : $0 + "/") + ".s.PGSQL.\(port)" }
    }

    /// What postgres-nio connects with (no TLS: see ``StoreLocation``).
    var configuration: PostgresConnection.Configuration {
        var configuration = if let socketPath {
            PostgresConnection.Configuration(unixSocketPath: socketPath, username: user, password: password, database: database)
        } else {
            PostgresConnection.Configuration(host: host ?? "localhost", port: port, username: user, password: password,
                                             database: database, tls: .disable)
        }
        configuration.options.connectTimeout = .seconds(2)
        return configuration
    }

    private static func escape(_ part: String, keeping extra: String = "") -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~" + extra)
        return part.addingPercentEncoding(withAllowedCharacters: allowed) ?? part
    }
}
