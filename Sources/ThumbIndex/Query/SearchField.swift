/// A column of a record searched besides its text: a company, an e-mail, a phone number.
///
/// The element's text stays its key: sections and order are those of the text. A query's terms may
/// match in the text or in any field (`jessica acme` finds Jessica Acedo of Acme), and a match
/// says in which field each range lies (``FilteredListing/Match/fieldMatches``).
///
/// ```swift
/// struct Contact { var name, company, phone, region: String }
/// let listing = try Listing(contacts, collation: IndexedCollation(locale: "es"), text: \.name,
///                           fields: [.text("company") { $0.company },
///                                    .phone("phone", region: { $0.region }) { $0.phone }])
/// ```
public struct SearchField<Element> {
    /// The column's name, as results name it.
    public let name: String
    /// How the column is searched.
    public let kind: SearchFieldKind
    /// The element's value in the column.
    let value: (Element) throws -> String
    /// The element's region (a locale such as `es_ES` or a region code such as `ES`), for phone columns.
    let region: ((Element) throws -> String?)?

    /// A column searched as text, with the query's fold and mode.
    public static func text(_ name: String, _ value: @escaping (Element) throws -> String) -> SearchField {
        SearchField(name: name, kind: .text, value: value, region: nil)
    }

    /// A column of phone numbers, searched by the digits of the number as written, of its E.164 form
    /// and of its national format (libphonenumber), never as text.
    /// - Parameters:
    ///   - name: the column's name, as results name it.
    ///   - region: the element's region, a locale (`es_ES`) or a region code (`ES`); when nil or
    ///     empty, the region of the listing's locale (`sv` → SE, `en` → US).
    ///   - value: the element's phone number, as written.
    public static func phone(_ name: String, region: ((Element) throws -> String?)? = nil,
                             _ value: @escaping (Element) throws -> String) -> SearchField {
        SearchField(name: name, kind: .phone, value: value, region: region)
    }
}

/// How a ``SearchField`` is searched.
public enum SearchFieldKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// As text, with the query's fold and mode.
    case text
    /// As a phone number, by its digits (see ``SearchField/phone(_:region:_:)``).
    case phone
}

/// A searched column laid out as a column of texts, row for row with its listing.
package struct FieldColumn: Sendable {
    /// The column's name.
    package let name: String
    /// How it is searched.
    package let kind: SearchFieldKind
    /// The values, one per row.
    package let values: TextColumn
    /// Phone columns: each row's region (a locale or region code; empty: the listing's), or nil.
    package let regions: TextColumn?

    package init(name: String, kind: SearchFieldKind, values: TextColumn, regions: TextColumn? = nil) {
        precondition(regions.map { $0.count == values.count } ?? true, "FieldColumn: a region per value")
        self.name = name
        self.kind = kind
        self.values = values
        self.regions = regions
    }

    /// The column with its rows rearranged (row `k` is row `order[k]`).
    func permuted(by order: [Int32]) -> FieldColumn {
        FieldColumn(name: name, kind: kind, values: values.permuted(by: order), regions: regions?.permuted(by: order))
    }
}
