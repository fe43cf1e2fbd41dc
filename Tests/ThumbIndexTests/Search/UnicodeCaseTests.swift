import Testing
@testable import ThumbIndex

/// Named Unicode cases: what each fold does with the characters that make folding hard.
@Suite struct UnicodeCaseTests {
    /// The rows of `texts` matching `query`.
    func rows(_ texts: [String], _ query: String, _ fold: Fold = .diacritics, _ mode: MatchMode = .contains) throws -> [Int] {
        Array(try SearchIndex(texts: texts).search(query, fold: fold, mode: mode).rows)
    }

    func ranges(_ text: String, _ query: String, _ fold: Fold = .diacritics, _ mode: MatchMode = .contains) throws -> [Range<Int>] {
        let index = try SearchIndex(texts: [text])
        return try index.matchRanges(ofRow: 0, in: try index.search(query, fold: fold, mode: mode))
    }

    @Test func sharpSEqualsDoubleS() throws {
        for fold in Fold.naiveCases {
            #expect(try rows(["Straße", "Strasse", "Strase"], "strasse", fold) == [0, 1])
            #expect(try rows(["Straße", "Strasse", "Strase"], "STRAẞE", fold) == [0, 1])
        }
        // "ss" in the folded "strasse" comes from the one UTF-16 unit of "ß".
        #expect(try ranges("Straße", "ss") == [4..<5])
        // Three occurrences of "s": 0, and twice inside "ß" (merged).
        #expect(try ranges("Straße", "s") == [0..<1, 4..<5])
        // Half of "ß" still highlights the whole "ß".
        #expect(try ranges("Straße", "as") == [3..<5])
    }

    @Test func ligatureFiEqualsFi() throws {
        #expect(try rows(["ﬁnd", "find", "fnd"], "fi", .case) == [0, 1])
        #expect(try rows(["ﬁnd", "find"], "ﬁ", .case) == [0, 1])
        #expect(try ranges("ﬁnd", "f", .case) == [0..<1])
        #expect(try ranges("ﬁnd", "in", .case) == [0..<2])
    }

    @Test func capitalIWithDot() throws {
        // nfkc_cf("İ") is "i" + U+0307: under the case fold the dot stays, so "istanbul" is no substring.
        #expect(try rows(["İstanbul"], "istanbul", .case) == [])
        #expect(try rows(["İstanbul"], "i\u{307}stanbul", .case) == [0])
        #expect(try rows(["İstanbul"], "İST", .case) == [0])
        // The dot is a nonspacing mark on a Latin letter: the diacritics fold drops it.
        #expect(try rows(["İstanbul", "Istanbul", "ıstanbul"], "istanbul") == [0, 1])
        // Dotless ı is read as i only under `all`.
        #expect(try rows(["İstanbul", "Istanbul", "ıstanbul"], "istanbul", .all) == [0, 1, 2])
        #expect(try ranges("İstanbul", "ist") == [0..<3])
    }

    @Test func finalSigma() throws {
        let texts = ["ΟΔΟΣ", "οδος", "οδοσ", "ὁδός"]
        for query in ["οδος", "ΟΔΟΣ", "οδοσ"] {
            #expect(try rows(texts, query, .case) == [0, 1, 2])
            #expect(try rows(texts, query, .diacritics) == [0, 1, 2, 3])
        }
        // nfkc_cf maps ς to σ wherever it stands, so a lone final sigma finds every σ.
        #expect(try rows(texts, "ς", .case, .contains) == [0, 1, 2, 3])
    }

    @Test func decomposedInput() throws {
        let texts = ["Cafe\u{301}", "Café", "Cafe"]
        #expect(try rows(texts, "café", .case) == [0, 1])
        #expect(try rows(texts, "cafe\u{301}", .case) == [0, 1])
        #expect(try rows(texts, "cafe", .case) == [2])
        #expect(try rows(texts, "cafe") == [0, 1, 2])
        // The match covers "e" and its combining accent: one grapheme, two UTF-16 units.
        #expect(try ranges("Cafe\u{301}", "é", .case) == [3..<5])
        #expect(try ranges("Cafe\u{301}", "e") == [3..<5])
        #expect(try ranges("Cafe\u{301}!", "fe") == [2..<5])
    }

    @Test func fullWidthLetters() throws {
        #expect(try rows(["ＡＢＣ", "abc", "ａｂｃｄ"], "abc", .case) == [0, 1, 2])
        #expect(try rows(["abc"], "ＡＢＣ", .case) == [0])
        #expect(try ranges("xＡＢＣ", "bc", .case) == [2..<4])
    }

    @Test func kanaUnderFoldAll() throws {
        let texts = ["カタカナ", "かたかな", "ｶﾀｶﾅ", "ガギ", "がぎ"]
        #expect(try rows(texts, "かた", .diacritics) == [1])
        #expect(try rows(texts, "カタ", .diacritics) == [0, 2])
        #expect(try rows(texts, "かた", .all) == [0, 1, 2])
        #expect(try rows(texts, "ガ", .all) == [3, 4])
        #expect(try rows(texts, "か", .all) == [0, 1, 2])
        #expect(try ranges("ｶﾞｷﾞ", "が", .all) == [0..<2])
    }

    @Test func lettersReadAsTheirBase() throws {
        let texts = ["Łódź", "Ødegaard", "Đorđe", "Ħamrun", "Æsir", "Œuvre"]
        #expect(try rows(texts, "lodz") == [])
        #expect(try rows(texts, "łodz") == [0])
        #expect(try rows(texts, "lodz", .all) == [0])
        #expect(try rows(texts, "odegaard", .all) == [1])
        #expect(try rows(texts, "dorde", .all) == [2])
        #expect(try rows(texts, "hamrun", .all) == [3])
        #expect(try rows(texts, "aesir", .all) == [4])
        #expect(try rows(texts, "oeuvre", .all) == [5])
        #expect(try ranges("Æsir", "e", .all) == [0..<1])
    }

    @Test func greekAndCyrillicAccents() throws {
        #expect(try rows(["Ελλάδα", "Ελλαδα"], "ελλαδα") == [0, 1])
        #expect(try rows(["Ελλάδα"], "ελλαδα", .case) == [])
        // The breve of й is a nonspacing mark on a Cyrillic letter: the diacritics fold reads й as и.
        #expect(try rows(["Йошкар-Ола", "Иошкар"], "йош") == [0, 1])
        #expect(try rows(["Йошкар-Ола", "Иошкар"], "йош", .case) == [0])
        #expect(try rows(["Ёлка"], "елка") == [0])
    }

    @Test func arabicAndHebrewMarks() throws {
        #expect(try rows(["مُحَمَّد", "محمد"], "محمد") == [0, 1])
        #expect(try rows(["שָׁלוֹם", "שלום"], "שלום") == [0, 1])
        #expect(try rows(["שָׁלוֹם"], "שלום", .case) == [])
        // The maqaf is punctuation, not a point: it stays.
        #expect(try rows(["תל־אביב"], "תלאביב") == [])
    }

    @Test func emoji() throws {
        let texts = ["I ❤️ NY", "👍🏽 good", "plain"]
        #expect(try rows(texts, "❤️") == [0])
        #expect(try rows(texts, "👍🏽") == [1])
        // A part of an emoji sequence still highlights the whole grapheme.
        #expect(try ranges("I ❤️ NY", "❤") == [2..<4])
        #expect(try ranges("👍🏽 good", "👍") == [0..<4])
        // As a phrase, the space counts and one range holds the modifier, the space and g. (The space
        // after the opening quote keeps the modifier from joining the quote's grapheme.)
        #expect(try ranges("👍🏽 good", "\" 🏽 g\"") == [0..<6])
        // As two terms, each is found on its own: the whole emoji for its modifier, then g.
        #expect(try ranges("👍🏽 good", "🏽 g") == [0..<4, 5..<6])
    }

    @Test func emptyQueryMatchesEverything() throws {
        let texts = ["a", "", "b c"]
        let index = try SearchIndex(texts: texts)
        for fold in Fold.naiveCases {
            for mode in MatchMode.allCases {
                let result = try index.search("", fold: fold, mode: mode)
                #expect(Array(result.rows) == [0, 1, 2])
                #expect(try index.matchRanges(ofRow: 0, in: result) == [])
            }
        }
    }

    @Test func whitespaceOnlyQueryMatchesEverything() throws {
        let index = try SearchIndex(texts: ["a", "b"])
        for query in [" ", "   ", "\t\n", "\u{3000}", "\u{A0}"] {
            #expect(try index.search(query).count == 2)
            #expect(try index.search(query, mode: .words).count == 2)
        }
    }

    @Test func leadingAndTrailingWhitespaceIsIgnoredInnerSpacesCount() throws {
        let texts = ["New York", "Newyork", "York"]
        #expect(try rows(texts, "  york  ") == [0, 1, 2])
        // In a phrase the inner space counts, and white space around the quotes or inside them at
        // either end does not.
        #expect(try rows(texts, "\t\"new y\"\n") == [0])
        #expect(try rows(texts, "\"new y\"") == [0])
        #expect(try rows(texts, "\" new y \"") == [0])
        #expect(try rows(texts, "\"new y") == [0])  // a phrase being typed
        #expect(try rows(texts, "newy") == [1])
        #expect(try ranges("New York", " york ") == [4..<8])
        #expect(try ranges("New York", "\"w y\"") == [2..<5])
        // Without quotes the inner space cuts terms, each matched on its own, in any order.
        #expect(try rows(texts, "\tnew y\n") == [0, 1])
        #expect(try rows(texts, "new y") == [0, 1])
        #expect(try rows(texts, "y new") == [0, 1])
        #expect(try rows(texts, "york  york") == [0, 1, 2])  // two terms may match the same place
        #expect(try ranges("New York", "w y") == [2..<3, 4..<5])
        #expect(try ranges("New York", "y w") == [2..<3, 4..<5])
    }

    @Test func modes() throws {
        let texts = ["New York", "Yorkshire", "Newark", "new-york", "Sankt-Peter"]
        #expect(try rows(texts, "york", .diacritics, .contains) == [0, 1, 3])
        #expect(try rows(texts, "york", .diacritics, .prefix) == [1])
        #expect(try rows(texts, "york", .diacritics, .words) == [0, 1, 3])
        #expect(try rows(texts, "ork", .diacritics, .words) == [])
        #expect(try rows(texts, "new", .diacritics, .prefix) == [0, 2, 3])
        #expect(try rows(texts, "peter", .diacritics, .words) == [4])
        #expect(try rows(texts, "\"w y\"", .diacritics, .contains) == [0])
        #expect(try rows(texts, "w y", .diacritics, .contains) == [0, 3])  // terms: w and y anywhere
        #expect(try rows(texts, "york new", .diacritics, .words) == [0, 3])
        #expect(try rows(texts, "york new", .diacritics, .prefix) == [])  // prefix: the whole query begins the text
        #expect(try rows(texts, "new york", .diacritics, .prefix) == [0])
        #expect(try ranges("new-york york", "york", .diacritics, .words) == [4..<8, 9..<13])
        #expect(try ranges("york york", "york", .diacritics, .prefix) == [0..<4])
    }

    @Test func overlappingAndTouchingMatchesMerge() throws {
        // "aa" in "aaaa": non-overlapping occurrences at 0 and 2 touch, so they merge.
        #expect(try ranges("aaaa", "aa") == [0..<4])
        #expect(try ranges("aaa", "aa") == [0..<2])
        #expect(try ranges("abab", "ab") == [0..<4])
        #expect(try ranges("ab ab", "ab") == [0..<2, 3..<5])
    }

    @Test func nonMatchingRowHasNoRanges() throws {
        let index = try SearchIndex(texts: ["alpha", "beta"])
        let result = try index.search("alp")
        #expect(Array(result.rows) == [0])
        #expect(try index.matchRanges(ofRow: 1, in: result) == [])
    }

    @Test func sectionCounts() throws {
        let index = try SearchIndex(texts: ["ab", "b", "ab", "c", "ab", "ab"])
        let result = try index.search("a")
        #expect(Array(result.rows) == [0, 2, 4, 5])
        #expect(result.count(inRows: 0..<3) == 2)
        #expect(result.count(inRows: 3..<4) == 0)
        #expect(result.count(inRows: 4..<6) == 2)
        #expect(result.count(inRows: 0..<6) == 4)
        let everything = try index.search("")
        #expect(everything.count(inRows: 1..<4) == 3)
    }
}

/// Degenerate inputs.
@Suite struct DegenerateInputTests {
    @Test func emptyIndex() throws {
        let index = try SearchIndex(texts: [])
        #expect(index.count == 0)
        for mode in MatchMode.allCases {
            #expect(try index.search("a", mode: mode).count == 0)
            #expect(try index.search("", mode: mode).count == 0)
        }
        var session = SearchSession(index: index)
        #expect(try session.type("a").count == 0)
    }

    @Test func emptyAndFoldedAwayItems() throws {
        // U+00AD and U+200B fold to nothing under NFKC_Casefold.
        let index = try SearchIndex(texts: ["", "\u{AD}", "a\u{200B}b", "ab"])
        #expect(try Array(index.search("ab").rows) == [2, 3])
        #expect(try Array(index.search("ab", mode: .prefix).rows) == [2, 3])
        #expect(try index.matchRanges(ofRow: 2, in: index.search("ab")) == [0..<3])
        #expect(try Array(index.search("\u{AD}").rows) == [0, 1, 2, 3])  // folds to the empty query
    }
}
