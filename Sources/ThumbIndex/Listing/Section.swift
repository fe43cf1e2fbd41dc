/// A section of a listing: a label and the contiguous range of rows under it.
public struct Section: Sendable, Hashable {
    /// The label heading the section.
    public let label: IndexLabel
    /// The rows of the section, in display order: `rows.lowerBound ..< rows.upperBound`.
    public let rows: Range<Int>

    /// The section header ("A", "Favorites", "#").
    public var title: String { label.title }
    /// The side-index entry ("A", "★", "#").
    public var indexTitle: String { label.indexTitle }
    /// Number of items in the section.
    public var count: Int { rows.count }
}

/// Where tapping an index title leads.
public enum IndexTarget: Sendable, Hashable {
    /// The search sentinel: scroll to (or focus) the search field.
    case search
    /// The section at this position in `sections`.
    case section(Int)
}
