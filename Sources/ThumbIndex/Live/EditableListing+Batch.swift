extension EditableListing {
    /// One change to an ``EditableListing``, naming its item by id.
    public enum Edit: Sendable, Hashable {
        /// Adds the item; its id must not be in the listing.
        case insert(Item)
        /// Gives the item with `id` a new text and reading (nil: none, since a reading belongs to
        /// a text); its other properties stay. The id must be in the listing.
        case rename(id: String, to: String, reading: String?)
        /// Replaces the item with the same id, every property; the id must be in the listing. It
        /// keeps its place among equal texts (the order it was first inserted in).
        case replace(Item)
        /// Removes the item with `id`; the id must be in the listing.
        case delete(id: String)

        /// The id of the item the edit is about.
        public var id: String {
            switch self {
            case .insert(let item), .replace(let item): item.id
            case .rename(let id, _, _), .delete(let id): id
            }
        }
    }

    /// Edits applied together, in order, all or nothing (see ``EditableListing/apply(_:)``).
    ///
    /// ```swift
    /// var batch = EditableListing.Batch()
    /// batch.insert(.init(id: "7", text: "Zoë"))
    /// batch.rename(id: "2", to: "Anna Eklund")
    /// try book.apply(batch)
    /// ```
    ///
    /// A batch is a value: build it anywhere, apply it later. An array literal of ``Edit``s is one too.
    public struct Batch: Sendable, Hashable, ExpressibleByArrayLiteral {
        /// The edits, in the order they are applied.
        public var edits: [Edit]

        /// A batch of `edits`.
        public init(_ edits: [Edit] = []) { self.edits = edits }

        /// A batch of the literal's edits.
        public init(arrayLiteral edits: Edit...) { self.edits = edits }

        /// Adds an ``Edit/insert(_:)`` of `item`.
        public mutating func insert(_ item: Item) { edits.append(.insert(item)) }
        /// Adds an ``Edit/rename(id:to:reading:)``.
        public mutating func rename(id: String, to text: String, reading: String? = nil) {
            edits.append(.rename(id: id, to: text, reading: reading))
        }
        /// Adds an ``Edit/replace(_:)`` by `item`.
        public mutating func replace(_ item: Item) { edits.append(.replace(item)) }
        /// Adds an ``Edit/delete(id:)``.
        public mutating func delete(id: String) { edits.append(.delete(id: id)) }

        /// Whether the batch has no edits (applying it changes nothing).
        public var isEmpty: Bool { edits.isEmpty }
    }
}
