import Foundation
import Testing
@testable import ThumbIndex

/// A contact of the bundled address book (Corpora/contacts.tsv), with a company for some.
struct Contact: Sendable, Hashable {
    var name: String
    var phone: String
    var locale: String
    var company: String = ""

    /// The address book's records: name, phone and locale columns.
    static let addressBook: [Contact] = {
        let url = Corpora.root.appendingPathComponent("contacts.tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        let header = lines.removeFirst().split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        let name = header.firstIndex(of: "name")!, phone = header.firstIndex(of: "phone")!, locale = header.firstIndex(of: "locale")!
        return lines.map { line in
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Contact(name: cells[name], phone: cells[phone], locale: cells[locale])
        }
    }()

    /// The fields the address book is searched by: the company (text) and the phone (its locale's region).
    static var fields: [SearchField<Contact>] { [.text("company") { $0.company }, .phone("phone", region: { $0.locale }) { $0.phone }] }

    static func listing(_ contacts: [Contact], locale: String = "en") throws -> SearchableListing<Contact> {
        try SearchableListing(Listing(contacts, collation: IndexedCollation(locale: locale), text: \.name, fields: fields))
    }
}

/// The examples (issue 23), on the bundled address book and small listings.
@Suite("Finding people: the issue's examples on the bundled address book")
struct PeopleNamedTests {
    /// The address book, Jessica Acedo working at Acme, plus the names the issue speaks of.
    static let contacts: [Contact] = Contact.addressBook.map { c in
        var c = c
        if c.name == "Jessica Acedo" { c.company = "Acme" }
        return c
    } + [Contact(name: "John David Doe", phone: "", locale: "en_US"), Contact(name: "John Doe", phone: "", locale: "en_US"),
         Contact(name: "Johnny Dowe", phone: "", locale: "en_US"), Contact(name: "Jo Hndoe", phone: "", locale: "en_US")]
    static let book = try! Contact.listing(contacts)

    func names(_ query: String, phonetic: Phonetic = .off, dialpad: Bool = false,
               in searchable: SearchableListing<Contact> = PeopleNamedTests.book) throws -> [String] {
        let result = try searchable.filter(query, phonetic: phonetic, dialpad: dialpad)
        return try result.matches(offset: 0, limit: result.total).map(\.element.name)
    }

    func match(_ name: String, _ query: String, phonetic: Phonetic = .off, dialpad: Bool = false,
               in searchable: SearchableListing<Contact> = PeopleNamedTests.book) throws -> FilteredListing<Contact>.Match? {
        let result = try searchable.filter(query, phonetic: phonetic, dialpad: dialpad)
        return try result.matches(offset: 0, limit: result.total).first { $0.element.name == name }
    }

    @Test("the address book is there, with Jessica Acedo's number")
    func addressBook() {
        #expect(Contact.addressBook.count == 600)
        #expect(Contact.addressBook.contains(Contact(name: "Jessica Acedo", phone: "+34844 468 710", locale: "es_ES")))
    }

    @Test("acedo jessica finds Jessica Acedo, both words highlighted")
    func surnameFirst() throws {
        #expect(try names("acedo jessica") == ["Jessica Acedo"])
        #expect(try names("jessica acedo") == ["Jessica Acedo"])
        #expect(try match("Jessica Acedo", "acedo jessica")?.ranges == [0..<7, 8..<13])
        // A phrase keeps the order: no one is called "Acedo Jessica".
        #expect(try names("\"acedo jessica\"") == [])
        #expect(try names("\"jessica acedo\"") == ["Jessica Acedo"])
    }

    @Test("john doe finds John David Doe and John Doe, not Johnny Dowe")
    func middleName() throws {
        let found = try names("john doe")
        #expect(found.contains("John David Doe") && found.contains("John Doe"))
        #expect(!found.contains("Johnny Dowe"))
        #expect(try match("John David Doe", "doe john")?.ranges == [0..<4, 11..<14])
        #expect(try names("\"john doe\"") == ["John Doe"])
    }

    @Test("844 finds Jessica Acedo by her phone number, its digits highlighted")
    func phoneDigits() throws {
        let jessica = try #require(try match("Jessica Acedo", "844"))
        #expect(jessica.ranges == [])
        #expect(jessica.fieldMatches == [FieldMatch(field: "phone", text: "+34844 468 710", ranges: [3..<6])])
        #expect(try names("+34844").contains("Jessica Acedo"))
        #expect(try names("(844)").contains("Jessica Acedo"))
    }

    @Test("468 710 finds …468 710 as one phone term; 468710 and 844-468 too")
    func phoneWithSpaces() throws {
        for query in ["468 710", "468710", "844-468", "844 468 710", "4 6 8 7 1 0"] {
            let jessica = try #require(try match("Jessica Acedo", query), "\(query)")
            #expect(jessica.fieldMatches.map(\.field) == ["phone"], "\(query)")
        }
        #expect(try match("Jessica Acedo", "468 710")?.fieldMatches.first?.ranges == [7..<14])
        // Each term is judged on its own: 710 and 468 are both in her number.
        #expect(try match("Jessica Acedo", "710 468") != nil)
        // Digits that are in no form of her number, in this order: not her.
        #expect(try match("Jessica Acedo", "710468") == nil)
    }

    @Test("jessica 844: a name and a phone term")
    func nameAndPhone() throws {
        #expect(try names("jessica 844") == ["Jessica Acedo"])
        #expect(try names("844 jessica") == ["Jessica Acedo"])
        let jessica = try #require(try match("Jessica Acedo", "jessica 844"))
        #expect(jessica.ranges == [0..<7])
        #expect(jessica.fieldMatches == [FieldMatch(field: "phone", text: "+34844 468 710", ranges: [3..<6])])
        #expect(try names("jessica 999999") == [])
    }

    @Test("jessica acme: terms in different columns")
    func company() throws {
        #expect(try names("jessica acme") == ["Jessica Acedo"])
        #expect(try names("acm aced") == ["Jessica Acedo"])
        let jessica = try #require(try match("Jessica Acedo", "jessica acme"))
        #expect(jessica.ranges == [0..<7])
        #expect(jessica.fieldMatches == [FieldMatch(field: "company", text: "Acme", ranges: [0..<4])])
        // Columns are searched in words mode too, not in prefix mode.
        #expect(try Self.book.filter("acme", mode: .words).total == 1)
        #expect(try Self.book.filter("acme", mode: .prefix).total == 0)
        // A phone column is never searched as text, a text column never by phone digits.
        #expect(try names("+34844 acme") == ["Jessica Acedo"])
    }

    @Test("the dial pad: 5646 finds John, 56463 John D…, 53 John Doe")
    func dialpad() throws {
        let john = try names("5646", dialpad: true)
        #expect(john.contains("John Kramer") && john.contains("John Doe") && john.contains("John David Doe"))
        #expect(john.contains("Johnny Dowe"))  // 5646 begins johnny
        #expect(john.contains("Jo Hndoe"))  // the run goes on across words: jo|hn
        let johnD = try names("56463", dialpad: true)
        #expect(johnD.contains("John Doe") && johnD.contains("John David Doe"))
        #expect(!johnD.contains("John Kramer"))
        let initials = try names("53", dialpad: true)
        #expect(initials.contains("John Doe") && initials.contains("John David Doe"))  // J D
        #expect(!initials.contains("John Kramer"))
        #expect(try match("John Doe", "53", dialpad: true)?.ranges == [0..<1, 5..<6])
        #expect(try match("John Doe", "56463", dialpad: true)?.ranges == [0..<4, 5..<6])
        // Anything but digits, spaces and + - ( ) . * #: nothing; nothing typed: everyone.
        #expect(try names("56a", dialpad: true) == [])
        #expect(try Self.book.filter("  ", dialpad: true).total == Self.contacts.count)
        // (c): her number.
        #expect(try match("Jessica Acedo", "844468", dialpad: true)?.fieldMatches.first?.ranges == [3..<10])
    }

    @Test("the dial pad reads letters after the all fold and skips ' and -")
    func dialpadFold() throws {
        let people = try Contact.listing(["Zoë O'Brien-Łukasz", "Страуss Jo", "Jo王 Li"].map { Contact(name: $0, phone: "", locale: "en") })
        #expect(try names("963", dialpad: true, in: people) == ["Zoë O'Brien-Łukasz"])  // zoe
        #expect(try names("627436", dialpad: true, in: people) == ["Zoë O'Brien-Łukasz"])  // obrien…, the ' skipped
        #expect(try names("6274365", dialpad: true, in: people) == ["Zoë O'Brien-Łukasz"])  // obrienl: - skipped, ł is l
        #expect(try names("274365", dialpad: true, in: people) == [])  // brien does not start a word
        // Cyrillic cuts its word; the next word is reached only by its own start.
        #expect(try names("56", dialpad: true, in: people).sorted() == ["Jo王 Li", "Страуss Jo"])
        // 王 cuts jo: no run from jo into li.
        #expect(try names("5654", dialpad: true, in: people) == [])
    }

    @Test("张三 by 94264726 and by 97 under the Chinese rules")
    func pinyin() throws {
        let people = try Contact.listing(["张三", "张秀英", "李四", "Zhang San"].map { Contact(name: $0, phone: "", locale: "zh_CN") }, locale: "zh")
        #expect(try names("94264726", phonetic: .on, dialpad: true, in: people).sorted() == ["Zhang San", "张三"].sorted())
        #expect(try names("97", phonetic: .on, dialpad: true, in: people).sorted() == ["Zhang San", "张三"].sorted())
        #expect(try names("9426", phonetic: .on, dialpad: true, in: people).sorted() == ["Zhang San", "张三", "张秀英"].sorted())
        #expect(try match("张三", "97", phonetic: .on, dialpad: true, in: people)?.ranges == [0..<2])
        #expect(try match("张三", "726", phonetic: .on, dialpad: true, in: people)?.ranges == [1..<2])
        // Phonetic off: Han has no key.
        #expect(try names("97", phonetic: .off, dialpad: true, in: people) == ["Zhang San"])
    }

    @Test("a bad number never fails a build and is found by its written digits; an empty one by nothing")
    func badNumbers() throws {
        let odd = ["n/a", "", "+999 12 34", "call 555-0199 ext. 7", "١٢٣٤٥", "++--()", "0"]
        let people = try Contact.listing(odd.enumerated().map { Contact(name: "P\($0.offset)", phone: $0.element, locale: "zz_ZZ") })
        #expect(people.listing.count == odd.count)
        #expect(try names("99912", in: people) == ["P2"])
        #expect(try names("5550199", in: people) == ["P3"])
        #expect(try names("1990", in: people) == [])  // digits are not contained as written: 0199 7
        #expect(try names("2345", in: people) == ["P4"])  // Arabic-Indic digits are their values
        #expect(try match("P4", "234", in: people)?.fieldMatches.first?.ranges == [1..<4])
        #expect(try names("0", in: people).sorted() == ["P0", "P3", "P6"])  // P0 by its name
    }

    @Test("a record with no region, or one no one knows, is read in the listing locale's region")
    func defaultRegion() throws {
        let people = try Contact.listing([Contact(name: "Aimé", phone: "0437414794", locale: ""),
                                          Contact(name: "Bea", phone: "0437414794", locale: "nowhere"),
                                          Contact(name: "Cy", phone: "0437414794", locale: "fr_FR")], locale: "fr")
        #expect(try names("0437", in: people).sorted() == ["Aimé", "Bea", "Cy"])
        // E.164 of a French number: +33 4 37 41 47 94.
        #expect(try names("+33437", in: people).sorted() == ["Aimé", "Bea", "Cy"])
        // Read in the US (the listing locale en), the same digits are no French number.
        let american = try Contact.listing([Contact(name: "Aimé", phone: "0437414794", locale: "")], locale: "en")
        #expect(try names("+33437", in: american) == [])
    }

    @Test("the issue's forms of +34844 468 710: 844 468 710, +34 844 and 468710")
    func phoneForms() throws {
        for query in ["844 468 710", "+34 844", "468710", "34844468710"] {
            #expect(try match("Jessica Acedo", query) != nil, "\(query)")
        }
    }

    @Test("a query whose first scalar is a quote is a phrase, and White_Space cuts terms, even where a mark joins them into one grapheme")
    func scalarsNotGraphemes() throws {
        // "🏽 is one grapheme (the modifier extends the quote); the query is still a quoted phrase.
        let index = try SearchIndex(texts: ["👍🏽 good", "good 👍🏽"])
        #expect(try Array(index.search("\"🏽 g\"").rows) == [0], "a phrase: the modifier, a space, then g")
        // " \u{301}" is one grapheme; the space still cuts the query into a and \u{301}b.
        let marks = try SearchIndex(texts: ["x\u{301}b a", "a \u{301}b"])
        #expect(try Array(marks.search("a \u{301}b", fold: .case).rows) == [0, 1], "two terms: a and \u{301}b")
    }
}
