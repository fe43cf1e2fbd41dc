extension Listing {
    /// Which fields an item carries in JSON besides "text" (and "matches" when filtered).
    public enum ItemColumns: Sendable {
        /// Every other column of the record, by its name.
        case all
        /// Only the text.
        case textOnly
    }

    /// Writes one item as `{"text": ..., <other column>: ..., "matches": [[start, end], ...]}`;
    /// the other columns unless `columns` is `.textOnly`, `matches` only when given.
    public func writeItem(row: Int, matches: [Range<Int>]? = nil, columns: ItemColumns = .all, to json: inout JSONWriter) {
        json.raw("{")
        json.key("text")
        json.string(utf8: table.columns[keyColumn].utf8(row))
        for (column, name) in table.columnNames.enumerated() where column != keyColumn && columns == .all {
            json.raw(",")
            json.key(name)
            json.string(utf8: table.columns[column].utf8(row))
        }
        if let matches {
            json.raw(",")
            json.key("matches")
            json.raw("[" + matches.map { "[\($0.lowerBound),\($0.upperBound)]" }.joined(separator: ",") + "]")
        }
        json.raw("}")
    }

    /// Writes the whole listing as
    /// `{"locale","indexTitles":[...],"sections":[{"title","indexTitle","count","items":[...]}]}`.
    public func writeJSON(to json: inout JSONWriter) {
        json.raw("{")
        json.key("locale")
        json.string(collation.locale)
        json.raw(",")
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
            json.raw(",\"count\":\(section.count),")
            json.key("items")
            json.raw("[")
            for row in section.rows {
                if row > section.rows.lowerBound { json.raw(",") }
                writeItem(row: row, to: &json)
            }
            json.raw("]}")
        }
        json.raw("]}")
    }
}
