@testable import ThumbIndex

/// The Chinese rule, from the article: the query cut into pieces p1 … pn, each a Han character equal
/// to the unit ci or a non-empty prefix of a reading of ci, for n consecutive units of one run.
extension NaivePhonetic {
    /// An item's Han characters (its units), grouped in runs.
    struct ChineseItem {
        struct Unit {
            /// Where the unit is in the folded text.
            let offset: Int
            let scalar: Unicode.Scalar
            /// R(c), as scalars, with the `v` and `u` spellings of `ü`.
            let readings: [[Unicode.Scalar]]
        }

        /// Consecutive Han characters of the folded text; white space between them does not end a
        /// run, any other character does.
        let runs: [[Unit]]

        init(_ text: Folded, using dependencies: Dependencies) {
            var runs: [[Unit]] = []
            var run: [Unit] = []
            for (offset, s) in text.scalars.enumerated() {
                if dependencies.isHan(s) {
                    let readings = NaivePhonetic.spellings(dependencies.readings(s, run.isEmpty))
                    run.append(Unit(offset: offset, scalar: s, readings: readings))
                } else if !s.properties.isWhitespace, !run.isEmpty {
                    runs.append(run)
                    run = []
                }
            }
            if !run.isEmpty { runs.append(run) }
            self.runs = runs
        }
    }

    /// Readings with every spelling of `ü`: as given, with `v`, with `u`; no duplicates.
    static func spellings(_ readings: [String]) -> [[Unicode.Scalar]] {
        var seen: Set<String> = []
        var result: [[Unicode.Scalar]] = []
        for reading in readings {
            for spelling in [reading, reading.replacing("ü", with: "v"), reading.replacing("ü", with: "u")]
            where !spelling.isEmpty && seen.insert(spelling).inserted {
                result.append(scalars(spelling))
            }
        }
        return result
    }

    /// The matches of the Chinese rule (n consecutive units c1 … cn of a run, c1 where `mode` lets a
    /// match start) from the left, each the shortest at its start and past the one before, each
    /// covering c1 … cn; nil when there is none.
    static func chineseRanges(_ item: Item, _ query: Query, mode: MatchMode) -> [Range<Int>]? {
        let q = query.rule
        guard !q.isEmpty else { return nil }
        let text = item.ruleText
        var found: [Range<Int>] = []
        for run in item.chinese.runs {
            var start = 0
            while start < run.count {
                if text.ruleMayStart(at: run[start].offset, mode), let end = chineseMatchEnds(q, in: run, from: start).first {
                    found.append(text.originalRange(run[start].offset..<run[end].offset + 1))
                    start = end + 1
                } else {
                    start += 1
                }
            }
        }
        return found.isEmpty ? nil : merged(found)
    }

    /// The units `end` of `run` such that `q` can be cut into pieces that match the units
    /// `start ... end` one by one.
    ///
    /// A dynamic program over the query: `reach` holds the offsets of `q` where a piece can start
    /// after the units `start ..< u` matched the pieces before it.
    static func chineseMatchEnds(_ q: [Unicode.Scalar], in run: [ChineseItem.Unit], from start: Int) -> [Int] {
        var reach: Set<Int> = [0]
        var ends: [Int] = []
        for u in start..<run.count {
            var next: Set<Int> = []
            for p in reach {
                // The piece is the Han character itself.
                if q[p] == run[u].scalar { next.insert(p + 1) }
                // The piece is a non-empty prefix of a reading.
                for reading in run[u].readings {
                    var length = 0
                    while length < reading.count, p + length < q.count, q[p + length] == reading[length] {
                        length += 1
                        next.insert(p + length)
                    }
                }
            }
            if next.remove(q.count) != nil { ends.append(u) }
            reach = next
            if reach.isEmpty { break }
        }
        return ends
    }
}
