import Testing
@testable import ThumbIndex

@Suite("Listing behaviour: index titles, readings, favorites, order")
struct ListingBehaviourTests {
    let names = ["Zoë", "Åsa", "Anna", "42nd Street", "Ärger", "Bo", "😀 party", "  7 Eleven", "anna"]

    @Test("Swedish: Å and Ä after Z, digits in # last, the sentinel first")
    func swedish() throws {
        let listing = try Listing(texts: names, locale: "sv")
        #expect(listing.sections.map(\.title) == ["…", "A", "B", "Z", "Å", "Ä", "#"])
        #expect(listing.indexTitles == ["{search}", "…", "A", "B", "Z", "Å", "Ä", "#"])
        #expect(listing.sections[1].rows.map(listing.text(ofRow:)) == ["anna", "Anna"])
        #expect(listing.sections.last!.rows.map(listing.text(ofRow:)) == ["42nd Street", "  7 Eleven"])
        #expect(listing.section(forIndexTitleAt: 0) == .search)
        #expect(listing.section(forIndexTitleAt: 4) == .section(3))
        #expect(listing.section(forIndexTitleAt: 99) == nil)
    }

    @Test("equal items keep their input order")
    func stable() throws {
        let listing = try Listing(texts: ["b", "a", "b", "a"], locale: "en")
        #expect(listing.inputRows == [1, 3, 0, 2])
    }

    @Test("full index: every label; an empty letter leads to the next non-empty section, or the last one")
    func fullIndex() throws {
        let listing = try Listing(texts: ["Anna", "Dora", "Zoë", "1st"], locale: "en", options: ListingOptions(fullIndex: true))
        let collation = try IndexedCollation(locale: "en")
        #expect(listing.indexTitles == ["{search}"] + collation.labels.map(\.indexTitle))
        func target(_ title: String) -> IndexTarget? {
            listing.section(forIndexTitleAt: listing.indexTitles.firstIndex(of: title)!)
        }
        #expect(target("A") == .section(0))
        #expect(target("B") == .section(1))  // B, C empty → D
        #expect(target("D") == .section(1))
        #expect(target("Z") == .section(2))
        #expect(target("#") == .section(3))
        // The overflow "…" after Z is empty and only "#" follows it.
        #expect(listing.section(forIndexTitleAt: listing.indexTitles.count - 2) == .section(3))
        let trailing = try Listing(texts: ["Anna"], locale: "en", options: ListingOptions(fullIndex: true))
        #expect(trailing.section(forIndexTitleAt: trailing.indexTitles.count - 1) == .section(0), "nothing after: the last section")
    }

    @Test("a reading decides order and section: 山田 (やまだ) under や; without a reading, kanji go to …")
    func readings() throws {
        let table = Table(columnNames: ["name", "reading"], columns: [
            TextColumn(["山田 太郎", "佐藤 花子", "鈴木 一郎", "Anna"]),
            TextColumn(["やまだ たろう", "さとう はなこ", "", ""]),
        ])
        let listing = try Listing(table: table, collation: IndexedCollation(locale: "ja"),
                                  options: ListingOptions(keyColumn: "name", readingColumn: "reading"))
        let titles = Dictionary(uniqueKeysWithValues: listing.sections.flatMap { s in s.rows.map { (listing.text(ofRow: $0), s.title) } })
        #expect(titles["山田 太郎"] == "や")
        #expect(titles["佐藤 花子"] == "さ")
        #expect(titles["鈴木 一郎"] == "…")
        #expect(titles["Anna"] == "A")
    }

    @Test("pinned items form a leading Favorites section with index title ★")
    func favorites() throws {
        let table = Table(columnNames: ["name", "pin"], columns: [TextColumn(["Zed", "Amy", "Bob", "Cy"]), TextColumn(["1", "", "yes", ""])])
        let listing = try Listing(table: table, collation: IndexedCollation(locale: "en"), options: ListingOptions(pinColumn: "pin"))
        #expect(listing.sections.map(\.title) == ["Favorites", "A", "C"])
        #expect(listing.sections[0].rows.map(listing.text(ofRow:)) == ["Bob", "Zed"])
        #expect(listing.indexTitles == ["{search}", "★", "A", "C"])
    }

    @Test("descending reverses items and sections")
    func descending() throws {
        let listing = try Listing(texts: ["Anna", "Amy", "Bob", "9"], locale: "en", options: ListingOptions(descending: true))
        #expect(listing.sections.map(\.title) == ["#", "B", "A"])
        #expect(listing.sections[2].rows.map(listing.text(ofRow:)) == ["Anna", "Amy"])
    }

    @Test("stroke-count labels have short index titles; Czech CH is one letter")
    func labels() throws {
        let hant = try IndexedCollation(locale: "zh_Hant")
        #expect(hant.label(for: "陳大文").title == "11劃")
        #expect(hant.label(for: "陳大文").indexTitle == "11")
        let cs = try IndexedCollation(locale: "cs")
        #expect(cs.label(for: "Chrudim").title == "CH")
        #expect(cs.label(for: "Cheb").title == "CH")
        #expect(try IndexedCollation(locale: "ru").label(for: "Ёлка").title == "Е")
        #expect(try IndexedCollation(locale: "ru").label(for: "Moscow").title == "M")
        #expect(try IndexedCollation(locale: "ja", latinLabels: .never).label(for: "Tokyo").kind == .underflow)
    }

    @Test("an empty input gives an empty listing")
    func empty() throws {
        let listing = try Listing(texts: [String](), locale: "en")
        #expect(listing.sections.isEmpty)
        #expect(listing.indexTitles == ["{search}"])
    }
}

@Suite("Errors name what was wrong and where")
struct ErrorTests {
    @Test("a locale ICU has no data for is refused, with close locales", arguments: ["xx_YY", "qq", "root", "zz-Latn"])
    func unknownLocale(locale: String) {
        #expect(throws: LocaleError.self) { try IndexedCollation(locale: locale) }
    }

    @Test("locales ICU knows are accepted in ICU and BCP 47 form", arguments: ["sv", "zh-Hant", "zh_Hant_TW", "de@collation=phonebook", "en_US", "sr_Latn"])
    func knownLocale(locale: String) throws {
        _ = try IndexedCollation(locale: locale)
    }

    @Test("a locale that falls back to its language (not root) is accepted; suggestions share the language")
    func suggestions() throws {
        #expect(try IndexedCollation(locale: "sv_XX").label(for: "Åsa").title == "Å")
        let close = ICU.closeLocales(to: "de_XQ")
        #expect(!close.isEmpty && close.allSatisfy { $0.hasPrefix("de") })
    }

    @Test("invalid UTF-8 is reported with its line")
    func invalidUTF8() {
        let bytes = Array("Anna\nBo\n".utf8) + [0x43, 0xC3, 0x28, 0x0A]
        #expect { try Table.read(bytes, format: .lines, source: "names.txt") } throws: { error in
            (error as? InputError)?.description == "names.txt:3: invalid UTF-8 at byte 2 of the line"
        }
    }

    @Test("a ragged TSV row is reported with its line")
    func ragged() {
        let bytes = Array("name\tphone\nAnna\t1\nBo\n".utf8)
        #expect { try Table.read(bytes, format: .tsv, source: "p.tsv") } throws: { error in
            (error as? InputError)?.line == 3 && (error as? InputError)?.source == "p.tsv"
        }
    }

    @Test("an unknown column is reported with the columns there are")
    func unknownColumn() throws {
        let table = try Table.read(Array("name\tphone\nAnna\t1\n".utf8), format: .tsv, source: "p.tsv")
        #expect { try Listing(table: table, collation: IndexedCollation(locale: "en"), options: ListingOptions(keyColumn: "nmae"), source: "p.tsv") } throws: { error in
            "\(error)" == "p.tsv:1: --key nmae: no such column; the columns are name, phone"
        }
    }

    @Test("CRLF, a byte-order mark and blank lines are tolerated")
    func tolerant() throws {
        let table = try Table.read([0xEF, 0xBB, 0xBF] + Array("Anna\r\n\r\nBo\r\n".utf8), format: .lines, source: "x")
        #expect(Array(table.columns[0]) == ["Anna", "Bo"])
    }
}
