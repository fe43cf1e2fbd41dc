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

/// A path for a store file in a fresh temporary folder (the file does not exist yet), inside this
/// test process's own folder, which is removed when the process exits.
func temporaryStorePath(_ name: String = "store.sqlite") throws -> String {
    _ = runFolderRemovedAtExit
    let folder = runFolder.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent(name).path
}

/// The folder that holds every store this test process makes.
private let runFolder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-store-tests-\(UUID().uuidString)")

/// Registers, once, the removal of ``runFolder`` at exit (a killed run still leaves it behind).
private let runFolderRemovedAtExit: Void = {
    atexit { try? FileManager.default.removeItem(at: runFolder) }
}()
