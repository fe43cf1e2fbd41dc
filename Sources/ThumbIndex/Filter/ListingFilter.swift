/// One keystroke's answer: the matching rows of a listing, grouped by its sections.
public struct ListingFilter: Sendable {
    /// A non-empty section of the filtered listing.
    public struct FilteredSection: Sendable, Hashable {
        /// Position of the section in `Listing.sections`.
        public let section: Int
        /// The section header.
        public let title: String
        /// The side-index entry.
        public let indexTitle: String
        /// How many items of the section match.
        public let count: Int
        /// Position of the section's first match among all matches (for paging).
        public let offset: Int
    }

    /// One matching item: its row in the listing, its section and its match ranges.
    public struct Match: Sendable, Hashable {
        /// Row in `Listing` display order.
        public let row: Int
        /// Position in `ListingFilter.sections`.
        public let filteredSection: Int
        /// UTF-16 offsets `[start, end)` into the item's text, widened to whole grapheme clusters.
        public let ranges: [Range<Int>]
    }

    /// The query as typed.
    public var query: String { result.query }
    /// The query without white space at either end: what was searched for.
    public var trimmedQuery: String { String(IndexedCollation.trimmed(result.query)) }
    /// Number of matching items.
    public var total: Int { result.count }
    /// The sections that still have matches, in listing order, with their counts.
    public let sections: [FilteredSection]
    /// The side index: with an empty query the listing's own (with `fullIndex`, every label);
    /// while searching the sentinel, then one title per remaining section.
    public let indexTitles: [String]
    /// For each of `sections`, the position of its title in `indexTitles`.
    public let indexPositions: [Int]

    /// The side index to show: `indexTitles`, or none while a query is typed when
    /// `hiddenWhileSearching` (as iOS hides the index while searching).
    public func indexTitles(hiddenWhileSearching: Bool) -> [String] {
        hiddenWhileSearching && !trimmedQuery.isEmpty ? [] : indexTitles
    }
    /// The search result: the sorted set of matching rows (not a copy of any item).
    public let result: SearchResult

    private let index: SearchIndex

    init(searchable: SearchableListing, result: SearchResult) {
        self.result = result
        index = searchable.index
        var sections: [FilteredSection] = []
        var offset = 0
        for (s, section) in searchable.listing.sections.enumerated() {
            let count = result.count(inRows: section.rows)
            if count > 0 {
                sections.append(FilteredSection(section: s, title: section.title, indexTitle: section.indexTitle,
                                                count: count, offset: offset))
            }
            offset += count
        }
        self.sections = sections
        let listing = searchable.listing
        if IndexedCollation.trimmed(result.query).isEmpty {
            indexTitles = listing.indexTitles
            indexPositions = sections.map { listing.sectionIndexPositions[$0.section] }
        } else {
            indexTitles = [Listing.searchSentinel] + sections.map(\.indexTitle)
            indexPositions = Array(sections.indices.map { $0 + 1 })
        }
    }

    /// The matches in `[offset, offset + limit)` of all matches, with their ranges.
    /// Complexity: O(limit × (log sections + cost of the ranges of one item)).
    public func matches(offset: Int, limit: Int) -> [Match] {
        let rows = result.rows
        guard offset < rows.count, limit > 0 else { return [] }
        let end = min(rows.count, offset + limit)
        var section = sectionIndex(containingMatch: offset)
        return (offset..<end).map { k in
            while section + 1 < sections.count && sections[section + 1].offset <= k { section += 1 }
            let row = rows[rows.startIndex + k]
            return Match(row: row, filteredSection: section, ranges: index.matchRanges(ofRow: row, in: result))
        }
    }

    /// The filtered section holding the match at position `k`. Complexity: O(log sections).
    public func sectionIndex(containingMatch k: Int) -> Int {
        var low = 0, high = sections.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if sections[mid].offset <= k { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
