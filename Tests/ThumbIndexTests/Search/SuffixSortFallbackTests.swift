import Foundation
import PropertyBased
import Testing
@testable import ThumbIndex

/// The suffix sort on texts that defeat its eight-bytes-at-a-time fast path (long repeats, periodic
/// patterns, one character, many equal entries), through the induced-sorting fallback, held against
/// sorting the suffixes directly.
@Suite struct SuffixSortFallbackTests {
    /// Entries of one piece repeated, with an optional different tail: periodic texts and near-copies.
    static func periodic(_ piece: String, _ count: Int, tail: String = "") -> String {
        String(repeating: piece, count: count) + tail
    }

    /// Sorted suffix codes of `entries` with the fast path stopping at `fallbackDepth`, checked like
    /// SuffixSortTests: the same codes as every character start below the limit, in suffix order
    /// (adjacent pairs compared, so long repeats stay cheap to check).
    func check(_ entries: [String], offsetBits: Int = 20, fallbackDepth: Int, batchBytes: Int = SuffixSort.deferredBatchBytes,
               sourceLocation: SourceLocation = #_sourceLocation) throws {
        var text: [UInt8] = []
        var starts: [UInt32] = [0]
        for entry in entries { text.append(contentsOf: entry.utf8); starts.append(UInt32(text.count)) }
        let code = SuffixCode(offsetBits: offsetBits)
        let wordStarts = try try SearchIndex.wordStarts(text: text, starts: starts)
        var expectedCodes: [UInt32] = []
        for e in entries.indices {
            for offset in 0..<min(code.offsetLimit, Int(starts[e + 1] - starts[e])) {
                let p = Int(starts[e]) + offset
                if text[p] & 0xC0 != 0x80 { expectedCodes.append(code.make(entry: e, offset: offset, wordStart: wordStarts[p])) }
            }
        }
        let codes = SuffixSort.sortedSuffixes(text: text, starts: starts, code: code, wordStarts: wordStarts,
                                              fallbackDepth: fallbackDepth, deferredBatchBytes: batchBytes)
        precondition(entries.count <= 1 << (31 - offsetBits), "too many entries for the packing")
        let sameCodes = codes.sorted() == expectedCodes.sorted()
        #expect(sameCodes, "the codes of every character start (\(codes.count) for \(expectedCodes.count))", sourceLocation: sourceLocation)
        guard sameCodes else { return }
        func suffix(_ c: UInt32) -> Range<Int> {
            let e = code.entry(c)
            return (Int(starts[e]) + code.offset(c))..<Int(starts[e + 1])
        }
        // Compared with memcmp: the repeats make pairs thousands of bytes alike, and a generic
        // byte-by-byte comparison of them took minutes of the AddressSanitizer run.
        let outOfOrder = text.withUnsafeBufferPointer { bytes in
            zip(codes, codes.dropFirst()).first { a, b in
                Self.precedes(UnsafeBufferPointer(rebasing: bytes[suffix(b)]), UnsafeBufferPointer(rebasing: bytes[suffix(a)]))
            }
        }
        #expect(outOfOrder == nil, "suffixes out of order: \(outOfOrder.map { (suffix($0.0).count, suffix($0.1).count) }.debugDescription)",
                sourceLocation: sourceLocation)
    }

    /// Whether `a` comes before `b` byte by byte (a prefix first).
    static func precedes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = min(a.count, b.count)
        let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
        return order != 0 ? order < 0 : a.count < b.count
    }

    static let pieces = ["a", "b", "ab", "x", "é", " ", "東", "😀", "\u{301}"]

    /// An entry from a random number: a piece of one to three ``pieces`` repeated 0 to 40 times, alone,
    /// followed by a tail, or preceded by it.
    static func entry(_ seed: Int) -> String {
        var s = seed
        func take(_ n: Int) -> Int { defer { s /= n }; return s % n }
        let piece = (0...take(3)).map { _ in pieces[take(pieces.count)] }.joined()
        let tail = pieces[take(pieces.count)]
        let count = take(41)
        switch take(3) {
        case 0: return periodic(piece, count)
        case 1: return periodic(piece, count, tail: tail)
        default: return tail + periodic(piece, count)
        }
    }

    /// Batches of the fallback of one group each (1 byte), a few, or all.
    @Test func randomPeriodicEntriesAtEveryFallbackDepth() async throws {
        await propertyCheck(count: Cases.scaled(200), input: Gen.int(in: 0...(1 << 40)).array(of: 1...12),
                            Gen<Int?>.element(of: [0, 1, 2, 3, 10, 18, 34]).map { $0! },
                            Gen<Int?>.element(of: [1, 100, SuffixSort.deferredBatchBytes]).map { $0! }) { seeds, depth, batchBytes in
            try try check(seeds.map(Self.entry), fallbackDepth: depth, batchBytes: batchBytes)
        }
    }

    @Test func oneCharacterEntries() throws {
        try try check([Self.periodic("x", 3000)], offsetBits: 31, fallbackDepth: SuffixSort.defaultFallbackDepth)
        try try check([Self.periodic("é", 500), Self.periodic("é", 499), "", Self.periodic("é", 500)], fallbackDepth: 2)
        try try check([Self.periodic("x", 300)], offsetBits: 6, fallbackDepth: 10)  // the limit cuts the suffixes
    }

    @Test func periodicEntries() throws {
        try try check([Self.periodic("ab", 2000)], fallbackDepth: SuffixSort.defaultFallbackDepth)
        try try check([Self.periodic("abc", 700), Self.periodic("abc", 300, tail: "ab"), Self.periodic("bca", 500)], fallbackDepth: 10)
        try try check([Self.periodic("東京", 400), Self.periodic("京東", 400, tail: "東")], fallbackDepth: SuffixSort.defaultFallbackDepth)
    }

    @Test func manyEqualEntries() throws {
        try try check(Array(repeating: Self.periodic("Mill Creek ", 6), count: 200), fallbackDepth: SuffixSort.defaultFallbackDepth)
        try try check((0..<300).map { Self.periodic("xy", 30, tail: String(UnicodeScalar(UInt8(97 + $0 % 26)))) },
              fallbackDepth: SuffixSort.defaultFallbackDepth)
    }

    /// Past 32 KiB the sort goes through the two-byte buckets and the parallel workers; the long repeats
    /// among ordinary entries still reach the fallback.
    @Test func largeMixedInputThroughTheBuckets() throws {
        var state: UInt64 = 7
        func next(_ n: Int) -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) % n }
        var entries = (0..<5000).map { _ in (0..<next(6)).map { _ in Self.pieces[next(Self.pieces.count)] }.joined() }
        entries += [Self.periodic("x", 4000), Self.periodic("ab", 2000), Self.periodic("ab", 1999, tail: "b")]
        entries += Array(repeating: Self.periodic("Saint ", 10), count: 100)
        var random = SeededGenerator(state: 3)
        entries.shuffle(using: &random)
        #expect(entries.reduce(0) { $0 + $1.utf8.count } > 1 << 15)
        try try check(entries, offsetBits: 17, fallbackDepth: SuffixSort.defaultFallbackDepth)
        try try check(entries, offsetBits: 17, fallbackDepth: 2)
        try try check(entries, offsetBits: 17, fallbackDepth: 2, batchBytes: 1)
    }

    /// The whole index on hostile entries answers like the plain scan (TextIndex's init also checks
    /// its invariants in debug builds).
    @Test func textIndexOnRepeatsMatchesTheScan() throws {
        let entries = [Self.periodic("x", 2000), Self.periodic("ab", 900, tail: "x y"), "xx", "abab", "y"]
        var text: [UInt8] = []
        var starts: [UInt32] = [0]
        for e in entries { text.append(contentsOf: e.utf8); starts.append(UInt32(text.count)) }
        let index = TextIndex(text: text, starts: starts, wordStarts: try try SearchIndex.wordStarts(text: text, starts: starts))
        let bytes = entries.map { Array($0.utf8) }
        for query in ["x", "xx", Self.periodic("x", 1500), Self.periodic("x", 2001), "ba", Self.periodic("ab", 600), "bx", "y"] {
            let q = Array(query.utf8)
            let expected = bytes.indices.filter { e in
                bytes[e].count >= q.count && (0...(bytes[e].count - q.count)).contains { bytes[e][$0..<($0 + q.count)].elementsEqual(q) }
            }
            #expect(index.entries(matching: q, mode: .contains).idList.map(Int.init) == expected, "query of \(q.count) bytes")
        }
    }
}

/// Induced sorting on its own, against sorting the suffixes directly.
@Suite struct InducedSortingTests {
    func naive(_ text: [Int32]) -> [Int32] {
        text.indices.sorted { text[$0...].lexicographicallyPrecedes(text[$1...]) }.map(Int32.init)
    }

    @Test func randomTextsOverSmallAlphabets() async {
        await propertyCheck(count: Cases.scaled(300), input: Gen.int(in: 1...4), Gen.int(in: 0...1000).array(of: 0...60)) { k, raw in
            let symbols = raw.map { $0 % k + 1 }
            let text = symbols.map(Int32.init) + [0]
            #expect(InducedSorting.suffixArray(text, alphabetSize: 5) == naive(text), "text \(symbols)")
        }
    }

    @Test func repeatsAndRecursion() {
        for text in [
            [Int32](repeating: 1, count: 1000) + [0],
            Array([[Int32]](repeating: [2, 1], count: 500).joined()) + [0],
            Array([[Int32]](repeating: [3, 1, 2, 1, 2], count: 200).joined()) + [0],
            [0],
        ] {
            #expect(InducedSorting.suffixArray(text, alphabetSize: 4) == naive(text))
        }
    }
}
