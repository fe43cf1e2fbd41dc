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
    /// `{"locale","indexTitles":[...],"sections":[{"title","indexTitle","index","count","offset","items":[...]}]}`
    /// (`index`: the section's position in `indexTitles`; `offset`: its first row).
    public func writeJSON(to json: inout JSONWriter) {
        json.raw("{")
        json.pair("locale", collation.locale)
        json.key("indexTitles")
        json.stringArray(indexTitles)
        json.raw(",\"sections\":[")
        for (s, section) in sections.enumerated() {
            if s > 0 { json.raw(",") }
            json.section(title: section.title, indexTitle: section.indexTitle, index: sectionIndexPositions[s],
                         count: section.count, offset: section.rows.lowerBound) { json in
                for row in section.rows {
                    if row > section.rows.lowerBound { json.raw(",") }
                    writeItem(row: row, to: &json)
                }
            }
        }
        json.raw("]}")
    }
}
