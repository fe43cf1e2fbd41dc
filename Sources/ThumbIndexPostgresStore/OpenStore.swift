import ThumbIndexStore

/// Opens the store a `--store` argument names: a ``PostgresStore`` for a `postgres://` or
/// `postgresql://` URL, else a ``SQLiteStore`` at the path (created when missing).
///
/// ```swift
/// let store = try openStore("postgres://app@db:5432/listings", passwordFile: "/run/secrets/pg")
/// let local = try openStore("listings.sqlite", passwordFile: nil)
/// ```
/// - Parameters:
///   - argument: a path, or a URL (see ``StoreLocation`` for its form and where the password
///     comes from).
///   - passwordFile: a file whose first line is the password, for a URL that has none.
/// - Throws: `StoreError.invalid` naming the part of the URL that is wrong; what
///   ``SQLiteStore/init(path:)`` or ``PostgresStore/init(_:)`` throw (`.unavailable` when the
///   server cannot be reached). No message holds the password.
package func openStore(_ argument: String, passwordFile: String?) throws(StoreError) -> any ListingStore {
    switch try StoreLocation.parse(argument, passwordFile: passwordFile) {
    case let .sqlite(path): try SQLiteStore(path: path)
    case let .postgres(location): try PostgresStore(location)
    }
}
