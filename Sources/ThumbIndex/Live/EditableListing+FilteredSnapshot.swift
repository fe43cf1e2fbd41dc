extension EditableListing {
    /// One keystroke's answer on a ``Snapshot``: the sections that still have matches, with their
    /// counts, and pages of matches on demand. What ``FilteredListing`` is to a built listing.
    ///
    /// Immutable and `Sendable`; it keeps its snapshot alive.
    public struct FilteredSnapshot: Sendable {
        /// A section that has matches.
        public struct Section: Sendable, Hashable {
            /// The label heading the section.
            public let label: IndexLabel
            /// How many items of the section match.
            public let count: Int
            /// The position of the section's first match among all matches (for paging).
            public let offset: Int
            /// The position of the section's title in ``FilteredSnapshot/indexTitles``.
            public let indexPosition: Int

            /// The section header.
            public var title: String { label.title }
            /// The side-index entry.
            public var indexTitle: String { label.indexTitle }
        }

        /// One matching item, with where the query matched.
        public struct Match: Sendable, Hashable {
            /// The item.
            public let item: Item
            /// The position of its section in ``FilteredSnapshot/sections``.
            public let sectionIndex: Int
            /// UTF-16 ranges of the item's text where the query matched (empty for an empty query).
            public let ranges: [Range<Int>]
            /// The searched fields where the query matched, with their ranges.
            public let fieldMatches: [FieldMatch]
        }

        private let filtered: LiveFilteredListing
        private let schema: LiveFieldSchema

        /// The sections that have matches, in order.
        public let sections: [Section]

        init(_ filtered: LiveFilteredListing, schema: LiveFieldSchema) {
            self.filtered = filtered
            self.schema = schema
            sections = filtered.sections
        }

        /// The query as typed.
        public var query: String { filtered.query }
        /// The query without white space at either end.
        public var trimmedQuery: String { filtered.trimmedQuery }
        /// Whether a query is typed (the trimmed query is not empty).
        public var isSearching: Bool { filtered.isSearching }
        /// Number of matching items.
        public var total: Int { filtered.total }
        /// Nil when the matches are exact; for close matches (``Typos/auto`` and nothing matched
        /// exactly), the most edits a term was allowed: 1 or 2, as ``FilteredListing/approximate``.
        public var approximate: Int? { filtered.approximate }
        /// The side index: the search sentinel, then one title per section that has matches.
        public var indexTitles: [String] { filtered.indexTitles }

        /// Where the index title at `position` leads: the sentinel to `.search`, a title to its
        /// section; nil for a position outside ``indexTitles``.
        public func indexTarget(forTitleAt position: Int) -> IndexTarget? {
            filtered.indexTarget(forTitleAt: position)
        }

        /// The matches in `[offset, offset + limit)` of all matches (clamped, as
        /// ``FilteredListing/matches(offset:limit:)``), in listing order, with their match ranges.
        /// - Throws: ``ICUError`` when ICU cannot fold or break an item's text.
        /// - Complexity: O(log matches) to find the page, then O(limit) items and their ranges.
        public func matches(offset: Int, limit: Int) throws -> [Match] {
            try filtered.matches(offset: offset, limit: limit).map {
                Match(item: Item($0.item, schema: schema), sectionIndex: $0.sectionIndex, ranges: $0.ranges,
                      fieldMatches: $0.fieldMatches)
            }
        }
    }
}
