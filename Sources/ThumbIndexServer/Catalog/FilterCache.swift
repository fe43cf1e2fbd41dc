import Synchronization
import ThumbIndex

/// The most recently used filter results, so that paging through one query's matches (the page
/// fetches 100 rows at a time as they scroll into view) filters once, not once per page.
///
/// A small LRU list behind a mutex: lookups are a linear scan of at most `capacity` keys, far
/// cheaper than any filter. A result holds one `Int32` per match, so the capacity bounds memory.
final class FilterCache: Sendable {
    struct Key: Hashable, Sendable {
        let listing: String
        let query: String
        let fold: Fold
        let mode: MatchMode
    }

    private let capacity: Int
    /// Most recently used last.
    private let entries: Mutex<[(key: Key, filter: ListingFilter)]>

    init(capacity: Int = 16) {
        self.capacity = capacity
        entries = Mutex([])
    }

    /// The cached result for `key`, or `make()`'s (computed outside the lock, then cached).
    func filter(for key: Key, make: () -> ListingFilter) -> ListingFilter {
        let hit: ListingFilter? = entries.withLock { entries in
            guard let i = entries.lastIndex(where: { $0.key == key }) else { return nil }
            let entry = entries.remove(at: i)
            entries.append(entry)
            return entry.filter
        }
        if let hit { return hit }
        let filter = make()
        entries.withLock { entries in
            entries.removeAll { $0.key == key }
            entries.append((key, filter))
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
        return filter
    }
}
