@testable import ThumbIndex

/// Issue 19 §3 restated plainly, for holding the index against: scan every folded item with
/// Sellers' algorithm, transpositions included.
///
/// The rule: when no item matches the query exactly (``Naive/search(folded:_:fold:mode:)``), a term
/// of n folded characters (Unicode scalars) may take 0 edits when n < 4, 1 when 4 ≤ n < 8, 2 when
/// n ≥ 8. An item matches with at most d edits when every term has a stretch of the folded item,
/// beginning where the mode allows (anywhere; at a word start; at the start), within min(d, its
/// budget) edits of it. The answer is the items that match with d = 1, or if none, with d = 2 (when
/// some term may take 2); it says d. An edit inserts, deletes or substitutes one character or
/// transposes two adjacent ones, and no character is edited twice (optimal string alignment).
/// Nothing but the folded text counts: no phonetic keys, no columns.
enum NaiveTypos {
    /// The edits a term of `length` scalars may take.
    static func budget(_ length: Int) -> Int { length >= 8 ? 2 : length >= 4 ? 1 : 0 }

    /// The optimal-string-alignment distance between `a` and `b`, by the textbook table.
    static func osa(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }

    /// The positions where a stretch may begin in `item` under `mode`.
    static func allowedStarts(_ item: [Unicode.Scalar], mode: MatchMode) -> Set<Int> {
        switch mode {
        case .contains: Set(item.indices)
        case .prefix: item.isEmpty ? [] : [0]
        case .words: Naive.wordStarts(item)
        }
    }

    /// Sellers' algorithm: the fewest edits between `q` and a stretch of `item` that begins at an
    /// allowed start. Column j of the table holds, for each prefix of `q`, the fewest edits to a
    /// stretch ending before item[j]; row 0 is 0 where a stretch may begin and otherwise one more than
    /// the column before (the item's characters since the last allowed start, deleted).
    static func sellers(_ q: [Unicode.Scalar], in item: [Unicode.Scalar], starts: Set<Int>) -> Int {
        let unreachable = 1 << 20
        var d = [[Int]](repeating: [Int](repeating: unreachable, count: item.count + 1), count: q.count + 1)
        for j in 0...item.count {
            d[0][j] = j < item.count && starts.contains(j) ? 0 : (j > 0 ? d[0][j - 1] + 1 : unreachable)
        }
        for j in 0...item.count {
            for i in stride(from: 1, through: q.count, by: 1) {
                var best = d[i - 1][j] + 1
                if j > 0 {
                    best = min(best, d[i][j - 1] + 1, d[i - 1][j - 1] + (q[i - 1] == item[j - 1] ? 0 : 1))
                }
                if i > 1, j > 1, q[i - 1] == item[j - 2], q[i - 2] == item[j - 1] {
                    best = min(best, d[i - 2][j - 2] + 1)
                }
                d[i][j] = min(best, unreachable)
            }
        }
        return d[q.count].min()!
    }

    /// The same number by the definition itself: the least ``osa(_:_:)`` over every stretch.
    static func bruteForce(_ q: [Unicode.Scalar], in item: [Unicode.Scalar], starts: Set<Int>) -> Int {
        var best = Int.max
        for s in starts.sorted() {
            for e in s...item.count { best = min(best, osa(q, Array(item[s..<e]))) }
        }
        return best
    }

    /// The answer to `query` over the folded items: the exact rows (approximate nil) when there are
    /// any; else the rows within 1, then 2 edits, with that number; else no rows (approximate nil).
    /// `starts`, when given, are each item's ``allowedStarts(_:mode:)`` (worked out once for many queries).
    static func search(folded items: [[Unicode.Scalar]], _ query: String, fold: Fold, mode: MatchMode,
                       starts known: [Set<Int>]? = nil) -> (rows: [Int], approximate: Int?) {
        search(folded: items, terms: Naive.terms(query, fold: fold, mode: mode), mode: mode, starts: known)
    }

    /// The same, with the folded terms given (for a fold the naive scan does not restate).
    static func search(folded items: [[Unicode.Scalar]], terms: [[Unicode.Scalar]], mode: MatchMode,
                       starts known: [Set<Int>]? = nil) -> (rows: [Int], approximate: Int?) {
        let exact = items.indices.filter { Naive.matches(item: items[$0], terms: terms, mode: mode) }
        if !exact.isEmpty { return (exact, nil) }
        let most = terms.map { budget($0.count) }.max() ?? 0
        guard most > 0 else { return ([], nil) }
        for d in 1...most {
            let rows = items.indices.filter { row in
                let starts = known?[row] ?? allowedStarts(items[row], mode: mode)
                return terms.allSatisfy { sellers($0, in: items[row], starts: starts) <= min(d, budget($0.count)) }
            }
            if !rows.isEmpty { return (rows, d) }
        }
        return ([], nil)
    }
}
