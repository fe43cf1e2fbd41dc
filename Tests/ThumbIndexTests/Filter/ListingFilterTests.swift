import PropertyBased
import Testing
@testable import ThumbIndex

@Suite("Filtering a listing: sections, counts, index titles and pages against a naive scan")
struct ListingFilterTests {
    /// Real names (several scripts) so that sections are many and uneven.
    static let names: [String] = Array(Corpora.names(forLocale: "sv").prefix(3000))
    static let searchable = try! SearchableListing(Listing(texts: names, locale: "sv"))

    @Test("corpus names are there")
    func corpus() { #expect(Self.names.count == 3000) }

    @Test("random queries cut from the items: total, per-section counts, index titles and every page match the naive scan")
    func againstNaive() async throws {
        let listing = Self.searchable.listing
        let texts = Array(listing.texts)
        await propertyCheck(count: 60, input: Gen.int(in: 0...(texts.count - 1)), Gen.int(in: 0...6), Gen.int(in: 1...4),
                            Gen<Fold?>.element(of: Fold.naiveCases).map { $0! }, Gen<MatchMode?>.element(of: MatchMode.allCases).map { $0! }) { pick, start, length, fold, mode in
            let text = Array(texts[pick])
            let query = String(text[min(start, text.count)..<min(text.count, start + length)])
            let expected = Naive.search(texts, query, fold: fold, mode: mode)
            let result = try Self.searchable.filter(query, fold: fold, mode: mode)
            #expect(result.total == expected.count)
            // Sections: the listing's sections that hold an expected row, with their counts, in order.
            let expectedSections = listing.sections.enumerated().compactMap { s, section -> (Int, Int)? in
                let count = expected.filter { section.rows.contains($0) }.count
                return count > 0 ? (s, count) : nil
            }
            #expect(result.sections.map(\.listingSectionIndex) == expectedSections.map(\.0), "\(query)")
            #expect(result.sections.map(\.count) == expectedSections.map(\.1))
            #expect(result.sections.map(\.offset) == expectedSections.indices.map { i in expectedSections[..<i].reduce(0) { $0 + $1.1 } })
            if IndexedCollation.trimmed(query).isEmpty {
                #expect(result.indexTitles == listing.indexTitles)
            } else {
                #expect(result.indexTitles == [IndexTarget.searchSentinel] + result.sections.map(\.indexTitle))
                #expect(result.indexTitles(hiddenWhileSearching: true).isEmpty)
            }
            for (s, section) in result.sections.enumerated() {
                #expect(result.indexTitles[section.indexPosition] == section.indexTitle)
                #expect(result.indexTarget(forTitleAt: section.indexPosition) == .section(s))
            }
            #expect(result.indexTarget(forTitleAt: 0) == .search)
            #expect(result.indexTarget(forTitleAt: result.indexTitles.count) == nil)
            // Pages: rows in order, each in its filtered section, with ranges for matching rows.
            for offset in stride(from: 0, to: max(1, expected.count), by: 7) {
                let page = try result.matches(offset: offset, limit: 7)
                #expect(page.map(\.row) == Array(expected.dropFirst(offset).prefix(7)))
                for match in page {
                    #expect(match.element == texts[match.row])
                    #expect(result.sections[match.sectionIndex].listingSectionIndex == listing.sectionIndex(containingRow: match.row))
                    if !IndexedCollation.trimmed(query).isEmpty { #expect(!match.ranges.isEmpty) }
                }
            }
        }
    }

    @Test("an empty or blank query keeps every section and the listing's index")
    func blank() throws {
        for query in ["", "   ", "\t"] {
            let result = try Self.searchable.filter(query)
            #expect(result.total == Self.searchable.listing.count)
            #expect(result.sections.map(\.count) == Self.searchable.listing.sections.map(\.count))
            #expect(result.indexTitles == Self.searchable.listing.indexTitles)
        }
    }

    @Test("a session typed and backspaced gives the answers of fresh filters")
    func session() throws {
        var session = FilterSession(Self.searchable)
        for query in ["s", "st", "sto", "stoc", "sto", "st", "sk", ""] {
            let typed = try session.type(query), fresh = try Self.searchable.filter(query)
            #expect(typed.total == fresh.total)
            #expect(typed.sections == fresh.sections)
        }
    }

    @Test("pages past the matches, negative and overflowing page arguments are clamped, never a trap")
    func pageArguments() throws {
        let result = try Self.searchable.filter("a")
        let all = try result.matches(offset: 0, limit: result.total)
        #expect(all.count == result.total && result.total > 10)
        #expect(try result.matches(offset: -5, limit: 3).map(\.row) == all.prefix(3).map(\.row))
        #expect(try result.matches(offset: 2, limit: Int.max).map(\.row) == all.dropFirst(2).map(\.row))
        #expect(try result.matches(offset: Int.max, limit: Int.max).isEmpty)
        #expect(try result.matches(offset: Int.min, limit: 1).map(\.row) == [all[0].row])
        #expect(try result.matches(offset: 0, limit: -1).isEmpty)
        #expect(try result.matches(offset: result.total, limit: 10).isEmpty)
        #expect(result.sectionIndex(containingMatch: -1) == nil)
        #expect(result.sectionIndex(containingMatch: result.total) == nil)
        #expect(result.sectionIndex(containingMatch: 0) == 0)
    }

    @Test("row positions outside a listing have no section; an empty listing has none at all")
    func rowPositions() throws {
        let listing = Self.searchable.listing
        #expect(listing.sectionIndex(containingRow: -1) == nil)
        #expect(listing.sectionIndex(containingRow: listing.count) == nil)
        #expect(listing.sectionIndex(containingRow: listing.count - 1) == listing.sections.count - 1)
        let empty = try Listing(texts: [String](), locale: "sv")
        #expect(empty.sectionIndex(containingRow: 0) == nil)
        let filtered = try SearchableListing(empty).filter("x")
        #expect(filtered.total == 0 && filtered.sections.isEmpty)
        #expect(try filtered.matches(offset: 0, limit: 10).isEmpty)
        #expect(filtered.sectionIndex(containingMatch: 0) == nil)
    }
}
