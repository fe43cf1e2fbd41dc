import PropertyBased
import Testing
@testable import ThumbIndex

/// A text index's structures as plain values, its suffixes as a sorted list of codes: equal
/// suffixes may come in any order, which no answer depends on.
struct TextIndexParts: Equatable {
    var text: [UInt8]
    var starts: [UInt32]
    var wordStarts: [UInt64]
    var suffixes: [UInt32]
    var longEntries: [UInt32]
    var offsetBits: Int
    /// The late suffixes' text, entry starts and sorted codes (none: empty).
    var late: [[UInt32]]
    var wordStartsOnly: Bool

    init(_ index: TextIndex) {
        text = Array(index.text)
        starts = Array(index.starts)
        wordStarts = index.wordStarts.words
        suffixes = index.suffixes.sorted()
        longEntries = Array(index.longEntries)
        offsetBits = index.code.offsetBits
        late = index.late.map { [$0.index.text.map(UInt32.init), Array($0.index.starts), $0.index.suffixes.sorted()] } ?? []
        wordStartsOnly = index.wordStartsOnly
    }
}

/// A search index's structures as plain values: the main fold, the variants and the text fields
/// part for part, the phonetic keys by their size.
struct SearchIndexParts: Equatable {
    var main: TextIndexParts
    var variants: [[UInt32]]
    var variantIndexes: [TextIndexParts]
    var fields: [String]
    var fieldIndexes: [SearchIndexParts]
    var phoneticBytes: Int

    init(_ index: SearchIndex) {
        let storage = index.storage
        main = TextIndexParts(storage.main)
        let variants = [storage.caseVariant, storage.allVariant, storage.localeVariant]
        self.variants = variants.map(\.rows)
        variantIndexes = variants.map { TextIndexParts($0.index) }
        fields = storage.fields.map(\.name)
        fieldIndexes = storage.fields.compactMap { field in
            guard case .text(let index) = field.kind else { return nil }
            return SearchIndexParts(index)
        }
        phoneticBytes = storage.phonetic.byteCount
    }
}

/// Text indexes merged from parts (some entries dropped, the rest in a new order) against an index
/// built from the merged entries, with tiny offset limits so that entries are long and the parts'
/// limits differ from the merged one's.
@Suite("Text indexes merged from parts: what a fresh build makes, part for part")
struct TextIndexMergeTests {
    static let pieces = ["a", "b", "ab", " ", "é", "x y", "東", "ba"]

    /// The index of `entries` with `offsetBits` (nil: the packing of their count), of their word
    /// starts only with `wordStartsOnly`.
    static func index(_ entries: [String], offsetBits: Int?, wordStartsOnly: Bool = false) throws -> TextIndex {
        var text: [UInt8] = [], starts: [UInt32] = [0]
        for e in entries {
            text.append(contentsOf: e.utf8)
            starts.append(UInt32(text.count))
        }
        return TextIndex(text: text, starts: starts, wordStarts: try SearchIndex.wordStarts(text: text, starts: starts),
                         code: offsetBits.map(SuffixCode.init(offsetBits:)), wordStartsOnly: wordStartsOnly)
    }

    @Test("random parts, drops and orders, every character start or word starts only: the merge is a fresh build's index, or nil exactly when a part lacks suffixes")
    func mergedIsAFreshBuild() async throws {
        let entry = Gen<String?>.element(of: Self.pieces).map { $0! }.array(of: 0...9).map { $0.joined() }
        await propertyCheck(count: Cases.scaled(300), input: entry.array(of: 0...30), Gen.int(in: 1...4), Gen.int(in: 0...1_000_000)) {
            entries, partCount, seed in
            var g = SeededGenerator(state: UInt64(seed))
            // Each entry's part, whether it is kept, and the kept ones' new order.
            let part = entries.map { _ in Int.random(in: 0..<partCount, using: &g) }
            let kept = entries.indices.filter { _ in Int.random(in: 0...3, using: &g) != 0 }
            let order = kept.shuffled(using: &g)  // order[new] = the original entry
            let partBits = (0..<partCount).map { _ in Int.random(in: 1...5, using: &g) }
            let mergedBits = Int.random(in: 1...5, using: &g)
            let wordStartsOnly = Bool.random(using: &g)

            var newEntry = [Int: Int]()
            for (new, e) in order.enumerated() { newEntry[e] = new }
            var parts: [TextIndex.MergePart] = []
            var lacking = false
            for p in 0..<partCount {
                let members = entries.indices.filter { part[$0] == p }
                let index = try Self.index(members.map { entries[$0] }, offsetBits: partBits[p], wordStartsOnly: wordStartsOnly)
                let newEntries = members.map { newEntry[$0].map(UInt32.init) ?? TextIndex.droppedEntry }
                parts.append(TextIndex.MergePart(index: index, newEntries: newEntries))
                // A kept entry past this part's limit, which is below the merged one: its suffixes
                // between the two limits are in no suffix array.
                lacking = lacking || (partBits[p] < mergedBits
                                      && members.contains { newEntry[$0] != nil && entries[$0].utf8.count > 1 << partBits[p] })
            }
            let merged = TextIndex(merging: parts, entryCount: order.count, code: SuffixCode(offsetBits: mergedBits))
            #expect((merged == nil) == lacking, "parts \(partBits), merged \(mergedBits)")
            guard let merged else { return }
            let fresh = try Self.index(order.map { entries[$0] }, offsetBits: mergedBits, wordStartsOnly: wordStartsOnly)
            #expect(TextIndexParts(merged) == TextIndexParts(fresh), "entries \(entries), order \(order)")
            for query in ["a", "ab", "b a", "é", "東"] {
                for mode in wordStartsOnly ? [.words] : MatchMode.allCases {
                    #expect(merged.entries(matching: Array(query.utf8), mode: mode).idList
                            == fresh.entries(matching: Array(query.utf8), mode: mode).idList, "\(query) \(mode)")
                }
            }
        }
    }

    @Test func partsOfWordStartsOnlyBesidePartsOfEveryCharacterStartAreNotMerged() throws {
        let parts = try [false, true].map { wordStartsOnly in
            TextIndex.MergePart(index: try Self.index(["ab c"], offsetBits: nil, wordStartsOnly: wordStartsOnly), newEntries: [wordStartsOnly ? 1 : 0])
        }
        #expect(TextIndex(merging: parts, entryCount: 2) == nil)
        #expect(TextIndex(merging: [parts[1]].map { TextIndex.MergePart(index: $0.index, newEntries: [0]) }, entryCount: 1)?.wordStartsOnly == true)
    }

    @Test("a search index merged from a live listing's levels is its fresh build's, part for part")
    func searchIndexFromLevels() throws {
        let collation = try IndexedCollation(locale: "sv")
        var items = (0..<300).map { LiveItem(seq: $0, id: "i\($0)", text: ["Öst \($0)", "Ann-Marie Åberg", "Émile \($0 % 7)", "東京 \($0)"][$0 % 4]) }
        var live = try LiveListing(items: items, collation: collation)
        live = try live.applying([.remove(seq: 5), .remove(seq: 6)])
        items.removeAll { $0.seq == 5 || $0.seq == 6 }
        for seq in 300..<340 {
            items.append(LiveItem(seq: seq, id: "n\(seq)", text: "Ärla Ny \(seq)"))
            live = try live.applying([.put(items.last!)])
            if seq % 10 == 0 { live = try live.compactingTail() }
        }
        #expect(live.levels.count >= 3 && live.tailCount > 0)
        let fresh = try LiveListing(items: items, collation: collation)
        let merged = try live.merged()
        let base = merged.levels[LiveListing.base].segment, freshBase = fresh.levels[LiveListing.base].segment
        #expect(SearchIndexParts(base.searchable.index) == SearchIndexParts(freshBase.searchable.index))
        // The merge itself, not a fallback to a fresh build, made it.
        let sources = live.levels.map { level in
            SearchIndex.MergeSource(index: level.segment.searchable.index,
                                    newRows: (0..<level.segment.count).map { row in
                                        level.dead[row] ? TextIndex.droppedEntry
                                            : UInt32(base.row(ofSeq: level.segment.seq(ofRow: row))!)
                                    })
        }
        let direct = try SearchIndex(merging: sources, texts: base.listing.texts, readings: base.listing.readings, locale: "sv")
        #expect(direct.map(SearchIndexParts.init) == SearchIndexParts(freshBase.searchable.index))
    }
}
