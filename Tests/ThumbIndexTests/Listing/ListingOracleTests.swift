import CThumbIndexICUTestSupport
import Testing
@testable import ThumbIndex

@Suite("Listings held against ICU: sections, order, # and the sentinel")
struct ListingOracleTests {
    @Test("the corpora are there (the other tests would pass vacuously without them)")
    func corporaArePresent() {
        #expect(Corpora.names(forLocale: "en").count > 5000)
    }

    @Test("every item sits under ICU's label, # holds the digits and comes last, order within sections is the collator's",
          arguments: oracleLocales)
    func listingMatchesICU(locale: String) throws {
        let names = Corpora.names(forLocale: locale) + hardCases + hardCases.map { " " + $0 }
        let listing = try Listing(names.indices, locale: locale, text: { names[$0] })
        let oracle = AlphabeticIndexOracle(locale: locale, addLatinLabels: listing.collation.addsLatinLabels)
        #expect(listing.count == names.count)
        #expect(listing.indexTitles.first == IndexTarget.searchSentinel)
        #expect(listing.indexTitles.dropFirst() == listing.sections.map(\.indexTitle)[...])
        if let digits = listing.sections.firstIndex(where: { $0.label.kind == .digits }) {
            #expect(digits == listing.sections.count - 1)
        }
        var sectionTitles = Set<String>()
        for (s, section) in listing.sections.enumerated() {
            #expect(!section.rows.isEmpty)
            #expect(sectionTitles.insert(section.title + "\(section.label.kind)").inserted, "\(section.title) twice")
            if s > 0 { #expect(section.rows.lowerBound == listing.sections[s - 1].rows.upperBound) }
            for row in section.rows {
                let text = listing.text(ofRow: row)
                let trimmed = String(IndexedCollation.trimmed(text))
                if IndexedCollation.startsWithDigit(Substring(trimmed)) {
                    #expect(section.label.kind == .digits, "\(locale): \(text)")
                } else {
                    let bucket = oracle.bucket(trimmed)
                    #expect(section.title == oracle.labels[bucket], "\(locale): \(text) is under \(section.title), ICU says \(oracle.labels[bucket])")
                    #expect(section.label.kind == oracle.kinds[bucket], "\(locale): \(text) is in a \(section.label.kind) section, ICU says \(oracle.kinds[bucket])")
                }
                if row > section.rows.lowerBound {
                    let previous = String(IndexedCollation.trimmed(listing.text(ofRow: row - 1)))
                    let order = oracle.compare(previous, trimmed)
                    #expect(order <= 0, "\(locale): \(previous) before \(trimmed)")
                    if order == 0 { #expect(listing[row - 1] < listing[row], "equal keys keep input order") }
                }
            }
        }
        #expect(listing.sections.last.map { $0.rows.upperBound } == listing.count)
    }
}

extension AlphabeticIndexOracle {
    /// ICU's own full-strength comparison.
    func compare(_ a: String, _ b: String) -> Int {
        var a = a, b = b
        return a.withUTF8 { a in b.withUTF8 { b in Int(ti_oracle_compare(handleForTests, a.baseAddress, Int32(a.count), b.baseAddress, Int32(b.count))) } }
    }
}
