import Foundation
import Testing
@testable import ThumbIndex

/// The locale fold held against ICU's own answer (`SearchCollationOracle`, PyICU) for the issue's
/// locales, on real names and on random strings of the letters each language treats specially.
///
/// For every query: the rows found are exactly those whose primary collation elements contain the
/// query's, and they include every row where ICU's StringSearch finds it (they may add rows where a
/// match would begin or end inside an expansion or a contraction, which StringSearch refuses).
@Suite("The locale fold agrees with ICU's search collations")
struct LocaleFoldOracleTests {
    static let locales = ["sv", "da", "nb", "fi", "de", "es", "tr", "cs", "pl", "is", "en"]

    /// Letters and sequences that some of the locales equate or keep apart.
    static let pieces = [
        "a", "A", "å", "Å", "ä", "Ä", "aa", "Aa", "æ", "o", "O", "ö", "Ö", "ø", "Ø", "ő", "œ", "u", "ü", "Ü", "ue", "y",
        "v", "w", "W", "i", "I", "ı", "İ", "ß", "ss", "s", "ñ", "n", "c", "č", "Č", "ch", "h", "l", "ł", "Ł", "e", "é",
        "ě", "ð", "þ", "th", "d", "r", "ř", "z", "ż", "ź", "\u{308}", "\u{301}", " ", "-",
    ]

    /// Substitutions a user makes when typing without a language's letters, and back.
    static let retypings: [(String, String)] = [
        ("ö", "o"), ("ü", "u"), ("ü", "ue"), ("ä", "a"), ("å", "a"), ("å", "aa"), ("ø", "o"), ("ß", "ss"), ("ł", "l"),
        ("č", "c"), ("ñ", "n"), ("ı", "i"), ("I", "i"), ("w", "v"), ("o", "ö"), ("y", "ü"), ("aa", "å"),
    ]

    @Test("real names, queries cut from them and retyped", arguments: locales)
    func realNames(locale: String) throws {
        var generator = SeededGenerator(state: UInt64(locale.unicodeScalars.reduce(7) { $0 &* 31 &+ UInt64($1.value) }))
        let all = Corpora.names(forLocale: String(locale.prefix(2)))
        let own = Corpora.strings("people/\(Self.peopleFile(locale))", limit: 400)
        try #require(!own.isEmpty, "Corpora/people has names for \(locale)")
        var texts = Array(own.shuffled(using: &generator).prefix(160))
        texts += all.shuffled(using: &generator).prefix(60)
        var queries: [String] = []
        for _ in 0..<Cases.scaled(160) {
            let source = Array(texts.randomElement(using: &generator)!)
            let length = Int.random(in: 1...4, using: &generator)
            let start = Int.random(in: 0..<source.count, using: &generator)
            var query = String(source[start..<min(source.count, start + length)])
            if Bool.random(using: &generator), let (from, to) = Self.retypings.randomElement(using: &generator) {
                query = query.replacingOccurrences(of: from, with: to)
            }
            queries.append(query)
        }
        try Self.check(locale: locale, texts: texts, queries: queries)
    }

    @Test("random strings of the letters the languages treat specially", arguments: locales)
    func randomStrings(locale: String) throws {
        var generator = SeededGenerator(state: UInt64(locale.unicodeScalars.reduce(11) { $0 &* 131 &+ UInt64($1.value) }))
        func random(_ lengths: ClosedRange<Int>, pieces: [String]) -> String {
            (0..<Int.random(in: lengths, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
        let texts = (0..<120).map { _ in random(1...8, pieces: Self.pieces) }
        let queryPieces = Self.pieces.filter { $0 != " " }
        let queries = (0..<150).map { _ in random(1...3, pieces: queryPieces) }
        try Self.check(locale: locale, texts: texts, queries: queries)
    }

    /// Holds the index's answers against ICU's for every query.
    static func check(locale: String, texts: [String], queries: [String]) throws {
        let queries = queries.filter { query in
            !query.unicodeScalars.contains { $0.properties.isWhitespace } && !((try? Folding.foldQuery(query, .locale, locale: locale))?.isEmpty ?? true)
        }
        let index = try SearchIndex(texts: texts, locale: locale)
        let icu = try SearchCollationOracle.answer(locale: locale, texts: texts, queries: queries)
        for (k, query) in queries.enumerated() {
            let got = Array(try index.search(query, fold: .locale).rows)
            #expect(got == icu.elements[k], "\(locale): '\(query)' found \(got.map { texts[$0] }), ICU's elements \(icu.elements[k].map { texts[$0] })")
            #expect(Set(icu.stringSearch[k]).isSubset(of: got),
                    "\(locale): StringSearch finds '\(query)' in \(Set(icu.stringSearch[k]).subtracting(got).map { texts[$0] }), the index does not")
        }
    }

    /// The people file for a locale (Norwegian and Icelandic names are read from the Danish and Swedish files).
    static func peopleFile(_ locale: String) -> String {
        let files = ["sv": "sv_SE", "da": "da_DK", "nb": "da_DK", "fi": "fi_FI", "de": "de_DE", "es": "es_ES",
                     "tr": "tr_TR", "cs": "cs_CZ", "pl": "pl_PL", "is": "sv_SE", "en": "en_US"]
        return "\(files[locale] ?? "en_US").tsv"
    }
}
