import Foundation
import PropertyBased
import Testing
@testable import ThumbIndex

/// A merge and a compaction order what they make by the levels' ranks, with no sort key, and merge
/// the levels' search indexes: the new base, and the new run, must be what a fresh build of the
/// same items sorts and indexes, part for part.
@Suite("Live listings: a merge's new base and a compaction's new run are fresh builds', part for part")
struct LiveMergeTests {
    /// `segment`'s parts, each as plain values.
    struct Parts: Equatable {
        var seqs: [Int]
        var ids, texts: [String]
        var readings: [String]?
        var fields: [[String]]
        var regions: [[String]?]
        var sections: [ListingSection]
        var indexTitles: [String]
        var indexTargets: [IndexTarget]
        var rowsBySeq: [Int32]
        var index: SearchIndexParts

        init(_ segment: LiveSegment) {
            let listing = segment.listing
            seqs = listing.elements
            ids = Array(segment.ids)
            texts = Array(listing.texts)
            readings = segment.readings.map(Array.init)
            fields = listing.fields.map { Array($0.values) }
            regions = listing.fields.map { $0.regions.map(Array.init) }
            sections = listing.sections
            indexTitles = listing.indexTitles
            indexTargets = listing.indexTargets
            rowsBySeq = segment.rowsBySeq
            index = SearchIndexParts(segment.searchable.index)
        }
    }

    /// Random edits (puts of new and old items, removals) with compactions now and then, so the
    /// merge meets a base, runs and a tail, each with tombstones; then the run a compaction makes
    /// and the merged base, each against a fresh one. `item` makes a random item with a `seq`.
    static func check(locale: String, schema: LiveFieldSchema, count: Int,
                      item: @escaping @Sendable (Int, inout SeededGenerator) -> LiveItem) async throws {
        let collation = try IndexedCollation(locale: locale)
        await propertyCheck(count: count, input: Gen.int(in: 0...40), Gen.int(in: 0...60), Gen.int(in: 0...1_000_000)) { initialCount, stepCount, seed in
            var generator = SeededGenerator(state: UInt64(seed))
            var items: [Int: LiveItem] = [:]
            for seq in 0..<initialCount { items[seq] = item(seq, &generator) }
            var nextSeq = initialCount
            var live = try LiveListing(items: Array(items.values), schema: schema, collation: collation)
            for _ in 0..<stepCount {
                switch Int.random(in: 0...9, using: &generator) {
                case 0:
                    live = try live.compactingTail()
                case 1...2 where !items.isEmpty:
                    let seq = items.keys.sorted()[Int.random(in: 0..<items.count, using: &generator)]
                    items[seq] = nil
                    live = try live.applying([.remove(seq: seq)])
                case 3...4 where !items.isEmpty:
                    let seq = items.keys.sorted()[Int.random(in: 0..<items.count, using: &generator)]
                    items[seq] = item(seq, &generator)
                    live = try live.applying([.put(items[seq]!)])
                default:
                    items[nextSeq] = item(nextSeq, &generator)
                    live = try live.applying([.put(items[nextSeq]!)])
                    nextSeq += 1
                }
            }
            let levels = live.levels.count, pending = live.pendingEdits
            // A compaction's new run (the level before the new, empty tail): a fresh build of its items.
            if live.tailCount > 0 {
                let compacted = try live.compactingTail()
                compacted._checkInvariants()
                let run = compacted.levels[compacted.tail - 1].segment
                let runItems = run.listing.elements.sorted().map { items[$0]! }
                #expect(Parts(run) == Parts(try LiveSegment(items: runItems, schema: schema, collation: collation)),
                        "a run of \(runItems.count) items compacted from \(levels) levels")
                #expect(compacted.count == items.count)
            }
            let fresh = try LiveListing(items: Array(items.values), schema: schema, collation: collation)
            // In memory, and into scratch files of a few bytes' chunks (every array but the smallest mapped).
            let folder = try ArrayStreamTests.folder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let scratch = ScratchFolder(path: folder, chunkBytes: 8)
            for merged in [try live.merged(), try live.merged(scratch: scratch)] {
                merged._checkInvariants()
                #expect(merged.levels.count == 2 && merged.pendingEdits == 0)
                #expect(Parts(merged.levels[LiveListing.base].segment) == Parts(fresh.levels[LiveListing.base].segment),
                        "\(items.count) items merged from \(levels) levels with \(pending) pending edits")
            }
            #expect(scratch.failure == nil)
            #expect(try ArrayStreamTests.contents(folder).isEmpty)
        }
    }

    @Test("texts, readings and pins in several sections", arguments: ["sv", "ja", "en"])
    func textsReadingsAndPins(locale: String) async throws {
        try await Self.check(locale: locale, schema: .none, count: Cases.scaled(20)) { seq, g in
            LiveItem(seq: seq, id: "id\(seq % 7)", text: LiveListingPropertyTests.randomText(&g),
                     reading: LiveListingPropertyTests.randomReading(&g), pinned: Int.random(in: 0...5, using: &g) == 0)
        }
    }

    @Test("a merged base has the old base's one-letter results carried over before the swap: each equals a search of the new index")
    func mergeTakesTheDenseResults() throws {
        let collation = try IndexedCollation(locale: "sv", names: false)
        func item(_ seq: Int) -> LiveItem { LiveItem(seq: seq, id: "i\(seq)", text: ["Anna \(seq)", "Ålund \(seq)", "Bo \(seq)"][seq % 3]) }
        let listing = try LiveListing(items: (0..<5000).map(item), collation: collation)
        let old = listing.levels[LiveListing.base].segment.searchable.index.storage.denseResults
        for (query, fold) in [("a", Fold.locale), ("b", .case), ("å", .diacritics)] { _ = try listing.filter(query, fold: fold) }
        let kept = Set(old.keptKeys), prepared = old.preparedFoldsAndModes
        #expect(kept.count >= 3)

        // Every seventh item removed, 400 added: the base's rows renumbered, and the tail's rows among them.
        func added(_ seq: Int) -> LiveItem { LiveItem(seq: seq, id: "n\(seq)", text: ["Åke \(seq)", "anna \(seq)", "Bertil"][seq % 3]) }
        let removed = Set(stride(from: 3, to: 5000, by: 7))
        let edited = try listing.applying(removed.map { LiveEdit.remove(seq: $0) } + (5000..<5400).map { LiveEdit.put(added($0)) })
        let merged = try edited.merged()
        let index = merged.levels[LiveListing.base].segment.searchable.index, new = index.storage.denseResults
        #expect(kept.isSubset(of: Set(new.keptKeys)))
        #expect(prepared.isSubset(of: new.preparedFoldsAndModes))
        for key in new.keptKeys {
            #expect(new.kept(key)!.ids == index.searchedKeyRows([key.byte], fold: key.fold, mode: key.mode).idList, "\(key)")
        }
        let fresh = try LiveListing(items: (0..<5000).filter { !removed.contains($0) }.map(item) + (5000..<5400).map(added),
                                    collation: collation)
        for (query, fold) in [("a", Fold.locale), ("A", .locale), ("b", .case), ("å", .diacritics), ("a", .diacritics), ("an", .locale)] {
            let a = try merged.filter(query, fold: fold), b = try fresh.filter(query, fold: fold)
            #expect(a.sections == b.sections, "\(query) \(fold)")
            #expect(try a.matches(offset: 0, limit: 60) == b.matches(offset: 0, limit: 60), "\(query) \(fold)")
        }
    }

    @Test("a merge into scratch files maps the new base's big arrays, answers as a fresh build, and leaves no file")
    func mergeIntoScratchFiles() throws {
        let collation = try IndexedCollation(locale: "sv", names: false)
        func item(_ seq: Int) -> LiveItem { LiveItem(seq: seq, id: "i\(seq)", text: ["Anna \(seq)", "Ålund \(seq)", "Bo \(seq)"][seq % 3]) }
        let listing = try LiveListing(items: (0..<5000).map(item), collation: collation)
        #expect(try listing.filter("2662", dialpad: true).total >= 1667)  // every "Anna": its dial-pad index made
        let edited = try listing.applying([.remove(seq: 3), .put(LiveItem(seq: 5000, id: "new", text: "Anna Ny"))])
        let folder = try ArrayStreamTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scratch = ScratchFolder(path: folder, chunkBytes: 4096)
        let merged = try edited.merged(scratch: scratch)
        #expect(scratch.failure == nil)
        #expect(try ArrayStreamTests.contents(folder).isEmpty)
        let base = merged.levels[LiveListing.base].segment, storage = base.searchable.index.storage
        #expect(base.ids.isMapped && base.listing.texts.isMapped)
        // The case and locale variants hold the "Ålund" rows (Swedish folds å apart); the "all" one is empty.
        #expect([storage.main.entryCount, storage.caseVariant.index.entryCount, storage.allVariant.index.entryCount,
                 storage.localeVariant.index.entryCount] == [5000, 1667, 0, 1667] as [Int])
        for (name, index) in [("main", storage.main), ("case", storage.caseVariant.index), ("all", storage.allVariant.index),
                              ("locale", storage.localeVariant.index)] where index.entryCount > 0 {
            #expect(index.text.isMapped && index.starts.isMapped && index.suffixes.isMapped,
                    "\(name): \(index.text.count) bytes, \(index.entryCount) entries, \(index.suffixes.count) suffixes")
        }
        // The dial-pad index, merged from the old base's and the tail's, in scratch files too.
        let dialpad = try #require(base.searchable.index.storage.dialpad.ifBuilt).latin.keys.index
        #expect(dialpad.text.isMapped && dialpad.starts.isMapped && dialpad.suffixes.isMapped)
        let fresh = try LiveListing(items: (0..<5000).filter { $0 != 3 }.map(item) + [LiveItem(seq: 5000, id: "new", text: "Anna Ny")],
                                    collation: collation)
        #expect(Parts(base) == Parts(fresh.levels[LiveListing.base].segment))
        #expect(try DialpadIndexParts(base.searchable.index.dialpadIndex())
                == DialpadIndexParts(fresh.levels[LiveListing.base].segment.searchable.index.dialpadIndex()))
        for (query, fold) in [("a", Fold.locale), ("nn", .case), ("å", .diacritics), ("ny", .locale), ("49", .locale)] {
            let a = try merged.filter(query, fold: fold), b = try fresh.filter(query, fold: fold)
            #expect(a.sections == b.sections, "\(query) \(fold)")
            #expect(try a.matches(offset: 0, limit: 60) == b.matches(offset: 0, limit: 60), "\(query) \(fold)")
        }
        for query in ["2662", "26626", "25863", "49"] {
            let a = try merged.filter(query, dialpad: true), b = try fresh.filter(query, dialpad: true)
            #expect(a.sections == b.sections, "dial pad \(query)")
            #expect(try a.matches(offset: 0, limit: 60) == b.matches(offset: 0, limit: 60), "dial pad \(query)")
        }
    }

    @Test("searched fields and regions", arguments: ["en", "sv"])
    func fieldsAndRegions(locale: String) async throws {
        try await Self.check(locale: locale, schema: LiveFieldsTests.schema, count: Cases.scaled(10)) { seq, g in
            LiveFieldsTests.randomItem(seq: seq, &g)
        }
    }
}
