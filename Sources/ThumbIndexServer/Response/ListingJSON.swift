import ThumbIndex

/// The JSON bodies of the listing endpoints, written straight into a `JSONWriter`
/// (no `Codable` tree: a page of 1000 rows is one pass over the bytes).
enum ListingJSON {
    /// `{"listings":[{"name","locale","items","sections"}]}`.
    static func catalog(_ catalog: ListingCatalog) -> JSONWriter {
        var json = JSONWriter()
        json.raw("{")
        json.key("listings")
        json.raw("[")
        for (i, entry) in catalog.entries.enumerated() {
            if i > 0 { json.raw(",") }
            json.raw("{")
            json.key("name")
            json.string(entry.name)
            json.raw(",")
            json.key("locale")
            json.string(entry.listing.collation.locale)
            json.raw(",\"items\":\(entry.listing.count),\"sections\":\(entry.listing.sections.count)}")
        }
        json.raw("]}\n")
        return json
    }

    /// The filtered listing with one page of rows:
    /// ```json
    /// {"listing": "contacts", "q": "an", "fold": "diacritics", "mode": "contains",
    ///  "total": 42, "offset": 0, "limit": 100,
    ///  "indexTitles": ["{search}", "A", "B"],
    ///  "sections": [{"title": "A", "indexTitle": "A", "index": 1, "count": 3, "offset": 0,
    ///                "items": [{"text": "Anna", "matches": [[0, 2]]}]}]}
    /// ```
    /// Every non-empty section is listed with its count and `offset` (the position of its first
    /// row among all matches); only rows in `[offset, offset + limit)` are written as items, so a
    /// section's first item is row `max(section.offset, offset)` of the filtered listing.
    /// `index` is the section's position in `indexTitles`.
    static func sections(of entry: ListingCatalog.Entry, filter: ListingFilter, query: FilterQuery) -> JSONWriter {
        let listing = entry.listing
        let unfiltered = filter.query.isEmpty
        let indexTitles = unfiltered ? listing.indexTitles : filter.indexTitles
        let matches = filter.matches(offset: query.offset, limit: query.limit)

        var json = JSONWriter()
        json.raw("{")
        json.key("listing")
        json.string(entry.name)
        json.raw(",")
        json.key("q")
        json.string(filter.query)
        json.raw(",")
        json.key("fold")
        json.string(query.fold.rawValue)
        json.raw(",")
        json.key("mode")
        json.string(query.mode.rawValue)
        json.raw(",\"total\":\(filter.total),\"offset\":\(query.offset),\"limit\":\(query.limit),")
        json.key("indexTitles")
        json.stringArray(indexTitles)
        json.raw(",")
        json.key("sections")
        json.raw("[")
        var next = matches.startIndex
        for (s, section) in filter.sections.enumerated() {
            if s > 0 { json.raw(",") }
            json.raw("{")
            json.key("title")
            json.string(section.title)
            json.raw(",")
            json.key("indexTitle")
            json.string(section.indexTitle)
            let index = unfiltered ? entry.indexPositionOfSection[section.section] : s + 1
            json.raw(",\"index\":\(index),\"count\":\(section.count),\"offset\":\(section.offset),")
            json.key("items")
            json.raw("[")
            var first = true
            while next < matches.endIndex && matches[next].filteredSection == s {
                if !first { json.raw(",") }
                first = false
                writeItem(matches[next], of: listing, to: &json)
                next += 1
            }
            json.raw("]}")
        }
        json.raw("]}\n")
        return json
    }

    /// `{"text": "Anna", "matches": [[0, 2]]}` (UTF-16 offsets into the text).
    private static func writeItem(_ match: ListingFilter.Match, of listing: Listing, to json: inout JSONWriter) {
        json.raw("{")
        json.key("text")
        json.string(utf8: listing.texts.utf8(match.row))
        json.raw(",")
        json.key("matches")
        json.raw("[")
        for (i, range) in match.ranges.enumerated() {
            json.raw(i > 0 ? ",[\(range.lowerBound),\(range.upperBound)]" : "[\(range.lowerBound),\(range.upperBound)]")
        }
        json.raw("]}")
    }

    /// `{"title": "{search}", "target": "search"}` or
    /// `{"title": "B", "target": "section", "section": "B", "offset": 12}`.
    static func indexTarget(title: String, section: ListingFilter.FilteredSection?) -> JSONWriter {
        var json = JSONWriter()
        json.raw("{")
        json.key("title")
        json.string(title)
        json.raw(",")
        json.key("target")
        if let section {
            json.string("section")
            json.raw(",")
            json.key("section")
            json.string(section.title)
            json.raw(",\"offset\":\(section.offset)}\n")
        } else {
            json.string("search")
            json.raw("}\n")
        }
        return json
    }
}
