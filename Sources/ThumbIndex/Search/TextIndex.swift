/// A substring index over a list of folded UTF-8 texts (its "entries").
///
/// Structures (all flat arrays of fixed-width integers):
/// - `text`/`starts`: the entries back to back; entry e is `text[starts[e]..<starts[e+1]]`.
/// - `wordStarts`: one bit per byte of `text`, set where ICU's word-break iterator starts a word.
/// - `suffixes`: a suffix array over every character start of every entry, each suffix ending at the
///   end of its entry. A suffix is stored as one `UInt32` code, `entry << offsetBits | offset`, so the
///   entry of a hit costs a shift (no search), at the price of a bound on the offset: suffixes starting
///   at offset `1 << offsetBits` or later are left out, and the few entries that long ("long entries")
///   are checked directly on every query.
/// - `wordSuffixes`: the suffixes that start a word, in suffix order (word-prefix search).
/// - `prefixSuffixes`: the suffixes at offset 0, in suffix order (prefix search: the sorted-array
///   equivalent of a trie).
///
/// A query is a binary search for the range of suffixes that start with it, then the distinct entries
/// of that range (sorted).
struct TextIndex: Sendable {
    let text: [UInt8]
    let starts: [UInt32]
    let wordStarts: BitSet
    let suffixes: [UInt32]
    let wordSuffixes: [UInt32]
    let prefixSuffixes: [UInt32]
    let longEntries: [UInt32]
    let offsetBits: Int

    var entryCount: Int { starts.count - 1 }

    /// Bytes held by the structures.
    var byteCount: Int {
        text.count + 4 * (starts.count + suffixes.count + wordSuffixes.count + prefixSuffixes.count + longEntries.count)
            + wordStarts.byteCount
    }

    /// Indexes the entries `text[starts[e]..<starts[e+1]]`, whose word starts are set in `wordStarts`.
    ///
    /// - Complexity: see ``SuffixSort``.
    init(text: [UInt8], starts: [UInt32], wordStarts: BitSet) {
        let entryCount = starts.count - 1
        precondition(entryCount < 1 << 31, "ThumbIndex indexes at most 2^31 texts")
        let entryBits = max(1, Int.bitWidth - (max(entryCount, 1) - 1).leadingZeroBitCount)
        let offsetBits = 32 - entryBits
        let offsetLimit = 1 << offsetBits
        self.text = text
        self.starts = starts
        self.wordStarts = wordStarts
        self.offsetBits = offsetBits

        let suffixes = SuffixSort.sortedSuffixes(text: text, starts: starts, offsetBits: offsetBits)
        var wordSuffixes = [UInt32]()
        var prefixSuffixes = [UInt32](); prefixSuffixes.reserveCapacity(entryCount)
        let mask = UInt32(offsetLimit - 1)
        for code in suffixes {
            let offset = Int(code & mask)
            if wordStarts[Int(starts[Int(code >> UInt32(offsetBits))]) + offset] { wordSuffixes.append(code) }
            if offset == 0 { prefixSuffixes.append(code) }
        }
        var longEntries: [UInt32] = []
        for e in 0..<entryCount where Int(starts[e + 1] - starts[e]) > offsetLimit { longEntries.append(UInt32(e)) }
        self.suffixes = suffixes
        self.wordSuffixes = wordSuffixes
        self.prefixSuffixes = prefixSuffixes
        self.longEntries = longEntries
    }

    /// The suffix array a mode searches.
    private func array(for mode: MatchMode) -> [UInt32] {
        switch mode {
        case .contains: suffixes
        case .prefix: prefixSuffixes
        case .words: wordSuffixes
        }
    }

    /// How many suffixes of `mode`'s array start with `query` (an upper bound on the matching entries,
    /// used to choose between a fresh search and refining a previous result).
    func hitCount(_ query: [UInt8], mode: MatchMode) -> Int {
        suffixRange(query, in: array(for: mode)).count + (mode == .prefix ? 0 : longEntries.count)
    }

    /// The entries that match non-empty `query` in `mode`, ascending.
    func entries(matching query: [UInt8], mode: MatchMode) -> [UInt32] {
        let array = array(for: mode)
        let range = suffixRange(query, in: array)
        let shift = UInt32(offsetBits)
        var found = array.withUnsafeBufferPointer { codes in
            RowSet.sortedUnique(count: range.count, universe: entryCount) { add in
                for i in range { add(codes[i] &>> shift) }
            }
        }
        if mode != .prefix && !longEntries.isEmpty {
            let long = longEntries.filter { entry(Int($0), matches: query, mode: mode) }
            if !long.isEmpty { found = RowSet.union(found, long) }
        }
        return found
    }

    /// Whether entry `e` matches non-empty `query` in `mode` (checked directly on its text).
    func entry(_ e: Int, matches query: [UInt8], mode: MatchMode) -> Bool {
        let start = Int(starts[e]), end = Int(starts[e + 1])
        return text.withUnsafeBufferPointer { text in
            query.withUnsafeBufferPointer { q in
                let entryText = UnsafeBufferPointer(rebasing: text[start..<end])
                switch mode {
                case .prefix:
                    return ByteSearch.hasPrefix(entryText, q, at: 0)
                case .contains:
                    return ByteSearch.firstOccurrence(of: q, in: entryText, from: 0) != nil
                case .words:
                    var from = 0
                    while let p = ByteSearch.firstOccurrence(of: q, in: entryText, from: from) {
                        if wordStarts[start + p] { return true }
                        from = p + 1
                    }
                    return false
                }
            }
        }
    }

    /// The range of `array` (codes in suffix order) whose suffixes start with `query`.
    ///
    /// - Complexity: O(|query| log n).
    func suffixRange(_ query: [UInt8], in array: [UInt32]) -> Range<Int> {
        let mask = UInt32((1 << offsetBits) - 1)
        let shift = UInt32(offsetBits)
        return text.withUnsafeBufferPointer { text in
            starts.withUnsafeBufferPointer { starts in
                array.withUnsafeBufferPointer { codes in
                    query.withUnsafeBufferPointer { q in
                        // Invariant: every code names an entry below starts.count - 1 and an offset
                        // inside that entry, so the compared bytes lie inside `text`.
                        // -1, 0, +1: the suffix's first |q| bytes before, equal to, after q.
                        func compare(_ code: UInt32) -> Int {
                            let e = Int(code &>> shift)
                            let p = Int(starts[e]) + Int(code & mask)
                            let end = Int(starts[e + 1])
                            var i = 0
                            while i < q.count {
                                if p + i >= end { return -1 }
                                let a = text[p + i], b = q[i]
                                if a != b { return a < b ? -1 : 1 }
                                i += 1
                            }
                            return 0
                        }
                        var low = 0, high = codes.count
                        while low < high {
                            let mid = (low + high) / 2
                            if compare(codes[mid]) < 0 { low = mid + 1 } else { high = mid }
                        }
                        let lower = low
                        high = codes.count
                        while low < high {
                            let mid = (low + high) / 2
                            if compare(codes[mid]) <= 0 { low = mid + 1 } else { high = mid }
                        }
                        return lower..<low
                    }
                }
            }
        }
    }
}

/// Byte-string search on UTF-8 buffers.
enum ByteSearch {
    /// Whether `text[at...]` starts with `prefix`.
    static func hasPrefix(_ text: UnsafeBufferPointer<UInt8>, _ prefix: UnsafeBufferPointer<UInt8>, at: Int) -> Bool {
        guard text.count - at >= prefix.count else { return false }
        for i in 0..<prefix.count where text[at + i] != prefix[i] { return false }
        return true
    }

    /// The first offset ≥ `from` at which `needle` (non-empty) occurs in `text`.
    static func firstOccurrence(of needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard !needle.isEmpty, text.count - from >= needle.count else { return nil }
        let first = needle[0]
        var p = from
        let last = text.count - needle.count
        while p <= last {
            if text[p] == first && hasPrefix(text, needle, at: p) { return p }
            p += 1
        }
        return nil
    }
}
