import PropertyBased
import Testing
@testable import ThumbIndex

/// Texts that land in many sections (and in Favorites and "#"), with ties, marks and readings.
private let livePieces = ["a", "A", "å", "Ä", "ö", "b", "ch", "é", "e", "z", "Z", "ß", "1", "7", " ", "-", "😀",
                          "あ", "カ", "李", "ж", "an", "na", "Anna", "Åsa"]

/// The naive model of a live listing: the items by `seq`, answered by sorting and filtering from
/// scratch (a listing built afresh, whose search is held against the naive scan in the search tests
/// and here again).
struct LiveModel {
    var items: [Int: LiveItem] = [:]
    let collation: IndexedCollation

    /// A listing of the items built afresh, with its search index: what every query of one step is
    /// answered from (built once per step, not once per query: the build was 60% of this suite's CPU).
    func built() throws -> SearchableListing<LiveItem> {
        let sorted = items.values.sorted { $0.seq < $1.seq }
        return try SearchableListing(Listing(sorted, collation: collation, text: \.text, reading: \.reading, pinned: \.pinned))
    }
}

@Suite("Live listings: edits, compactions and merges against a listing built from scratch")
struct LiveListingPropertyTests {
    /// One random step: an edit, a batch, a compaction or a merge.
    enum Step: Sendable {
        case insert(text: String, reading: String?, pinned: Bool)
        case rename(pick: Int, text: String, reading: String?, pinned: Bool)
        case delete(pick: Int)
        case batch([Step])
        case compact
        case merge
    }

    static func randomText(_ g: inout SeededGenerator) -> String {
        (0..<Int.random(in: 1...4, using: &g)).map { _ in livePieces.randomElement(using: &g)! }.joined()
    }

    static func randomReading(_ g: inout SeededGenerator) -> String? {
        [nil, nil, nil, "", "あ", "か", "ん", "b"].randomElement(using: &g)!
    }

    static func randomEdit(_ g: inout SeededGenerator) -> Step {
        let pinned = Int.random(in: 0...5, using: &g) == 0
        switch Int.random(in: 0...9, using: &g) {
        case 0...3: return .insert(text: randomText(&g), reading: randomReading(&g), pinned: pinned)
        case 4...6: return .rename(pick: Int.random(in: 0...1000, using: &g), text: randomText(&g), reading: randomReading(&g), pinned: pinned)
        default: return .delete(pick: Int.random(in: 0...1000, using: &g))
        }
    }

    /// An edit most of the time; now and then a batch, a compaction or a merge.
    static func randomStep(_ g: inout SeededGenerator) -> Step {
        switch Int.random(in: 0...19, using: &g) {
        case 0: return .compact
        case 1: return .merge
        case 2: return .batch((0..<Int.random(in: 0...6, using: &g)).map { _ in randomEdit(&g) })
        default: return randomEdit(&g)
        }
    }

    static let queries = ["", "a", "an", "å", "e", "ch", "z", "1", "あ", "ka", " a", "ss", "anna", "na", "😀", "-"]

    @Test("random edits, compactions and merges: every answer equals a fresh build's, at every step",
          arguments: ["sv", "en", "ja"])
    func randomSessions(locale: String) async throws {
        try await Self.randomSessions(locale: locale, count: Cases.scaled(12), steps: 1...30, compactingEveryStep: false)
    }

    @Test("a compaction after every step: runs of several sizes, merged by size; every answer equals a fresh build's",
          arguments: ["sv", "en"])
    func randomSessionsWithRuns(locale: String) async throws {
        try await Self.randomSessions(locale: locale, count: Cases.scaled(5), steps: 60...90, compactingEveryStep: true)
    }

    /// Edits made during a merge are caught up with as one batch, the tail made a run when they
    /// leave more than a tail's worth: it never holds more after, and no answer changes.
    @Test("edits caught up with after a merge: the tail is made a run past its size; every answer equals a fresh build's",
          arguments: ["sv", "ja"])
    func randomSessionsCaughtUp(locale: String) async throws {
        try await Self.randomSessions(locale: locale, count: Cases.scaled(6), steps: 10...40, compactingEveryStep: false,
                                      catchingUpAfter: 2)
    }

    /// The rounds of a catch-up: each takes what the writers hand over while it is more than a
    /// tail's worth, and there are at most `catchUpRounds` of them however fast the writes come.
    @Test("a catch-up applies the edits round after round while they are more than a tail's worth, at most catchUpRounds rounds")
    func caughtUpRounds() throws {
        let collation = try IndexedCollation(locale: "en")
        func item(_ seq: Int) -> LiveItem { LiveItem(seq: seq, id: "id\(seq)", text: "Name \(seq)", reading: nil, pinned: false) }
        let live = try LiveListing(items: (0..<10).map(item), collation: collation)
        var nextSeq = 10
        func batch(_ count: Int) -> [LiveEdit] {
            defer { nextSeq += count }
            return (nextSeq..<nextSeq + count).map { .put(item($0)) }
        }
        var sizes = [5, 4, 3, 1]  // the last is not more than a tail's worth: left for the writers
        let (caught, rounds) = try live.caughtUp(compactAfter: 2) { moreThan in
            guard let size = sizes.first, size > moreThan else { return nil }
            sizes.removeFirst()
            return batch(size)
        }
        #expect(rounds == [5, 4, 3])
        #expect(sizes == [1])
        #expect(caught.count == 22 && caught.tailCount <= 2)
        #expect(try caught.filter("name").total == 22)
        let endless = try live.caughtUp(compactAfter: 2) { _ in batch(3) }
        #expect(endless.rounds == Array(repeating: 3, count: LiveListing.catchUpRounds))
    }

    /// Inserts compacted one at a time: the runs grow by size (a compaction's merge stops at a run
    /// with at least ``LiveListing/runRatio`` times the live items of the new one), three of them by
    /// the 23rd insert; every answer equals a fresh build's all along. (The random sessions above
    /// may or may not make three.)
    @Test func runsGrowBySize() throws {
        let collation = try IndexedCollation(locale: "sv")
        var generator = SeededGenerator(state: 5)
        var model = LiveModel(collation: collation)
        var live = try LiveListing(items: [], collation: collation)
        var mostRuns = 0
        for seq in 0..<30 {
            let item = LiveItem(seq: seq, id: "id\(seq)", text: Self.randomText(&generator))
            model.items[seq] = item
            live = try live.applying([.put(item)]).compactingTail()
            live._checkInvariants()
            // The merge stopped at a run with at least `runRatio` times the live items of the new one.
            let sizes = live.levels.dropFirst().dropLast().map(\.liveCount)
            if sizes.count >= 2 {
                #expect(sizes[sizes.count - 2] >= LiveListing.runRatio * sizes[sizes.count - 1], "runs \(sizes) after \(seq + 1) inserts")
            }
            mostRuns = max(mostRuns, live.runCount)
            try Self.expectSame(live, model, generator: &generator)
        }
        #expect(mostRuns >= 3)
    }

    /// Random sessions from a random listing, each answer held against the model's; with
    /// `compactingEveryStep`, the tail is made a run after every step; with `catchingUpAfter`, every
    /// edit is applied with `catchingUp(with:compactAfter:)` that many tail items.
    static func randomSessions(locale: String, count: Int, steps: ClosedRange<Int>, compactingEveryStep: Bool,
                               catchingUpAfter: Int? = nil) async throws {
        let collation = try IndexedCollation(locale: locale)
        await propertyCheck(count: count, input: Gen.int(in: 0...40), Gen.int(in: steps), Gen.int(in: 0...1_000_000)) { initialCount, stepCount, seed in
            var generator = SeededGenerator(state: UInt64(seed))
            var model = LiveModel(collation: collation)
            var nextSeq = 0
            func newItem(_ text: String, _ reading: String?, _ pinned: Bool) -> LiveItem {
                defer { nextSeq += 1 }
                return LiveItem(seq: nextSeq, id: "id\(nextSeq)", text: text, reading: reading, pinned: pinned)
            }
            for _ in 0..<initialCount {
                let item = newItem(Self.randomText(&generator), nil, Int.random(in: 0...6, using: &generator) == 0)
                model.items[item.seq] = item
            }
            var live = try LiveListing(items: Array(model.items.values), collation: collation)
            try Self.expectSame(live, model, generator: &generator)

            func edits(of step: Step) -> [LiveEdit] {
                switch step {
                case .insert(let text, let reading, let pinned):
                    let item = newItem(text, reading, pinned)
                    model.items[item.seq] = item
                    return [.put(item)]
                case .rename(let pick, let text, let reading, let pinned):
                    guard !model.items.isEmpty else { return [] }
                    let seq = model.items.keys.sorted()[pick % model.items.count]
                    let item = LiveItem(seq: seq, id: "id\(seq)", text: text, reading: reading, pinned: pinned)
                    model.items[seq] = item
                    return [.put(item)]
                case .delete(let pick):
                    guard !model.items.isEmpty else { return [.remove(seq: 99_999)] }
                    let seq = model.items.keys.sorted()[pick % model.items.count]
                    model.items[seq] = nil
                    return [.remove(seq: seq)]
                case .batch(let steps):
                    return steps.flatMap(edits(of:))
                case .compact, .merge:
                    return []
                }
            }
            for _ in 0..<stepCount {
                let step = Self.randomStep(&generator)
                switch step {
                case .compact: live = try live.compactingTail()
                case .merge: live = try live.merged()
                default:
                    if let compactAfter = catchingUpAfter {
                        live = try live.catchingUp(with: edits(of: step), compactAfter: compactAfter)
                        #expect(live.tailCount <= compactAfter)
                        live._checkInvariants()
                    } else {
                        live = try live.applying(edits(of: step))
                    }
                }
                if compactingEveryStep {
                    live = try live.compactingTail()
                    live._checkInvariants()
                }
                #expect(live.count == model.items.count)
                try Self.expectSame(live, model, generator: &generator)
            }
        }
    }

    /// Every query of a few, under a random fold and mode: the same total, sections, index and
    /// matches (whole and in a random page) as the model's, and the same rows as the naive scan.
    static func expectSame(_ live: LiveListing, _ model: LiveModel, generator: inout SeededGenerator) throws {
        let fresh = try model.built()
        let elements = fresh.listing.elements
        for query in queries {
            let fold = Fold.naiveCases.randomElement(using: &generator)!
            let mode = MatchMode.allCases.randomElement(using: &generator)!
            let phonetic = Phonetic.allCases.randomElement(using: &generator)!
            let got = try live.filter(query, fold: fold, mode: mode, phonetic: phonetic)
            let expected = try fresh.filter(query, fold: fold, mode: mode, phonetic: phonetic)
            let context = "query '\(query)' \(fold) \(mode) phonetic \(phonetic), \(model.items.count) items"
            #expect(got.total == expected.total, "\(context)")
            #expect(got.sections.map(\.title) == expected.sections.map(\.title), "\(context)")
            #expect(got.sections.map(\.count) == expected.sections.map(\.count), "\(context)")
            #expect(got.sections.map(\.offset) == expected.sections.map(\.offset), "\(context)")
            #expect(got.indexTitles == expected.indexTitles, "\(context)")
            let all = try got.matches(offset: 0, limit: Int.max)
            let want = try expected.matches(offset: 0, limit: Int.max)
            #expect(all.map(\.item) == want.map(\.element), "\(context)")
            #expect(all.map(\.ranges) == want.map(\.ranges), "\(context)")
            #expect(all.map { got.sections[$0.sectionIndex].title } == want.map { expected.sections[$0.sectionIndex].title }, "\(context)")
            // The naive scan finds the same items (it knows only the ordinary match; the phonetic
            // rules are held against their own oracle in Phonetic/).
            if phonetic == .off {
                let naive = Naive.search(elements.map(\.text), query, fold: fold, mode: mode).map { elements[$0].seq }
                #expect(all.map(\.item.seq) == naive, "\(context)")
            }
            // A page anywhere is the same slice.
            let offset = Int.random(in: 0...max(got.total, 1), using: &generator)
            let limit = Int.random(in: 1...7, using: &generator)
            let page = try got.matches(offset: offset, limit: limit)
            #expect(page == Array(all.dropFirst(offset).prefix(limit)), "\(context) page \(offset) +\(limit)")
            for position in got.indexTitles.indices {
                #expect(got.indexTarget(forTitleAt: position) == expected.indexTarget(forTitleAt: position), "\(context)")
            }
        }
    }
}
