/// One entry of a store's change log: what one write did to one item or listing.
package struct StoreChange: Sendable, Hashable {
    /// What changed.
    package enum Kind: Sendable, Hashable {
        /// The item was inserted, or replaced in place (same seq): it is now this.
        case put(StoredItem)
        /// The item with this seq and id was deleted.
        case remove(seq: Int64, id: String)
        /// The listing was created or replaced whole (new locale, columns and items): a reader
        /// reads it again from the store.
        case listingReplaced
        /// The listing was deleted.
        case listingDeleted
    }

    /// The version of the write.
    package var version: Int64
    /// The listing's name.
    package var listing: String
    /// What changed.
    package var kind: Kind

    package init(version: Int64, listing: String, kind: Kind) {
        self.version = version
        self.listing = listing
        self.kind = kind
    }

    /// The kinds as the log stores them (one small integer per entry).
    package enum Code: Int64 {
        case put = 0, remove = 1, listingReplaced = 2, listingDeleted = 3
    }

    package var code: Code {
        switch kind {
        case .put: .put
        case .remove: .remove
        case .listingReplaced: .listingReplaced
        case .listingDeleted: .listingDeleted
        }
    }
}

/// What ``ListingStore/changes(after:limit:)`` read: the changes of a range of versions.
package struct ChangeBatch: Sendable, Hashable {
    /// The changes, in version order (a write's own in the order it made them).
    package var changes: [StoreChange]
    /// The last version the batch covers: a reader that applies `changes` has applied every
    /// write up to this version (some versions change nothing and have no entries).
    package var through: Int64
    /// Whether the log still held every entry of the range; false when entries were pruned
    /// (the reader must read the listings again from the store).
    package var reachesBack: Bool
    /// The store's current version when the batch was read (`through` when the reader is caught up).
    package var storeVersion: Int64

    package init(changes: [StoreChange], through: Int64, reachesBack: Bool, storeVersion: Int64) {
        self.changes = changes
        self.through = through
        self.reachesBack = reachesBack
        self.storeVersion = storeVersion
    }
}
