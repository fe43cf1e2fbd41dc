import Testing
@testable import ThumbIndex

/// Issue 19 §3's rules on small listings: close matches only when nothing matches, by term length,
/// what is highlighted, and where typos do not apply.
@Suite("Typo tolerance: the issue's examples")
struct TypoNamedTests {
    static let cities = ["Zürich", "Stockholm", "Gamla Stockholm", "Stokholm", "New York", "Newark", "York",
                         "Zug", "São Paulo", "Straße", "Pärnu", "Uppsala", "Göteborg", "Malmö"]
    /// An English listing: its locale fold is the diacritics fold (en's search collation adds nothing).
    static let listing = try! SearchableListing(Listing(texts: cities, locale: "en"))

    /// The texts of every match, with their ranges.
    func answer(_ query: String, mode: MatchMode = .contains, typos: Typos = .auto,
                in searchable: SearchableListing<String> = TypoNamedTests.listing) throws -> (texts: [String: [Range<Int>]], approximate: Int?) {
        let result = try searchable.filter(query, mode: mode, typos: typos)
        var texts: [String: [Range<Int>]] = [:]
        for match in try result.matches(offset: 0, limit: result.total) { texts[match.element] = match.ranges }
        return (texts, result.approximate)
    }

    @Test("zurihc finds Zürich within one transposition, the whole name highlighted")
    func zurihc() throws {
        let (texts, approximate) = try answer("zurihc")
        #expect(approximate == 1)
        #expect(texts == ["Zürich": [0..<6]])
    }

    @Test("Stockholn finds the Stockholms within one substitution; Stokholm, two edits away, is left out")
    func stockholn() throws {
        let (texts, approximate) = try answer("Stockholn")
        #expect(approximate == 1)
        #expect(texts == ["Stockholm": [0..<9], "Gamla Stockholm": [6..<15]])
    }

    @Test("an exact match is the whole answer: close matches never mix with it")
    func exactNeverMixes() throws {
        let (texts, approximate) = try answer("Stokholm")
        #expect(approximate == nil)
        #expect(texts == ["Stokholm": [0..<8]])
    }

    @Test("two edits from eight characters, and only when one edit finds nothing")
    func twoEditsFromEight() throws {
        // stokcholn: a transposition and a substitution from stockholm, 9 characters.
        let (texts, approximate) = try answer("stokcholn")
        #expect(approximate == 2)
        #expect(Set(texts.keys) == ["Stockholm", "Gamla Stockholm", "Stokholm"])
        // 7 characters take one edit only: Stockholm is two from "stokhom".
        #expect(try answer("stkholm").texts.keys.sorted() == ["Stokholm"])
        #expect(try answer("stohom").approximate == nil)
    }

    @Test("under four folded characters, no typos: a short query that matches nothing stays empty")
    func shortQueries() throws {
        let (texts, approximate) = try answer("zgu")
        #expect(texts.isEmpty && approximate == nil)
        // Four characters, one edit: zugx finds Zug.
        #expect(try answer("zugx").texts == ["Zug": [0..<3]])
    }

    @Test("characters are counted after the fold: ß is ss, so strase is one edit from straße's fold")
    func afterTheFold() throws {
        let (texts, approximate) = try answer("strase")
        #expect(approximate == 1)
        #expect(texts == ["Straße": [0..<6]])
        #expect(try answer("parmü").texts == ["Pärnu": [0..<5]])  // ü folds to u: one substitution, m for n
    }

    @Test("edits are counted on the listing's own fold: in Swedish ö is a letter, in German ü is ue")
    func localeFold() throws {
        let swedish = try SearchableListing(Listing(texts: Self.cities, locale: "sv"))
        let malmo = try swedish.filter("malmo", typos: .auto)
        #expect(malmo.approximate == 1)
        #expect(try malmo.matches(offset: 0, limit: 10).map(\.element) == ["Malmö"])
        #expect(try malmo.matches(offset: 0, limit: 10).first?.ranges == [0..<5])
        let german = try SearchableListing(Listing(texts: Self.cities, locale: "de"))
        let zurich = try german.filter("zurich", typos: .auto)
        #expect(zurich.approximate == 1)
        #expect(try zurich.matches(offset: 0, limit: 10).map(\.element) == ["Zürich"])
        // Under the diacritics fold both are exact matches.
        #expect(try swedish.filter("malmo", fold: .diacritics, typos: .auto).approximate == nil)
    }

    @Test("every term must match, each within its own budget; a short term exactly")
    func terms() throws {
        #expect(try answer("new yrok").texts == ["New York": [0..<3, 4..<8]])
        #expect(try answer("yrok new").texts == ["New York": [0..<3, 4..<8]])
        #expect(try answer("nw yrok").texts.isEmpty)  // "nw" takes no edit and is in no name
    }

    @Test("a phrase is one term, spaces and all; prefix mode matches from the start")
    func phrasesAndModes() throws {
        #expect(try answer("\"new yrok\"").texts == ["New York": [0..<8]])
        #expect(Set(try answer("stockholn", mode: .prefix).texts.keys) == ["Stockholm"])
        #expect(Set(try answer("stockholn", mode: .words).texts.keys) == ["Stockholm", "Gamla Stockholm"])
        // In words mode the stretch begins at a word start: "ockholn" is two edits from any.
        #expect(try answer("ockholn", mode: .words).texts.isEmpty)
        #expect(try answer("ockholn", mode: .contains).approximate == 1)
    }

    @Test("typos off: nothing when nothing matches")
    func typosOff() throws {
        let (texts, approximate) = try answer("zurihc", typos: .off)
        #expect(texts.isEmpty && approximate == nil)
    }

    @Test("phonetic keys are not fuzzed: a mistyped pinyin finds nothing")
    func phoneticNotFuzzed() throws {
        let chinese = try SearchableListing(Listing(texts: ["张三", "李四"], locale: "zh"))
        #expect(try chinese.filter("zhangsan", typos: .auto).total == 1)
        let typo = try chinese.filter("zhangsna", typos: .auto)
        #expect(typo.total == 0 && typo.approximate == nil)
    }

    @Test("a searched text column takes typos too, and shows where")
    func columns() throws {
        struct Person: Sendable { var name: String; var company: String }
        let people = [Person(name: "Jessica Acedo", company: "Acme"), Person(name: "Bob", company: "Zeta")]
        let searchable = try SearchableListing(Listing(people, collation: IndexedCollation(locale: "en"), text: \.name,
                                                       fields: [.text("company") { $0.company }]))
        let result = try searchable.filter("jessica acmr", typos: .auto)
        #expect(result.approximate == 1)
        let match = try #require(try result.matches(offset: 0, limit: 10).first)
        #expect(match.element.name == "Jessica Acedo" && match.ranges == [0..<7])
        #expect(match.fieldMatches == [FieldMatch(field: "company", text: "Acme", ranges: [0..<4])])
    }

    @Test("a session answers as filter does, and typing on from a close answer reaches the exact one")
    func session() throws {
        var session = FilterSession(Self.listing, typos: .auto)
        for query in ["z", "zu", "zur", "zuri", "zurih", "zurihc", "zurih", "zuric", "zurich"] {
            let typed = try session.type(query)
            let fresh = try Self.listing.filter(query, typos: .auto)
            #expect(typed.total == fresh.total && typed.approximate == fresh.approximate, "\(query)")
        }
        #expect(try session.type("zurihc").approximate == 1)
        #expect(try session.type("zurich").approximate == nil)
    }

    @Test("a live listing answers as a listing built afresh, across its levels and removals")
    func liveListing() throws {
        let collation = try IndexedCollation(locale: "en")
        let items = Self.cities.enumerated().map { LiveItem(seq: $0.offset, id: "\($0.offset)", text: $0.element) }
        var live = try LiveListing(items: Array(items.prefix(8)), collation: collation)
        live = try live.applying(items.dropFirst(8).map { .put($0) } + [.remove(seq: 1)])  // Stockholm removed
        let fresh = try SearchableListing(Listing(texts: Self.cities.enumerated().filter { $0.offset != 1 }.map(\.element), locale: "en"))
        for query in ["zurihc", "stockholn", "stokcholn", "new yrok", "goteborj", "malmo", "xyzzy"] {
            let a = try live.filter(query, typos: .auto), b = try fresh.filter(query, typos: .auto)
            #expect(a.total == b.total && a.approximate == b.approximate, "\(query)")
            #expect(try a.matches(offset: 0, limit: 50).map(\.item.text) == b.matches(offset: 0, limit: 50).map(\.element), "\(query)")
            #expect(try a.matches(offset: 0, limit: 50).map(\.ranges) == b.matches(offset: 0, limit: 50).map(\.ranges), "\(query)")
        }
    }
}
