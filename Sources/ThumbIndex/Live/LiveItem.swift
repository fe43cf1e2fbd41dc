/// One item of a live listing, as a store keeps it.
package struct LiveItem: Sendable, Hashable {
    /// The store's sequence number: unique within the listing, never reused, and the order of items
    /// that collate equal (the order they were first added in).
    package var seq: Int
    /// The item's stable id (the client's, or one the store assigned).
    package var id: String
    /// The displayed, searched text.
    package var text: String
    /// A reading that replaces the text for order and section; nil when there is none (an empty
    /// reading is none).
    package var reading: String?
    /// Whether the item belongs in the leading "Favorites" section.
    package var pinned: Bool

    package init(seq: Int, id: String, text: String, reading: String? = nil, pinned: Bool = false) {
        self.seq = seq
        self.id = id
        self.text = text
        self.reading = reading?.isEmpty == true ? nil : reading
        self.pinned = pinned
    }

    /// What the item is sorted and sectioned by: its reading when it has one, else its text.
    var sortText: String { reading.flatMap { $0.isEmpty ? nil : $0 } ?? text }
}

/// One change to a live listing.
package enum LiveEdit: Sendable, Hashable {
    /// Adds the item, or replaces the item with the same `seq`.
    case put(LiveItem)
    /// Removes the item with this `seq`; nothing happens when there is none.
    case remove(seq: Int)

    /// The sequence number of the item the edit is about.
    package var seq: Int {
        switch self {
        case .put(let item): item.seq
        case .remove(let seq): seq
        }
    }
}

/// Where an item stands in a listing's order: its section (as a label position, 0 for
/// Favorites), its full-strength sort key, then its sequence number, compared in that order. This
/// is exactly the order a `Listing` built from the items in ascending `seq` gives them.
struct SortPosition: Comparable, Sendable {
    let labelPosition: Int
    let key: [UInt8]
    let seq: Int

    /// The position of an item with `sortText`, `pinned` and `seq` under `collation`.
    init(sortText: String, pinned: Bool, seq: Int, collation: IndexedCollation) throws {
        let trimmed = IndexedCollation.trimmed(sortText)
        labelPosition = pinned ? 0 : 1 + collation.labelIndex(for: String(trimmed))
        var utf8 = String(collation.sortingForm(ofTrimmed: trimmed))
        key = try utf8.withUTF8 { try collation.icu.sortKey(utf8: $0) }
        self.seq = seq
    }

    static func < (a: SortPosition, b: SortPosition) -> Bool {
        if a.labelPosition != b.labelPosition { return a.labelPosition < b.labelPosition }
        if a.key != b.key { return a.key.lexicographicallyPrecedes(b.key) }
        return a.seq < b.seq
    }
}
