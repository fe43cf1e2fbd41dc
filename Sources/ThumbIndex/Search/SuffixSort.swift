/// Sorting the suffixes of many short texts ("entries"), each suffix ending where its entry ends.
///
/// Names are short, so instead of a general suffix-array construction (SA-IS ran at ~8 MB/s here) the
/// suffixes are radix-sorted on their first two bytes (one counting pass, 65,536 buckets), then each
/// bucket is sorted on the next eight bytes packed into a `UInt64`, and only suffixes still equal
/// after those (sharing ten bytes or more) are sorted again on the following eight, and so on. Buckets
/// are independent, so they are sorted in parallel.
///
/// A suffix's sort key maps byte `b` to `b + 1` and the end of the entry to 0, so a suffix that ends
/// sorts before any longer one (valid UTF-8 never has 0xFF, so `b + 1` fits a byte).
enum SuffixSort {
    /// The codes (see ``SuffixCode``) of every suffix of every entry that starts at a character start
    /// (not a UTF-8 continuation byte) at an offset below `code.offsetLimit`, sorted by suffix, with
    /// their word flag set from `wordStarts` (one bit per byte of `text`). Equal suffixes come in no
    /// particular order.
    ///
    /// Entry e is `text[starts[e]..<starts[e+1]]`.
    ///
    /// - Complexity: O(n log b) for n suffixes and buckets of b suffixes, plus the work on suffixes
    ///   that share ten bytes or more.
    static func sortedSuffixes(text: [UInt8], starts: [UInt32], code: SuffixCode, wordStarts: BitSet) -> [UInt32] {
        let entryCount = starts.count - 1
        let offsetLimit = code.offsetLimit
        return text.withUnsafeBufferPointer { text in
            starts.withUnsafeBufferPointer { starts in
                // Invariants for the pointer code below: every code names an entry e < entryCount and an
                // offset inside it, so `starts[e] + offset` is inside `text`; `key` reads only inside the
                // entry. Bucket b occupies codes[bucketStart[b]..<bucketStart[b+1]], and parallel workers
                // get disjoint ranges of buckets, so they never write the same element.
                @inline(__always) func key16(_ p: Int, _ end: Int) -> Int {
                    let b0 = Int(text[p]) + 1
                    let b1 = p + 1 < end ? Int(text[p + 1]) + 1 : 0
                    return b0 << 8 | b1
                }

                // Small inputs: one bucket, sorted directly (65,536 buckets would cost more than the sort).
                if text.count < 1 << 15 {
                    var codes: [UInt32] = []
                    for e in 0..<entryCount {
                        let start = Int(starts[e]), end = Int(starts[e + 1])
                        for p in start..<min(end, start + offsetLimit) where text[p] & 0xC0 != 0x80 {
                            codes.append(code.make(entry: e, offset: p - start, wordStart: wordStarts[p]))
                        }
                    }
                    if codes.count > 1 {
                        var sorter = BucketSorter(text: text, starts: starts, code: code)
                        codes.withUnsafeMutableBufferPointer { sorter.sort($0, 0..<$0.count, depth: 0, keys: nil) }
                    }
                    return codes
                }

                // 1. Count, then place the codes in their two-byte buckets.
                var bucketStart = [Int](repeating: 0, count: 65_537)
                for e in 0..<entryCount {
                    let start = Int(starts[e]), end = Int(starts[e + 1])
                    var p = start
                    while p < end && p - start < offsetLimit {
                        if text[p] & 0xC0 != 0x80 { bucketStart[key16(p, end) + 1] += 1 }
                        p += 1
                    }
                }
                for b in 0..<65_536 { bucketStart[b + 1] += bucketStart[b] }
                let total = bucketStart[65_536]
                var codes = [UInt32](repeating: 0, count: total)
                // The next eight key bytes of every suffix, computed here while the text is read in
                // order (the bucket sort would otherwise fetch them from random places).
                var keys = [UInt64](repeating: 0, count: total)
                var next = Array(bucketStart[0..<65_536])
                let sorter = BucketSorter(text: text, starts: starts, code: code)
                codes.withUnsafeMutableBufferPointer { codes in
                    keys.withUnsafeMutableBufferPointer { keys in
                        for e in 0..<entryCount {
                            let start = Int(starts[e]), end = Int(starts[e + 1])
                            var p = start
                            while p < end && p - start < offsetLimit {
                                if text[p] & 0xC0 != 0x80 {
                                    let b = key16(p, end)
                                    let suffix = code.make(entry: e, offset: p - start, wordStart: wordStarts[p])
                                    codes[next[b]] = suffix
                                    keys[next[b]] = sorter.key(suffix, depth: 2)
                                    next[b] += 1
                                }
                                p += 1
                            }
                        }
                    }
                }

                // 2. Sort inside the buckets whose suffixes go on past two bytes, in parallel.
                let workers = Parallel.chunks(total, minimumSize: 1 << 16)
                let bounds = workers.map { range in
                    // The first bucket that starts at or after the worker's first suffix.
                    var low = 0, high = 65_536
                    while low < high {
                        let mid = (low + high) / 2
                        if bucketStart[mid] < range.lowerBound { low = mid + 1 } else { high = mid }
                    }
                    return low
                }
                codes.withUnsafeMutableBufferPointer { codes in
                    keys.withUnsafeMutableBufferPointer { keys in
                        nonisolated(unsafe) let codes = codes
                        nonisolated(unsafe) let keys = keys
                        _ = Parallel.map(workers.count) { w in
                            let firstBucket = bounds[w]
                            let lastBucket = w + 1 < bounds.count ? bounds[w + 1] : 65_536
                            var sorter = sorter
                            for b in firstBucket..<lastBucket where b & 0xFF != 0 {
                                let range = bucketStart[b]..<bucketStart[b + 1]
                                if range.count > 1 { sorter.sort(codes, range, depth: 2, keys: keys) }
                            }
                            return 0
                        }
                    }
                }
                return codes
            }
        }
    }
}

/// Sorts ranges of suffix codes that share their first `depth` bytes, eight bytes at a time.
private struct BucketSorter {
    let text: UnsafeBufferPointer<UInt8>
    let starts: UnsafeBufferPointer<UInt32>
    let code: SuffixCode
    /// Scratch: the keys of the range being sorted.
    var scratchKeys: [UInt64] = []

    init(text: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<UInt32>, code: SuffixCode) {
        self.text = text
        self.starts = starts
        self.code = code
    }

    /// Eight key bytes of the suffix `code` from `depth` on, big-endian (so integer order is suffix order).
    @inline(__always) func key(_ suffix: UInt32, depth: Int) -> UInt64 {
        let e = code.entry(suffix)
        let p = Int(starts[e]) + code.offset(suffix) + depth
        let end = Int(starts[e + 1])
        if end - p >= 8 {
            // Eight bytes inside the entry: one load. Bytes are at most 0xF4, so adding 1 to each
            // byte never carries into the next.
            let raw = UnsafeRawPointer(text.baseAddress! + p).loadUnaligned(as: UInt64.self)
            return UInt64(bigEndian: raw) &+ 0x0101_0101_0101_0101
        }
        var key: UInt64 = 0
        for i in 0..<8 {
            key = key << 8 | (p + i < end ? UInt64(text[p + i]) + 1 : 0)
        }
        return key
    }

    /// Sorts `codes[range]`, whose suffixes share their first `depth` bytes (and all go on past them).
    /// `keys`, when given, holds the keys at `depth` of every code, in the same order as `codes`.
    mutating func sort(_ codes: UnsafeMutableBufferPointer<UInt32>, _ range: Range<Int>, depth: Int,
                       keys presetKeys: UnsafeMutableBufferPointer<UInt64>?) {
        var work: [(range: Range<Int>, depth: Int)] = []
        if let presetKeys {
            Self.sortOnce(UnsafeMutableBufferPointer(rebasing: presetKeys[range]), codes, range, depth: depth, work: &work)
        } else {
            work.append((range, depth))
        }
        while let (range, depth) = work.popLast() {
            var keys: [UInt64] = []
            swap(&keys, &scratchKeys)   // take the scratch buffer (unique, so no copy on write)
            keys.removeAll(keepingCapacity: true)
            for i in range { keys.append(key(codes[i], depth: depth)) }
            keys.withUnsafeMutableBufferPointer { keys in
                Self.sortOnce(keys, codes, range, depth: depth, work: &work)
            }
            scratchKeys = keys
        }
    }

    /// Sorts `codes[range]` by `keys` (one per code of the range); queues the runs of equal keys whose
    /// suffixes go on past these eight bytes, for sorting on the next eight.
    private static func sortOnce(_ keys: UnsafeMutableBufferPointer<UInt64>, _ codes: UnsafeMutableBufferPointer<UInt32>,
                          _ range: Range<Int>, depth: Int, work: inout [(range: Range<Int>, depth: Int)]) {
        quicksort(keys, UnsafeMutableBufferPointer(rebasing: codes[range]), 0, keys.count)
        var runStart = 0
        for j in 1...keys.count {
            if j == keys.count || keys[j] != keys[runStart] {
                if j - runStart > 1 && keys[runStart] & 0xFF != 0 {
                    work.append(((range.lowerBound + runStart)..<(range.lowerBound + j), depth + 8))
                }
                runStart = j
            }
        }
    }

    /// Sorts `keys[low..<high]` ascending, moving `codes` along (three-way quicksort: runs of equal
    /// keys, common among names, cost one pass).
    static func quicksort(_ keys: UnsafeMutableBufferPointer<UInt64>, _ codes: UnsafeMutableBufferPointer<UInt32>, _ low: Int, _ high: Int) {
        var low = low, high = high
        while high - low > 16 {
            // Median of three as the pivot.
            let mid = low + (high - low) / 2
            let a = keys[low], b = keys[mid], c = keys[high - 1]
            let pivot = a < b ? (b < c ? b : (a < c ? c : a)) : (a < c ? a : (b < c ? c : b))
            // keys[low..<lt] < pivot, keys[lt..<i] == pivot, keys[gt..<high] > pivot.
            var lt = low, i = low, gt = high
            while i < gt {
                let k = keys[i]
                if k < pivot {
                    keys.swapAt(lt, i); codes.swapAt(lt, i); lt += 1; i += 1
                } else if k > pivot {
                    gt -= 1; keys.swapAt(i, gt); codes.swapAt(i, gt)
                } else {
                    i += 1
                }
            }
            // Recurse on the smaller side, loop on the larger (stack depth stays logarithmic).
            if lt - low < high - gt {
                quicksort(keys, codes, low, lt); low = gt
            } else {
                quicksort(keys, codes, gt, high); high = lt
            }
        }
        // Insertion sort for the short rest.
        if high - low < 2 { return }
        for i in (low + 1)..<high {
            let k = keys[i], code = codes[i]
            var j = i
            while j > low && keys[j - 1] > k {
                keys[j] = keys[j - 1]; codes[j] = codes[j - 1]; j -= 1
            }
            keys[j] = k; codes[j] = code
        }
    }
}
