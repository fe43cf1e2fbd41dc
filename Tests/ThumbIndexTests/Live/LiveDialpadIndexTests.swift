import Testing
@testable import ThumbIndex

/// `LiveListing.rowsWithoutDialpadIndex`: the rows whose dial-pad index the next dial-pad query
/// makes first (the server computes such a query on a read worker when they are many).
@Suite("A live listing's dial-pad indexes: the rows the next dial-pad query indexes first")
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

    @Test func aMergeLeavesTheNewBasesDialpadIndexToItsCallerWhoMakesItWhenTheOldBaseHadOne() throws {
        let collation = try IndexedCollation(locale: "en")
        let live = try LiveListing(items: (0..<20).map(Self.item), collation: collation).applying([.put(Self.item(20)), .remove(seq: 3)])
        #expect(!live.baseHasDialpadIndex)
        #expect(try live.filter("6263", dialpad: true).total == 20)
        #expect(live.baseHasDialpadIndex)
        let merged = try live.merged()
        #expect(merged.runCount == 0 && merged.tailCount == 0)
        #expect(merged.rowsWithoutDialpadIndex == 20, "the merge makes no dial-pad index beside the old base's")
        try merged.makeBaseDialpadIndex()
        #expect(merged.rowsWithoutDialpadIndex == 0)
        #expect(try merged.filter("6263", dialpad: true).total == 20)
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
