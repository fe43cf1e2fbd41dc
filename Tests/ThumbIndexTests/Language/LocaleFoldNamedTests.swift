import Testing
@testable import ThumbIndex

/// The examples of what each language equates when searching (issue 19 §1), through a listing
/// of that locale and its default fold.
@Suite("Search in every language: the issue's examples")
struct LocaleFoldNamedTests {
    static let names = ["Östlund", "Ostrowski", "Müller", "Mueller", "Muller", "Peña", "Pena", "Isparta", "Ilgaz",
                        "Ahmet Işık", "İzmir", "Åse", "Aase", "Asa", "Ærø", "Øster", "Virtanen", "Wirtanen",
                        "Čapek", "Capek", "Łukasz", "Lukas", "Straße", "Strasse", "Yxlan", "Üxlan", "Þór", "Thor"]

    /// The names the query finds under `locale`'s default fold (phonetic search off).
    static func found(_ query: String, _ locale: String) throws -> Set<String> {
        let listing = try SearchableListing(Listing(texts: names, locale: locale))
        return Set(try listing.filter(query, phonetic: .off).matches(offset: 0, limit: 100).map(\.element))
    }

    @Test func swedishKeepsÅÄÖApartAndEquatesÜWithY() throws {
        #expect(try Self.found("ost", "sv") == ["Ostrowski"])
        #expect(try Self.found("öst", "sv") == ["Östlund", "Øster"])
        #expect(try Self.found("yxl", "sv") == ["Yxlan", "Üxlan"])
        #expect(try Self.found("ås", "sv") == ["Åse"])
        #expect(try !Self.found("as", "sv").contains("Åse"))
    }

    @Test func germanEquatesÜWithUeAndßWithSs() throws {
        #expect(try Self.found("mueller", "de") == ["Müller", "Mueller"])
        #expect(try Self.found("muller", "de") == ["Muller"])
        #expect(try Self.found("strasse", "de") == ["Straße", "Strasse"])
        #expect(try Self.found("straße", "de") == ["Straße", "Strasse"])
    }

    /// A query that ends inside an expansion: StringSearch refuses "mu" in "Müller" (its match would end
    /// inside ü = ue); ThumbIndex finds it, so that typing "mue" never finds what "mu" did not.
    @Test func aQueryEndingInsideAnExpansionFindsIt() throws {
        #expect(try Self.found("mu", "de") == ["Müller", "Mueller", "Muller"])
        #expect(try Self.found("mue", "de") == ["Müller", "Mueller"])
    }

    @Test func danishEquatesAaWithÅAndKeepsØApart() throws {
        #expect(try Self.found("aa", "da") == ["Åse", "Aase"])
        #expect(try Self.found("åse", "da") == ["Åse", "Aase"])
        #expect(try Self.found("ost", "da") == ["Ostrowski"])
        #expect(try Self.found("øst", "da") == ["Øster", "Östlund"])
    }

    @Test func finnishEquatesVAndW() throws {
        #expect(try Self.found("wirt", "fi") == ["Virtanen", "Wirtanen"])
        #expect(try Self.found("wirt", "en") == ["Wirtanen"])
    }

    @Test func turkishKeepsDottedAndDotlessIApart() throws {
        #expect(try Self.found("isparta", "tr") == [])
        #expect(try Self.found("ısparta", "tr") == ["Isparta"])
        #expect(try Self.found("izmir", "tr") == ["İzmir"])
        #expect(try Self.found("ışık", "tr") == ["Ahmet Işık"])
        #expect(try Self.found("isparta", "en") == ["Isparta"])
    }

    @Test func spanishKeepsÑApart() throws {
        #expect(try Self.found("pena", "es") == ["Pena"])
        #expect(try Self.found("peña", "es") == ["Peña"])
        #expect(try Self.found("pena", "en") == ["Peña", "Pena"])
    }

    @Test func czechAndPolishFoldTheirLettersForSearch() throws {
        #expect(try Self.found("capek", "cs") == ["Čapek", "Capek"])
        #expect(try Self.found("lukas", "pl") == ["Łukasz", "Lukas"])
    }

    @Test func icelandicKeepsÞApartFromTh() throws {
        #expect(try Self.found("þór", "is") == ["Þór"])
        #expect(try Self.found("thor", "is") == ["Thor"])
    }

    /// Match ranges cover what the locale equates, in whole characters of the original.
    @Test func rangesCoverTheOriginalText() throws {
        let listing = try SearchableListing(Listing(texts: ["Müller", "Aase Nørgaard"], locale: "de"))
        #expect(try listing.filter("mueller", phonetic: .off).matches(offset: 0, limit: 10).map(\.ranges) == [[0..<6]])
        let danish = try SearchableListing(Listing(texts: ["Aase Nørgaard"], locale: "da"))
        #expect(try danish.filter("gård", phonetic: .off).matches(offset: 0, limit: 10).map(\.ranges) == [[8..<13]])
        #expect(try danish.filter("åse", phonetic: .off).matches(offset: 0, limit: 10).map(\.ranges) == [[0..<4]])
    }

    /// Locales whose search collation adds nothing to root's: on names written with Latin letters and
    /// accents (not ø, æ, œ, ł, đ, ħ or ı, which root's primary strength equates with their base letters
    /// and the diacritics fold keeps), the locale fold finds what the diacritics fold finds.
    @Test(arguments: ["en", "fr", "nl"])
    func localesWithoutSearchRulesBehaveAsTheDiacriticsFold(locale: String) throws {
        let file = ["en": "en_US", "fr": "fr_FR", "nl": "nl_NL"][locale]!
        let names = Corpora.strings("people/\(file).tsv", limit: 1000).filter { name in
            !name.unicodeScalars.contains { "øØæÆœŒłŁđĐħĦı".unicodeScalars.contains($0) }
        }
        try #require(names.count > 500)
        let listing = try SearchableListing(Listing(texts: names, locale: locale))
        var generator = SeededGenerator(state: 19)
        var compared = 0
        for _ in 0..<300 {
            let name = Array(names.randomElement(using: &generator)!)
            let start = Int.random(in: 0..<name.count, using: &generator)
            let query = String(name[start..<min(name.count, start + Int.random(in: 1...4, using: &generator))])
            let byLocale = try listing.filter(query, fold: .locale, phonetic: .off).matches(offset: 0, limit: 2000).map(\.element)
            let byDiacritics = try listing.filter(query, fold: .diacritics, phonetic: .off).matches(offset: 0, limit: 2000).map(\.element)
            #expect(byLocale == byDiacritics, "\(locale): '\(query)'")
            compared += byLocale.count
        }
        #expect(compared > 1000)
    }
}
