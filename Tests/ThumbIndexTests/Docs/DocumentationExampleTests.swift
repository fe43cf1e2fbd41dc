import Foundation
import Testing
import ThumbIndex

/// The README's "From Swift" examples, line by line, with the values the README prints.
/// (Only the public API: this file imports ThumbIndex as a user's app does.)
@Suite("README: the From Swift examples say what the library does")
struct ReadmeExampleTests {
    struct Contact { var name: String; var kana: String? = nil; var isFavorite = false }
    let contacts = [Contact(name: "Zoë"), Contact(name: "Åsa", isFavorite: true), Contact(name: "Anna"),
                    Contact(name: "42nd Street")]

    @Test func listing() throws {
        let listing = try Listing(contacts, locale: "sv", text: \.name, reading: \.kana, pinned: \.isFavorite)
        #expect(listing.sections.map(\.title) == ["Favorites", "A", "Z", "#"])
        #expect(listing.indexTitles == ["{search}", "★", "A", "Z", "#"])
        #expect(listing.elements(in: listing.sections[1]).map(\.name) == ["Anna"])
        #expect(listing.indexTarget(forTitleAt: 0) == .search)
        #expect(listing.indexTarget(forTitleAt: 3) == .section(2))
        let names = try Listing(texts: ["Zoë", "Åsa", "Anna"], locale: "sv")
        #expect(names.sections.map(\.title) == ["A", "Z", "Å"])
        let sv = try IndexedCollation(locale: "sv")
        #expect(sv.label(for: "Ärger").title == "Ä")
    }

    @Test func filtering() throws {
        let listing = try Listing(contacts, locale: "sv", text: \.name, reading: \.kana, pinned: \.isFavorite)
        let searchable = try SearchableListing(listing)
        let result = try searchable.filter("a")
        #expect(result.total == 2)
        #expect(result.sections.map(\.title) == ["Favorites", "A"])
        for match in try result.matches(offset: 0, limit: 50) {   // a page, with UTF-16 match ranges
            print(match.element.name, match.ranges)
        }
        let page = try result.matches(offset: 0, limit: 50)
        #expect(page.map(\.element.name) == ["Åsa", "Anna"])
        #expect(page.map(\.ranges) == [[2..<3], [0..<1, 3..<4]])
        var session = FilterSession(searchable)
        #expect(try session.type("å").total == 1)
    }

}

/// The DocC article "Search in every language": its example, with the values it states.
@Suite("DocC: search in every language says what the library does")
struct SearchInEveryLanguageExampleTests {
    @Test func swedishAndGerman() throws {
        let swedish = try SearchableListing(Listing(texts: ["Östlund", "Ostrowski"], locale: "sv"))
        #expect(try swedish.filter("ost").total == 1)
        #expect(try swedish.filter("ost").matches(offset: 0, limit: 10).map(\.element) == ["Ostrowski"])
        let german = try SearchableListing(Listing(texts: ["Müller", "Muller"], locale: "de"))
        #expect(try german.filter("mueller").total == 1)
        #expect(try german.filter("mueller").matches(offset: 0, limit: 10).map(\.element) == ["Müller"])
    }
}

/// The DocC article "Getting started" (Sources/ThumbIndex/ThumbIndex.docc/GettingStarted.md): its
/// country picker, with the values the article prints.
@Suite("DocC: the getting-started country picker says what the library does")
struct GettingStartedExampleTests {
    struct Country { let code: String; let name: String }
    let countries = [Country(code: "SE", name: "Sverige"), Country(code: "AX", name: "Åland"),
                     Country(code: "AT", name: "Österrike"), Country(code: "DK", name: "Danmark"),
                     Country(code: "EE", name: "Estland"), Country(code: "AR", name: "Argentina")]

    @Test func countryPicker() throws {
        // The article's code, line for line (DocumentationSnippetTests checks that it is here).
        let listing = try Listing(countries, locale: "sv", text: \.name)
        for section in listing.sections {
            print(section.title, listing.elements(in: section).map(\.code))
        }
        print(listing.indexTitles)
        var session = FilterSession(try SearchableListing(listing))
        let result = try session.type("ö")
        print(result.total, result.sections.map(\.title))
        print(try result.matches(offset: 0, limit: 20).map(\.element.name))

        // What the article says it prints.
        #expect(listing.sections.map(\.title) == ["A", "D", "E", "S", "Å", "Ö"])
        #expect(listing.sections.map { listing.elements(in: $0).map(\.code) } == [["AR"], ["DK"], ["EE"], ["SE"], ["AX"], ["AT"]])
        #expect(listing.indexTitles == ["{search}", "A", "D", "E", "S", "Å", "Ö"])
        #expect(result.total == 1)
        #expect(result.sections.map(\.title) == ["Ö"])
        #expect(try result.matches(offset: 0, limit: 20).map(\.element.name) == ["Österrike"])
    }

    @Test func collationExamples() throws {
        let sv = try IndexedCollation(locale: "sv")
        #expect(sv.labels.first?.title == "…" && sv.labels.last?.title == "#")
        #expect(Array(sv.labels.map(\.title).suffix(6)) == ["Z", "Å", "Ä", "Ö", "…", "#"])
        #expect(sv.label(for: "Ärger").title == "Ä")
        #expect(try IndexedCollation(locale: "cs").label(for: "Chrudim").title == "CH")
        #expect(try IndexedCollation(locale: "ja").label(for: "さくら").title == "さ")
    }
}

/// The article "Filtering as you type": a session typed and backspaced.
@Suite("DocC: the filtering article's session")
struct FilteringArticleExampleTests {
    @Test func sessionLoop() throws {
        let searchable = try SearchableListing(Listing(texts: ["Stockholm", "Stora Tuna", "Sundsvall", "Östersund"], locale: "sv"))
        var totals: [Int] = []
        var session = FilterSession(searchable)
        for query in ["s", "st", "sto", "st"] {        // typing, then a backspace
            let result = try session.type(query)
            print(query, result.total, result.sections.map(\.count))
            totals.append(result.total)
        }
        #expect(totals == [4, 3, 2, 3])
    }
}

/// Every line of Swift code in the README and the DocC articles (comments aside) stands in this
/// file, where it is compiled and run: an example edited in the docs but not here fails this test.
@Suite("Docs: every Swift example line is compiled and run by these tests")
struct DocumentationSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let documents = ["README.md"] + ["GettingStarted.md", "LocalesAndSectionLetters.md", "FilteringAsYouType.md", "ThumbIndex.md",
                                            "SearchInEveryLanguage.md", "TypoTolerance.md"]
        .map { "Sources/ThumbIndex/ThumbIndex.docc/" + $0 }

    /// The code lines of the ```swift blocks of `markdown`: comments removed, trimmed, non-empty.
    static func swiftLines(_ markdown: String) -> [String] {
        var lines: [String] = [], inSwift = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") { inSwift = !inSwift && trimmed == "```swift"; continue }
            guard inSwift else { continue }
            let code = (trimmed.range(of: "//").map { String(trimmed[..<$0.lowerBound]) } ?? trimmed)
                .trimmingCharacters(in: .whitespaces)
            if !code.isEmpty { lines.append(code) }
        }
        return lines
    }

    @Test(arguments: documents)
    func everyExampleLineIsInTheTests(document: String) throws {
        let markdown = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
        let tests = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let lines = Self.swiftLines(markdown)
        if document.hasSuffix("ThumbIndex.md") { #expect(lines.isEmpty) } else { #expect(lines.count >= 3, "\(document) has examples") }
        for line in lines {
            #expect(tests.contains(line), "\(document): `\(line)` is not compiled by the tests")
        }
    }
}

/// The "Finding People" article's example, line by line, with the values it prints.
@Suite("Finding People: the article's example says what the library does")
struct FindingPeopleExampleTests {
    struct Contact { var name, company, phone, region: String }

    @Test func theArticleExample() throws {
        let contacts = [Contact(name: "Jessica Acedo", company: "Acme", phone: "+34844 468 710", region: "es_ES")]
        let listing = try Listing(contacts, collation: IndexedCollation(locale: "en"), text: \.name,
                                  fields: [.text("company") { $0.company },
                                           .phone("phone", region: { $0.region }) { $0.phone }])
        let book = try SearchableListing(listing)
        #expect(try book.filter("acedo jessica").total == 1)
        #expect(try book.filter("jessica acme").total == 1)
        #expect(try book.filter("844").total == 1)
        #expect(try book.filter("52", dialpad: true).total == 1)
        let match = try #require(try book.filter("jessica acme").matches(offset: 0, limit: 1).first)
        #expect(match.ranges == [0..<7])
        #expect(match.fieldMatches == [FieldMatch(field: "company", text: "Acme", ranges: [0..<4])])
    }
}

/// The "Typo Tolerance" article's example, line by line, with the values it prints.
@Suite("Typo Tolerance: the article's example says what the library does")
struct TypoToleranceExampleTests {
    @Test func theArticleExample() throws {
        let cities = try SearchableListing(Listing(texts: ["Zürich", "Stockholm", "Zug"], locale: "en"))
        let result = try cities.filter("zurihc", typos: .auto)
        #expect(result.approximate == 1)
        #expect(try result.matches(offset: 0, limit: 10)[0].ranges == [0..<6])
        #expect(try cities.filter("zurich", typos: .auto).approximate == nil)
        let german = try SearchableListing(Listing(texts: ["Zürich"], locale: "de"))
        #expect(try german.filter("zurich", typos: .auto).approximate == 1)
    }
}
