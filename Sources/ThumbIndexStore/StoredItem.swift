/// One item of a stored listing, as the store holds it.
///
/// `seq` is the item's place in insertion order: the SQLite rowid of its row, assigned once when
/// the item is first stored, kept when the item is replaced or patched, and never given to
/// another item of any listing, even after a delete. Listings use it as the tie-break between
/// items that collate equal.
package struct StoredItem: Sendable, Hashable {
    /// Insertion order (the SQLite rowid): stable, never reused.
    package var seq: Int64
    /// The item's id in its listing: given by the client, or assigned (see ``ItemLimits/assignedID(seq:attempt:)``).
    package var id: String
    /// The text shown, sorted and searched.
    package var text: String
    /// The reading used for order and section instead of `text` (e.g. kana for a Japanese name); nil when none.
    package var reading: String?
    /// Whether the item belongs in the leading Favorites section.
    package var pinned: Bool
    /// The other columns of the item (name → value); may be empty.
    package var fields: [String: String]

    package init(seq: Int64, id: String, text: String, reading: String?, pinned: Bool, fields: [String: String] = [:]) {
        self.seq = seq
        self.id = id
        self.text = text
        self.reading = reading
        self.pinned = pinned
        self.fields = fields
    }

    /// The item `input` becomes when stored under `seq` and `id`: its text, pin and fields, and its
    /// reading with an empty one stored as nil.
    package init(seq: Int64, id: String, input: ItemInput) {
        self.init(seq: seq, id: id, text: input.text, reading: input.storedReading, pinned: input.pinned, fields: input.fields)
    }
}

/// An item to store: the store assigns `seq`, and `id` when the client gives none.
///
/// The limits on each part are ``ItemLimits``; ``validate(position:)`` checks them all.
package struct ItemInput: Sendable, Hashable {
    /// The item's id; nil to have the store assign one.
    package var id: String?
    /// The text shown, sorted and searched: not blank.
    package var text: String
    /// The reading used for order and section; nil (or empty, stored as nil) for none.
    package var reading: String?
    /// Whether the item belongs in the leading Favorites section.
    package var pinned: Bool
    /// The other columns of the item (name → value).
    package var fields: [String: String]

    package init(id: String? = nil, text: String, reading: String? = nil, pinned: Bool = false, fields: [String: String] = [:]) {
        self.id = id
        self.text = text
        self.reading = reading
        self.pinned = pinned
        self.fields = fields
    }
}

/// A change to one stored item: each non-nil part replaces the item's.
///
/// `reading` is doubly optional: nil leaves the reading alone, `.some(nil)` clears it.
/// ```swift
/// let patch = ItemPatch(reading: .some(nil), pinned: true)   // clear the reading, pin the item
/// ```
package struct ItemPatch: Sendable, Hashable {
    /// The new text, or nil to keep it.
    package var text: String?
    /// The new reading (`.some(nil)` clears it), or nil to keep it.
    package var reading: String??
    /// Whether the item is pinned, or nil to keep it.
    package var pinned: Bool?

    package init(text: String? = nil, reading: String?? = nil, pinned: Bool? = nil) {
        self.text = text
        self.reading = reading
        self.pinned = pinned
    }
}

/// What a write did to one item: `old` is nil when the item was inserted.
package struct ItemChange: Sendable, Hashable {
    /// The item before the write, or nil when it is new.
    package var old: StoredItem?
    /// The item as stored now.
    package var new: StoredItem
    /// The store version of the write (see ``ListingStore``).
    package var version: Int64

    package init(old: StoredItem?, new: StoredItem, version: Int64) {
        self.old = old
        self.new = new
        self.version = version
    }
}
