import CThumbIndexICU

/// One keystroke's answer: the elements of a listing that match a query, still in their sections.
///
/// Holds the sorted set of matching rows (not a copy of any element) and, per section that still
/// has matches, its count; pages of matches are computed on demand with their match ranges.
///
/// ```swift
/// let result = try searchable.filter("an")
/// result.total                                  // 4
/// result.sections.map(\.title)                  // ["A", "E"]: the sections that remain
/// for match in try result.matches(offset: 0, limit: 50) {
///     print(result.sections[match.sectionIndex].title, match.element, match.ranges)
/// }
/// ```
public struct FilteredListing<Element> {
    /// A section of the listing that still has matches.
    public struct Section: Sendable, Hashable {
        /// The position of the section in the listing's ``Listing/sections``.
        public let listingSectionIndex: Int
        /// The label heading the section.
        public let label: IndexLabel
        /// How many elements of the section match.
        public let count: Int
        /// The position of the section's first match among all matches (for paging).
        public let offset: Int
        /// The position of the section's title in the filtered ``FilteredListing/indexTitles``.
        public let indexPosition: Int

        /// The section header.
        public var title: String { label.title }
        /// The side-index entry.
        public var indexTitle: String { label.indexTitle }
    }

    /// One matching element, with where the query matched in its text.
    public struct Match {
        /// The element's row in the listing (display order).
        public let row: Int
        /// The element.
        public let element: Element
        /// The position of its section in ``FilteredListing/sections``.
        public let sectionIndex: Int
        /// UTF-16 offsets `[start, end)` into the element's text, widened to whole grapheme
        /// clusters, in order; empty when the query is empty (or matched only in fields).
        public let ranges: [Range<Int>]
        /// The searched fields (``SearchField``) where the query matched, in the listing's order of
        /// fields, each with its value and ranges; empty when it matched only in the text.
        public let fieldMatches: [FieldMatch]
    }

    /// The listing filtered.
    public let listing: Listing<Element>
    /// The sections that still have matches, in listing order, with their counts.
    public let sections: [Section]
    /// The side index: with an empty query the listing's own (with `fullIndex`, every label);
    /// while searching the sentinel, then one title per remaining section.
    public let indexTitles: [String]
    /// The search result: the sorted set of matching rows.
    let result: SearchResult
    private let index: SearchIndex

    init(_ searchable: SearchableListing<Element>, result: SearchResult) {
        self.result = result
        listing = searchable.listing
        index = searchable.index
        (sections, indexTitles) = Self.filteredSections(of: listing.sections, indexTitles: listing.indexTitles, result: result)
    }

    /// The sections of `listingSections` that hold rows of `result`, and the side index to show.
    /// (Static and free of `Element`, so it is compiled once, specialized, whatever the element.)
    private static func filteredSections(of listingSections: [ListingSection], indexTitles: [String],
                                         result: SearchResult) -> ([Section], [String]) {
        let searching = !IndexedCollation.trimmed(result.query).isEmpty
        var sections: [Section] = []
        var offset = 0
        for (s, section) in listingSections.enumerated() {
            let count = result.count(inRows: section.rows)
            if count > 0 {
                sections.append(Section(listingSectionIndex: s, label: section.label, count: count, offset: offset,
                                        indexPosition: searching ? sections.count + 1 : section.indexPosition))
            }
            offset += count
        }
        return (sections, searching ? [IndexTarget.searchSentinel] + sections.map { $0.indexTitle } : indexTitles)
    }

    /// The query as typed.
    public var query: String { result.query }
    /// The query without white space at either end: what was searched for.
    public var trimmedQuery: String { String(IndexedCollation.trimmed(result.query)) }
    /// Whether a query is typed (the trimmed query is not empty).
    public var isSearching: Bool { !trimmedQuery.isEmpty }
    /// Number of matching elements.
    public var total: Int { result.count }
    /// Nil when the matches are exact; when nothing matched exactly and the filter allowed typos
    /// (``Typos/auto``), the most edits a term of the query was allowed: 1 or 2 (see <doc:TypoTolerance>).
    /// Exact and close matches never mix.
    public var approximate: Int? { result.approximate }

    /// The side index to show: ``indexTitles``, or none while a query is typed when
    /// `hiddenWhileSearching` (as iOS hides the index while searching).
    public func indexTitles(hiddenWhileSearching: Bool) -> [String] {
        hiddenWhileSearching && isSearching ? [] : indexTitles
    }

    /// Where the index title at `position` of ``indexTitles`` leads: the sentinel to `.search`, a
    /// title to its position in ``sections``. Unfiltered, an empty letter (with `fullIndex`) leads
    /// to the next section, as in ``Listing/indexTarget(forTitleAt:)``.
    /// - Returns: nil when `position` is not a position of ``indexTitles``.
    public func indexTarget(forTitleAt position: Int) -> IndexTarget? {
        guard indexTitles.indices.contains(position) else { return nil }
        if position == 0 { return .search }
        // Unfiltered, every non-empty section remains, so section k here is listing section k.
        return isSearching ? .section(position - 1) : listing.indexTarget(forTitleAt: position)
    }

    /// The matches in `[offset, offset + limit)` of all matches, with their ranges.
    ///
    /// Positions past the matches are simply not there: a negative `offset` counts as 0, a
    /// negative `limit` as 0, and `offset + limit` may exceed ``total`` (or `Int.max`).
    /// Complexity: O(limit × (log sections + cost of the ranges of one element)).
    /// - Throws: `ICUError` when ICU cannot fold or break an element's text.
    public func matches(offset: Int, limit: Int) throws -> [Match] {
        let rows = Self.rows(of: result, offset: offset, limit: limit)
        let elements = listing.elements
        // The rows lie anywhere in the listing: ask for all their elements and texts before reading the first.
        elements.withUnsafeBufferPointer { elements in
            guard let first = elements.baseAddress else { return }
            for row in rows where row < elements.count { ti_prefetch(first + row) }
        }
        index.storage.texts.prefetch(rows: rows)
        let page = try Self.page(rows, from: max(offset, 0), of: result, in: index, sections: sections)
        // A loop, not `map`: in code generic over `Element`, `map` would copy each row's tuple through
        // its type's metadata.
        var matches: [Match] = []
        matches.reserveCapacity(page.count)
        for (row, section, ranges, fields) in page {
            matches.append(Match(row: row, element: elements[row], sectionIndex: section, ranges: ranges, fieldMatches: fields))
        }
        return matches
    }

    /// The rows of matches `[offset, offset + limit)` (clamped), in order.
    private static func rows(of result: SearchResult, offset: Int, limit: Int) -> [Int] {
        let rows = result.rows
        let start = max(offset, 0)
        guard start < rows.count, limit > 0 else { return [] }
        var iterator = rows.makeIterator(from: start)
        return (0..<min(limit, rows.count - start)).map { _ in iterator.next()! }  // start + k < rows.count
    }

    /// `rows`, matches `start, start + 1, …`, each with its position in `sections` and its match
    /// ranges. (Static and free of `Element`: see `filteredSections`.)
    private static func page(_ rows: [Int], from start: Int, of result: SearchResult, in index: SearchIndex,
                             sections: [Section]) throws -> [(row: Int, section: Int, ranges: [Range<Int>], fields: [FieldMatch])] {
        guard !rows.isEmpty else { return [] }
        var section = sectionIndex(containingMatch: start, in: sections) ?? 0
        var page: [(row: Int, section: Int, ranges: [Range<Int>], fields: [FieldMatch])] = []
        page.reserveCapacity(rows.count)
        for (k, row) in zip(start..., rows) {
            while section + 1 < sections.count && sections[section + 1].offset <= k { section += 1 }
            page.append((row, section, try index.matchRanges(ofRow: row, in: result), try index.fieldMatches(ofRow: row, in: result)))
        }
        return page
    }

    /// The position in ``sections`` of the section holding match `k` (0-based among all
    /// matches), or nil when there is no match `k`. Complexity: O(log sections).
    public func sectionIndex(containingMatch k: Int) -> Int? {
        guard k >= 0 && k < total else { return nil }
        return Self.sectionIndex(containingMatch: k, in: sections)
    }

    /// The last of `sections` whose first match is at or before match `k`.
    private static func sectionIndex(containingMatch k: Int, in sections: [Section]) -> Int? {
        BinarySearch.last(in: sections.indices) { sections[$0].offset <= k }
    }
}

extension FilteredListing: Sendable where Element: Sendable {}
extension FilteredListing.Match: Sendable where Element: Sendable {}
extension FilteredListing.Match: Equatable where Element: Equatable {}
extension FilteredListing.Match: Hashable where Element: Hashable {}
