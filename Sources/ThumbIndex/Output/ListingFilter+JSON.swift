extension ListingFilter {
    /// Writes one keystroke's answer as
    /// `{"locale","query","total","indexTitles":[...],"sections":[{"title","indexTitle","count","offset","items":[...]}]}`:
    /// every section that still has matches, with its count and the position of its first match;
    /// only the matches in `[offset, offset + limit)` carry items (`{"text", ...columns, "matches":[[start,end],...]}`).
    public func writeJSON(of listing: Listing, offset: Int, limit: Int, to json: inout JSONWriter) {
        let page = matches(offset: offset, limit: limit)
        var pageIndex = 0
        json.raw("{")
        json.key("locale")
        json.string(listing.collation.locale)
        json.raw(",")
        json.key("query")
        json.string(query)
        json.raw(",\"total\":\(total),")
        json.key("indexTitles")
        json.stringArray(indexTitles)
        json.raw(",")
        json.key("sections")
        json.raw("[")
        for (s, section) in sections.enumerated() {
            if s > 0 { json.raw(",") }
            json.raw("{")
            json.key("title")
            json.string(section.title)
            json.raw(",")
            json.key("indexTitle")
            json.string(section.indexTitle)
            json.raw(",\"count\":\(section.count),\"offset\":\(section.offset),")
            json.key("items")
            json.raw("[")
            var first = true
            while pageIndex < page.count && page[pageIndex].filteredSection == s {
                if !first { json.raw(",") }
                first = false
                listing.writeItem(row: page[pageIndex].row, matches: page[pageIndex].ranges, to: &json)
                pageIndex += 1
            }
            json.raw("]}")
        }
        json.raw("]}")
    }
}
