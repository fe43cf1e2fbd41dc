import CThumbIndexICU

extension TextIndex {
    /// The entries of `ids` (ascending) whose text matches non-empty `query` in `mode`, checked
    /// directly on their texts, except those `deferred` holds: those are returned apart, unchecked
    /// (their text is searched elsewhere, e.g. in a fold's variant index).
    ///
    /// One loop over the ids with the buffers taken once. The texts lie anywhere in memory: each
    /// entry's start is asked for 64 ids ahead and its first bytes 32 ahead, so that the misses
    /// overlap the checks before them instead of following them.
    ///
    /// - Complexity: O(Σ |text of each id| · |query|) at most; a cache miss or two per id.
    func entries(among ids: [UInt32], matching query: [UInt8], mode: MatchMode,
                 deferring deferred: BitSet?) -> (matching: [UInt32], deferred: [UInt32]) {
        precondition(!query.isEmpty, "TextIndex: a check needs a non-empty query")
        var matching: [UInt32] = [], skipped: [UInt32] = []
        let ahead = 32, entryCount = self.entryCount
        text.withUnsafeBufferPointer { text in
            starts.withUnsafeBufferPointer { starts in
                wordStarts.words.withUnsafeBufferPointer { wordBits in
                    query.withUnsafeBufferPointer { q in
                        ids.withUnsafeBufferPointer { ids in
                            // Invariant: every id is an entry (below entryCount), so starts[id + 1] is in
                            // `starts`, and starts ascend to text.count, so each entry's bytes are in `text`.
                            for i in ids.indices {
                                if i &+ 2 &* ahead < ids.count {
                                    ti_prefetch(starts.baseAddress! + Int(ids[i &+ 2 &* ahead]))
                                }
                                if i &+ ahead < ids.count {
                                    let start = Int(starts[Int(ids[i &+ ahead])])
                                    if start < text.count { ti_prefetch(text.baseAddress! + start) }
                                }
                                let e = Int(ids[i])
                                precondition(e < entryCount, "TextIndex: an id past the entries")
                                if let deferred, deferred[e] { skipped.append(ids[i]); continue }
                                let start = Int(starts[e]), end = Int(starts[e &+ 1])
                                let entry = UnsafeBufferPointer(rebasing: text[start..<end])
                                if Self.entry(entry, at: start, matches: q, mode: mode, wordBits: wordBits) {
                                    matching.append(ids[i])
                                }
                            }
                        }
                    }
                }
            }
        }
        return (matching, skipped)
    }

    /// The entries whose text matches non-empty `query` in `mode` and whose bit is set in `marks`
    /// (a bit per entry), in the order of their suffixes, with repeats: a semi-join of the query's
    /// suffixes with rows known already, which sorts only what both hold.
    ///
    /// Includes the long entries' matches past the offset limit, as ``entries(matching:mode:adjustBitmap:)`` does.
    ///
    /// - Complexity: O(|query| log n + k) for the k suffixes that start with `query`.
    func entries(matching query: [UInt8], mode: MatchMode, marked marks: UnsafeBufferPointer<UInt64>,
                 into found: inout [UInt32]) {
        precondition(marks.count * 64 >= entryCount, "TextIndex: a mark per entry")
        let range = suffixRange(query)
        let code = self.code
        suffixes.withUnsafeBufferPointer { codes in
            // Invariant: every suffix code names an entry (checked at build and at load), so e / 64 is in `marks`.
            @inline(__always) func keep(_ c: UInt32) {
                let e = code.entry(c)
                if marks[e &>> 6] & (1 &<< UInt64(e & 63)) != 0 { found.append(UInt32(e)) }
            }
            switch mode {
            case .contains: for i in range { keep(codes[i]) }
            case .prefix: for i in range where code.offset(codes[i]) == 0 { keep(codes[i]) }
            case .words: for i in range where code.isWordStart(codes[i]) { keep(codes[i]) }
            }
        }
        for e in longEntries(matchingPastTheLimit: query, mode: mode)
        where marks[Int(e) >> 6] & (1 << UInt64(e & 63)) != 0 {
            found.append(e)
        }
    }
}
