import PropertyBased
import Testing
@testable import ThumbIndex

/// The suffix sort against sorting the suffixes directly.
@Suite struct SuffixSortTests {
    static let pieces = ["a", "b", "ab", "é", "ß", "aaaaaaaaaaa", "ab ab ab ab ", " ", "\u{0}", "東", "😀"]

    func check(_ entries: [String], offsetBits: Int, passSize: Int? = nil, partEntries: Int = 1 << 14,
               sourceLocation: SourceLocation = #_sourceLocation) throws {
        var text: [UInt8] = []
        var starts: [UInt32] = [0]
        for entry in entries { text.append(contentsOf: entry.utf8); starts.append(UInt32(text.count)) }
        let code = SuffixCode(offsetBits: offsetBits)
        let wordStarts = try SearchIndex.wordStarts(text: text, starts: starts)
        func suffix(_ c: UInt32) -> ArraySlice<UInt8> {
            let e = code.entry(c)
            return text[(Int(starts[e]) + code.offset(c))..<Int(starts[e + 1])]
        }
        var expectedCodes: [UInt32] = []
        for e in entries.indices {
            for offset in 0..<min(code.offsetLimit, Int(starts[e + 1] - starts[e])) {
                let p = Int(starts[e]) + offset
                if text[p] & 0xC0 != 0x80 { expectedCodes.append(code.make(entry: e, offset: offset, wordStart: wordStarts[p])) }
            }
        }
        let codes = SuffixSort.sortedSuffixes(text: text, starts: starts, code: code, wordStarts: wordStarts, passSize: passSize,
                                                partEntries: partEntries)
        #expect(codes.sorted() == expectedCodes.sorted(), sourceLocation: sourceLocation)
        let expected = expectedCodes.map(suffix).sorted { $0.lexicographicallyPrecedes($1) }
        #expect(codes.map(suffix) == expected, sourceLocation: sourceLocation)
    }

    @Test func suffixesComeOutSorted() async throws {
        let entry = Gen<String?>.element(of: Self.pieces).map { $0! }.array(of: 0...8).map { $0.joined() }
        await propertyCheck(count: Cases.scaled(300), input: entry.array(of: 0...20), Gen.int(in: 3...12)) { entries, offsetBits in
            try check(entries, offsetBits: offsetBits)
        }
    }

    /// Past 32 KiB the sort goes through the two-byte buckets and the parallel workers.
    @Test func largeInputThroughTheBuckets() throws {
        var state: UInt64 = 42
        func next(_ n: Int) -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) % n }
        let entries = (0..<6000).map { _ in (0..<next(6)).map { _ in Self.pieces[next(Self.pieces.count)] }.joined() }
        #expect(entries.reduce(0) { $0 + $1.utf8.count } > 1 << 15)
        try check(entries, offsetBits: 18)
    }

    /// The buckets sorted a group at a time, in passes of at most a few hundred suffixes (a bucket
    /// larger than that a pass of its own), as 10M names are in passes of millions; the entries
    /// counted and placed in parts of at least 100 (one per core) or of at least 16,384 (one part).
    @Test(arguments: [1, 300, 5000], [100, 1 << 14])
    func largeInputInPasses(passSize: Int, partEntries: Int) throws {
        var state: UInt64 = 7
        func next(_ n: Int) -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) % n }
        let entries = (0..<6000).map { _ in (0..<next(6)).map { _ in Self.pieces[next(Self.pieces.count)] }.joined() }
        #expect(entries.reduce(0) { $0 + $1.utf8.count } > 1 << 15)
        try check(entries, offsetBits: 18, passSize: passSize, partEntries: partEntries)
        let groups = SuffixSort.bucketGroups([0] + (1...65_536).map { min($0, 65_000) * 3 }, passSize: passSize)
        #expect(groups.first?.lowerBound == 0 && groups.last?.upperBound == 65_536)
        #expect(zip(groups, groups.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && !$0.isEmpty })
    }

    /// Parts place a bucket's suffixes in entry order, as one part does: the codes come out the
    /// same, equal suffixes in the same order, whatever the number of cores.
    @Test func partsPlaceAsOnePartDoes() throws {
        var state: UInt64 = 11
        func next(_ n: Int) -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) % n }
        let entries = (0..<6000).map { _ in (0..<next(6)).map { _ in Self.pieces[next(Self.pieces.count)] }.joined() }
        var text: [UInt8] = []
        var starts: [UInt32] = [0]
        for entry in entries { text.append(contentsOf: entry.utf8); starts.append(UInt32(text.count)) }
        let code = SuffixCode(offsetBits: 18)
        let wordStarts = try SearchIndex.wordStarts(text: text, starts: starts)
        func sorted(partEntries: Int) -> [UInt32] {
            SuffixSort.sortedSuffixes(text: text, starts: starts, code: code, wordStarts: wordStarts, passSize: 300,
                                      partEntries: partEntries)
        }
        let whole = sorted(partEntries: 1 << 14)
        #expect(whole.count > 1 << 14)
        #expect(sorted(partEntries: 100) == whole)
        #expect(sorted(partEntries: 1) == whole)
    }

    /// The parts of the counting and placing passes: consecutive, covering every entry, each within
    /// one entry's length of its share of the bytes.
    @Test func entryPartsShareTheBytes() async {
        let lengths = Gen.int(in: 0...40).array(of: 1...300)
        await propertyCheck(count: Cases.scaled(200), input: lengths, Gen.int(in: 1...9)) { lengths, count in
            var starts: [UInt32] = [0]
            for length in lengths { starts.append(starts.last! + UInt32(length)) }
            let parts = starts.withUnsafeBufferPointer { SuffixSort.entryParts($0, count: count) }
            #expect(parts.count == count)
            #expect(parts.first?.lowerBound == 0 && parts.last?.upperBound == lengths.count)
            #expect(zip(parts, parts.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            let total = Int(starts.last!), longest = lengths.max()!
            for (k, part) in parts.enumerated() {
                let bytes = Int(starts[part.upperBound] - starts[part.lowerBound])
                let share = total * (k + 1) / count - total * k / count
                #expect(abs(bytes - share) <= longest, "part \(k) of \(count): \(bytes) bytes against \(share)")
            }
        }
    }

    @Test func repetitiveAndDuplicateEntries() throws {
        try check(Array(repeating: "Mill Creek", count: 50) + ["Mill Creek North", "Mill", "", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"], offsetBits: 20)
        try check([String(repeating: "ab", count: 40), String(repeating: "a", count: 70)], offsetBits: 5)
    }
}
