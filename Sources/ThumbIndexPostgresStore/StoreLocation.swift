import Foundation
import ThumbIndexStore

/// What a `--store` argument names: a SQLite file, or a PostgreSQL database.
///
/// A PostgreSQL store is given as a URL in libpq's form:
/// `postgres://user[:password]@host[:port]/database`, or `postgresql://…`; a Unix socket as
/// `postgres://user@/database?host=/socket/dir` (the port, 5432 unless given, names the socket
/// file). The password comes from the URL, else from the first line of a password file
/// (`--store-password-file`), else from `PGPASSWORD`; none is fine for trust or peer
/// authentication. Anything else is a path to a SQLite file.
/// ```swift
/// let location = try StoreLocation.parse("postgres://app@db:5432/listings", passwordFile: "/run/secrets/pg")
/// ```
package enum StoreLocation: Sendable, Hashable {
    /// A SQLite file (created when missing).
    case sqlite(path: String)
    /// A PostgreSQL database.
    case postgres(PostgresLocation)

    /// Whether `argument` is a PostgreSQL URL rather than a path.
    package static func isURL(_ argument: String) -> Bool {
        argument.hasPrefix("postgres://") || argument.hasPrefix("postgresql://")
    }

    /// Reads a `--store` argument.
    /// - Parameters:
    ///   - argument: a path, or a `postgres://` URL.
    ///   - passwordFile: a file whose first line is the password, for a URL without one.
    ///   - environment: where `PGPASSWORD` is looked up (the process's environment by default).
    /// - Throws: `StoreError.invalid` naming the part of the URL that is wrong (never showing the
    ///   password), or the password file that cannot be read.
    package static func parse(_ argument: String, passwordFile: String? = nil,
                              environment: [String: String] = ProcessInfo.processInfo.environment) throws(StoreError) -> StoreLocation {
        guard isURL(argument) else {
            if argument.isEmpty { throw .invalid(field: "store", reason: "is empty; give a file path or a postgres:// URL") }
            return .sqlite(path: argument)
        }
        var location = try parseURL(argument)
        if location.password == nil, let passwordFile {
            location.password = try readPasswordFile(passwordFile)
        }
        if location.password == nil, let password = environment["PGPASSWORD"], !password.isEmpty {
            location.password = password
        }
        return .postgres(location)
    }

    /// `argument` for messages: a URL without its password, a path as it is.
    package static func redacted(_ argument: String) -> String {
        guard isURL(argument), let schemeEnd = argument.range(of: "://") else { return argument }
        let rest = argument[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@"),
              let colon = rest[..<at].firstIndex(of: ":") else { return argument }
        return String(argument[..<colon]) + String(argument[at...])
    }

    // MARK: Parsing

    private static func parseURL(_ argument: String) throws(StoreError) -> PostgresLocation {
        let scheme = argument.hasPrefix("postgresql://") ? "postgresql" : "postgres"
        var rest = Substring(argument.dropFirst(scheme.count + 3))
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        guard let slash = rest.firstIndex(of: "/") else {
            throw invalid("database", "is missing: write \(scheme)://USER@HOST:PORT/DATABASE")
        }
        let authority = rest[..<slash]
        let database = try decoded(rest[rest.index(after: slash)...], part: "database")
        if database.isEmpty { throw invalid("database", "is missing: write \(scheme)://USER@HOST:PORT/DATABASE") }
        if database.contains("/") { throw invalid("database", "'\(database)' holds a '/'; a database name is one path segment") }

        guard let at = authority.lastIndex(of: "@") else {
            throw invalid("user", "is missing: write \(scheme)://USER@HOST/\(database)")
        }
        let userInfo = authority[..<at]
        var hostPort = authority[authority.index(after: at)...]
        var password: String?
        var userPart = userInfo
        if let colon = userInfo.firstIndex(of: ":") {
            userPart = userInfo[..<colon]
            password = try decoded(userInfo[userInfo.index(after: colon)...], part: "password", show: false)
        }
        let user = try decoded(userPart, part: "user")
        if user.isEmpty { throw invalid("user", "is missing: write \(scheme)://USER@HOST/\(database)") }

        var host: String?
        var portText: Substring?
        if hostPort.hasPrefix("[") {
            guard let close = hostPort.firstIndex(of: "]") else { throw invalid("host", "'\(hostPort)' opens an IPv6 address with '[' but never closes it") }
            host = String(hostPort[hostPort.index(after: hostPort.startIndex)..<close])
            hostPort = hostPort[hostPort.index(after: close)...]
            if !hostPort.isEmpty {
                guard hostPort.first == ":" else { throw invalid("host", "unexpected '\(hostPort)' after the IPv6 address") }
                portText = hostPort.dropFirst()
            }
        } else {
            if let colon = hostPort.firstIndex(of: ":") {
                portText = hostPort[hostPort.index(after: colon)...]
                hostPort = hostPort[..<colon]
            }
            let name = try decoded(hostPort, part: "host")
            host = name.isEmpty ? nil : name
        }
        var port = PostgresLocation.defaultPort
        if let portText { port = try parsePort(portText) }

        var socketDirectory: String?
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let key = pair.prefix { $0 != "=" }
            guard key.count < pair.count else { throw invalid("?\(key)", "has no value; write ?\(key)=VALUE") }
            let value = try decoded(pair.dropFirst(key.count + 1), part: "?\(key)")
            switch key {
            case "host":
                guard value.hasPrefix("/") else {
                    throw invalid("?host", "'\(value)' is not an absolute path; ?host= names the folder of the server's Unix socket (give a TCP host before the '/')")
                }
                socketDirectory = value
            case "port":
                port = try parsePort(Substring(value), part: "?port")
            case "sslmode":
                guard ["disable", "allow", "prefer"].contains(value) else {
                    throw invalid("?sslmode", "'\(value)' is not supported: this version connects without TLS (sslmode=disable); use a Unix socket or a trusted network")
                }
            case "application_name", "connect_timeout":
                continue
            default:
                throw invalid("?\(key)", "is not a parameter ThumbIndex knows (it takes host, port, sslmode, application_name, connect_timeout)")
            }
        }
        if socketDirectory != nil, host != nil {
            throw invalid("host", "is given twice: a TCP host '\(host!)' and a socket folder ?host=\(socketDirectory!); keep one")
        }
        if socketDirectory == nil, host == nil {
            throw invalid("host", "is missing: write \(scheme)://\(user)@HOST/\(database), or \(scheme)://\(user)@/\(database)?host=/SOCKET/FOLDER")
        }
        return PostgresLocation(scheme: scheme, user: user, password: password, host: host, port: port,
                                socketDirectory: socketDirectory, database: database)
    }

    private static func parsePort(_ text: Substring, part: String = "port") throws(StoreError) -> Int {
        guard let port = Int(text), (1...65535).contains(port) else {
            throw invalid(part, "'\(text)' is not a port number (1...65535)")
        }
        return port
    }

    /// `part` with its %XX escapes decoded.
    private static func decoded(_ part: Substring, part name: String, show: Bool = true) throws(StoreError) -> String {
        guard let value = String(part).removingPercentEncoding else {
            throw invalid(name, show ? "'\(part)' has a bad %-escape (write %XX with two hex digits)" : "has a bad %-escape (write %XX with two hex digits)")
        }
        return value
    }

    private static func invalid(_ part: String, _ reason: String) -> StoreError {
        .invalid(field: "store URL \(part)", reason: reason)
    }

    private static func readPasswordFile(_ path: String) throws(StoreError) -> String? {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .invalid(field: "store password file", reason: "\(path) cannot be read: \((error as NSError).localizedDescription)")
        }
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let password = line.hasSuffix("\r") ? String(line.dropLast()) : line
        if password.isEmpty { throw .invalid(field: "store password file", reason: "\(path): its first line is empty") }
        return password
    }
}
