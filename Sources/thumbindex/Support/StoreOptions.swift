import ArgumentParser
import ThumbIndexPostgresStore
import ThumbIndexStore

/// The `--store` and `--store-password-file` options of the commands that read or write a store:
/// a SQLite file, or a PostgreSQL database given as a `postgres://` URL.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The store of listings: a SQLite file (created when missing), or a PostgreSQL database as postgres://user@host:port/db (libpq's form; a Unix socket as postgres://user@/db?host=/socket/dir).",
        valueName: "db"))
    var store: String

    @Option(name: .long, help: ArgumentHelp(
        "For a postgres:// --store without a password: a file whose first line is the password (else PGPASSWORD is used).",
        valueName: "file"))
    var storePasswordFile: String?

    /// The store as messages name it: a URL without its password.
    var shownStore: String { Self.redacted(store) }

    /// Opens the store.
    /// - Throws: `CLIError` naming the store (a missing folder, a file that is not a store, a
    ///   bad URL, a database that cannot be reached...).
    func open() throws -> any ListingStore {
        try run { () throws(StoreError) in try Self.open(store, passwordFile: storePasswordFile) }
    }

    /// Opens the store `argument` names (a path or a URL), as `--store` does for every command.
    static func open(_ argument: String, passwordFile: String?) throws(StoreError) -> any ListingStore {
        try openStore(argument, passwordFile: passwordFile)
    }

    /// Runs `body`, its `StoreError` turned into a `CLIError` naming the store.
    func run<T>(_ body: () throws(StoreError) -> T) throws -> T {
        do throws(StoreError) {
            return try body()
        } catch {
            throw self.error(error)
        }
    }

    /// A store error as the CLI reports it: naming the store (never its password).
    func error(_ error: StoreError) -> CLIError {
        let message = error.description
        if message.hasPrefix(shownStore + ":") { return CLIError("--store \(message)") }
        if message.hasPrefix("store ") { return CLIError("--\(message)") }
        return CLIError("--store \(shownStore): \(message)")
    }

    /// "; the listings are a, b" (or "; it holds no listings"), for errors about a missing listing.
    static func listingNames(_ store: any ListingStore) -> String {
        let names = (try? store.listings().map(\.name)) ?? []
        return names.isEmpty ? "; it holds no listings" : "; the listings are \(names.joined(separator: ", "))"
    }

    static func redacted(_ argument: String) -> String {
        StoreLocation.redacted(argument)
    }
}
