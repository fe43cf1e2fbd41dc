import PropertyBased
import Testing
@testable import ThumbIndex

/// Live listings with searched fields (a company searched as text, a phone searched by its digits,
/// each item's region): every level indexes them, so an edit is found by its fields at once.
@Suite("Live listings: searched fields and phone numbers, against a listing built from scratch")
struct LiveFieldsTests {
    static let schema = LiveFieldSchema(fields: [.init(name: "company", kind: .text), .init(name: "phone", kind: .phone)],
                                        regionColumn: "locale")

    static let names = ["Jessica Acedo", "John David Doe", "John Doe", "Anna Åberg", "Émile Zola", "李小龙", "ж", "Bob"]
    static let companies = ["", "Acme", "acme labs", "Zeta", "Åkerman", "844 Partners"]
    static let phones = ["", "+34844 468 710", "844-46", "(212) 555 0199", "555 0100", "+1 212 555 0100", "abc"]
    static let regions: [String?] = [nil, "es_ES", "US", "SE", ""]

    /// A fresh build of `items`: the library's ``Listing`` with the same fields, searchable (built
    /// once for all the queries of a step).
    static func built(_ items: [Int: LiveItem], collation: IndexedCollation) throws -> SearchableListing<LiveItem> {
        let sorted = items.values.sorted { $0.seq < $1.seq }
        return try SearchableListing(Listing(sorted, collation: collation, text: \.text, reading: \.reading, pinned: \.pinned,
                                             fields: [.text("company") { $0.fields["company"] ?? "" },
                                                      .phone("phone", region: { $0.region }) { $0.fields["phone"] ?? "" }]))
    }

    static func randomItem(seq: Int, _ g: inout SeededGenerator) -> LiveItem {
        LiveItem(seq: seq, id: "id\(seq)", text: names.randomElement(using: &g)!,
                 pinned: Int.random(in: 0...6, using: &g) == 0,
                 fields: ["company": companies.randomElement(using: &g)!, "phone": phones.randomElement(using: &g)!],
                 region: regions.randomElement(using: &g)!)
    }

    static let queries: [(String, Bool)] = [("", false), ("844", false), ("jessica 844", false), ("acme", false),
                                            ("acme jessica", false), ("555 01", false), ("lab", false), ("å", false),
                                            ("\"john d\"", false), ("5646", true), ("53", true), ("844", true),
                                            ("2", true), ("john 212", false)]

    static func expectSame(_ live: LiveListing, _ items: [Int: LiveItem], collation: IndexedCollation,
                           generator: inout SeededGenerator) throws {
        let fresh = try built(items, collation: collation)
        for (query, dialpad) in queries {
            let mode = MatchMode.allCases.randomElement(using: &generator)!
            let got = try live.filter(query, mode: mode, dialpad: dialpad)
            let expected = try fresh.filter(query, mode: mode, dialpad: dialpad)
            let context = "query '\(query)' \(mode) dialpad \(dialpad), \(items.count) items"
            #expect(got.total == expected.total, "\(context)")
            #expect(got.sections.map(\.title) == expected.sections.map(\.title), "\(context)")
            #expect(got.sections.map(\.count) == expected.sections.map(\.count), "\(context)")
            let all = try got.matches(offset: 0, limit: Int.max)
            let want = try expected.matches(offset: 0, limit: Int.max)
            #expect(all.map(\.item) == want.map(\.element), "\(context)")
            #expect(all.map(\.ranges) == want.map(\.ranges), "\(context)")
            #expect(all.map(\.fieldMatches) == want.map(\.fieldMatches), "\(context)")
        }
    }

    @Test("random puts, renames, removals, compactions and merges: fields are searched at every level",
          arguments: ["en", "sv"])
    func randomSessions(locale: String) async throws {
        let collation = try IndexedCollation(locale: locale)
        await propertyCheck(count: Cases.scaled(10), input: Gen.int(in: 0...20), Gen.int(in: 1...20), Gen.int(in: 0...1_000_000)) { initialCount, stepCount, seed in
            var generator = SeededGenerator(state: UInt64(seed))
            var items: [Int: LiveItem] = [:]
            var nextSeq = 0
            for _ in 0..<initialCount {
                items[nextSeq] = Self.randomItem(seq: nextSeq, &generator)
                nextSeq += 1
            }
            var live = try LiveListing(items: Array(items.values), schema: Self.schema, collation: collation)
            try Self.expectSame(live, items, collation: collation, generator: &generator)
            for _ in 0..<stepCount {
                switch Int.random(in: 0...9, using: &generator) {
                case 0: live = try live.compactingTail()
                case 1: live = try live.merged()
                case 2...4:
                    let item = Self.randomItem(seq: nextSeq, &generator)
                    nextSeq += 1
                    items[item.seq] = item
                    live = try live.applying([.put(item)])
                case 5...7:
                    guard let seq = items.keys.sorted().randomElement(using: &generator) else { continue }
                    let item = Self.randomItem(seq: seq, &generator)
                    items[seq] = item
                    live = try live.applying([.put(item)])
                default:
                    guard let seq = items.keys.sorted().randomElement(using: &generator) else { continue }
                    items[seq] = nil
                    live = try live.applying([.remove(seq: seq)])
                }
                #expect(live.count == items.count)
                try Self.expectSame(live, items, collation: collation, generator: &generator)
            }
        }
    }

    @Test("a put with field values is found by a field term and a phone term; a rename changes that")
    func putAndRename() throws {
        let collation = try IndexedCollation(locale: "en")
        let base = [LiveItem(seq: 0, id: "a", text: "Anna", fields: ["company": "Zeta", "phone": "555 0100"])]
        var live = try LiveListing(items: base, schema: Self.schema, collation: collation)
        #expect(try live.filter("jessica 844").total == 0)

        let jessica = LiveItem(seq: 1, id: "j", text: "Jessica Acedo",
                               fields: ["company": "Acme", "phone": "+34844 468 710"], region: "es_ES")
        live = try live.applying([.put(jessica)])
        let byPhone = try live.filter("jessica 844").matches(offset: 0, limit: 10)
        #expect(byPhone.map(\.item) == [jessica])
        #expect(byPhone.first?.ranges == [0..<7])
        #expect(byPhone.first?.fieldMatches == [FieldMatch(field: "phone", text: "+34844 468 710", ranges: [3..<6])])
        let byCompany = try live.filter("acme").matches(offset: 0, limit: 10)
        #expect(byCompany.map(\.item.id) == ["j"])
        #expect(byCompany.first?.fieldMatches == [FieldMatch(field: "company", text: "Acme", ranges: [0..<4])])
        #expect(try live.filter("844", dialpad: true).matches(offset: 0, limit: 10).map(\.item.id) == ["j"])
        // A phone column is never searched as text.
        #expect(try live.filter("+34844 468").total == 1)
        #expect(try live.filter("zeta").matches(offset: 0, limit: 10).map(\.item.id) == ["a"])

        // A rename: new company and number; the old ones no longer find it, the new ones do.
        let renamed = LiveItem(seq: 1, id: "j", text: "Jessica Acedo", fields: ["company": "Zeta", "phone": "212 555"])
        live = try live.applying([.put(renamed)])
        #expect(try live.filter("jessica 844").total == 0)
        #expect(try live.filter("acme").total == 0)
        #expect(try live.filter("zeta").matches(offset: 0, limit: 10).map(\.item.id) == ["a", "j"])
        #expect(try live.filter("jessica 212").matches(offset: 0, limit: 10).map(\.item) == [renamed])
        // It survives a compaction and a merge with its fields.
        for next in [try live.compactingTail(), try live.merged()] {
            #expect(try next.filter("jessica 212").matches(offset: 0, limit: 10).map(\.item) == [renamed])
            #expect(next.item(id: "j") == renamed)
        }
        // A removal.
        live = try live.applying([.remove(seq: 1)])
        #expect(try live.filter("212").total == 0)
    }

    @Test("a listing built from columns searches them, and its edits too")
    func columns() throws {
        let collation = try IndexedCollation(locale: "en")
        let phone = FieldColumn(name: "phone", kind: .phone, values: TextColumn(["+34844 468 710", "555"]),
                                regions: TextColumn(["es_ES", ""]))
        var live = try LiveListing(seqs: [0, 1], ids: TextColumn(["j", "b"]), texts: TextColumn(["Jessica Acedo", "Bob"]),
                                   readings: nil, pinned: { _ in false }, fields: [phone], regionColumn: "locale",
                                   collation: collation)
        #expect(live.schema == LiveFieldSchema(fields: [.init(name: "phone", kind: .phone)], regionColumn: "locale"))
        #expect(live.item(id: "j")?.fields == ["phone": "+34844 468 710"])
        #expect(live.item(id: "j")?.region == "es_ES")
        #expect(try live.filter("844").matches(offset: 0, limit: 5).map(\.item.id) == ["j"])
        live = try live.applying([.put(LiveItem(seq: 1, id: "b", text: "Bob", fields: ["phone": "844 1"]))])
        #expect(try live.filter("844").matches(offset: 0, limit: 5).map(\.item.id) == ["b", "j"])
    }
}
