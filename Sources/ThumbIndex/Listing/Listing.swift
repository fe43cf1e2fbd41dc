/// A locale-correct alphabetized, sectioned listing: the address-book shape.
///
/// Items are sorted by the locale's full-strength collation (equal keys keep input order) and
/// grouped under the labels of an `IndexedCollation`; a section is a contiguous range of rows, so
/// no section holds an array of its own. Digits go to "#", the last section; pinned items form a
/// leading "Favorites" section. `indexTitles` starts with the search sentinel `"{search}"`
/// (the value of `UITableView.indexSearch`).
///
/// ```swift
/// let listing = try Listing(texts: ["Zoë", "Åsa", "Anna", "42nd Street"], locale: "sv")
/// listing.sections.map(\.title)   // ["A", "Z", "Å", "#"]
/// listing.indexTitles              // ["{search}", "A", "Z", "Å", "#"]
/// listing.text(ofRow: 0)           // "Anna"
/// ```
///
/// Immutable and `Sendable` once built: any number of threads may read it.
public struct Listing: Sendable {
    /// The value of `UITableView.indexSearch`: the magnifier at the top of the side index.
    public static let searchSentinel = "{search}"

    /// The collation that ordered and bucketed the items.
    public let collation: IndexedCollation
    /// The records, rows in display order.
    public let table: Table
    /// The column shown as the item's text.
    public let keyColumn: Int
    /// The non-empty sections, in display order.
    public let sections: [Section]
    /// The side index: the search sentinel, then one title per section (or per label, with
    /// `fullIndex`).
    public let indexTitles: [String]
    /// Where each index title leads.
    let indexTargets: [IndexTarget]
    /// For each section, the position of its own title in `indexTitles`.
    public let sectionIndexPositions: [Int]
    /// For row `k` in display order, its row in the input.
    public let inputRows: [Int32]

    /// Number of items.
    public var count: Int { table.count }

    /// The displayed text of a row (display order).
    public func text(ofRow row: Int) -> String { table.columns[keyColumn][row] }

    /// The displayed texts in display order.
    public var texts: TextColumn { table.columns[keyColumn] }

    /// Where the index title at `position` of `indexTitles` leads: the sentinel to `.search`,
    /// a title to its section; an empty letter (with `fullIndex`) to the first non-empty section
    /// after it, or the last section when none follows.
    /// - Returns: nil when `position` is out of range.
    public func section(forIndexTitleAt position: Int) -> IndexTarget? {
        indexTargets.indices.contains(position) ? indexTargets[position] : nil
    }

    /// The section containing `row`. Complexity: O(log sections).
    public func sectionIndex(containingRow row: Int) -> Int {
        var low = 0, high = sections.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if sections[mid].rows.lowerBound <= row { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
