import PropertyBased
import Testing
@testable import ThumbIndex

@Suite("PostingLists: each key's rows as a coded list or, where smaller, a bitmap")
struct PostingListsTests {
    /// The lists of `lists` through a builder (RowListsTests' helpers).
    static func coded(_ lists: [[UInt32]]) -> RowLists { RowLists(RowListsTests.pairs(lists), keyCount: lists.count) }

    /// The bytes of a bitmap of `rowCount` rows, with its ranks.
    static func bitmapBytes(_ rowCount: Int) -> Int {
        let words = (rowCount + 63) / 64
        return 8 * words + 4 * ((words + 7) / 8 + 1)
    }

    @Test("every key keeps its rows, and a key is a bitmap exactly when its list would be larger")
    func denseKeysBecomeBitmaps() async {
        await propertyCheck(count: Cases.scaled(60), input: Gen.int(in: 1...30), Gen.int(in: 1...5000)) { keyCount, rowCount in
            let lists = RowListsTests.lists(keyCount: keyCount, rowCount: rowCount, seed: UInt64(keyCount * 31 + rowCount))
            let coded = Self.coded(lists)
            let postings = PostingLists(coded, rowCount: rowCount)
            let dense = (0..<keyCount).filter { coded.byteCount(ofList: $0) > Self.bitmapBytes(rowCount) }
            #expect(postings.denseKeys == dense)
            for (k, rows) in lists.enumerated() {
                #expect(postings.count(k) == rows.count, "key \(k)")
                #expect(Array(SearchResult.Rows(storage: postings.rows(k))).map(UInt32.init) == rows, "key \(k)")
                if case .bitmap = postings.rows(k) { #expect(dense.contains(k), "key \(k) a bitmap") }
            }
            #expect(postings.byteCount <= coded.byteCount + 8 * dense.count, "never larger but for the dense keys' names")
        }
    }

    /// `postings` written under a tag and read back for `keyCount` keys and `rowCount` rows.
    static func readBack(_ postings: PostingLists, keyCount: Int, rowCount: Int) throws -> PostingLists {
        try throughArchive { postings.append(to: &$0, tag: "post") } read: {
            try PostingLists(from: &$0, tag: "post", keyCount: keyCount, rowCount: rowCount, what: "the test lists")
        }
    }

    @Test("lists read back as they were written")
    func roundTrip() throws {
        for rowCount in [1, 63, 64, 65, 1000] {
            let lists = RowListsTests.lists(keyCount: 12, rowCount: rowCount, seed: UInt64(rowCount))
            let postings = PostingLists(Self.coded(lists), rowCount: rowCount)
            let loaded = try Self.readBack(postings, keyCount: 12, rowCount: rowCount)
            #expect(loaded.lists == postings.lists && loaded.denseKeys == postings.denseKeys)
            #expect(loaded.bitmaps.map(\.words) == postings.bitmaps.map(\.words))
            for k in 0..<12 { #expect(loaded.count(k) == lists[k].count) }
        }
    }

    @Test("bitmaps with rows past the listing, of keys out of order or of keys with a coded list are refused")
    func corruptedBitmapsAreRefused() throws {
        let rowCount = 70
        let full = [UInt64](repeating: ~0, count: 2)
        let inside: [UInt64] = [~0, (1 << 6) - 1]  // rows 0–69
        func refused(_ postings: PostingLists, keyCount: Int) -> Bool {
            do {
                _ = try Self.readBack(postings, keyCount: keyCount, rowCount: rowCount)
                return false
            } catch let error as SavedIndexError {
                guard case .corrupted(let what) = error.reason else { return false }
                return what.contains("the test lists")
            } catch {
                return false
            }
        }
        let empty = Self.coded([[], [], []])
        let good = PostingLists(lists: empty, denseKeys: [1], bitmaps: [RowBitmap(words: inside)], rowCount: rowCount)
        #expect(!refused(good, keyCount: 3))
        #expect(refused(PostingLists(lists: empty, denseKeys: [1], bitmaps: [RowBitmap(words: full)], rowCount: rowCount), keyCount: 3))
        #expect(refused(PostingLists(lists: empty, denseKeys: [2, 1], bitmaps: [RowBitmap(words: inside), RowBitmap(words: inside)],
                                     rowCount: rowCount), keyCount: 3))
        #expect(refused(PostingLists(lists: empty, denseKeys: [3], bitmaps: [RowBitmap(words: inside)], rowCount: rowCount), keyCount: 3))
        let listed = Self.coded([[], [5], []])
        #expect(refused(PostingLists(lists: listed, denseKeys: [1], bitmaps: [RowBitmap(words: inside)], rowCount: rowCount), keyCount: 3))
        let other = PostingLists(lists: Self.coded([[2], [], []]), denseKeys: [1], bitmaps: [RowBitmap(words: inside)], rowCount: rowCount)
        #expect(!refused(other, keyCount: 3))
        #expect(refused(other, keyCount: 4), "lists of other keys")
    }
}
