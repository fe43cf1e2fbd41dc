import PropertyBased
import Testing
@testable import ThumbIndex

/// `LiveListing.rowsWithoutDialpadIndex`: the rows whose dial-pad index the next dial-pad query
/// makes first (the server computes such a query on a read worker when they are many); a merge
/// carries the old base's dial-pad index over, merged, as a fresh build would make it.
@Suite("A live listing's dial-pad indexes: the rows the next dial-pad query indexes first, and merges")
struct LiveDialpadIndexTests {
    /// Item `seq`, "Name seq": "name" is 6263 on the dial pad.
    static func item(_ seq: Int) -> LiveItem { LiveItem(seq: seq, id: "id\(seq)", text: "Name \(seq)", reading: nil, pinned: false) }

    @Test func theRowsWithoutADialpadIndexAreThoseOfTheLevelsNotQueriedYet() throws {
        let collation = try IndexedCollation(locale: "en")
        var live = try LiveListing(items: (0..<20).map(Self.item), collation: collation)
        #expect(live.rowsWithoutDialpadIndex == 20)
        _ = try live.filter("name", mode: .contains)
        #expect(live.rowsWithoutDialpadIndex == 20, "a query off the dial pad made a dial-pad index")
        #expect(try live.filter("6263", dialpad: true).total == 20)  // "name" on the dial pad
        #expect(live.rowsWithoutDialpadIndex == 0)
        live = try live.applying([.put(Self.item(20)), .put(Self.item(21))])
        #expect(live.rowsWithoutDialpadIndex == 2, "the base keeps its index; the tail is made again by the write")
        #expect(try live.filter("6263", dialpad: true).total == 22)
        #expect(live.rowsWithoutDialpadIndex == 0)
    }

    @Test func aMergeCarriesTheDialpadIndexOverOnlyWhenTheOldBaseHadOne() throws {
        let collation = try IndexedCollation(locale: "en")
        let live = try LiveListing(items: (0..<20).map(Self.item), collation: collation).applying([.put(Self.item(20)), .remove(seq: 3)])
        #expect(!live.baseHasDialpadIndex)
        #expect(try live.merged().rowsWithoutDialpadIndex == 20, "a merge made a dial-pad index nobody asked for")
        #expect(try live.filter("6263", dialpad: true).total == 20)
        #expect(live.baseHasDialpadIndex)
        let merged = try live.merged()
        #expect(merged.runCount == 0 && merged.tailCount == 0)
        #expect(merged.rowsWithoutDialpadIndex == 0, "the merge carried the dial-pad index over")
        try merged.makeBaseDialpadIndex()  // finds it made
        #expect(try merged.filter("6263", dialpad: true).total == 20)
    }

    /// Names with Han polyphones (one with more spellings than a row lists), kana readings and
    /// Latin words, for ``aMergedDialpadIndexIsAFreshBuildsPartForPart()``.
    static let texts: [(text: String, reading: String?)] = [
        ("Jessica Acedo", nil), ("重庆 长江", nil), ("行长重长行乐", nil), ("山田 太郎", "やまだ たろう"),
        ("Ann-Marie Öst", nil), ("", nil), ("42 Main St", nil), ("かとう", nil), ("李 Wei", nil), ("乐", "がく"),
    ]

    @Test("a merged dial-pad index is a fresh build's over the same rows, part for part")
    func aMergedDialpadIndexIsAFreshBuildsPartForPart() async throws {
        let collation = try IndexedCollation(locale: "en")
        await propertyCheck(count: Cases.scaled(40), input: Gen.int(in: 0...1_000_000)) { seed in
            var g = SeededGenerator(state: UInt64(seed))
            func item(_ seq: Int) -> LiveItem {
                let (text, reading) = Self.texts[Int.random(in: 0..<Self.texts.count, using: &g)]
                return LiveItem(seq: seq, id: "id\(seq)", text: "\(text) \(seq % 3)", reading: reading, pinned: false)
            }
            var items = (0..<Int.random(in: 0...30, using: &g)).map(item)
            var live = try LiveListing(items: items, collation: collation)
            _ = try live.filter("2", dialpad: true)
            for seq in items.count..<items.count + Int.random(in: 0...40, using: &g) {
                if !items.isEmpty && Int.random(in: 0...3, using: &g) == 0 {
                    let gone = items.remove(at: Int.random(in: 0..<items.count, using: &g))
                    live = try live.applying([.remove(seq: gone.seq)])
                } else {
                    items.append(item(seq))
                    live = try live.applying([.put(items.last!)])
                }
                if Int.random(in: 0...7, using: &g) == 0 { live = try live.compactingTail() }
                if Int.random(in: 0...9, using: &g) == 0 { _ = try live.filter("5", dialpad: true) }
            }
            let merged = try live.merged()
            let base = merged.levels[LiveListing.base].segment.searchable.index
            #expect(base.hasDialpadIndex)
            let fresh = try LiveListing(items: items, collation: collation).levels[LiveListing.base].segment.searchable.index
            #expect(try DialpadIndexParts(base.dialpadIndex()) == DialpadIndexParts(fresh.dialpadIndex()), "seed \(seed)")
        }
    }

    @Test func anEditableListingsMergeMakesTheNewBasesDialpadIndexOnlyWhenTheOldBaseHadOne() throws {
        let collation = try IndexedCollation(locale: "en")
        let items = (0..<20).map { EditableListing.Item(id: "id\($0)", text: "Name \($0)") }
        for typedOnTheDialpad in [false, true] {
            let book = try EditableListing(items, collation: collation, mergePolicy: .manual)
            if typedOnTheDialpad { #expect(try book.snapshot.filter("6263", dialpad: true).total == 20) }
            try book.insert(EditableListing.Item(id: "id20", text: "Name 20"))
            let merged = try book.merge()
            #expect(merged.live.runCount == 0 && merged.live.tailCount == 0)
            #expect(merged.live.rowsWithoutDialpadIndex == (typedOnTheDialpad ? 0 : 21))
            #expect(try merged.filter("6263", dialpad: true).total == 21)
        }
    }
}

/// A dial-pad index's structures as plain values, part by part.
struct DialpadIndexParts: Equatable {
    struct Part: Equatable {
        var entryRows: [UInt32]
        var entriesAreRows: Bool
        var keys: TextIndexParts
        var overflow: [UInt32]

        init(_ part: DialpadIndex.Part) {
            entryRows = part.keys.entryRows
            entriesAreRows = part.keys.entriesAreRows
            keys = TextIndexParts(part.keys.index)
            overflow = part.overflow
        }
    }

    var parts: [Part]

    init(_ index: DialpadIndex) { parts = [index.latin, index.han, index.romaji].map(Part.init) }
}
