import ThumbIndex
import ThumbIndexFormats

/// The JSON bodies of the listing endpoints, written straight into a `JSONWriter`
/// (no `Codable` tree: a page of 1000 rows is one pass over the bytes).
enum ListingJSON {
    /// `{"listings":[{"name","locale","items","sections"}]}`.
    static func catalog(_ catalog: ListingCatalog) -> JSONWriter {
        var json = JSONWriter()
        json.raw("{")
        json.key("listings")
        json.array(catalog.entries) { json, entry in
            json.raw("{")
            json.pair("name", entry.name)
            json.pair("locale", entry.listing.collation.locale)
            json.raw("\"items\":\(entry.listing.count),\"sections\":\(entry.listing.sections.count)}")
        }
        json.raw("}\n")
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
    static func sections(of entry: ListingCatalog.Entry, filter: FilteredListing<Int>, query: FilterQuery) throws -> JSONWriter {
        var json = JSONWriter()
        try entry.records.writeJSON(of: filter, offset: query.offset, limit: query.limit, columns: .textOnly, header: { json in
            json.pair("listing", entry.name)
            json.pair("q", filter.trimmedQuery)
            json.pair("fold", query.fold.rawValue)
            json.key("mode")
            json.string(query.mode.rawValue)
            json.raw(",\"offset\":\(query.offset),\"limit\":\(query.limit),")
        }, to: &json)
        json.raw("\n")
        return json
    }

    /// `{"title": "{search}", "target": "search"}` or
    /// `{"title": "B", "target": "section", "section": "B", "offset": 12}`.
    static func indexTarget(title: String, section: FilteredListing<Int>.Section?) -> JSONWriter {
        var json = JSONWriter()
        json.raw("{")
        json.pair("title", title)
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
