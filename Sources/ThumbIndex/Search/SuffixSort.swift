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
    /// The codes `entry << offsetBits | offset` of every suffix of every entry that starts at a
    /// character start (not a UTF-8 continuation byte) at an offset below `1 << offsetBits`, sorted by
    /// suffix. Equal suffixes come in no particular order.
    ///
    /// Entry e is `text[starts[e]..<starts[e+1]]`.
    ///
    /// - Complexity: O(n log b) for n suffixes and buckets of b suffixes, plus the work on suffixes
    ///   that share ten bytes or more.
    static func sortedSuffixes(text: [UInt8], starts: [UInt32], offsetBits: Int) -> [UInt32] {
        let entryCount = starts.count - 1
        let offsetLimit = 1 << offsetBits
        let mask = UInt32(offsetLimit - 1)
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
                            codes.append(UInt32(e) << UInt32(offsetBits) | UInt32(p - start))
                        }
                    }
                    if codes.count > 1 {
                        var sorter = BucketSorter(text: text, starts: starts, offsetBits: offsetBits, mask: mask)
                        codes.withUnsafeMutableBufferPointer { sorter.sort($0, 0..<$0.count, depth: 0) }
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
                var next = Array(bucketStart[0..<65_536])
                codes.withUnsafeMutableBufferPointer { codes in
                    for e in 0..<entryCount {
                        let start = Int(starts[e]), end = Int(starts[e + 1])
                        var p = start
                        while p < end && p - start < offsetLimit {
                            if text[p] & 0xC0 != 0x80 {
                                let b = key16(p, end)
                                codes[next[b]] = UInt32(e) << UInt32(offsetBits) | UInt32(p - start)
                                next[b] += 1
                            }
                            p += 1
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
                    nonisolated(unsafe) let codes = codes
                    _ = Parallel.map(workers.count) { w in
                        let firstBucket = bounds[w]
                        let lastBucket = w + 1 < bounds.count ? bounds[w + 1] : 65_536
                        var sorter = BucketSorter(text: text, starts: starts, offsetBits: offsetBits, mask: mask)
                        for b in firstBucket..<lastBucket where b & 0xFF != 0 {
                            let range = bucketStart[b]..<bucketStart[b + 1]
                            if range.count > 1 { sorter.sort(codes, range, depth: 2) }
                        }
                        return 0
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
    let offsetBits: Int
    let mask: UInt32
    var pairs: [(key: UInt64, code: UInt32)] = []

    init(text: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<UInt32>, offsetBits: Int, mask: UInt32) {
        self.text = text
        self.starts = starts
        self.offsetBits = offsetBits
        self.mask = mask
    }

    /// Eight key bytes of the suffix `code` from `depth` on, big-endian (so integer order is suffix order).
    @inline(__always) func key(_ code: UInt32, depth: Int) -> UInt64 {
        let e = Int(code >> UInt32(offsetBits))
        let p = Int(starts[e]) + Int(code & mask) + depth
        let end = Int(starts[e + 1])
        var key: UInt64 = 0
        for i in 0..<8 {
            key = key << 8 | (p + i < end ? UInt64(text[p + i]) + 1 : 0)
        }
        return key
    }

    /// Sorts `codes[range]`, whose suffixes share their first `depth` bytes (and all go on past them).
    mutating func sort(_ codes: UnsafeMutableBufferPointer<UInt32>, _ range: Range<Int>, depth: Int) {
        var work: [(range: Range<Int>, depth: Int)] = [(range, depth)]
        while let (range, depth) = work.popLast() {
            pairs.removeAll(keepingCapacity: true)
            for i in range { pairs.append((key(codes[i], depth: depth), codes[i])) }
            pairs.sort { $0.key < $1.key }
            var i = 0
            while i < pairs.count {
                codes[range.lowerBound + i] = pairs[i].code
                i += 1
            }
            // Runs of equal keys whose suffixes go on past these eight bytes need the next eight.
            var runStart = 0
            for j in 1...pairs.count {
                if j == pairs.count || pairs[j].key != pairs[runStart].key {
                    if j - runStart > 1 && pairs[runStart].key & 0xFF != 0 {
                        work.append(((range.lowerBound + runStart)..<(range.lowerBound + j), depth + 8))
                    }
                    runStart = j
                }
            }
        }
    }
}
