import Foundation
@testable import ThumbIndexStore

/// A path for a store file in a fresh temporary folder (the file does not exist yet).
func temporaryStorePath(_ name: String = "store.sqlite") throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-store-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent(name).path
}

/// Every item of a listing, in seq order.
func allItems(_ store: ListingStore, _ listing: String) throws -> [StoredItem] {
    var items: [StoredItem] = []
    try store.forEachItem(listing: listing) { items.append($0) }
    return items
}

/// The error `body` throws, as a `StoreError` (nil when it throws nothing).
func storeError<T>(_ body: () throws -> T) -> StoreError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? StoreError
    }
}
