extension EditableListing {
    /// One item of an ``EditableListing``: its id, what is shown and searched, and how it is sorted.
    ///
    /// ```swift
    /// let item = EditableListing.Item(id: "42", text: "山田太郎", reading: "やまだたろう",
    ///                                 fields: ["phone": "090-1234-5678"])
    /// ```
    public struct Item: Sendable, Hashable {
        /// The item's id: unique in its listing, never empty, chosen by the caller (a database
        /// key, a UUID, a counter). Edits name items by it.
        public var id: String
        /// The displayed, searched text.
        public var text: String
        /// A reading that replaces the text for order and section (kana for a Japanese name);
        /// nil when there is none. An empty reading is none.
        public var reading: String?
        /// Whether the item belongs in the leading "Favorites" section.
        public var isPinned: Bool
        /// The item's values of the listing's searched fields (``EditableListing/Field``) and of its
        /// region field, by field name. An empty value is none.
        public var fields: [String: String]

        /// An item; an empty `reading` or field value is none.
        public init(id: String, text: String, reading: String? = nil, pinned: Bool = false,
                    fields: [String: String] = [:]) {
            self.id = id
            self.text = text
            self.reading = reading?.isEmpty == true ? nil : reading
            isPinned = pinned
            self.fields = fields.filter { !$0.value.isEmpty }
        }
    }

    /// A column searched besides the items' texts: its name (the key of ``Item/fields``) and kind.
    ///
    /// The item's text stays its key (its section and order); a query's terms match in the fields
    /// too, and ``FilteredSnapshot/Match/fieldMatches`` says where (see <doc:FindingPeople>).
    public struct Field: Sendable, Hashable {
        /// The field's name, as ``Item/fields`` and ``FieldMatch/field`` name it.
        public let name: String
        /// How it is searched.
        public let kind: SearchFieldKind

        /// A field named `name`, searched as `kind` says.
        public init(name: String, kind: SearchFieldKind) {
            self.name = name
            self.kind = kind
        }

        /// A field searched as text, as ``SearchField/text(_:_:)`` is.
        public static func text(_ name: String) -> Field { Field(name: name, kind: .text) }
        /// A field of phone numbers, searched by their digits, as ``SearchField/phone(_:region:_:)`` is.
        public static func phone(_ name: String) -> Field { Field(name: name, kind: .phone) }
    }
}

extension EditableListing.Item {
    /// The item as the live listing holds it, with `seq`: the region field's value as its region.
    func liveItem(seq: Int, schema: LiveFieldSchema) -> LiveItem {
        var fields = fields
        let region = schema.regionColumn.flatMap { fields.removeValue(forKey: $0) }
        return LiveItem(seq: seq, id: id, text: text, reading: reading, pinned: isPinned, fields: fields, region: region)
    }

    /// The item a live listing holds.
    init(_ item: LiveItem, schema: LiveFieldSchema) {
        var fields = item.fields
        if let column = schema.regionColumn, let region = item.region { fields[column] = region }
        self.init(id: item.id, text: item.text, reading: item.reading, pinned: item.pinned, fields: fields)
    }
}
