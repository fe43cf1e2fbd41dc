import PropertyBased
import Testing
@testable import ThumbIndex

/// The substring index on its own, with tiny offset limits so that most entries are "long" (their late
/// suffixes are not in the suffix array and must be found by the direct check).
@Suite struct TextIndexTests {
    @Test func longEntriesAreFoundByTheDirectCheck() async throws {
        let pieces = ["a", "b", "ab", " ", "é", "x y", "東"]
        let entry = Gen<String?>.element(of: pieces).map { $0! }.array(of: 0...10).map { $0.joined() }
        await propertyCheck(count: Cases.scaled(200), input: entry.array(of: 1...12), Gen<String?>.element(of: pieces).map { $0! }.array(of: 1...3),
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
                // Among some of the entries: checked on their texts (some deferred), and by the semi-join.
                let among = entries.indices.filter { ($0 * 7 + query.count) % 3 != 0 }
                var deferred = BitSet(count: entries.count)
                for e in entries.indices where e % 4 == 1 { deferred[e] = true }
                let checked = index.entries(among: among.map(UInt32.init), matching: query, mode: mode, deferring: deferred)
                #expect(checked.matching.map(Int.init) == expected.filter { among.contains($0) && !deferred[$0] }, "checked, mode \(mode)")
                #expect(checked.deferred.map(Int.init) == among.filter { deferred[$0] }, "deferred, mode \(mode)")
                #expect(index.entries(among: among.map(UInt32.init), matching: query, mode: mode, deferring: nil).matching.map(Int.init)
                        == expected.filter { among.contains($0) }, "checked, none deferred, mode \(mode)")
                var marks = [UInt64](repeating: 0, count: (entries.count + 63) / 64)
                RowSet.set(among.map(UInt32.init), in: &marks)
                var joined: [UInt32] = []
                marks.withUnsafeBufferPointer { index.entries(matching: query, mode: mode, marked: $0, into: &joined) }
                #expect(Set(joined.map(Int.init)) == Set(expected.filter { among.contains($0) }), "joined, mode \(mode)")
            }
        }
    }

    /// An index as large as a real one's code allows (2^20 + 1 entries: a 1,024-byte offset limit),
    /// with entries past the limit: matches there come from the late suffixes, in every mode, before
    /// and after a save; and a file whose late suffixes hold other texts is refused.
    @Test func lateSuffixesFindMatchesPastTheLimitAndAreSaved() throws {
        let filler = (1 << 20) - 3
        let long = [String(repeating: "ab ", count: 400) + "zebra crossing", String(repeating: "é", count: 600) + " zebu",
                    String(repeating: "x", count: 1023) + "zy", "zebra at the start" + String(repeating: " yy", count: 400)]
        var text: [UInt8] = [], starts: [UInt32] = [0]
        for i in 0..<(filler + long.count) {
            text.append(contentsOf: i < filler ? [UInt8(ascii: "a") + UInt8(i % 20)] : Array(long[i - filler].utf8))
            starts.append(UInt32(text.count))
        }
        let index = TextIndex(text: text, starts: starts, wordStarts: try SearchIndex.wordStarts(text: text, starts: starts))
        #expect(index.code.offsetLimit == 1024 && index.longEntries.count == 4 && index.late != nil)
        let loaded = try throughArchive { index.append(to: &$0, tag: "main") } read: {
            try TextIndex(from: &$0, tag: "main", entryCount: index.entryCount)
        }
        for (query, mode, expected) in [("zeb", MatchMode.contains, [0, 1, 3]), ("zeb", .words, [0, 1, 3]), ("ebu", .contains, [1]),
                                        ("ebu", .words, []), ("zy", .contains, [2]), ("zebra", .prefix, [3]), ("crossing", .words, [0])] {
            let expectedEntries = expected.map { filler + $0 }
            #expect(index.entries(matching: Array(query.utf8), mode: mode).idList.map(Int.init) == expectedEntries, "\(query) \(mode)")
            #expect(loaded.entries(matching: Array(query.utf8), mode: mode).idList.map(Int.init) == expectedEntries, "\(query) \(mode), loaded")
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
