import Foundation
import Testing
@testable import ThumbIndex

/// A record of the property tests: a name (the key), a company (text field) and a phone (phone field).
struct Person: Sendable, Hashable {
    var name: String
    var company: String
    var phone: String
    var region: String

    static var fields: [SearchField<Person>] {
        [.text("company") { $0.company }, .phone("phone", region: { $0.region }) { $0.phone }]
    }
}

/// Random records and queries for finding people, from a seeded generator.
enum PeopleGen {
    static let companies = ["Acme", "Initech", "Globex Corporation", "Umbrella", "Soylent", "Hooli", "Vandelay Industries",
                            "Wayne Enterprises", "Stark", "Tyrell", "Cyberdyne Systems", "Wonka", "O'Hara & Sons", "Müller-Lüdenscheid AG",
                            "Ёлки-Палки", "Ελληνικά ΑΕ", "株式会社山田", "北京华为", "", ""]

    static let namePieces = ["an", "na", "jo", "hn", "doe", "de", "la", "o'", "d'", "-", "mc", "ß", "é", "ø", "ł", "æ",
                             "2", "3", "٣", "ив", "ан", "όλ", "γα", "张", "三", "李", "山", "やま", "カタ", "ー", "x", "q", "ü", "ñ", "ç",
                             "Jo", "An", "Ma", "Li", "Ze", "Ö", "İ"]

    static func word(_ g: inout SeededGenerator) -> String {
        (0..<Int.random(in: 1...4, using: &g)).map { _ in namePieces.randomElement(using: &g)! }.joined()
    }

    static func name(_ g: inout SeededGenerator) -> String {
        (0..<Int.random(in: 1...3, using: &g)).map { _ in word(&g) }.joined(separator: Int.random(in: 0..<6, using: &g) == 0 ? "  " : " ")
    }

    static func phone(_ g: inout SeededGenerator) -> String {
        let pieces = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "4", "6", " ", "-", "(", ")", ".", "+", "٣", "x", "ext "]
        if Int.random(in: 0..<10, using: &g) == 0 { return "" }
        return (0..<Int.random(in: 3...14, using: &g)).map { _ in pieces.randomElement(using: &g)! }.joined()
    }

    static func people(_ n: Int, _ g: inout SeededGenerator) -> [Person] {
        (0..<n).map { _ in
            Person(name: name(&g), company: companies.randomElement(using: &g)!, phone: phone(&g),
                   region: ["es_ES", "US", "", "fr_FR", "xx"].randomElement(using: &g)!)
        }
    }

    /// A random cut of `text`: `length` characters from a random start.
    static func cut(_ text: String, _ g: inout SeededGenerator, length: ClosedRange<Int> = 1...5) -> String {
        let chars = Array(text)
        guard !chars.isEmpty else { return "" }
        let start = Int.random(in: 0..<chars.count, using: &g)
        let end = min(chars.count, start + Int.random(in: length, using: &g))
        return String(chars[start..<end])
    }

    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    /// A query cut from a person, of a random kind.
    static func query(_ p: Person, _ g: inout SeededGenerator) -> (kind: String, query: String) {
        let words = words(p.name)
        let digits = String(p.phone.unicodeScalars.filter { NaivePeople.digit($0) != nil }.map(Character.init))
        func prefixOf(_ w: String) -> String { String(w.prefix(Int.random(in: 1...max(1, w.count), using: &g))) }
        var q: (String, String)
        switch Int.random(in: 0..<9, using: &g) {
        case 0: q = ("surname first", words.reversed().map(prefixOf).joined(separator: " "))
        case 1:
            let w = words.randomElement(using: &g) ?? p.name
            q = ("two terms in one word", cut(w, &g, length: 1...3) + " " + cut(w, &g, length: 1...3))
        case 2: q = ("name and company", prefixOf(words.randomElement(using: &g) ?? "") + " " + cut(p.company, &g, length: 2...6))
        case 3: q = ("phone digits", cut(digits, &g, length: 2...6))
        case 4:
            let d = cut(digits, &g, length: 3...8)
            let spaced = d.enumerated().map { $0.offset > 0 && Int.random(in: 0..<3, using: &g) == 0 ? " \($0.element)" : "\($0.element)" }.joined()
            q = ("spaced digits", spaced)
        case 5: q = ("name and digits", prefixOf(words.randomElement(using: &g) ?? "") + " " + cut(digits, &g, length: 1...4))
        case 6: q = ("phrase", "\"" + cut(p.name, &g, length: 2...9) + (Bool.random(using: &g) ? "\"" : ""))
        case 7: q = ("cut of the name", cut(p.name, &g, length: 1...8))
        default: q = ("random terms", (0..<Int.random(in: 1...3, using: &g)).map { _ in cut(p.name + " " + p.company, &g, length: 1...3) }.joined(separator: " "))
        }
        if Int.random(in: 0..<6, using: &g) == 0 { q.1 = q.1.uppercased() }
        if Int.random(in: 0..<6, using: &g) == 0 { q.1 = " " + q.1 + "\u{3000}" }
        return q
    }

    /// A dial-pad query from a person: the keys of words from a random word on, of its initials, of a
    /// random cut of digits, or random digits.
    static func dialpadQuery(_ name: String, phone: String, _ g: inout SeededGenerator,
                             readings: ((Unicode.Scalar, Bool) -> [String])?) -> String {
        let words = NaivePeople.dialpadWords(name, readings: readings)
        let keyed = words.filter(\.hasKeys)
        func spelling(_ w: NaivePeople.PadWord) -> [UInt8] { w.spellings.randomElement(using: &g)! }
        var digits: [UInt8]
        switch Int.random(in: 0..<5, using: &g) {
        case 0 where !keyed.isEmpty:
            let start = Int.random(in: 0..<words.count, using: &g)
            let all = words[start...].filter(\.hasKeys).flatMap(spelling)
            digits = Array(all.prefix(Int.random(in: 1...max(1, all.count), using: &g)))
        case 1 where keyed.count >= 2:
            let start = Int.random(in: 0..<keyed.count - 1, using: &g)
            digits = keyed[start..<min(keyed.count, start + Int.random(in: 2...4, using: &g))].map { spelling($0)[0] }
        case 2:
            let written = phone.unicodeScalars.compactMap(NaivePeople.digit)
            digits = Array(written.dropFirst(written.isEmpty ? 0 : Int.random(in: 0..<written.count, using: &g)).prefix(Int.random(in: 1...6, using: &g)))
        default:
            digits = (0..<Int.random(in: 1...4, using: &g)).map { _ in UInt8(ascii: "0") + UInt8.random(in: 2...9, using: &g) }
        }
        var query = String(decoding: digits, as: UTF8.self)
        if Int.random(in: 0..<8, using: &g) == 0 { query = "(" + query + ") " }
        if Int.random(in: 0..<12, using: &g) == 0 { query += "a" }
        return query
    }
}

/// Finding people (issue 23) held against the naive scan (``NaivePeople``), on the bundled address book
/// and on random records: the matching rows, the ranges in the name and in each field, sessions, and
/// the dial pad.
@Suite("Finding people agrees with the naive scan: terms, phrases, fields, phone numbers and the dial pad")
struct PeoplePropertyTests {
    /// The address book with random companies.
    static func addressBook(_ g: inout SeededGenerator) -> [Person] {
        Contact.addressBook.map {
            Person(name: $0.name, company: PeopleGen.companies.randomElement(using: &g)!, phone: $0.phone, region: $0.locale)
        }
    }

    /// The records of a listing, in its row order, for the oracle.
    static func records(_ listing: Listing<Person>, defaultRegion: String) throws -> [NaivePeople.Record] {
        let forms = try PeoplePhoneForms.forms(listing.elements.map { ($0.phone, $0.region) }, defaultRegion: defaultRegion)
        return zip(listing.elements, forms).map { p, forms in
            NaivePeople.Record(text: p.name, textFields: [("company", p.company)],
                               phones: [("phone", .init(value: p.phone, forms: forms))])
        }
    }

    /// Checks one filter against the oracle: every matching row, and the ranges of the first `page` rows.
    static func check(_ filtered: FilteredListing<Person>, _ records: [NaivePeople.Record], page: Int,
                      context: String, answer: (NaivePeople.Record) -> NaivePeople.Answer,
                      fold: Fold, terms: [[Unicode.Scalar]]?, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let answers = records.map(answer)
        let expected = records.indices.filter { answers[$0].matches }
        let rows = Array(filtered.result.rows)
        #expect(rows == expected, "\(context): rows", sourceLocation: sourceLocation)
        guard rows == expected else {
            let extra = Set(rows).subtracting(expected).prefix(3).map { records[$0].text }
            let missing = Set(expected).subtracting(rows).prefix(3).map { records[$0].text }
            Issue.record("\(context): extra \(extra), missing \(missing)", sourceLocation: sourceLocation)
            return
        }
        for match in try filtered.matches(offset: 0, limit: page) {
            let a = answers[match.row]
            let record = records[match.row]
            let ctx = "\(context), row \(record.text.debugDescription) (company \(record.textFields.first?.value.debugDescription ?? "-"), phone \(record.phones.first?.phone.value.debugDescription ?? "-")): expected \(a)"
            if let keyRanges = a.keyRanges {
                #expect(match.ranges == keyRanges, "\(ctx), got \(match.ranges)", sourceLocation: sourceLocation)
            } else if let terms, !match.ranges.isEmpty {
                PeoplePropertyTests.rangesHoldTerms(match.ranges, in: record.text, terms: terms, fold: fold, context: ctx, sourceLocation: sourceLocation)
            }
            #expect(match.fieldMatches.map(\.field) == a.fieldRanges.map(\.name), "\(ctx), got \(match.fieldMatches)", sourceLocation: sourceLocation)
            for (got, want) in zip(match.fieldMatches, a.fieldRanges) {
                if let ranges = want.ranges {
                    #expect(got.ranges == ranges, "\(ctx): field \(want.name), got \(got.ranges)", sourceLocation: sourceLocation)
                } else {
                    // Another form matched: the ranges lie in the value and cover the written digits' matches.
                    #expect(!got.ranges.isEmpty && got.ranges.allSatisfy { $0.upperBound <= got.text.utf16.count }, "\(ctx)", sourceLocation: sourceLocation)
                    for r in a.writtenRanges[want.name] ?? [] {
                        #expect(got.ranges.contains { $0.lowerBound <= r.lowerBound && r.upperBound <= $0.upperBound },
                                "\(ctx): field \(want.name) covers the written match \(r), got \(got.ranges)", sourceLocation: sourceLocation)
                    }
                }
            }
        }
    }

    /// Where the oracle cannot map exactly: each range is on grapheme boundaries and holds a term.
    static func rangesHoldTerms(_ ranges: [Range<Int>], in text: String, terms: [[Unicode.Scalar]], fold: Fold, context: String,
                                sourceLocation: SourceLocation) {
        let boundaries = Set(graphemeOffsets(text))
        for range in ranges {
            #expect(boundaries.contains(range.lowerBound) && boundaries.contains(range.upperBound), "\(context)", sourceLocation: sourceLocation)
            let inside = Naive.fold(utf16Slice(text, range), fold)
            #expect(terms.contains { Naive.matches(item: inside, query: $0, mode: .contains) }, "\(context)", sourceLocation: sourceLocation)
        }
    }

    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let seed: UInt64
        let random: Bool
        var description: String { name }
    }

    static let cases = [Case(name: "the address book", seed: 11, random: false), Case(name: "random people", seed: 12, random: true)]

    static func listing(_ c: Case, _ g: inout SeededGenerator) throws -> SearchableListing<Person> {
        let people = c.random ? PeopleGen.people(400, &g) : addressBook(&g)
        return try SearchableListing(Listing(people, collation: IndexedCollation(locale: "en"), text: \.name, fields: Person.fields))
    }

    @Test("queries cut from the records (surname first, two terms in a word, company, phone digits, phrases) in every mode and fold: rows, name ranges and field ranges", arguments: cases)
    func queriesCutFromRecords(_ c: Case) throws {
        var g = SeededGenerator(state: c.seed)
        let searchable = try Self.listing(c, &g)
        let records = try Self.records(searchable.listing, defaultRegion: "US")
        let people = searchable.listing.elements
        for _ in 0..<Cases.scaled(70) {
            let (kind, query) = PeopleGen.query(people.randomElement(using: &g)!, &g)
            let mode = [MatchMode.contains, .contains, .words, .prefix].randomElement(using: &g)!
            let fold = Fold.naiveCases.randomElement(using: &g)!
            let filtered = try searchable.filter(query, fold: fold, mode: mode, phonetic: .off)
            try Self.check(filtered, records, page: 12, context: "\(c): \(kind) query \(query.debugDescription), \(mode), \(fold)",
                           answer: { NaivePeople.answer($0, query, fold: fold, mode: mode) },
                           fold: fold, terms: NaivePeople.terms(query, fold: fold, mode: mode).map(\.folded))
        }
    }

    @Test("a session typing multi-term queries with spaces and backspaces answers as fresh filters do", arguments: cases)
    func sessions(_ c: Case) throws {
        var g = SeededGenerator(state: c.seed + 100)
        let searchable = try Self.listing(c, &g)
        let people = searchable.listing.elements
        for _ in 0..<Cases.scaled(12) {
            let (kind, query) = PeopleGen.query(people.randomElement(using: &g)!, &g)
            let mode = [MatchMode.contains, .words, .prefix].randomElement(using: &g)!
            let dialpad = Int.random(in: 0..<4, using: &g) == 0
            var steps: [String] = []
            var typed = ""
            for ch in query {
                typed.append(ch)
                steps.append(typed)
                if Int.random(in: 0..<5, using: &g) == 0 {
                    typed.removeLast()
                    steps.append(typed)
                    typed.append(ch)
                    steps.append(typed)
                }
            }
            steps += [String(query.dropLast()), query + " ", query + " a", query + " ", query, ""]
            var session = FilterSession(searchable, mode: mode, phonetic: .off, dialpad: dialpad)
            for step in steps {
                let a = try session.type(step)
                let b = try searchable.filter(step, mode: mode, phonetic: .off, dialpad: dialpad)
                #expect(Array(a.result.rows) == Array(b.result.rows), "\(c): \(kind) \(step.debugDescription) of \(query.debugDescription), \(mode), dialpad \(dialpad)")
                #expect(a.sections == b.sections)
                let pageA = try a.matches(offset: 0, limit: 5), pageB = try b.matches(offset: 0, limit: 5)
                #expect(pageA.map(\.ranges) == pageB.map(\.ranges), "\(c): ranges for \(step.debugDescription)")
                #expect(pageA.map(\.fieldMatches) == pageB.map(\.fieldMatches), "\(c): field matches for \(step.debugDescription)")
            }
        }
    }

    @Test("dial-pad queries from the keys of words, initials and phone digits match the naive dial-pad rule", arguments: cases)
    func dialpad(_ c: Case) throws {
        var g = SeededGenerator(state: c.seed + 200)
        let searchable = try Self.listing(c, &g)
        let records = try Self.records(searchable.listing, defaultRegion: "US")
        let people = searchable.listing.elements
        for _ in 0..<Cases.scaled(60) {
            let p = people.randomElement(using: &g)!
            let query = PeopleGen.dialpadQuery(p.name, phone: p.phone, &g, readings: nil)
            let filtered = try searchable.filter(query, phonetic: .off, dialpad: true)
            try Self.check(filtered, records, page: 12, context: "\(c): dial pad \(query.debugDescription)",
                           answer: { NaivePeople.dialpadAnswer($0, query, readings: nil) }, fold: .all, terms: nil)
        }
    }

    @Test("dial-pad queries on Chinese names with phonetic on: pinyin in full and by initials, polyphones, against the readings oracle")
    func chineseDialpad() throws {
        var g = SeededGenerator(state: 300)
        let names = Corpora.strings("people/zh_CN.tsv", limit: 400) + ["张三", "Zhang San", "曾国藩", "单田芳", "李 四", "王a五", "Li张"]
        let people = names.map { Person(name: $0, company: "", phone: "", region: "") }
        let searchable = try SearchableListing(Listing(people, collation: IndexedCollation(locale: "zh"), text: \.name, fields: Person.fields))
        let records = try Self.records(searchable.listing, defaultRegion: "CN")
        let readings: (Unicode.Scalar, Bool) -> [String] = { RealReadings.readings($0, startsRun: $1) }
        for _ in 0..<Cases.scaled(60) {
            let p = searchable.listing.elements.randomElement(using: &g)!
            let query = PeopleGen.dialpadQuery(p.name, phone: p.phone, &g, readings: readings)
            let filtered = try searchable.filter(query, phonetic: .on, dialpad: true)
            try Self.check(filtered, records, page: 12, context: "zh_CN: dial pad \(query.debugDescription) from \(p.name)",
                           answer: { NaivePeople.dialpadAnswer($0, query, readings: readings) }, fold: .all, terms: nil)
        }
    }
}
