import ThumbIndex

extension RecordListing {
    /// Which fields an item carries in JSON besides "text" (and "matches" when filtered).
    package enum ItemColumns: Sendable {
        /// Every other column of the record, by its name.
        case all
        /// Only the text.
        case textOnly
    }

    /// The fields an item has of its own; a column with one of these names is written as
    /// `"column:<name>"` so that no JSON object has a key twice.
    package static let itemFields: Set<String> = ["text", "matches", "columnMatches"]

    /// The JSON key of column `column`: its name, or `column:<name>` for a name in ``itemFields``.
    package func jsonKey(ofColumn column: Int) -> String {
        let name = table.columnNames[column]
        return Self.itemFields.contains(name) ? "column:" + name : name
    }

    /// Writes the item at listing row `row` as
    /// `{"text": ..., <other column>: ..., "matches": [[start, end], ...], "columnMatches": {<column>: {"text", "matches"}}}`;
    /// the other columns unless `columns` is `.textOnly`, `matches` only when given, `columnMatches`
    /// only when the query matched in a searched column (ranges into that column's value).
    package func writeItem(row: Int, matches: [Range<Int>]? = nil, fieldMatches: [FieldMatch] = [], columns: ItemColumns = .all,
                           to json: inout JSONWriter) {
        let record = listing[row]
        json.raw("{")
        json.key("text")
        json.string(utf8: table.columns[keyColumn].utf8(record))
        if columns == .all {
            for column in table.columnNames.indices where column != keyColumn {
                json.raw(",")
                json.key(jsonKey(ofColumn: column))
                json.string(utf8: table.columns[column].utf8(record))
            }
        }
        if let matches {
            json.raw(",")
            json.key("matches")
            json.ranges(matches)
        }
        json.fieldMatches(fieldMatches)
        json.raw("}")
    }

    /// Writes the whole listing as
    /// `{"locale","indexTitles":[...],"sections":[{"title","indexTitle","index","count","offset","items":[...]}]}`
    /// (`index`: the section's position in `indexTitles`; `offset`: its first row).
    package func writeJSON(to json: inout JSONWriter) {
        json.raw("{")
        json.pair("locale", listing.collation.locale)
        json.key("indexTitles")
        json.stringArray(listing.indexTitles)
        json.raw(",\"sections\":[")
        for (s, section) in listing.sections.enumerated() {
            if s > 0 { json.raw(",") }
            json.section(title: section.title, indexTitle: section.indexTitle, index: section.indexPosition,
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
