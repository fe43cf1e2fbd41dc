import ArgumentParser
import Foundation
import ThumbIndex

/// `thumbindex bench --edits n`: the keystrokes of a live listing with and without a delta of
/// random edits (issue 20 §3: the keystroke p99 with a delta against none).
extension BenchCommand {
    /// The built listing made live, `count` random edits applied to it as a server applies them
    /// (batches of 64, each batch's tail made a run, runs merged by size, no merge into a new
    /// base), and the keystrokes of `sessions` typed on both, twice each: the second pass counts.
    func measureEdits(_ count: Int, on searchable: SearchableListing<Int>, sessions: [String]) throws -> BenchReport.Edits {
        let listing = searchable.listing
        var ids = TextColumn()
        for element in listing.elements { ids.append(String(element)) }
        guard let live = try LiveListing(searchable: searchable, ids: ids) else {
            throw ValidationError("--edits: a listing with --fields, --phone or in descending order cannot be made live here")
        }
        var random = SeededGenerator(state: 20)
        func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        var edited = live
        var nextSeq = (listing.elements.max() ?? -1) + 1
        var batch: [LiveEdit] = []
        let started = DispatchTime.now()
        for k in 0..<count {
            let row = pick(listing.count), text = listing.texts[pick(listing.count)]
            // Half new items, a third renames of a base item, the rest removals (as the live benchmarks' writer).
            switch pick(20) {
            case 0..<10:
                batch.append(.put(LiveItem(seq: nextSeq, id: "new\(k)", text: text)))
                nextSeq += 1
            case 10..<17:
                batch.append(.put(LiveItem(seq: listing.elements[row], id: ids[row], text: text)))
            default:
                batch.append(.remove(seq: listing.elements[row]))
            }
            if batch.count == 64 {
                edited = try edited.applying(batch).compactingTail()
                batch = []
            }
        }
        edited = try edited.applying(batch)
        let applySeconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9

        func keystrokes(_ live: LiveListing) throws -> [Double] {
            var times: [Double] = []
            for _ in 0..<2 {
                times = []
                for query in sessions {
                    var prefix = ""
                    for character in query {
                        prefix.append(character)
                        let t0 = DispatchTime.now()
                        let result = try live.filter(prefix, fold: fold, mode: mode, phonetic: phonetic, dialpad: dialpad, typos: typos)
                        let page = try result.matches(offset: 0, limit: rows)
                        times.append(Double(DispatchTime.now().uptimeNanoseconds - t0.uptimeNanoseconds) / 1e6)
                        withExtendedLifetime(page) {}
                    }
                }
            }
            return times.sorted()
        }
        let without = try keystrokes(live), with = try keystrokes(edited)
        return BenchReport.Edits(count: count, applySeconds: applySeconds, runs: edited.runCount, pendingEdits: edited.pendingEdits,
                                 withoutP50: Self.percentile(without, 0.5), withoutP99: Self.percentile(without, 0.99),
                                 withP50: Self.percentile(with, 0.5), withP99: Self.percentile(with, 0.99))
    }

    /// The `p` percentile of ascending `sorted` (nearest rank), 0 when empty.
    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((p * Double(sorted.count - 1)).rounded()))]
    }
}
