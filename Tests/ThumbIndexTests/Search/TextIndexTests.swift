import PropertyBased
import Testing
@testable import ThumbIndex

/// The substring index on its own, with tiny offset limits so that most entries are "long" (their late
/// suffixes are not in the suffix array and must be found by the direct check).
@Suite struct TextIndexTests {
    @Test func longEntriesAreFoundByTheDirectCheck() async throws {
        let pieces = ["a", "b", "ab", " ", "é", "x y", "東"]
        let entry = Gen<String?>.element(of: pieces).map { $0! }.array(of: 0...10).map { $0.joined() }
        await propertyCheck(count: 200, input: entry.array(of: 1...12), Gen<String?>.element(of: pieces).map { $0! }.array(of: 1...3),
                            Gen.int(in: 1...4)) { entries, queryPieces, offsetBits in
            var text: [UInt8] = []
            var starts: [UInt32] = [0]
            for e in entries { text.append(contentsOf: e.utf8); starts.append(UInt32(text.count)) }
            let index = TextIndex(text: text, starts: starts, wordStarts: try SearchIndex.wordStarts(text: text, starts: starts),
                                  code: SuffixCode(offsetBits: offsetBits))
            let query = Array(queryPieces.joined().utf8)
            for mode in MatchMode.allCases {
                let expected = try entries.indices.filter { e in
                    let item = Array(entries[e].utf8)
                    let words = Set(try item.withUnsafeBufferPointer { try ICU.wordStarts($0) })
                    return stride(from: 0, through: item.count - query.count, by: 1).contains { p in
                        Array(item[p..<p + query.count]) == query
                            && (mode == .contains || (mode == .prefix && p == 0) || (mode == .words && words.contains(p)))
                    }
                }
                #expect(index.entries(matching: query, mode: mode).idList.map(Int.init) == expected, "mode \(mode), entries \(entries), query \(queryPieces)")
            }
        }
    }

    /// The offset limit of the 32-bit code, a documented limit (see ``SuffixCode``): it halves as the
    /// entry count doubles, and entries past it are still found (above, by the direct check).
    @Test func offsetLimitShrinksWithTheEntryCount() {
        let limits = [1: 1 << 31, 2: 1 << 30, 1_000_000: 2048, 1 << 20: 2048, (1 << 20) + 1: 1024, 1_375_707: 1024,
                      10_000_000: 128, 1 << 28: 8]
        for (entries, limit) in limits {
            #expect(SuffixCode(entryCount: entries).offsetLimit == limit, "\(entries) entries")
            let code = SuffixCode(entryCount: entries)
            let c = code.make(entry: entries - 1, offset: limit - 1, wordStart: true)
            #expect(code.entry(c) == entries - 1 && code.offset(c) == limit - 1 && code.isWordStart(c))
        }
    }

    #if DEBUG
    @Test func invariantsHoldOnCorpusLikeEntries() throws {
        let entries = ["Zürich", "Straße", "", "New York", "東京都", "a b c", String(repeating: "ab", count: 40), "Zürich"]
        var text: [UInt8] = []
        var starts: [UInt32] = [0]
        for e in entries { text.append(contentsOf: e.utf8); starts.append(UInt32(text.count)) }
        for offsetBits in [1, 3, 6, 20] {
            TextIndex(text: text, starts: starts, wordStarts: try try SearchIndex.wordStarts(text: text, starts: starts),
                      code: SuffixCode(offsetBits: offsetBits))._checkInvariants()
        }
    }
    #endif
}
