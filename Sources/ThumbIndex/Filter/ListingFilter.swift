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

    /// The query, trimmed.
    public let query: String
    /// Number of matching items.
    public var total: Int { rows.count }
    /// The sections that still have matches, in listing order, with their counts.
    public let sections: [FilteredSection]
    /// The side index of what remains: the sentinel, then one title per remaining section.
    public let indexTitles: [String]

    private let rows: [Int32]
    private let ranges: @Sendable (Int) -> [Range<Int>]

    init(listing: Listing, query: String, rows: [Int32], ranges: @escaping @Sendable (Int) -> [Range<Int>]) {
        self.query = query
        self.rows = rows
        self.ranges = ranges
        var sections: [FilteredSection] = []
        var start = 0
        for (s, section) in listing.sections.enumerated() {
            let end = Self.firstIndex(in: rows, atLeast: section.rows.upperBound, from: start)
            if end > start {
                sections.append(FilteredSection(section: s, title: section.title, indexTitle: section.indexTitle,
                                                count: end - start, offset: start))
            }
            start = end
        }
        self.sections = sections
        indexTitles = [Listing.searchSentinel] + sections.map(\.indexTitle)
    }

    /// The matches in `[offset, offset + limit)` of all matches, with their ranges.
    /// Complexity: O(limit × (log sections + cost of the ranges of one item)).
    public func matches(offset: Int, limit: Int) -> [Match] {
        guard offset < rows.count, limit > 0 else { return [] }
        let end = min(rows.count, offset + limit)
        var section = sectionIndex(containingMatch: offset)
        return (offset..<end).map { k in
            while section + 1 < sections.count && sections[section + 1].offset <= k { section += 1 }
            let row = Int(rows[k])
            return Match(row: row, filteredSection: section, ranges: ranges(row))
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

    /// First position `p >= from` in sorted `rows` with `rows[p] >= bound` (binary search).
    private static func firstIndex(in rows: [Int32], atLeast bound: Int, from: Int) -> Int {
        var low = from, high = rows.count
        while low < high {
            let mid = (low + high) / 2
            if Int(rows[mid]) < bound { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
