@testable import ThumbIndexStore

// Helpers of the shared specifications, for every store (the PostgreSQL store's tests link this
// file too).

/// Every item of a listing, in seq order.
func allItems(_ store: any ListingStore, _ listing: String) throws -> [StoredItem] {
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
