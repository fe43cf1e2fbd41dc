extension TextIndex {
    /// The entries with a suffix, at a word start (``MatchMode/words``) or at the entry's start
    /// (``MatchMode/prefix``), whose first scalar lies in one of `ranges` (ascending, disjoint),
    /// ascending. UTF-8 keeps the order of code points, so each range is one run of the sorted
    /// suffixes: two binary searches, then a pass over the run.
    ///
    /// - Complexity: O(log n) per range, plus the suffixes in the runs.
    func entries(startingWithScalarsIn ranges: [ClosedRange<UInt32>], mode: MatchMode) -> SearchResult.Rows.Storage {
        precondition(mode != .contains, "TextIndex: scalars at word or entry starts")
        let runs = ranges.map { suffixes(from: Self.utf8($0.lowerBound), to: $0.upperBound < 0x10FFFF ? Self.utf8($0.upperBound + 1) : nil) }
        let code = self.code
        let long: [UInt32] = mode == .words
            ? (late?.index.entries(startingWithScalarsIn: ranges, mode: .words).idList.map { longEntries[Int($0)] } ?? []) : []
        let found = suffixes.withUnsafeBufferPointer { codes in
            RowSet.sortedUnique(count: runs.reduce(0) { $0 + $1.count }, universe: entryCount,
                                adjustBitmap: { RowSet.set(long, in: &$0) }) { add in
                for run in runs {
                    for i in run where mode == .words ? code.isWordStart(codes[i]) : code.offset(codes[i]) == 0 {
                        add(UInt32(code.entry(codes[i])))
                    }
                }
            }
        }
        guard case .ids(let ids) = found, !long.isEmpty else { return found }
        return .ids(RowSet.union(ids, long))
    }

    /// The UTF-8 of a scalar value (a surrogate, which no text holds, as the next scalar).
    private static func utf8(_ value: UInt32) -> [UInt8] {
        Array(String(Unicode.Scalar(value) ?? Unicode.Scalar(0xE000)!).utf8)
    }

    /// The range of ``suffixes`` whose suffixes are at least `lower` and below `upper` (no bound
    /// when nil), byte by byte.
    private func suffixes(from lower: [UInt8], to upper: [UInt8]?) -> Range<Int> {
        let code = self.code
        return text.withUnsafeBufferPointer { text in
            starts.withUnsafeBufferPointer { starts in
                suffixes.withUnsafeBufferPointer { codes in
                    // Invariant: every code names an entry below starts.count - 1 and an offset
                    // inside that entry, so the compared bytes lie inside `text`.
                    /// Whether the suffix is at least `bound`: it starts with it, or is greater
                    /// at the first byte where they differ.
                    func isAtLeast(_ suffix: UInt32, _ bound: [UInt8]) -> Bool {
                        let e = code.entry(suffix)
                        let p = Int(starts[e]) + code.offset(suffix)
                        let end = Int(starts[e + 1])
                        for i in bound.indices {
                            if p + i >= end { return false }
                            let a = text[p + i]
                            if a != bound[i] { return a > bound[i] }
                        }
                        return true
                    }
                    let lo = BinarySearch.first(in: 0..<codes.count) { isAtLeast(codes[$0], lower) }
                    guard let upper else { return lo..<codes.count }
                    return lo..<BinarySearch.first(in: lo..<codes.count) { isAtLeast(codes[$0], upper) }
                }
            }
        }
    }
}
