import Foundation

/// A listing together with its search index: what a filter-as-you-type screen holds.
///
/// Immutable and `Sendable`: any number of queries may run on it at once.
public struct SearchableListing: Sendable {
    /// The sectioned listing.
    public let listing: Listing

    /// Builds the search index over the listing's texts (in display order).
    /// - Parameter progress: called now and then with the fraction done.
    public init(listing: Listing, progress: ((Double) -> Void)? = nil) {
        self.listing = listing
    }

    /// Bytes held by the search index.
    public var indexByteCount: Int { 0 }  // TEMPORARY until the search index lands (issue 3)

    /// Filters the listing: the items that match `query`, still in their sections.
    ///
    /// Nothing is copied: the result is the sorted set of matching rows plus, per non-empty
    /// section, its count (found by binary search of the section boundaries in that set).
    public func filter(_ query: String, fold: Fold = .diacritics, mode: MatchMode = .contains) -> ListingFilter {
        // TEMPORARY scan until the search index lands (issue 3); same result shape.
        let q = query.trimmingCharacters(in: .whitespaces)
        var rows: [Int32] = []
        for row in 0..<listing.count where q.isEmpty || listing.text(ofRow: row).range(of: q, options: [.caseInsensitive, .diacriticInsensitive]) != nil {
            rows.append(Int32(row))
        }
        return ListingFilter(listing: listing, query: q, rows: rows) { row in
            guard !q.isEmpty else { return [] }
            let text = listing.text(ofRow: row)
            guard let r = text.range(of: q, options: [.caseInsensitive, .diacriticInsensitive]) else { return [] }
            return [text.utf16.distance(from: text.startIndex, to: r.lowerBound)..<text.utf16.distance(from: text.startIndex, to: r.upperBound)]
        }
    }
}

/// How a query is compared with the items (see `SearchIndex`).
public enum Fold: String, Sendable, CaseIterable, Codable { case `case`, diacritics, all }
/// Where in an item a query may match.
public enum MatchMode: String, Sendable, CaseIterable, Codable { case contains, prefix, words }
