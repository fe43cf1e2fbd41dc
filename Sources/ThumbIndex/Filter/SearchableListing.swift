/// A listing together with its search index: what a filter-as-you-type screen holds.
///
/// The index is built over the listing's texts in display order, so a search result — a sorted
/// set of row ids — is already in listing order, and per-section counts are binary searches of
/// the section boundaries in it.
///
/// ```swift
/// let searchable = SearchableListing(listing: try Listing(texts: names, locale: "sv"))
/// let result = searchable.filter("ost")
/// result.total                        // matches in all sections
/// result.sections.map(\.count)        // per remaining section
/// result.matches(offset: 0, limit: 50) // the first page, with UTF-16 match ranges
/// ```
///
/// Immutable and `Sendable`: any number of queries may run on it at once.
public struct SearchableListing: Sendable {
    /// The sectioned listing.
    public let listing: Listing
    /// The search index over `listing`'s texts (row i = listing row i).
    public let index: SearchIndex

    /// Builds the search index over the listing's texts (in display order).
    /// - Parameter progress: called now and then with the fraction done.
    public init(listing: Listing, progress: ((Double) -> Void)? = nil) {
        self.listing = listing
        index = SearchIndex(texts: listing.texts, progress: progress)  // shares the listing's texts
    }

    /// Bytes held by the search index (not counting the listing's own texts).
    public var indexByteCount: Int { index.byteCount }

    /// Filters the listing: the items that match `query`, still in their sections.
    ///
    /// Nothing is copied: the result is the index's sorted set of matching rows plus, per
    /// non-empty section, its count. Complexity: the search, plus O(sections × log matches).
    public func filter(_ query: String, fold: Fold = .diacritics, mode: MatchMode = .contains) -> ListingFilter {
        ListingFilter(searchable: self, result: index.search(query, fold: fold, mode: mode))
    }
}
