extension TextIndex {
    /// The entries with a stretch within `edits` (1 or 2) edits of the folded term `q` (its scalars),
    /// beginning where `mode` allows, ascending (see ``ApproximateMatcher`` for the edits).
    ///
    /// Found through the suffix array, never by scanning every entry:
    /// - one edit: the entries holding one of the strings one edit from `q` that a stretch must hold
    ///   (``oneEditRanges(_:)``); in ``MatchMode/contains`` mode they are the answer, in the other
    ///   modes they are candidates, checked with the ``ApproximateMatcher``;
    /// - two edits: candidates by the pigeonhole principle, then checked: `q` is cut into three
    ///   pieces, and a stretch two edits from `q` holds one of them exactly, unless one edit is a
    ///   transposition across a cut, and then it is one edit from `q` with that transposition made,
    ///   and holds one of that string's two halves or the string with its halves' neighbours swapped
    ///   (``oneEditCandidateRanges(_:)``).
    ///
    /// Entries longer than the offset limit (``longEntries``) are checked directly, as exact search does.
    ///
    /// - Complexity: per edit position, the binary searches of the characters that follow a prefix of
    ///   `q` in the suffix array, plus the hits; two edits add a check of each candidate.
    func approximateEntries(_ q: [UInt32], edits: Int, mode: MatchMode) -> SearchResult.Rows.Storage {
        precondition(q.count >= 3 && (1...2).contains(edits), "TextIndex: approximate search takes 1 or 2 edits of 3+ characters")
        var candidates: [Range<Int>]
        var exact = mode == .contains
        if edits == 1 {
            candidates = oneEditRanges(q)
        } else {
            let pieces = Self.cheapestThreePieces(q) { suffixRange(Self.utf8($0)).count }
            candidates = pieces.map { suffixRange(Self.utf8($0)) }
            for cut in [pieces[0].count, pieces[0].count + pieces[1].count] where q[cut - 1] != q[cut] {
                var swapped = q
                swapped.swapAt(cut - 1, cut)
                candidates += oneEditCandidateRanges(swapped)
            }
            exact = false
        }
        let code = self.code
        let total = candidates.reduce(0) { $0 + $1.count }
        var found = suffixes.withUnsafeBufferPointer { codes in
            RowSet.sortedUnique(count: total, universe: entryCount) { add in
                for range in candidates { for i in range { add(UInt32(code.entry(codes[i]))) } }
            }
        }
        var matcher = ApproximateMatcher(pattern: q, limit: edits)
        var counts = SharedCharacters(q)
        // A candidate is checked by the matcher only when it holds enough of q's characters.
        func isWithin(_ e: Int) -> Bool {
            let start = Int(starts[e]), end = Int(starts[e + 1])
            let shared = text.withUnsafeBufferPointer { counts.shared(in: UnsafeBufferPointer(rebasing: $0[start..<end])) }
            return shared >= q.count - edits && entry(e, isWithin: &matcher, mode: mode)
        }
        if !exact {
            found = .ids(found.idList.filter { isWithin(Int($0)) })
        }
        if !longEntries.isEmpty {
            let long = longEntries.filter { isWithin(Int($0)) }
            if !long.isEmpty { found = RowSet.union(found, long) }
        }
        return found
    }

    /// Whether entry `e` has a stretch within `matcher`'s limit of its pattern, beginning where `mode` allows.
    func entry(_ e: Int, isWithin matcher: inout ApproximateMatcher, mode: MatchMode) -> Bool {
        let start = Int(starts[e]), end = Int(starts[e + 1])
        return text.withUnsafeBufferPointer { text in
            let entryText = UnsafeBufferPointer(rebasing: text[start..<end])
            switch mode {
            case .contains: return matcher.distance(in: entryText) { _ in true } != nil
            case .prefix: return matcher.distance(in: entryText) { $0 == 0 } != nil
            case .words: return matcher.distance(in: entryText) { wordStarts[start + $0] } != nil
            }
        }
    }

    /// The entries holding a stretch within one edit of `q`, as ranges of ``suffixes``.
    ///
    /// A stretch one edit from `q` holds one of these exactly: `q` with one character deleted, `q`
    /// with two adjacent characters transposed, or `q` with an inner character replaced or a
    /// character inserted between two of its characters. (Replacing the first or last character, or
    /// inserting before or after `q`, leaves `q` with its first or last character deleted in the
    /// stretch.) The last two are found by walking the characters that follow each prefix of `q` in
    /// the suffix array, as a trie would be walked.
    func oneEditRanges(_ q: [UInt32]) -> [Range<Int>] {
        let m = q.count
        var exact = Set<[UInt32]>()
        for i in 0..<m {
            var deleted = q
            deleted.remove(at: i)
            exact.insert(deleted)
        }
        for i in 0..<(m - 1) where q[i] != q[i + 1] {
            var swapped = q
            swapped.swapAt(i, i + 1)
            exact.insert(swapped)
        }
        var ranges = exact.map { suffixRange(Self.utf8($0[...])) }.filter { !$0.isEmpty }
        for i in 1..<m {
            let prefix = Self.utf8(q[..<i])
            let replaced = i + 1 < m ? Self.utf8(q[(i + 1)...]) : nil
            let inserted = Self.utf8(q[i...])
            forEachFollowingCharacter(of: prefix, in: suffixRange(prefix)) { extended, range in
                if let replaced {
                    let found = suffixRange(extended + replaced, within: range)
                    if !found.isEmpty { ranges.append(found) }
                }
                let found = suffixRange(extended + inserted, within: range)
                if !found.isEmpty { ranges.append(found) }
            }
        }
        return ranges
    }

    /// Ranges of ``suffixes`` that every stretch within one edit of `q` (two characters or more)
    /// starts in: a stretch one edit away holds one of two pieces of `q` exactly, unless the edit swaps
    /// the pieces' neighbouring characters, and then it holds `q` with them swapped. The cut is where
    /// the pieces have the fewest hits. Candidates, to be checked.
    func oneEditCandidateRanges(_ q: [UInt32]) -> [Range<Int>] {
        let m = q.count
        var best: (hits: Int, cut: Int, ranges: [Range<Int>]) = (.max, 1, [])
        for h in 1..<m {
            let ranges = [suffixRange(Self.utf8(q[..<h])), suffixRange(Self.utf8(q[h...]))]
            let hits = ranges[0].count + ranges[1].count
            if hits < best.hits { best = (hits, h, ranges) }
        }
        var ranges = best.ranges
        if q[best.cut - 1] != q[best.cut] {
            var swapped = q
            swapped.swapAt(best.cut - 1, best.cut)
            ranges.append(suffixRange(Self.utf8(swapped[...])))
        }
        return ranges.filter { !$0.isEmpty }
    }

    /// Calls `body` with each character that follows `prefix` in the suffixes of `range` (those that
    /// start with `prefix`): `prefix` extended by that character, and the range of suffixes that
    /// start with it.
    ///
    /// - Complexity: O(|prefix| log n) per following character.
    private func forEachFollowingCharacter(of prefix: [UInt8], in range: Range<Int>, _ body: ([UInt8], Range<Int>) -> Void) {
        guard !range.isEmpty else { return }
        let code = self.code
        // The suffixes that are `prefix` and no more sort first.
        var lower = BinarySearch.first(in: range) { k in
            let c = suffixes[k], e = code.entry(c)
            return Int(starts[e + 1]) - Int(starts[e]) - code.offset(c) > prefix.count
        }
        while lower < range.upperBound {
            let c = suffixes[lower], e = code.entry(c)
            let p = Int(starts[e]) + code.offset(c) + prefix.count
            let width = text.withUnsafeBufferPointer { ApproximateMatcher.decode($0, at: p).1 }
            let extended = prefix + text[p..<p + width]
            let child = suffixRange(extended, within: lower..<range.upperBound)
            body(extended, child)
            lower = max(child.upperBound, lower + 1)
        }
    }

    /// Three non-empty pieces of `q` (four scalars or more), back to back, whose hits `hits` counts
    /// fewest together.
    static func cheapestThreePieces(_ q: [UInt32], hits: (ArraySlice<UInt32>) -> Int) -> [ArraySlice<UInt32>] {
        let m = q.count
        var counts: [Range<Int>: Int] = [:]
        func count(_ r: Range<Int>) -> Int {
            if let known = counts[r] { return known }
            let n = hits(q[r])
            counts[r] = n
            return n
        }
        var best: (cost: Int, a: Int, b: Int) = (.max, 1, 2)
        for a in 1..<(m - 1) {
            for b in (a + 1)..<m {
                let cost = count(0..<a) + count(a..<b) + count(b..<m)
                if cost < best.cost { best = (cost, a, b) }
            }
        }
        return [q[0..<best.a], q[best.a..<best.b], q[best.b..<m]]
    }

    /// The UTF-8 of scalar values.
    static func utf8(_ scalars: ArraySlice<UInt32>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count)
        for value in scalars {
            if let scalar = Unicode.Scalar(value), let encoded = UTF8.encode(scalar) { bytes += encoded }
        }
        return bytes
    }
}
