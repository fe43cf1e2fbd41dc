import Synchronization
import Testing
@testable import ThumbIndex
import ThumbIndexFormats

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
        #expect(listing.indexTarget(forTitleAt: 0) == .search)
        #expect(listing.indexTarget(forTitleAt: 4) == .section(3))
        #expect(listing.indexTarget(forTitleAt: 99) == nil)
        #expect(listing.indexTarget(forTitleAt: -1) == nil)
        #expect(listing.sections.map(\.indexPosition) == Array(1...7))
    }

    @Test("equal items keep their input order")
    func stable() throws {
        let texts = ["b", "a", "b", "a"]
        let listing = try Listing(texts.indices, locale: "en", text: { texts[$0] })
        #expect(listing.elements == [1, 3, 0, 2])
    }

    @Test("full index: every label; an empty letter leads to the next non-empty section, or the last one")
    func fullIndex() throws {
        let listing = try Listing(texts: ["Anna", "Dora", "Zoë", "1st"], locale: "en", fullIndex: true)
        let collation = try IndexedCollation(locale: "en")
        #expect(listing.indexTitles == ["{search}"] + collation.labels.map(\.indexTitle))
        func target(_ title: String) -> IndexTarget? {
            listing.indexTarget(forTitleAt: listing.indexTitles.firstIndex(of: title)!)
        }
        #expect(target("A") == .section(0))
        #expect(target("B") == .section(1))  // B, C empty → D
        #expect(target("D") == .section(1))
        #expect(target("Z") == .section(2))
        #expect(target("#") == .section(3))
        // The overflow "…" after Z is empty and only "#" follows it.
        #expect(listing.indexTarget(forTitleAt: listing.indexTitles.count - 2) == .section(3))
        // Each section's own title is where its indexPosition says.
        for section in listing.sections { #expect(listing.indexTitles[section.indexPosition] == section.indexTitle) }
        let trailing = try Listing(texts: ["Anna"], locale: "en", fullIndex: true)
        #expect(trailing.indexTarget(forTitleAt: trailing.indexTitles.count - 1) == .section(0), "nothing after: the last section")
    }

    @Test("a reading decides order and section: 山田 (やまだ) under や; without a reading, kanji go to …")
    func readings() throws {
        let people = [("山田 太郎", "やまだ たろう"), ("佐藤 花子", "さとう はなこ"), ("鈴木 一郎", ""), ("Anna", "")]
        let listing = try Listing(people, locale: "ja", text: \.0, reading: \.1)
        let titles = Dictionary(uniqueKeysWithValues: listing.sections.flatMap { s in s.rows.map { (listing.text(ofRow: $0), s.title) } })
        #expect(titles["山田 太郎"] == "や")
        #expect(titles["佐藤 花子"] == "さ")
        #expect(titles["鈴木 一郎"] == "…")
        #expect(titles["Anna"] == "A")
    }

    @Test("pinned items form a leading Favorites section with index title ★")
    func favorites() throws {
        struct Contact { var name: String; var isFavorite: Bool }
        let contacts = [Contact(name: "Zed", isFavorite: true), Contact(name: "Amy", isFavorite: false),
                        Contact(name: "Bob", isFavorite: true), Contact(name: "Cy", isFavorite: false)]
        let listing = try Listing(contacts, locale: "en", text: \.name, pinned: \.isFavorite)
        #expect(listing.sections.map(\.title) == ["Favorites", "A", "C"])
        #expect(listing.sections[0].rows.map(listing.text(ofRow:)) == ["Bob", "Zed"])
        #expect(listing.indexTitles == ["{search}", "★", "A", "C"])
        #expect(listing.elements(in: listing.sections[0]).map(\.name) == ["Bob", "Zed"])
    }

    @Test("the TSV path is the generic listing of row numbers: pins and readings by column")
    func records() throws {
        let table = try RecordTable.read(Array("name\tpin\nZed\t1\nAmy\t\nBob\tyes\nCy\t\n".utf8), format: .tsv, source: "p.tsv")
        let records = try RecordListing(table, collation: IndexedCollation(locale: "en"), columns: .init(key: 0, pin: 1))
        #expect(records.listing.sections.map(\.title) == ["Favorites", "A", "C"])
        #expect(records.listing.elements == [2, 0, 1, 3])
        #expect((0..<4).map(records.listing.text(ofRow:)) == ["Bob", "Zed", "Amy", "Cy"])
    }

    @Test("descending reverses items and sections")
    func descending() throws {
        let listing = try Listing(texts: ["Anna", "Amy", "Bob", "9"], locale: "en", descending: true)
        #expect(listing.sections.map(\.title) == ["#", "B", "A"])
        #expect(listing.sections[2].rows.map(listing.text(ofRow:)) == ["Anna", "Amy"])
    }

    @Test("descending with a full index and favourites: Favorites first, then the labels reversed, every label shown")
    func descendingFullIndexFavorites() throws {
        let names = ["Anna", "Bob", "Dora", "Zed", "9 Lives"]
        let listing = try Listing(names, locale: "en", text: { $0 }, pinned: { $0 == "Dora" }, descending: true, fullIndex: true)
        let labels = try IndexedCollation(locale: "en").labels
        #expect(listing.sections.map(\.title) == ["Favorites", "#", "Z", "B", "A"])
        #expect(listing.indexTitles == ["{search}", "★"] + labels.reversed().map(\.indexTitle))
        #expect(listing.elements(in: listing.sections[0]) == ["Dora"])
        // An empty letter leads to the next non-empty section in display order: Y … C are empty, then B.
        func target(_ title: String) -> IndexTarget? { listing.indexTarget(forTitleAt: listing.indexTitles.firstIndex(of: title)!) }
        #expect(target("★") == .section(0))
        #expect(target("#") == .section(1))
        #expect(target("Z") == .section(2))
        #expect(target("Y") == .section(3))
        #expect(target("C") == .section(3))
        #expect(target("A") == .section(4))
        for section in listing.sections { #expect(listing.indexTitles[section.indexPosition] == section.indexTitle) }
    }

    @Test("10,000 items or more take the two-thread sort, merge and bucket pass: still the collator's order, equal keys in input order, ICU's labels")
    func threadedSort() throws {
        var names = Corpora.names(forLocale: "de")
        while names.count < 12_000 { names += names.prefix(12_000 - names.count) }  // repeats: equal keys
        var random = SeededGenerator(state: 7)
        names.shuffle(using: &random)  // a fixed shuffle
        let listing = try Listing(names.indices, locale: "de", text: { names[$0] })
        let oracle = AlphabeticIndexOracle(locale: "de", addLatinLabels: false)
        #expect(listing.count == names.count && names.count >= 12_000)
        #expect(listing.elements.sorted() == Array(names.indices))
        var equalPairs = 0
        for section in listing.sections {
            for row in section.rows {
                let text = String(IndexedCollation.trimmed(listing.text(ofRow: row)))
                if !IndexedCollation.startsWithDigit(Substring(text)) {
                    #expect(section.title == oracle.labels[oracle.bucket(text)], "\(text) under \(section.title)")
                }
            }
            for row in section.rows.dropFirst() {
                let a = String(IndexedCollation.trimmed(listing.text(ofRow: row - 1)))
                let b = String(IndexedCollation.trimmed(listing.text(ofRow: row)))
                let order = oracle.compare(a, b)
                #expect(order <= 0, "\(a) before \(b)")
                if order == 0 {
                    equalPairs += 1
                    #expect(listing[row - 1] < listing[row], "equal keys keep input order: \(a)")
                }
            }
        }
        #expect(equalPairs > 1000, "the repeats make equal keys")
    }

    @Test("progress is reported in [0, 1], never backwards, and ends at 1 (sort and index)")
    func progress() throws {
        let names = (0..<20_000).map { "Name \($0)" }
        var sortProgress: [Double] = []
        let listing = try Listing(names, collation: IndexedCollation(locale: "en"), text: { $0 },
                                  progress: { sortProgress.append($0) })
        #expect(!sortProgress.isEmpty)
        #expect(sortProgress.allSatisfy { (0...1).contains($0) })
        #expect(zip(sortProgress, sortProgress.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(sortProgress.last == 1)
        let indexProgress = Mutex<[Double]>([])
        _ = try SearchableListing(listing, progress: { fraction in indexProgress.withLock { $0.append(fraction) } })
        let reported = indexProgress.withLock { $0 }
        #expect(reported.first == 0 && reported.last == 1)
        #expect(zip(reported, reported.dropFirst()).allSatisfy { $0 <= $1 })
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
        #expect { try RecordTable.read(bytes, format: .lines, source: "names.txt") } throws: { error in
            (error as? InputError)?.description == "names.txt:3: invalid UTF-8 at byte 2 of the line"
        }
    }

    @Test("a ragged TSV row is reported with its line")
    func ragged() {
        let bytes = Array("name\tphone\nAnna\t1\nBo\n".utf8)
        #expect { try RecordTable.read(bytes, format: .tsv, source: "p.tsv") } throws: { error in
            (error as? InputError)?.line == 3 && (error as? InputError)?.source == "p.tsv"
        }
    }

    @Test("a TSV header naming a column twice is refused with its line")
    func duplicateColumn() {
        #expect { try RecordTable.read(Array("name\tname\nAnna\t1\n".utf8), format: .tsv, source: "p.tsv") } throws: { error in
            "\(error)" == "p.tsv:1: the header names column 'name' twice"
        }
    }

    @Test("past the limits, building throws a LimitError that names the limit (never a trap)")
    func limits() {
        #expect { try Limits.check(rows: Limits.maximumItemCount + 1, bytes: 0) } throws: { error in
            "\(error)" == "too many items: 268435457, the most ThumbIndex can index is 268435456"
        }
        #expect { try Limits.check(rows: 1, bytes: Limits.maximumTextBytes + 1) } throws: { error in
            (error as? LimitError)?.what == "UTF-8 bytes of text" && (error as? LimitError)?.limit == 4_294_967_295
        }
        #expect { try Limits.check(foldedBytes: Limits.maximumTextBytes + 1) } throws: { error in
            (error as? LimitError)?.what == "UTF-8 bytes of folded text"
        }
        #expect(throws: Never.self) { try Limits.check(rows: Limits.maximumItemCount, bytes: Limits.maximumTextBytes) }
    }

    @Test("CRLF, a byte-order mark and blank lines are tolerated")
    func tolerant() throws {
        let table = try RecordTable.read([0xEF, 0xBB, 0xBF] + Array("Anna\r\n\r\nBo\r\n".utf8), format: .lines, source: "x")
        #expect(Array(table.columns[0]) == ["Anna", "Bo"])
    }

    @Test("A row's line is the line it was read from, after a line of CRs (a row, not a blank line)")
    func lineOfRowAfterALineOfCarriageReturns() throws {
        // "\r\r\n" is the row "\r": only the CR of the CRLF goes. (Found by FuzzLines.)
        let bytes = Array("Anna\n\r\r\n\nBo\n".utf8)
        let table = try RecordTable.read(bytes, format: .lines, source: "x")
        #expect(Array(table.columns[0]) == ["Anna", "\r", "Bo"])
        #expect((0...3).map { RecordTable.line(ofRow: $0, in: bytes, format: .lines) } == [1, 2, 4, nil])
        let tsv = Array("name\n\r\r\nBo\n".utf8)
        #expect((0...2).map { RecordTable.line(ofRow: $0, in: tsv, format: .tsv) } == [2, 3, nil])
    }
}
