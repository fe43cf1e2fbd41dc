/// How to build a `Listing` from a table.
public struct ListingOptions: Sendable, Hashable {
    /// The column shown as the item's text; nil means the first column.
    public var keyColumn: String?
    /// A column whose non-empty value is used instead of the text for order and section
    /// (a reading: Japanese 山田 with reading やまだ goes under や).
    public var readingColumn: String?
    /// A column whose non-empty value pins the item into a leading "Favorites" section (index title "★").
    public var pinColumn: String?
    /// Reverse the order of items and of sections (Favorites stay first).
    public var descending: Bool
    /// List every label in `indexTitles`, even those whose section is empty.
    public var fullIndex: Bool

    /// Options; the defaults give an ascending listing of the first column with a compact index.
    public init(keyColumn: String? = nil, readingColumn: String? = nil, pinColumn: String? = nil,
                descending: Bool = false, fullIndex: Bool = false) {
        self.keyColumn = keyColumn
        self.readingColumn = readingColumn
        self.pinColumn = pinColumn
        self.descending = descending
        self.fullIndex = fullIndex
    }
}
