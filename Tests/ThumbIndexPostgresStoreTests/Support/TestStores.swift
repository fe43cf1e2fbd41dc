import Foundation
import ThumbIndexPostgresStore
@testable import ThumbIndexStore

/// The store the shared specifications (Shared/: ListingStoreTests, ListingStorePropertyTests,
/// linked from ThumbIndexStoreTests) run against in this target: a PostgresStore in a database of
/// its own on the test process's server.
func freshStore() throws -> any ListingStore {
    try freshPostgresStore()
}

/// A PostgresStore in a new, empty database of the test server.
func freshPostgresStore() throws -> PostgresStore {
    let server = try PostgresTestServer.shared()
    return try PostgresStore(url: server.url(try server.createDatabase()))
}

/// `store` closed, and opened again from its location (the URL holds no password: the test
/// server trusts its socket).
func reopened(_ store: any ListingStore) throws -> any ListingStore {
    try store.close()
    return try openStore(store.location, passwordFile: nil)
}
