/// Sorting the suffixes of many short texts ("entries"), each suffix ending where its entry ends.
///
/// Names are short, so the fast path is not a general suffix-array construction (SA-IS ran at ~8 MB/s
/// here): the suffixes are radix-sorted on their first two bytes (one counting pass, 65,536 buckets),
/// then each bucket is sorted on the next eight bytes packed into a `UInt64`, and only suffixes still
/// equal after those (sharing ten bytes or more) are sorted again on the following eight, and so on.
/// Buckets are independent, so they are sorted in parallel, a group of buckets at a time (so that the
/// eight-byte keys are held for one group, not for every suffix).
///
/// That costs O(L / 8) rounds for suffixes that share L bytes: quadratic on a long repeat (one line of
/// 100,000 `x` took 8.8 s). So a group of suffixes still equal at `fallbackDepth` bytes (66 by default:
/// eight rounds, past the length of nearly every name, so that repeated names end in the fast path) is
/// not refined further; once the fast path is done, every entry holding such a suffix
/// is suffix-sorted whole by induced sorting (``InducedSorting``, linear time), and each deferred group
/// is ordered by those ranks. Total: O(n log n) for n suffixes, whatever the text.
///
/// A suffix's sort key maps byte `b` to `b + 1` and the end of the entry to 0, so a suffix that ends
/// sorts before any longer one (valid UTF-8 never has 0xFF, so `b + 1` fits a byte).
enum SuffixSort {
    /// The depth in bytes at which the fast path hands groups of equal suffixes to the fallback.
    static let defaultFallbackDepth = 66

    /// How many suffixes a pass of the bucket sort places and sorts at most, unless an eighth of
    /// them is more (see `sortedSuffixes`): the keys of one pass take 8 bytes each.
    static let passSize = 1 << 22

    /// The buckets (0..<65,536) cut into consecutive groups of at most `passSize` suffixes each,
    /// but for a bucket larger than that alone, by the buckets' starts (65,537 of them).
    static func bucketGroups(_ bucketStart: [Int], passSize: Int) -> [Range<Int>] {
        var groups: [Range<Int>] = []
        var first = 0
        while first < 65_536 {
            var end = first + 1
            while end < 65_536 && bucketStart[end + 1] - bucketStart[first] <= passSize { end += 1 }
            groups.append(first..<end)
            first = end
        }
        return groups
    }

    /// The entries (`starts.count - 1` of them) cut into `count` consecutive parts of about as many
    /// bytes each: entries' lengths vary along a listing (names of one script come together, and a
    /// key text holds none for some), so parts of as many entries could leave one core the most work.
    static func entryParts(_ starts: UnsafeBufferPointer<UInt32>, count: Int) -> [Range<Int>] {
        let entryCount = starts.count - 1, first = Int(starts[0]), bytes = Int(starts[entryCount]) - first
        var bounds = [0]
        for k in 1..<max(count, 1) {
            let target = first + bytes * k / count
            bounds.append(max(bounds.last!, BinarySearch.first(in: 0..<entryCount) { Int(starts[$0]) >= target }))
        }
        bounds.append(entryCount)
        return zip(bounds, bounds.dropFirst()).map { $0..<$1 }
    }

    /// The codes (see ``SuffixCode``) of every suffix of every entry that starts at a character start
    /// (not a UTF-8 continuation byte) at an offset below `code.offsetLimit`, sorted by suffix, with
    /// their word flag set from `wordStarts` (one bit per byte of `text`). Equal suffixes come in no
    /// particular order.
    ///
    /// Entry e is `text[starts[e]..<starts[e+1]]`.
    ///
    /// `fallbackDepth` (tests set it low to exercise the fallback) is where the fast path stops. With
    /// `wordStartsOnly`, only the suffixes that start a word (a bit of `wordStarts`) are sorted: an
    /// index that is only ever asked for word starts (the dial-pad keys) keeps no other suffix.
    /// `passSize` (tests set it low) is how many suffixes one pass of the bucket sort takes at most;
    /// by default ``passSize`` or an eighth of the suffixes, whichever is more. `deferredBatchBytes`
    /// (tests set it low too) bounds the fallback's batches (see ``finishDeferred(_:_:text:starts:code:batchBytes:)``).
    /// The counting and placing passes cut the entries into one part per core, of about as many bytes
    /// each (see ``entryParts(_:count:)``), each placing its suffixes into slots of its own; but into
    /// no more parts than one per `partEntries` entries (tests set it low as well).
    ///
    /// - Complexity: O(n log n) for n suffixes: at most `fallbackDepth / 8` sorting rounds per suffix,
    ///   then O(m) for the m bytes of the entries whose suffixes were still equal at `fallbackDepth`.
    static func sortedSuffixes(text: [UInt8], starts: [UInt32], code: SuffixCode, wordStarts: BitSet,
                               fallbackDepth: Int = defaultFallbackDepth, wordStartsOnly: Bool = false,
                               passSize: Int? = nil, deferredBatchBytes: Int = deferredBatchBytes,
                               partEntries: Int = 1 << 14) -> [UInt32] {
        let entryCount = starts.count - 1
        let offsetLimit = code.offsetLimit
        var sorted: (codes: [UInt32], deferred: [Range<Int>]) = text.withUnsafeBufferPointer { text in
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
                        for p in start..<min(end, start + offsetLimit)
                        where text[p] & 0xC0 != 0x80 && (!wordStartsOnly || wordStarts[p]) {
                            codes.append(code.make(entry: e, offset: p - start, wordStart: wordStarts[p]))
                        }
                    }
                    var deferred: [Range<Int>] = []
                    if codes.count > 1 {
                        var sorter = BucketSorter(text: text, starts: starts, code: code, fallbackDepth: fallbackDepth)
                        codes.withUnsafeMutableBufferPointer { sorter.sort($0, 0..<$0.count, depth: 0, keys: nil) }
                        deferred = sorter.deferred
                    }
                    return (codes, deferred)
                }

                // 1. Count the suffixes of each two-byte bucket, each part of the entries on its own.
                let parts = Self.entryParts(starts, count: Parallel.chunks(entryCount, minimumSize: partEntries).count)
                let partCounts = Parallel.map(parts.count) { c in
                    var counts = [Int](repeating: 0, count: 65_536)
                    for e in parts[c] {
                        let start = Int(starts[e]), end = Int(starts[e + 1])
                        var p = start
                        while p < end && p - start < offsetLimit {
                            if text[p] & 0xC0 != 0x80 && (!wordStartsOnly || wordStarts[p]) { counts[key16(p, end)] += 1 }
                            p += 1
                        }
                    }
                    return counts
                }
                var bucketStart = [Int](repeating: 0, count: 65_537)
                // Where each part places its next suffix of each bucket (part c's slots of bucket b at
                // `next[c * 65_536 + b]`): after the earlier parts' suffixes of that bucket, so that a
                // bucket holds its suffixes in entry order, as one part reading every entry would.
                var next = [Int](repeating: 0, count: parts.count * 65_536)
                for b in 0..<65_536 {
                    var at = bucketStart[b]
                    for c in parts.indices { next[c * 65_536 + b] = at; at += partCounts[c][b] }
                    bucketStart[b + 1] = at
                }
                let total = bucketStart[65_536]
                var codes = [UInt32](repeating: 0, count: total)
                let sorter = BucketSorter(text: text, starts: starts, code: code, fallbackDepth: fallbackDepth)
                // 2. The buckets in groups of about `passSize` suffixes, one pass each: place the
                // group's codes with the next eight key bytes of each, computed while the text is read
                // in order (the bucket sort would otherwise fetch them from random places), each part
                // of the entries into its own slots; then sort the group's buckets in parallel. The
                // keys take 8 bytes per suffix of one group, not of the whole text (1.1 GB at 10M
                // names); each pass reads the text again.
                let groups = Self.bucketGroups(bucketStart, passSize: passSize ?? max(Self.passSize, total / 8))
                var keyStorage = [UInt64](repeating: 0, count: groups.map { bucketStart[$0.upperBound] - bucketStart[$0.lowerBound] }.max() ?? 0)
                var deferred: [[Range<Int>]] = []
                codes.withUnsafeMutableBufferPointer { codes in
                    keyStorage.withUnsafeMutableBufferPointer { keyStorage in
                        next.withUnsafeMutableBufferPointer { next in
                            nonisolated(unsafe) let codes = codes
                            nonisolated(unsafe) let keyStorage = keyStorage
                            nonisolated(unsafe) let next = next
                            for group in groups {
                                let base = bucketStart[group.lowerBound]
                                // Each part writes only its own slots of `codes` and `keyStorage`, and its
                                // own 65,536 elements of `next`.
                                _ = Parallel.map(parts.count) { c in
                                    let partNext = next.baseAddress! + c * 65_536
                                    for e in parts[c] {
                                        let start = Int(starts[e]), end = Int(starts[e + 1])
                                        var p = start
                                        while p < end && p - start < offsetLimit {
                                            if text[p] & 0xC0 != 0x80 && (!wordStartsOnly || wordStarts[p]) {
                                                let b = key16(p, end)
                                                if group.contains(b) {
                                                    let suffix = code.make(entry: e, offset: p - start, wordStart: wordStarts[p])
                                                    let slot = partNext[b]
                                                    codes[slot] = suffix
                                                    keyStorage[slot - base] = sorter.key(suffix, depth: 2)
                                                    partNext[b] = slot + 1
                                                }
                                            }
                                            p += 1
                                        }
                                    }
                                }
                                // Workers take disjoint ranges of the group's buckets.
                                let groupRange = base..<bucketStart[group.upperBound]
                                let workers = Parallel.chunks(groupRange.count, minimumSize: 1 << 16)
                                let bounds = workers.map { range in
                                    // The first bucket of the group that starts at or after the worker's first suffix.
                                    BinarySearch.first(in: group) { bucketStart[$0] >= base + range.lowerBound }
                                }
                                deferred += Parallel.map(workers.count) { w in
                                    let firstBucket = bounds[w]
                                    let lastBucket = w + 1 < bounds.count ? bounds[w + 1] : group.upperBound
                                    var sorter = sorter
                                    for b in firstBucket..<lastBucket where b & 0xFF != 0 {
                                        let range = bucketStart[b]..<bucketStart[b + 1]
                                        guard range.count > 1 else { continue }
                                        let keys = UnsafeMutableBufferPointer(rebasing: keyStorage[(range.lowerBound - base)..<(range.upperBound - base)])
                                        sorter.sort(codes, range, depth: 2, keys: keys)
                                    }
                                    return sorter.deferred
                                }
                            }
                        }
                    }
                }
                return (codes, Array(deferred.joined()))
            }
        }
        if !sorted.deferred.isEmpty {
            finishDeferred(&sorted.codes, sorted.deferred, text: text, starts: starts, code: code, batchBytes: deferredBatchBytes)
        }
        return sorted.codes
    }

    /// The most bytes of entries one induced sort of ``finishDeferred(_:_:text:starts:code:batchBytes:)``
    /// takes (its workspace is about 16 bytes per byte).
    static let deferredBatchBytes = 1 << 23

    /// Sorts the groups `deferred` of `codes` (each group's suffixes share a prefix and go on past it):
    /// suffix-sorts every entry that holds one of their suffixes, whole, by induced sorting, then
    /// orders each group by those ranks. The groups go in batches whose entries hold about
    /// `batchBytes` bytes, each sorted on its own: a group's order depends only on its suffixes'
    /// entries, so a batch need not see the others. (With the fallback at 34 bytes, 11 % of 10M
    /// names were in such groups, and one induced sort of them all took 300 MB past the build's
    /// peak; at 66 bytes 7,438 are.)
    ///
    /// - Complexity: O(m + s log e) for the m bytes of those e entries and their s deferred suffixes
    ///   (an entry in groups of two batches is sorted in both).
    static func finishDeferred(_ codes: inout [UInt32], _ deferred: [Range<Int>], text: [UInt8], starts: [UInt32], code: SuffixCode,
                               batchBytes: Int = deferredBatchBytes) {
        var first = 0, bytes = 0
        for (g, range) in deferred.enumerated() {
            for i in range {
                let e = code.entry(codes[i])
                bytes += Int(starts[e + 1] - starts[e]) + 1
            }
            if bytes >= batchBytes || g == deferred.count - 1 {
                finishDeferredBatch(&codes, Array(deferred[first...g]), text: text, starts: starts, code: code)
                (first, bytes) = (g + 1, 0)
            }
        }
    }

    /// ``finishDeferred(_:_:text:starts:code:batchBytes:)`` for one batch of groups.
    private static func finishDeferredBatch(_ codes: inout [UInt32], _ deferred: [Range<Int>], text: [UInt8], starts: [UInt32], code: SuffixCode) {
        // The entries involved, ascending.
        var involved = BitSet(count: starts.count - 1)
        for range in deferred { for i in range { involved[code.entry(codes[i])] = true } }
        var entries: [Int] = []
        for (w, word) in involved.words.enumerated() {
            var word = word
            while word != 0 { entries.append(w * 64 + word.trailingZeroBitCount); word &= word &- 1 }
        }

        // Their text with byte b as b + 2, each entry followed by a separator 1, then the sentinel 0.
        // A suffix that reaches its entry's end meets the separator, which sorts before every byte, so
        // it comes before the longer suffixes it is a prefix of; suffixes equal up to their entries'
        // ends are then ordered by the entries that follow, an order as good as any.
        var subStarts: [Int] = []; subStarts.reserveCapacity(entries.count)
        var symbols: [Int32] = []
        symbols.reserveCapacity(entries.reduce(1) { $0 + Int(starts[$1 + 1] - starts[$1]) + 1 })
        for e in entries {
            subStarts.append(symbols.count)
            for p in Int(starts[e])..<Int(starts[e + 1]) { symbols.append(Int32(text[p]) + 2) }
            symbols.append(1)
        }
        symbols.append(0)
        let order = InducedSorting.suffixArray(symbols, alphabetSize: 258)

        // Each deferred suffix's group, by its position among the symbols (in the symbols' storage, no
        // longer needed; -1 for the others), and its code.
        var group = symbols
        symbols = []
        for j in group.indices { group[j] = -1 }
        var codeAt = [UInt32](repeating: 0, count: group.count)
        for (g, range) in deferred.enumerated() {
            for i in range {
                let e = code.entry(codes[i])
                let k = BinarySearch.first(in: 0..<entries.count) { entries[$0] >= e }
                let p = subStarts[k] + code.offset(codes[i])
                group[p] = Int32(g)
                codeAt[p] = codes[i]
            }
        }
        // Walking the suffix array in order deals each group's suffixes back into its range, sorted.
        var next = deferred.map(\.lowerBound)
        for p in order {
            let g = Int(group[Int(p)])
            if g >= 0 { codes[next[g]] = codeAt[Int(p)]; next[g] += 1 }
        }
    }
}

/// Sorts ranges of suffix codes that share their first `depth` bytes, eight bytes at a time.
private struct BucketSorter {
    let text: UnsafeBufferPointer<UInt8>
    let starts: UnsafeBufferPointer<UInt32>
    let code: SuffixCode
    /// Groups still equal at this depth are left to the fallback.
    let fallbackDepth: Int
    /// Scratch: the keys of the range being sorted.
    var scratchKeys: [UInt64] = []
    /// The groups left for the fallback: each group's suffixes share `fallbackDepth` bytes or more
    /// and go on past them.
    var deferred: [Range<Int>] = []

    init(text: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<UInt32>, code: SuffixCode, fallbackDepth: Int) {
        self.text = text
        self.starts = starts
        self.code = code
        self.fallbackDepth = fallbackDepth
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
    /// `keys`, when given, holds the keys at `depth` of the codes of `range`, in their order.
    mutating func sort(_ codes: UnsafeMutableBufferPointer<UInt32>, _ range: Range<Int>, depth: Int,
                       keys presetKeys: UnsafeMutableBufferPointer<UInt64>?) {
        var work: [(range: Range<Int>, depth: Int)] = []
        if let presetKeys {
            Self.sortOnce(presetKeys, codes, range, depth: depth, work: &work)
        } else {
            work.append((range, depth))
        }
        while let (range, depth) = work.popLast() {
            if depth >= fallbackDepth { deferred.append(range); continue }
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
        quicksort(keys, UnsafeMutableBufferPointer(rebasing: codes[range]), 0, keys.count,
                  depthBudget: 2 * (Int.bitWidth - keys.count.leadingZeroBitCount))
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
    /// keys, common among names, cost one pass). Past `depthBudget` levels of partitioning (some orders,
    /// descending keys among them, make median-of-three pivots bad), the rest is heap-sorted, so the
    /// sort is O(n log n) whatever the keys.
    static func quicksort(_ keys: UnsafeMutableBufferPointer<UInt64>, _ codes: UnsafeMutableBufferPointer<UInt32>,
                          _ low: Int, _ high: Int, depthBudget: Int) {
        var low = low, high = high, depthBudget = depthBudget
        while high - low > 16 {
            if depthBudget == 0 { heapsort(keys, codes, low, high); return }
            depthBudget -= 1
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
                quicksort(keys, codes, low, lt, depthBudget: depthBudget); low = gt
            } else {
                quicksort(keys, codes, gt, high, depthBudget: depthBudget); high = lt
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

    /// Sorts `keys[low..<high]` ascending, moving `codes` along, in O(n log n) whatever the order.
    static func heapsort(_ keys: UnsafeMutableBufferPointer<UInt64>, _ codes: UnsafeMutableBufferPointer<UInt32>, _ low: Int, _ high: Int) {
        let n = high - low
        func siftDown(_ root: Int, _ end: Int) {
            var root = root
            while true {
                var child = 2 * root + 1
                if child >= end { return }
                if child + 1 < end && keys[low + child + 1] > keys[low + child] { child += 1 }
                if keys[low + root] >= keys[low + child] { return }
                keys.swapAt(low + root, low + child); codes.swapAt(low + root, low + child)
                root = child
            }
        }
        for root in stride(from: n / 2 - 1, through: 0, by: -1) { siftDown(root, n) }
        for end in stride(from: n - 1, to: 0, by: -1) {
            keys.swapAt(low, low + end); codes.swapAt(low, low + end)
            siftDown(0, end)
        }
    }
}
