/// Helpers that turn unordered ids with repeats into sorted, duplicate-free rows: `[UInt32]` when they
/// are few, a `RowBitmap` when they are many.
enum RowSet {
    /// Sorted, duplicate-free ids produced by `forEach`, all below `universe`; `count` is how many ids
    /// `forEach` will produce (with repeats). When the answer is a bitmap, `adjustBitmap` may change
    /// its words before the ranks are counted.
    ///
    /// - Complexity: O(count) for few ids (a radix sort); otherwise O(count + universe / 64) with a bitmap.
    @inline(__always)  // so that `forEach`'s calls to its argument are inlined: one per suffix of a query
    static func sortedUnique(count: Int, universe: Int, adjustBitmap: (inout [UInt64]) -> Void = { _ in },
                             _ forEach: ((UInt32) -> Void) -> Void) -> SearchResult.Rows.Storage {
        if count <= 1024 || count < universe / 256 {
            var ids = [UInt32](); ids.reserveCapacity(count)
            forEach { ids.append($0) }
            sort(&ids, universe: universe)
            return .ids(dedupeSorted(ids))
        }
        var bits = [UInt64](repeating: 0, count: (universe + 63) / 64)
        bits.withUnsafeMutableBufferPointer { bits in
            // Invariant: every id is below `universe`, so id / 64 is inside `bits`.
            forEach { id in bits[Int(id &>> 6)] |= 1 &<< UInt64(id & 63) }
        }
        adjustBitmap(&bits)
        return .bitmap(RowBitmap(words: bits))
    }

    /// Sorts `ids`, each below `universe`, ascending: a least-significant-digit radix sort of 11-bit
    /// digits (as many passes as `universe` needs) when they are many, the standard sort when few.
    static func sort(_ ids: inout [UInt32], universe: Int) {
        guard ids.count > 256 else { ids.sort(); return }
        let digitBits = 11, digits = 1 << digitBits
        let bits = Int.bitWidth - max(universe - 1, 1).leadingZeroBitCount
        var other = [UInt32](repeating: 0, count: ids.count)
        var starts = [Int](repeating: 0, count: digits)
        for shift in stride(from: 0, to: bits, by: digitBits) {
            ids.withUnsafeBufferPointer { from in
                other.withUnsafeMutableBufferPointer { to in
                    starts.withUnsafeMutableBufferPointer { starts in
                        // Invariant: a digit is below `digits`; the starts are a prefix sum of the digits'
                        // counts, so every slot written is inside `to`, written once.
                        for d in 0..<digits { starts[d] = 0 }
                        for id in from { starts[Int((id &>> UInt32(shift)) & UInt32(digits - 1))] &+= 1 }
                        var total = 0
                        for d in 0..<digits { let n = starts[d]; starts[d] = total; total &+= n }
                        for id in from {
                            let d = Int((id &>> UInt32(shift)) & UInt32(digits - 1))
                            to[starts[d]] = id
                            starts[d] &+= 1
                        }
                    }
                }
            }
            swap(&ids, &other)
        }
    }

    /// The positions of the set bits of `bits`, ascending.
    static func ids(inBitmap bits: [UInt64]) -> [UInt32] {
        var total = 0
        for word in bits { total += word.nonzeroBitCount }
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

    /// `sorted` without repeats.
    static func dedupeSorted(_ sorted: [UInt32]) -> [UInt32] {
        guard sorted.count > 1 else { return sorted }
        var out = sorted
        var k = 1
        for i in 1..<sorted.count where sorted[i] != out[k - 1] {
            out[k] = sorted[i]; k += 1
        }
        out.removeSubrange(k...)
        return out
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
            precondition(x.words.count == y.words.count, "RowSet: bitmaps of one universe")
            return .bitmap(RowBitmap(words: zip(x.words, y.words).map { $0 & $1 }))
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
