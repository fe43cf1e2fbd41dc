extension LiveListing {
    /// Filters the listing: the items that match `query`, in their sections, exactly as
    /// ``SearchableListing/filter(_:fold:mode:phonetic:dialpad:typos:)`` would answer on a listing built afresh from the
    /// live items.
    ///
    /// Each level is searched with its own index and loses its tombstoned rows; counts per section
    /// add up across levels, and a page merges the levels' sorted matches by their ranks, from
    /// where its first match is found by binary search.
    /// With `typos` ``Typos/auto`` and no live item matching exactly, every level is searched for
    /// close matches, with the same edits (1 first, then 2), as one listing would be.
    /// Complexity: the searches of each level (a page: O(levels² log n) to find its start, then
    /// O(levels) per match).
    /// - Throws: `ICUError` when ICU cannot fold the query.
    package func filter(_ query: String, fold: Fold = .locale, mode: MatchMode = .contains,
                        phonetic: Phonetic = .auto, dialpad: Bool = false, typos: Typos = .off) throws -> LiveFilteredListing {
        try LiveFilteredListing(self, parsed: ParsedQuery(query, fold: fold, locale: collation.locale, mode: mode,
                                                          rules: phonetic.rules(forLocale: collation.locale), dialpad: dialpad),
                                typos: typos)
    }

    /// The sections of the unfiltered listing (what ``filter(_:fold:mode:phonetic:dialpad:typos:)`` of "" gives).
    package func sections() throws -> [LiveFilteredListing.Section] { try filter("").sections }
}

/// One keystroke's answer on a ``LiveListing``: the sections that still have matches, with their
/// counts, and pages of matches on demand.
package struct LiveFilteredListing: Sendable {
    /// A section that has matches: the public ``EditableListing/FilteredSnapshot/Section``, which
    /// the editable listing's answers hand out as they are.
    package typealias Section = EditableListing.FilteredSnapshot.Section

    /// One matching item.
    package struct Match: Sendable, Hashable {
        /// The item.
        package let item: LiveItem
        /// The position of its section in ``LiveFilteredListing/sections``.
        package let sectionIndex: Int
        /// UTF-16 ranges of the text where the query matched (empty for an empty query).
        package let ranges: [Range<Int>]
        /// The searched fields where the query matched, with their ranges.
        package let fieldMatches: [FieldMatch]
    }

    /// The query as typed.
    package let query: String
    /// Nil for exact matches; for close matches, the most edits a term was allowed (see ``Typos``).
    package let approximate: Int?
    /// Number of matching items.
    package let total: Int
    /// The sections that have matches, in order.
    package let sections: [Section]
    /// The side index: the search sentinel, then one title per section.
    package let indexTitles: [String]

    private let listing: LiveListing
    /// Per level: the search result (for match ranges) and its rows without the removed ones.
    private let results: [SearchResult]
    private let liveRows: [SearchResult.Rows]
    /// `sectionOfLabel[p]`: the position in `sections` of label position `p`, or -1.
    private let sectionOfLabel: [Int]

    init(_ listing: LiveListing, parsed: ParsedQuery, typos: Typos = .off) throws {
        self.listing = listing
        self.query = parsed.query
        var results = try listing.levels.map { try $0.segment.searchable.index.result(for: parsed, refining: nil) }
        var liveRows = zip(listing.levels, results).map { $0.dead.removed(from: $1.rows) }
        var approximate: Int? = nil
        // Close matches only when no live item matches exactly, with the same edits on every level.
        if typos == .auto && liveRows.allSatisfy(\.isEmpty) {
            for edits in parsed.typoTiers {
                let close = listing.levels.map { $0.segment.searchable.index.approximateResult(for: parsed, edits: edits) }
                let closeRows = zip(listing.levels, close).map { $0.dead.removed(from: $1.rows) }
                if !closeRows.allSatisfy(\.isEmpty) {
                    (results, liveRows, approximate) = (close, closeRows, edits)
                    break
                }
            }
        }
        (self.results, self.liveRows, self.approximate) = (results, liveRows, approximate)

        // Counts per label position, added up over the levels' sections.
        let labels = [IndexLabel.favorites] + listing.collation.labels
        var counts = [Int](repeating: 0, count: labels.count)
        for (l, level) in listing.levels.enumerated() {
            for section in level.segment.listing.sections {
                counts[section.labelPosition] += liveRows[l].partitionPoint(below: section.rows.upperBound)
                    - liveRows[l].partitionPoint(below: section.rows.lowerBound)
            }
        }
        var sections: [Section] = []
        var sectionOfLabel = [Int](repeating: -1, count: labels.count)
        var offset = 0
        for p in labels.indices where counts[p] > 0 {
            sectionOfLabel[p] = sections.count
            sections.append(Section(label: labels[p], count: counts[p], offset: offset, indexPosition: sections.count + 1))
            offset += counts[p]
        }
        self.sections = sections
        self.sectionOfLabel = sectionOfLabel
        total = offset
        indexTitles = [IndexTarget.searchSentinel] + sections.map(\.indexTitle)
    }

    /// The query without white space at either end.
    package var trimmedQuery: String { String(IndexedCollation.trimmed(query)) }
    /// Whether a query is typed.
    package var isSearching: Bool { !trimmedQuery.isEmpty }

    /// Where the index title at `position` leads: the sentinel to `.search`, a title to its section.
    package func indexTarget(forTitleAt position: Int) -> IndexTarget? {
        guard indexTitles.indices.contains(position) else { return nil }
        return position == 0 ? .search : .section(position - 1)
    }

    /// Whether the match at `row` of level `l` comes before the one at `otherRow` of level
    /// `other` (another level), by the newer one's rank in the older one.
    private func precedes(_ l: Int, _ row: Int, _ other: Int, _ otherRow: Int) -> Bool {
        l > other ? Int(listing.levels[l].ranks[other][row]) <= otherRow
            : Int(listing.levels[other].ranks[l][otherRow]) > row
    }

    /// Per level, how many of its matches come before match `start` (of all levels, in order).
    ///
    /// The oldest level with matches is the pivot: every newer level's matches are ranked in it.
    /// Before the pivot's match `p` come its `p` matches before it and, of each newer level, the
    /// matches ranked at or before it; a binary search finds the last `p` with at most `start`
    /// matches before it, and a merge walks on from there to `start`.
    private func positions(at start: Int) -> [Int] {
        let levelCount = listing.levels.count
        guard start > 0, let pivot = liveRows.firstIndex(where: { !$0.isEmpty }) else { return Array(repeating: 0, count: levelCount) }
        let pivotRows = liveRows[pivot]
        /// Per level, its matches before the pivot's match `p`.
        func before(_ p: Int) -> [Int] {
            (0..<levelCount).map { l in
                if l < pivot { return 0 }
                if l == pivot { return p }
                guard p < pivotRows.count else { return liveRows[l].count }
                let ranks = listing.levels[l].ranks[pivot], pivotRow = pivotRows[p]
                let firstAfter = BinarySearch.first(in: 0..<ranks.count) { Int(ranks[$0]) > pivotRow }
                return liveRows[l].partitionPoint(below: firstAfter)
            }
        }
        let firstOver = BinarySearch.first(in: 0..<(pivotRows.count + 1)) { before($0).reduce(0, +) > start }
        var positions = firstOver == 0 ? Array(repeating: 0, count: levelCount) : before(firstOver - 1)
        for _ in positions.reduce(0, +)..<start { _ = next(&positions) }
        return positions
    }

    /// The next match after `positions` (per level, its matches passed), as its level and row;
    /// advances past it. Nil after the last.
    private func next(_ positions: inout [Int]) -> (level: Int, row: Int)? {
        var first: (level: Int, row: Int)? = nil
        for l in positions.indices where positions[l] < liveRows[l].count {
            let row = liveRows[l][positions[l]]
            if let f = first, !precedes(l, row, f.level, f.row) { continue }
            first = (l, row)
        }
        if let first { positions[first.level] += 1 }
        return first
    }

    /// The matches in `[offset, offset + limit)` of all matches (clamped, as
    /// ``FilteredListing/matches(offset:limit:)``), with their match ranges.
    /// - Throws: `ICUError` when ICU cannot fold or break an item's text.
    package func matches(offset: Int, limit: Int) throws -> [Match] {
        let start = max(offset, 0)
        guard start < total, limit > 0 else { return [] }
        let end = start + min(limit, total - start)
        var positions = self.positions(at: start)
        var picked: [(level: Int, row: Int)] = []
        picked.reserveCapacity(end - start)
        for _ in start..<end {
            guard let next = next(&positions) else { break }
            picked.append(next)
        }
        // The rows lie anywhere in their levels' texts: ask for all of them before reading the first.
        for (level, rows) in Dictionary(grouping: picked, by: \.level) {
            listing.levels[level].segment.searchable.index.storage.texts.prefetch(rows: rows.map(\.row))
        }
        var page: [Match] = []
        page.reserveCapacity(picked.count)
        for (level, row) in picked {
            let segment = listing.levels[level].segment
            page.append(Match(item: segment.item(atRow: row),
                              sectionIndex: sectionOfLabel[segment.labelPosition(ofRow: row)],
                              ranges: try segment.searchable.index.matchRanges(ofRow: row, in: results[level]),
                              fieldMatches: try segment.searchable.index.fieldMatches(ofRow: row, in: results[level])))
        }
        return page
    }
}
