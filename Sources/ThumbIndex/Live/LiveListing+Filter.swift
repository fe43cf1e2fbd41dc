extension LiveListing {
    /// Filters the listing: the items that match `query`, in their sections, exactly as
    /// ``SearchableListing/filter(_:fold:mode:phonetic:dialpad:typos:)`` would answer on a listing built afresh from the
    /// live items.
    ///
    /// Each level is searched with its own index and loses its tombstoned rows; counts per section
    /// add up across levels, and pages merge the levels' sorted runs by their ranks.
    /// With `typos` ``Typos/auto`` and no live item matching exactly, every level is searched for
    /// close matches, with the same edits (1 first, then 2), as one listing would be.
    /// Complexity: the searches, plus O(matches in the delta and tail).
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
    /// The matches of the delta and the tail, merged in listing order.
    private let newer: [(level: Int, row: Int)]
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

        // Delta and tail matches, merged: tail row t comes before delta row d when fewer than d + 1
        // delta rows come before t.
        let deltaRows = Array(liveRows[LiveListing.delta]), tailRows = Array(liveRows[LiveListing.tail])
        let tailRanks = listing.levels[LiveListing.tail].ranks
        var newer: [(level: Int, row: Int)] = []
        newer.reserveCapacity(deltaRows.count + tailRows.count)
        var i = 0, j = 0
        while i < deltaRows.count || j < tailRows.count {
            if j < tailRows.count && (i == deltaRows.count || Int(tailRanks[LiveListing.delta][tailRows[j]]) <= deltaRows[i]) {
                newer.append((LiveListing.tail, tailRows[j]))
                j += 1
            } else {
                newer.append((LiveListing.delta, deltaRows[i]))
                i += 1
            }
        }
        self.newer = newer
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

    /// How many base rows of the base's live matches come before the newer match `i`.
    private func baseMatchesBefore(newer i: Int) -> Int {
        let (level, row) = newer[i]
        let rank = Int(listing.levels[level].ranks[LiveListing.base][row])
        return liveRows[LiveListing.base].partitionPoint(below: rank)
    }

    /// The matches in `[offset, offset + limit)` of all matches (clamped, as
    /// ``FilteredListing/matches(offset:limit:)``), with their match ranges.
    /// - Throws: `ICUError` when ICU cannot fold or break an item's text.
    package func matches(offset: Int, limit: Int) throws -> [Match] {
        let start = max(offset, 0)
        guard start < total, limit > 0 else { return [] }
        let end = start + min(limit, total - start)
        // The first newer match at or after position `start`; the base matches before it fill the rest.
        var i = BinarySearch.first(in: newer.indices) { $0 + baseMatchesBefore(newer: $0) >= start }
        var j = start - i
        let base = liveRows[LiveListing.base]
        var page: [Match] = []
        page.reserveCapacity(end - start)
        for _ in start..<end {
            let level: Int, row: Int
            if i < newer.count && (j >= base.count
                || Int(listing.levels[newer[i].level].ranks[LiveListing.base][newer[i].row]) <= base[j]) {
                (level, row) = newer[i]
                i += 1
            } else {
                (level, row) = (LiveListing.base, base[j])
                j += 1
            }
            let segment = listing.levels[level].segment
            page.append(Match(item: segment.item(atRow: row),
                              sectionIndex: sectionOfLabel[segment.labelPosition(ofRow: row)],
                              ranges: try segment.searchable.index.matchRanges(ofRow: row, in: results[level]),
                              fieldMatches: try segment.searchable.index.fieldMatches(ofRow: row, in: results[level])))
        }
        return page
    }
}
