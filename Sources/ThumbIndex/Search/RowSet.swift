import CThumbIndexICU

/// Helpers that turn unordered ids with repeats into sorted, duplicate-free rows: `[UInt32]` when they
/// are few, a `RowBitmap` when they are many.
enum RowSet {
    /// Sorted, duplicate-free ids produced by `forEach`, all below `universe`; `count` is how many ids
    /// `forEach` produces at most (with repeats; more traps). When the answer is a bitmap,
    /// `adjustBitmap` may change its words before the ranks are counted.
    ///
    /// - Complexity: O(count) for few ids (a radix sort); otherwise O(count + universe / 64) with a bitmap.
    @inline(__always)  // so that `forEach`'s calls to its argument are inlined: one per suffix of a query
    static func sortedUnique(count: Int, universe: Int, adjustBitmap: (inout [UInt64]) -> Void = { _ in },
                             _ forEach: ((UInt32) -> Void) -> Void) -> SearchResult.Rows.Storage {
        guard count > 0 else { return .ids([]) }
        if count <= 1024 || count < universe / 256 {
            var ids = [UInt32](capacity: count) { buffer in
                // Invariant: at most buffer.count ids are written (the precondition), each once.
                var k = 0
                forEach { id in
                    precondition(k < buffer.count, "RowSet.sortedUnique: more ids than the count given")
                    buffer[k] = id
                    k &+= 1
                }
                return k
            }
            sort(&ids, universe: universe)
            removeRepeats(fromSorted: &ids)
            return .ids(ids)
        }
        var bits = [UInt64](repeating: 0, count: (universe + 63) / 64)
        bits.withUnsafeMutableBufferPointer { bits in
            // Invariant: every id is below `universe`, so id / 64 is inside `bits`.
            forEach { id in bits[Int(id &>> 6)] |= 1 &<< UInt64(id & 63) }
        }
        adjustBitmap(&bits)
        return .bitmap(RowBitmap(words: bits))
    }

    /// Sorts `ids`, each below `universe`, ascending: a least-significant-digit radix sort when they
    /// are many, the standard sort when few. Universes of up to 2^22 rows take two passes of at most
    /// 11 bits with both histograms counted in one read; larger ones as few passes of at most 11
    /// bits as they need, every pass's counts taken in one read.
    static func sort(_ ids: inout [UInt32], universe: Int) {
        guard ids.count > 256 else { ids.sort(); return }
        let bits = max(Int.bitWidth - max(universe - 1, 1).leadingZeroBitCount, 1)
        if bits <= 22 { sortInTwoPasses(&ids, bits: bits) } else { sortInPasses(&ids, bits: bits) }
    }

    /// ``sort(_:universe:)`` for ids below 2^`bits`, `bits` at most 22: the low digit, then the high.
    private static func sortInTwoPasses(_ ids: inout [UInt32], bits: Int) {
        let low = bits / 2, high = bits - low, lowMask = UInt32((1 << low) - 1)
        let count = ids.count
        var other = [UInt32](capacity: count) { _ in count }  // scratch: every slot is written before it is read
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: (1 << low) + (1 << high)) { counts in
            // Invariant: an id is below 2^bits, so its low digit indexes lowCounts and its high digit
            // highCounts; each histogram's starts are a prefix sum of its counts, so every slot written
            // is inside the output, written once.
            counts.initialize(repeating: 0)
            let lowCounts = UnsafeMutableBufferPointer(rebasing: counts[0..<(1 << low)])
            let highCounts = UnsafeMutableBufferPointer(rebasing: counts[(1 << low)...])
            ids.withUnsafeMutableBufferPointer { ids in
                other.withUnsafeMutableBufferPointer { other in
                    for id in ids {
                        lowCounts[Int(id & lowMask)] &+= 1
                        highCounts[Int(id &>> UInt32(low))] &+= 1
                    }
                    // The counts become each digit's first slot.
                    var total: UInt32 = 0
                    for d in lowCounts.indices { let n = lowCounts[d]; lowCounts[d] = total; total &+= n }
                    total = 0
                    for d in highCounts.indices { let n = highCounts[d]; highCounts[d] = total; total &+= n }
                    for id in ids {
                        let d = Int(id & lowMask)
                        other[Int(lowCounts[d])] = id
                        lowCounts[d] &+= 1
                    }
                    for id in other {
                        let d = Int(id &>> UInt32(low))
                        ids[Int(highCounts[d])] = id
                        highCounts[d] &+= 1
                    }
                }
            }
        }
    }

    /// ``sort(_:universe:)`` for ids below 2^`bits`: as few passes of at most 11 bits as `bits` needs.
    private static func sortInPasses(_ ids: inout [UInt32], bits: Int) {
        let passes = (bits + 10) / 11, digitBits = (bits + passes - 1) / passes
        let digits = 1 << digitBits, mask = UInt32(digits - 1)
        var other = [UInt32](capacity: ids.count) { _ in ids.count }  // scratch: every slot is written before it is read
        withUnsafeTemporaryAllocation(of: Int.self, capacity: passes * digits) { counts in
            // Invariant: a digit is below `digits`, so pass p's counts are counts[p * digits ..< (p + 1) * digits];
            // each pass's starts are a prefix sum of its digits' counts, so every slot written is inside
            // the output, written once.
            counts.initialize(repeating: 0)
            ids.withUnsafeBufferPointer { ids in
                for id in ids {
                    for p in 0..<passes { counts[p &* digits &+ Int((id &>> UInt32(p &* digitBits)) & mask)] &+= 1 }
                }
            }
            for p in 0..<passes {
                var total = 0
                for d in (p * digits)..<((p + 1) * digits) { let n = counts[d]; counts[d] = total; total &+= n }
                ids.withUnsafeBufferPointer { from in
                    other.withUnsafeMutableBufferPointer { to in
                        let shift = UInt32(p * digitBits), base = p * digits
                        for id in from {
                            let slot = base &+ Int((id &>> shift) & mask)
                            to[counts[slot]] = id
                            counts[slot] &+= 1
                        }
                    }
                }
                swap(&ids, &other)
            }
        }
    }

    /// Removes the repeats of sorted `ids`, in place.
    static func removeRepeats(fromSorted ids: inout [UInt32]) {
        guard ids.count > 1 else { return }
        let kept = ids.withUnsafeMutableBufferPointer { ids in
            // Invariant: k <= i < ids.count.
            var k = 1
            for i in 1..<ids.count where ids[i] != ids[k &- 1] {
                ids[k] = ids[i]
                k &+= 1
            }
            return k
        }
        ids.removeSubrange(kept...)
    }

    /// The positions of the set bits of `bits`, ascending.
    static func ids(inBitmap bits: [UInt64]) -> [UInt32] {
        let total = Int(bits.withUnsafeBufferPointer { ti_popcount($0.baseAddress, $0.count) })
        var ids = [UInt32](repeating: 0, count: total)
        ids.withUnsafeMutableBufferPointer { out in
            // Invariant: exactly `total` bits are set, so `k` stays below out.count.
            var k = 0
            for (w, word) in bits.enumerated() {
                var word = word
                while word != 0 {
                    out[k] = UInt32(w &* 64 &+ word.trailingZeroBitCount)
                    k &+= 1
                    word &= word &- 1
                }
            }
        }
        return ids
    }

    /// `rows` with the sorted, duplicate-free `ids` added, in the same representation.
    static func union(_ rows: SearchResult.Rows.Storage, _ ids: [UInt32]) -> SearchResult.Rows.Storage {
        guard case .bitmap(let bitmap) = rows else { return .ids(union(rows.idList, ids)) }
        var words = bitmap.words
        set(ids, in: &words)
        return .bitmap(RowBitmap(words: words))
    }

    /// The union of two row sets: a bitmap when either is one.
    static func union(_ a: SearchResult.Rows.Storage, _ b: SearchResult.Rows.Storage) -> SearchResult.Rows.Storage {
        switch (a, b) {
        case (.all, _): a
        case (_, .all): b
        case (.bitmap, _): union(a, b.idList)
        default: union(b, a.idList)
        }
    }

    /// The rows in both `a` and `b`: a word-wise AND of two bitmaps, else the list's ids kept by a
    /// bit test or a merge. Complexity: O(n / 64) for two bitmaps, else O(|a| + |b|) at most.
    static func intersection(_ a: SearchResult.Rows.Storage, _ b: SearchResult.Rows.Storage) -> SearchResult.Rows.Storage {
        switch (a, b) {
        case (.all, _): return b
        case (_, .all): return a
        case let (.bitmap(x), .bitmap(y)):
            return .bitmap(RowBitmap.intersection(x, y))
        case let (.bitmap(x), .ids(ids)), let (.ids(ids), .bitmap(x)):
            return .ids(ids.filter { x.contains(Int($0)) })
        case let (.ids(x), .ids(y)):
            var out: [UInt32] = [], i = 0, j = 0
            out.reserveCapacity(min(x.count, y.count))
            while i < x.count && j < y.count {
                if x[i] < y[j] { i += 1 } else if x[i] > y[j] { j += 1 } else { out.append(x[i]); i += 1; j += 1 }
            }
            return .ids(out)
        }
    }

    /// Sets the bits of `ids` (each below `words.count * 64`) in `words`.
    static func set(_ ids: [UInt32], in words: inout [UInt64]) {
        for id in ids { words[Int(id >> 6)] |= 1 << UInt64(id & 63) }
    }

    /// The union of two sorted, duplicate-free id lists.
    static func union(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        var out = [UInt32](); out.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] < b[j] { out.append(a[i]); i += 1 }
            else if b[j] < a[i] { out.append(b[j]); j += 1 }
            else { out.append(a[i]); i += 1; j += 1 }
        }
        out.append(contentsOf: a[i...]); out.append(contentsOf: b[j...])
        return out
    }
}

/// A fixed-size set of bits, for "is this row special" questions.
struct BitSet: Sendable {
    private(set) var words: [UInt64]

    init(count: Int) { words = [UInt64](repeating: 0, count: (count + 63) / 64) }

    init(words: [UInt64]) { self.words = words }

    subscript(i: Int) -> Bool {
        get { words[i >> 6] & (1 << UInt64(i & 63)) != 0 }
        set {
            if newValue { words[i >> 6] |= 1 << UInt64(i & 63) } else { words[i >> 6] &= ~(1 << UInt64(i & 63)) }
        }
    }

    var byteCount: Int { words.count * 8 }
}
