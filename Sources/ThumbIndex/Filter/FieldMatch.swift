/// Where a query matched in a column searched besides the text (a ``SearchField``).
public struct FieldMatch: Sendable, Hashable {
    /// The column's name.
    public let field: String
    /// The element's value in the column.
    public let text: String
    /// UTF-16 offsets `[start, end)` into ``text``, widened to whole grapheme clusters, in order: the
    /// terms found there, or a phone number's digits that matched.
    public let ranges: [Range<Int>]

    /// A match in `field`, whose value is `text`, at `ranges`.
    public init(field: String, text: String, ranges: [Range<Int>]) {
        self.field = field
        self.text = text
        self.ranges = ranges
    }
}
