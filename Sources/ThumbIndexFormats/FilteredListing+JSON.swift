import ThumbIndex

extension RecordListing {
    /// Writes one keystroke's answer as
    /// `{<header fields>"total","indexTitles":[...],"sections":[{"title","indexTitle","index","count","offset","items":[...]}]}`:
    /// every section that still has matches, with its count, the position of its title in
    /// `indexTitles` and the position of its first match among all matches; only the matches in
    /// `[offset, offset + limit)` are written as items (`{"text", ...columns, "matches":[[start,end],...]}`,
    /// plus `"columnMatches":{<column>:[[start,end],...]}` when the query matched in searched columns),
    /// so a section's first item is match `max(section.offset, offset)`.
    ///
    /// - Parameters:
    ///   - filtered: a filter of this listing.
    ///   - header: writes fields of its own first, each as `"key":value,`.
    ///   - hideIndexWhileSearching: write `"indexTitles":[]` while the query is not empty.
    /// - Throws: `ICUError` from computing match ranges (nothing useful is written then).
    package func writeJSON(of filtered: FilteredListing<Int>, offset: Int, limit: Int, columns: ItemColumns = .all,
                           hideIndexWhileSearching: Bool = false,
                           header: (inout JSONWriter) -> Void = { _ in }, to json: inout JSONWriter) throws {
        let page = try filtered.matches(offset: offset, limit: limit)
        json.raw("{")
        header(&json)
        json.raw("\"total\":\(filtered.total),")
        json.key("indexTitles")
        json.stringArray(filtered.indexTitles(hiddenWhileSearching: hideIndexWhileSearching))
        json.raw(",")
        json.filteredSections(filtered.sections, page: page,
                              describe: { ($0.title, $0.indexTitle, $0.indexPosition, $0.count, $0.offset) },
                              sectionOf: \.sectionIndex) { json, match in
            writeItem(row: match.row, matches: match.ranges, fieldMatches: match.fieldMatches, columns: columns, to: &json)
        }
        json.raw("}")
    }
}
