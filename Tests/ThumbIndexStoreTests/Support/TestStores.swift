import Foundation
@testable import ThumbIndexStore

/// The store the shared specifications (ListingStoreTests, ListingStorePropertyTests) run
/// against in this target: a SQLite file in a fresh temporary folder.
func freshStore() throws -> any ListingStore {
    try SQLiteStore(path: try temporaryStorePath())
}

/// `store` closed, and opened again from its location.
func reopened(_ store: any ListingStore) throws -> any ListingStore {
    try store.close()
    return try SQLiteStore(path: store.location)
}

/// A path for a store file in a fresh temporary folder (the file does not exist yet).
func temporaryStorePath(_ name: String = "store.sqlite") throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-store-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent(name).path
}
