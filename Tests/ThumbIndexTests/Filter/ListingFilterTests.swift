import PropertyBased
import Testing
@testable import ThumbIndex

@Suite("Filtering a listing: sections, counts, index titles and pages against a naive scan")
struct ListingFilterTests {
    /// Real names (several scripts) so that sections are many and uneven.
    static let names: [String] = Array(Corpora.names(forLocale: "sv").prefix(3000))
    static let searchable = SearchableListing(listing: try! Listing(texts: names, locale: "sv"))

    @Test("corpus names are there")
    func corpus() { #expect(Self.names.count == 3000) }

    @Test("random queries cut from the items: total, per-section counts, index titles and every page match the naive scan")
    func againstNaive() async {
        let listing = Self.searchable.listing
        let texts = Array(listing.texts)
        await propertyCheck(count: 60, input: Gen.int(in: 0...(texts.count - 1)), Gen.int(in: 0...6), Gen.int(in: 1...4),
                            Gen<Fold?>.element(of: Fold.allCases).map { $0! }, Gen<MatchMode?>.element(of: MatchMode.allCases).map { $0! }) { pick, start, length, fold, mode in
            let text = Array(texts[pick])
            let query = String(text[min(start, text.count)..<min(text.count, start + length)])
            let expected = Naive.search(texts, query, fold: fold, mode: mode)
            let result = Self.searchable.filter(query, fold: fold, mode: mode)
            #expect(result.total == expected.count)
            // Sections: the listing's sections that hold an expected row, with their counts, in order.
            let expectedSections = listing.sections.enumerated().compactMap { s, section -> (Int, Int)? in
                let count = expected.filter { section.rows.contains($0) }.count
                return count > 0 ? (s, count) : nil
            }
            #expect(result.sections.map(\.section) == expectedSections.map(\.0), "\(query)")
            #expect(result.sections.map(\.count) == expectedSections.map(\.1))
            #expect(result.sections.map(\.offset) == expectedSections.indices.map { i in expectedSections[..<i].reduce(0) { $0 + $1.1 } })
            if IndexedCollation.trimmed(query).isEmpty {
                #expect(result.indexTitles == listing.indexTitles)
            } else {
                #expect(result.indexTitles == [Listing.searchSentinel] + result.sections.map(\.indexTitle))
                #expect(result.indexTitles(hiddenWhileSearching: true).isEmpty)
            }
            for (s, position) in result.indexPositions.enumerated() {
                #expect(result.indexTitles[position] == result.sections[s].indexTitle)
            }
            // Pages: rows in order, each in its filtered section, with ranges for matching rows.
            for offset in stride(from: 0, to: max(1, expected.count), by: 7) {
                let page = result.matches(offset: offset, limit: 7)
                #expect(page.map(\.row) == Array(expected.dropFirst(offset).prefix(7)))
                for match in page {
                    #expect(result.sections[match.filteredSection].section == listing.sectionIndex(containingRow: match.row))
                    if !IndexedCollation.trimmed(query).isEmpty { #expect(!match.ranges.isEmpty) }
                }
            }
        }
    }

    @Test("an empty or blank query keeps every section and the listing's index")
    func blank() {
        for query in ["", "   ", "\t"] {
            let result = Self.searchable.filter(query)
            #expect(result.total == Self.searchable.listing.count)
            #expect(result.sections.map(\.count) == Self.searchable.listing.sections.map(\.count))
            #expect(result.indexTitles == Self.searchable.listing.indexTitles)
        }
    }

    @Test("a session typed and backspaced gives the answers of fresh filters")
    func session() {
        var session = FilterSession(Self.searchable)
        for query in ["s", "st", "sto", "stoc", "sto", "st", "sk", ""] {
            let typed = session.type(query), fresh = Self.searchable.filter(query)
            #expect(typed.total == fresh.total)
            #expect(typed.sections == fresh.sections)
        }
    }
}
