/// A locale-correct alphabetized, sectioned listing of the caller's own elements: the
/// address-book shape.
///
/// Elements are sorted by the locale's full-strength collation of their text (or of their reading,
/// when they have one; equal keys keep input order) and grouped under the labels of an
/// ``IndexedCollation``. A section is a contiguous range of rows, so no section holds an array of
/// its own. Texts starting with a digit go to "#", the last section; pinned elements form a leading
/// "Favorites" section. ``indexTitles`` starts with the search sentinel
/// ``IndexTarget/searchSentinel``, `"{search}"` (the value of `UITableView.indexSearch`).
///
/// ```swift
/// struct Contact { var name: String; var kana: String?; var isFavorite = false }
/// let contacts: [Contact] = loadContacts()
/// let listing = try Listing(contacts, locale: "ja", text: \.name, reading: \.kana, pinned: \.isFavorite)
/// for section in listing.sections {
///     print(section.title, listing.elements(in: section).map(\.name))
/// }
///
/// let names = try Listing(texts: ["Zoë", "Åsa", "Anna", "42nd Street"], locale: "sv")
/// names.sections.map(\.title)   // ["A", "Z", "Å", "#"]
/// names.indexTitles             // ["{search}", "A", "Z", "Å", "#"]
/// names[0]                      // "Anna"
/// ```
///
/// Immutable once built (and `Sendable` when its elements are): any number of threads may read it.
public struct Listing<Element> {
    /// The collation that ordered and bucketed the elements.
    public let collation: IndexedCollation
    /// The elements, in display order.
    public let elements: [Element]
    /// The non-empty sections, in display order.
    public let sections: [ListingSection]
    /// The side index: the search sentinel, then one title per section (or per label, with
    /// `fullIndex`).
    public let indexTitles: [String]
    /// Where each index title leads.
    let indexTargets: [IndexTarget]
    /// The displayed texts, in display order (what search indexes).
    package let texts: TextColumn
    /// The readings in display order (empty: none), or nil when the listing was built without.
    package internal(set) var readings: TextColumn?
    /// The columns searched besides the text, in display order (see ``SearchField``).
    package internal(set) var fields: [FieldColumn] = []
    /// Whether elements and sections run in descending order (the `descending` it was built with).
    package let isDescending: Bool
    /// Whether ``indexTitles`` lists every label (the `fullIndex` it was built with).
    package let hasFullIndex: Bool

    /// A listing from its parts as they are, without sorting anything (a saved listing loaded back).
    /// The caller has checked that they agree (see `SearchableListing+Saving.swift`).
    init(collation: IndexedCollation, elements: [Element], sections: [ListingSection], indexTitles: [String],
         indexTargets: [IndexTarget], texts: TextColumn, isDescending: Bool, hasFullIndex: Bool) {
        self.collation = collation
        self.elements = elements
        self.sections = sections
        self.indexTitles = indexTitles
        self.indexTargets = indexTargets
        self.texts = texts
        self.isDescending = isDescending
        self.hasFullIndex = hasFullIndex
        readings = nil
    }

    /// The same listing holding `readings` (display order).
    func with(readings: TextColumn?) -> Listing {
        var copy = self
        copy.readings = readings
        return copy
    }

    /// Number of elements.
    public var count: Int { elements.count }

    /// The names of the columns searched besides the text (``SearchField``), in the order given.
    public var fieldNames: [String] { fields.map(\.name) }

    /// The value of the element at `row` in the searched column `name`, or nil when the listing has
    /// no such column. - Precondition: `0 <= row < count`.
    public func field(_ name: String, ofRow row: Int) -> String? {
        fields.first { $0.name == name }.map { $0.values[row] }
    }

    /// The element at `row` (display order).
    /// - Precondition: `0 <= row < count`.
    public subscript(row: Int) -> Element { elements[row] }

    /// The elements of `section`, in display order.
    public func elements(in section: ListingSection) -> ArraySlice<Element> { elements[section.rows] }

    /// The displayed text of the element at `row` (display order).
    /// - Precondition: `0 <= row < count`.
    public func text(ofRow row: Int) -> String { texts[row] }

    /// Where the index title at `position` of ``indexTitles`` leads: the sentinel to `.search`,
    /// a title to its section; an empty letter (with `fullIndex`) to the first non-empty section
    /// after it, or the last section when none follows.
    /// - Returns: nil when `position` is not a position of ``indexTitles``.
    public func indexTarget(forTitleAt position: Int) -> IndexTarget? {
        indexTargets.indices.contains(position) ? indexTargets[position] : nil
    }

    /// The position in ``sections`` of the section holding `row`, or nil when `row` is not a row
    /// of the listing. Complexity: O(log sections).
    public func sectionIndex(containingRow row: Int) -> Int? {
        guard row >= 0 && row < count else { return nil }
        return BinarySearch.last(in: sections.indices) { sections[$0].rows.lowerBound <= row }
    }
}

extension Listing: Sendable where Element: Sendable {}
