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
        let page = try result.matches(offset: 0, limit: 50)
        #expect(page.map(\.element.name) == ["Åsa", "Anna"])
        #expect(page.map(\.ranges) == [[0..<1, 2..<3], [0..<1, 3..<4]])
        var session = FilterSession(searchable)
        #expect(try session.type("å").total == 2)
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
        let listing = try Listing(countries, locale: "sv", text: \.name)
        #expect(listing.sections.map(\.title) == ["A", "D", "E", "S", "Å", "Ö"])
        #expect(listing.sections.map { listing.elements(in: $0).map(\.code) } == [["AR"], ["DK"], ["EE"], ["SE"], ["AX"], ["AT"]])
        #expect(listing.indexTitles == ["{search}", "A", "D", "E", "S", "Å", "Ö"])
        var session = FilterSession(try SearchableListing(listing))
        let result = try session.type("o")
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
