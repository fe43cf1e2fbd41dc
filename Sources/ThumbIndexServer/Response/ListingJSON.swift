import ThumbIndex
import ThumbIndexFormats
import ThumbIndexRequests

/// The JSON bodies of the listing endpoints, written straight into a `JSONWriter`
/// (no `Codable` tree: a page of 1000 rows is one pass over the bytes).
enum ListingJSON {
    /// `{"writable":false,"listings":[{"name","locale","names","phoneticRules","items","sections"}]}`:
    /// `writable` says whether the server takes writes (with its token) or answers them 403;
    /// `names` whether a leading Han character is read as a surname; `phoneticRules` the rules
    /// (`chinese`, `korean`, `japanese`) a request without `phonetic=` applies to the listing, under
    /// the server's default `phonetic`.
    static func catalog(_ entries: [ListingCatalog.Entry], writable: Bool, phonetic: Phonetic) -> JSONWriter {
        var json = JSONWriter()
        json.raw("{\"writable\":\(writable),")
        json.key("listings")
        json.array(entries) { json, entry in
            json.raw("{")
            json.pair("name", entry.name)
            json.pair("locale", entry.locale)
            json.raw("\"names\":\(entry.listing.collation.readsNames),")
            json.key("phoneticRules")
            json.stringArray(PhoneticExplanation.rules(phonetic, forLocale: entry.locale).map(\.rawValue))
            json.raw(",")
            let sections = (try? entry.listing.sections().count) ?? 0
            json.raw("\"items\":\(entry.count),\"sections\":\(sections)}")
        }
        json.raw("}\n")
        return json
    }

    /// The filtered listing with one page of rows:
    /// ```json
    /// {"listing": "contacts", "q": "an 844", "fold": "locale", "mode": "contains", "phonetic": "auto",
    ///  "dialpad": false, "typos": "auto", "offset": 0, "limit": 100, "total": 42,
    ///  "indexTitles": ["{search}", "A", "B"],
    ///  "sections": [{"title": "A", "indexTitle": "A", "index": 1, "count": 3, "offset": 0,
    ///                "items": [{"id": "17", "text": "Anna", "matches": [[0, 2]],
    ///                           "columnMatches": {"phone": {"text": "+34844 468 710", "matches": [[3, 6]]}}}]}]}
    /// ```
    /// `columnMatches` (only when the query matched in a searched column besides the text) names
    /// each column where it matched, with its value and the ranges there, as the CLI's JSON does.
    /// Every non-empty section is listed with its count and `offset` (the position of its first
    /// row among all matches); only rows in `[offset, offset + limit)` are written as items, so a
    /// section's first item is row `max(section.offset, offset)` of the filtered listing.
    /// `index` is the section's position in `indexTitles`. When nothing matched exactly and `typos`
    /// is `auto`, the rows are close matches and `"approximate": 1` or `2` (the most edits a term was
    /// allowed) follows `total`; exact answers have no `approximate`.
    static func sections(of entry: ListingCatalog.Entry, filter: LiveFilteredListing, query: FilterQuery) throws -> JSONWriter {
        let page = try filter.matches(offset: query.offset, limit: query.limit)
        var json = JSONWriter()
        json.raw("{")
        json.pair("listing", entry.name)
        json.pair("q", filter.trimmedQuery)
        json.pair("fold", query.fold.rawValue)
        json.pair("mode", query.mode.rawValue)
        json.pair("phonetic", query.phonetic.rawValue)
        json.raw("\"dialpad\":\(query.dialpad),")
        json.pair("typos", query.typos.rawValue)
        json.raw("\"offset\":\(query.offset),\"limit\":\(query.limit),\"total\":\(filter.total),")
        if let edits = filter.approximate { json.raw("\"approximate\":\(edits),") }
        json.key("indexTitles")
        json.stringArray(filter.indexTitles)
        json.raw(",")
        json.filteredSections(filter.sections, page: page,
                              describe: { ($0.title, $0.indexTitle, $0.indexPosition, $0.count, $0.offset) },
                              sectionOf: \.sectionIndex) { json, match in
            json.raw("{")
            json.pair("id", match.item.id)
            json.pair("text", match.item.text)
            json.key("matches")
            json.ranges(match.ranges)
            json.fieldMatches(match.fieldMatches)
            json.raw("}")
        }
        json.raw("}\n")
        return json
    }

    /// `{"id", "text", "reading", "pinned"}` (`reading`: null when there is none).
    static func item(id: String, text: String, reading: String?, pinned: Bool) -> JSONWriter {
        var json = JSONWriter()
        json.raw("{")
        json.pair("id", id)
        json.pair("text", text)
        json.key("reading")
        if let reading { json.string(reading) } else { json.raw("null") }
        json.raw(",\"pinned\":\(pinned)}\n")
        return json
    }

    /// `{"title": "{search}", "target": "search"}` or
    /// `{"title": "B", "target": "section", "section": "B", "offset": 12}`.
    static func indexTarget(title: String, section: LiveFilteredListing.Section?) -> JSONWriter {
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
