/// A section of a listing: a label and the contiguous range of rows under it.
public struct ListingSection: Sendable, Hashable {
    /// The label heading the section.
    public let label: IndexLabel
    /// The rows of the section, in display order: `rows.lowerBound ..< rows.upperBound`.
    public let rows: Range<Int>
    /// The position of the section's own title in the listing's `indexTitles`.
    public let indexPosition: Int
    /// Which label heads it, as a position in the order sections take: 0 for Favorites, `1 + i`
    /// for the collation's `labels[i]` (titles alone do not tell the "…" buckets apart).
    let labelPosition: Int

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
    /// The section at this position in the listing's (or the filtered listing's) `sections`.
    case section(Int)

    /// The first index title, which leads to `.search`: `"{search}"`, the value of
    /// `UITableView.indexSearch` (the magnifier at the top of the side index).
    public static let searchSentinel = "{search}"
}
