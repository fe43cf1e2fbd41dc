import PropertyBased
import Testing
@testable import ThumbIndex

extension RowLists {
    /// The lists of `keyCount` keys from (key, row) pairs, fed to a builder in order.
    init(_ pairs: [(UInt32, UInt32)], keyCount: Int) {
        var builder = Builder(keyCount: keyCount)
        for (key, row) in pairs { builder.append(row, to: Int(key)) }
        self = builder.build()
    }

    /// The rows of key `k`, ascending, as ``forEachRow(_:_:)`` gives them.
    func rowsOneByOne(_ k: Int) -> [UInt32] {
        var rows: [UInt32] = []
        forEachRow(k) { rows.append($0) }
        return rows
    }
}

@Suite("RowLists: delta-coded lists of rows against the plain lists they were made from")
struct RowListsTests {
    /// Random lists: `keyCount` keys, each with ascending distinct rows below `rowCount`, some empty.
    static func lists(keyCount: Int, rowCount: Int, seed: UInt64) -> [[UInt32]] {
        var rng = SeededGenerator(state: seed)
        return (0..<keyCount).map { _ in
            let density = Int(rng.next() % 4) == 0 ? 0 : Int(rng.next() % 1000)
            return (0..<UInt32(rowCount)).filter { _ in Int(rng.next() % 1000) < density }
        }
    }

    /// The (key, row) pairs of `lists`, keys interleaved as a builder that walks rows makes them.
    static func pairs(_ lists: [[UInt32]]) -> [(UInt32, UInt32)] {
        lists.enumerated().flatMap { k, rows in rows.map { (UInt32(k), $0) } }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
    }

    @Test("random lists: every key's count and rows, and the parts read back as they were")
    func roundTrip() async {
        await propertyCheck(count: Cases.scaled(100), input: Gen.int(in: 0...40), Gen.int(in: 1...3000)) { keyCount, rowCount in
            let lists = Self.lists(keyCount: keyCount, rowCount: rowCount, seed: UInt64(keyCount * 7919 + rowCount))
            let coded = RowLists(Self.pairs(lists), keyCount: keyCount)
            #expect(coded.keyCount == keyCount)
            for (k, rows) in lists.enumerated() {
                #expect(coded.count(k) == rows.count, "key \(k)")
                #expect(coded.rows(k) == rows && coded.rowsOneByOne(k) == rows, "key \(k)")
            }
            #expect(RowLists(starts: coded.starts, bytes: coded.bytes, keyCount: keyCount, rowCount: rowCount) == coded)
        }
    }

    @Test("a builder fed row by row, keys repeated within a row, lists each row once per key")
    func builderRowByRow() async {
        await propertyCheck(count: Cases.scaled(100), input: Gen.int(in: 1...30), Gen.int(in: 1...500)) { keyCount, rowCount in
            var rng = SeededGenerator(state: UInt64(keyCount * 131 + rowCount))
            var builder = RowLists.Builder(keyCount: keyCount)
            var expected = [[UInt32]](repeating: [], count: keyCount)
            for row in 0..<UInt32(rowCount) {
                // Each row has a few keys, some of them more than once, in any order.
                for _ in 0..<Int(rng.next() % 6) {
                    let key = Int(rng.next() % UInt64(keyCount))
                    builder.append(row, to: key)
                    if expected[key].last != row { expected[key].append(row) }
                }
            }
            let lists = builder.build()
            for k in 0..<keyCount { #expect(lists.rows(k) == expected[k] && lists.rowsOneByOne(k) == expected[k], "key \(k)") }
            #expect(RowLists(starts: lists.starts, bytes: lists.bytes, keyCount: keyCount, rowCount: rowCount) == lists)
        }
    }

    @Test("rows as large as a listing's take up to five bytes, and read back")
    func largeRows() {
        let rows: [UInt32] = [0, 1, 127, 128, 16_383, 16_384, 2_097_152, 268_435_455, UInt32.max - 1]
        let coded = RowLists(rows.map { (0, $0) }, keyCount: 1)
        #expect(coded.rows(0) == rows)
        #expect(RowLists(starts: coded.starts, bytes: coded.bytes, keyCount: 1, rowCount: Int(UInt32.max)) == coded)
        #expect(RowLists(starts: coded.starts, bytes: coded.bytes, keyCount: 1, rowCount: Int(UInt32.max - 1)) == nil, "a row outside the listing")
    }

    @Test("lists without a row keep no starts, and read back from none")
    func listsWithoutRowsCostNothing() {
        var builder = RowLists.Builder(keyCount: 17_576)
        _ = builder.addKey()
        let empty = builder.build()
        #expect(empty.keyCount == 17_577 && empty.starts.isEmpty && empty.byteCount == 0)
        #expect(empty.count(17_576) == 0 && empty.rows(3).isEmpty && empty.byteCount(ofList: 5) == 0)
        #expect(RowLists(starts: [], bytes: [], keyCount: 17_577, rowCount: 10) == empty)
        #expect(RowLists(starts: [], bytes: [1], keyCount: 1, rowCount: 10) == nil, "bytes without starts")
        #expect(RowLists(starts: [0, 0], bytes: [], keyCount: 2, rowCount: 10) == nil, "starts of other keys")
    }

    @Test("parts that do not read to their ends, repeat a row or leave the listing are refused")
    func corruptedParts() {
        let coded = RowLists([(0, 3), (1, 5), (0, 200), (1, 9)], keyCount: 2)
        #expect(RowLists(starts: coded.starts, bytes: coded.bytes, keyCount: 2, rowCount: 201) == coded)
        #expect(RowLists(starts: coded.starts, bytes: coded.bytes, keyCount: 2, rowCount: 200) == nil, "row 200 of 200")
        var truncated = coded.bytes
        truncated.removeLast()
        #expect(RowLists(starts: coded.starts.dropLast() + [UInt32(truncated.count)], bytes: truncated, keyCount: 2, rowCount: 201) == nil)
        var longer = coded.bytes
        longer.append(1)
        #expect(RowLists(starts: coded.starts.dropLast() + [UInt32(longer.count)], bytes: longer, keyCount: 2, rowCount: 201) == nil)
        #expect(RowLists(starts: coded.starts, bytes: longer, keyCount: 2, rowCount: 201) == nil, "bytes past the last start")
        // Key 1's list is count 2, row 5, step 4: a step of 0 repeats a row.
        var repeated = coded.bytes
        repeated[repeated.count - 1] = 0
        #expect(RowLists(starts: coded.starts, bytes: repeated, keyCount: 2, rowCount: 201) == nil)
        // A count larger than the rows that follow.
        var counted = coded.bytes
        counted[Int(coded.starts[1])] = 3
        #expect(RowLists(starts: coded.starts, bytes: counted, keyCount: 2, rowCount: 201) == nil)
        // A continued byte at a list's end, and starts out of order.
        var open = coded.bytes
        open[open.count - 1] |= 0x80
        #expect(RowLists(starts: coded.starts, bytes: open, keyCount: 2, rowCount: 201) == nil)
        #expect(RowLists(starts: [0, 5, 4], bytes: coded.bytes, keyCount: 2, rowCount: 201) == nil)
    }
}
