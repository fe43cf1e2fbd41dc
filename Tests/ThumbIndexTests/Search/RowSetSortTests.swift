import PropertyBased
import Testing
@testable import ThumbIndex

@Suite("RowSet.sort: the radix sort of row ids against the standard sort")
struct RowSetSortTests {
    @Test("random ids with repeats, in universes of 1 to 2^28 rows: the same order as sorted()")
    func againstStandardSort() async {
        await propertyCheck(count: Cases.scaled(300), input: Gen.int(in: 0...5000), Gen.int(in: 0...28)) { count, universeBits in
            var rng = SeededGenerator(state: UInt64(count * 31 + universeBits))
            let universe = 1 << universeBits
            let ids = (0..<count).map { _ in UInt32(rng.next() % UInt64(universe)) }
            var sorted = ids
            RowSet.sort(&sorted, universe: universe)
            #expect(sorted == ids.sorted(), "\(count) ids below \(universe)")
        }
    }

    @Test("ids bunched in a small part of a large universe (sharing their high digits): the same order as sorted()")
    func bunched() async {
        await propertyCheck(count: Cases.scaled(200), input: Gen.int(in: 0...20_000), Gen.int(in: 0...12)) { count, spreadBits in
            var rng = SeededGenerator(state: UInt64(count * 13 + spreadBits))
            // Universes of 2^20 to 2^24 rows: the two-pass sort (up to 2^22) and the general one.
            let universe = 1 << (20 + count % 5), base = Int(rng.next() % UInt64(universe - (1 << spreadBits)))
            let ids = (0..<count).map { _ in UInt32(base + Int(rng.next() % UInt64(1 << spreadBits))) }
            var sorted = ids
            RowSet.sort(&sorted, universe: universe)
            #expect(sorted == ids.sorted(), "\(count) ids within 2^\(spreadBits) of \(base), below \(universe)")
        }
    }

    @Test("sortedUnique: the same rows as a Set, whether it answers with ids or a bitmap")
    func sortedUniqueAgainstSet() async {
        await propertyCheck(count: Cases.scaled(100), input: Gen.int(in: 0...20_000), Gen.int(in: 1...300_000)) { count, universe in
            var rng = SeededGenerator(state: UInt64(count * 7 + universe))
            let ids = (0..<count).map { _ in UInt32(rng.next() % UInt64(universe)) }
            let found = RowSet.sortedUnique(count: ids.count, universe: universe) { add in ids.forEach(add) }
            #expect(found.idList == Set(ids).sorted(), "\(count) ids below \(universe)")
        }
    }
}
