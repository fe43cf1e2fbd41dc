import Testing
@testable import ThumbIndex

/// The removed rows of a segment, held in chunks copied on write, against a plain set of rows.
@Suite("Tombstones: removed rows in chunks shared between snapshots")
struct TombstonesTests {
    /// Random removals over segments of one to several chunks (32,768 rows each), each step checked
    /// against a set: the bits, the count, and what `removed(from:)` leaves of every kind of rows.
    /// Every snapshot taken on the way keeps what it had: removing a row from a copy changes the copy alone.
    @Test("removals in any chunk agree with a set, and earlier snapshots keep theirs", arguments: [1, 64, 32_767, 32_768, 70_001, 131_072])
    func removalsAgreeWithASet(count: Int) {
        var g = SeededGenerator(state: UInt64(count))
        var tombstones = Tombstones(count: count)
        var removed = Set<Int>()
        var snapshots: [(Tombstones, Set<Int>)] = []
        for step in 0..<min(count, 400) {
            // Rows near the chunks' edges as often as anywhere else.
            let edge = (Int.random(in: 0...4, using: &g) * 32_768 + Int.random(in: -1...0, using: &g))
            let row = Bool.random(using: &g) && edge >= 0 && edge < count ? edge : Int.random(in: 0..<count, using: &g)
            tombstones.insert(row)
            removed.insert(row)
            if step % 50 == 0 { snapshots.append((tombstones, removed)) }
        }
        for (snapshot, expected) in snapshots + [(tombstones, removed)] {
            #expect(snapshot.count == expected.count)
            #expect(snapshot.isEmpty == expected.isEmpty)
            #expect((0..<count).filter { snapshot[$0] }.elementsEqual(expected.sorted()), "the removed rows of \(count)")
            let live = (0..<count).filter { !expected.contains($0) }
            let all = SearchResult.Rows(storage: .all(count))
            #expect(Array(snapshot.removed(from: all)).elementsEqual(live), "all rows but the removed ones of \(count)")
            let some = (0..<count).filter { _ in Bool.random(using: &g) }
            var words = [UInt64](repeating: 0, count: (count + 63) / 64)
            for row in some { words[row / 64] |= 1 << UInt64(row % 64) }
            let expectedSome = some.filter { !expected.contains($0) }
            #expect(Array(snapshot.removed(from: SearchResult.Rows(storage: .bitmap(RowBitmap(words: words))))).elementsEqual(expectedSome),
                    "a bitmap of rows but the removed ones of \(count)")
            #expect(Array(snapshot.removed(from: SearchResult.Rows(storage: .ids(some.map(UInt32.init))))).elementsEqual(expectedSome),
                    "a list of rows but the removed ones of \(count)")
        }
    }
}
