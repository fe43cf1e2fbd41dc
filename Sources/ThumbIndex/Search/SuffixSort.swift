/// Suffix sorting by induced sorting (SA-IS: Nong, Zhang and Chan, "Two Efficient Algorithms for Linear
/// Time Suffix Array Construction", 2009). Linear time; memory: the text, the output, one flag per
/// symbol, the buckets, and the reduced problem (at most half the size) while recursing.
enum SuffixSort {
    /// The suffix array of `text`: the start positions of all suffixes in lexicographic order.
    ///
    /// - Precondition: every symbol is in `0..<alphabetSize`, and the last symbol is 0 and occurs
    ///   nowhere else (the sentinel).
    static func suffixArray(of text: [Int32], alphabetSize: Int) -> [Int32] {
        precondition(text.last == 0, "the text must end with the sentinel 0")
        var sa = [Int32](repeating: -1, count: text.count)
        text.withUnsafeBufferPointer { t in
            sa.withUnsafeMutableBufferPointer { s in
                sais(t, s, alphabetSize: alphabetSize)
            }
        }
        return sa
    }

    // Unsafe pointers from here on. Invariant: `t` and `sa` have the same count n; every value stored
    // in `sa` is -1 or a position in 0..<n; every symbol of `t` is in 0..<alphabetSize, so bucket
    // indices are in range.
    private static func sais(_ t: UnsafeBufferPointer<Int32>, _ sa: UnsafeMutableBufferPointer<Int32>, alphabetSize: Int) {
        let n = t.count
        if n == 1 { sa[0] = 0; return }
        // S/L types: S when the suffix is smaller than the next one.
        var isS = [Bool](repeating: false, count: n)
        isS[n - 1] = true
        for i in stride(from: n - 2, through: 0, by: -1) {
            isS[i] = t[i] < t[i + 1] || (t[i] == t[i + 1] && isS[i + 1])
        }
        isS.withUnsafeBufferPointer { isS in
            @inline(__always) func isLMS(_ i: Int) -> Bool { i > 0 && isS[i] && !isS[i - 1] }

            var bucketSizes = [Int](repeating: 0, count: alphabetSize)
            for c in t { bucketSizes[Int(c)] += 1 }
            bucketSizes.withUnsafeMutableBufferPointer { sizes in
                var bucket = [Int](repeating: 0, count: alphabetSize)
                bucket.withUnsafeMutableBufferPointer { bucket in
                    func setHeads() {
                        var sum = 0
                        for c in 0..<alphabetSize { bucket[c] = sum; sum += sizes[c] }
                    }
                    func setTails() {
                        var sum = 0
                        for c in 0..<alphabetSize { sum += sizes[c]; bucket[c] = sum }
                    }
                    func induce() {
                        setHeads()
                        for i in 0..<n {
                            let j = Int(sa[i]) - 1
                            if j >= 0 && !isS[j] {
                                let c = Int(t[j]); sa[bucket[c]] = Int32(j); bucket[c] += 1
                            }
                        }
                        setTails()
                        for i in stride(from: n - 1, through: 0, by: -1) {
                            let j = Int(sa[i]) - 1
                            if j >= 0 && isS[j] {
                                let c = Int(t[j]); bucket[c] -= 1; sa[bucket[c]] = Int32(j)
                            }
                        }
                    }

                    // 1. Sort the LMS substrings by inducing from the LMS positions in any order.
                    for i in 0..<n { sa[i] = -1 }
                    setTails()
                    for i in 1..<n where isLMS(i) {
                        let c = Int(t[i]); bucket[c] -= 1; sa[bucket[c]] = Int32(i)
                    }
                    induce()

                    // 2. Compact the sorted LMS positions to the front and name the LMS substrings.
                    var lmsCount = 0
                    for i in 0..<n where isLMS(Int(sa[i])) { sa[lmsCount] = sa[i]; lmsCount += 1 }
                    for i in lmsCount..<n { sa[i] = -1 }
                    var name: Int32 = -1
                    var previous = -1
                    for i in 0..<lmsCount {
                        let p = Int(sa[i])
                        var differs = previous < 0
                        if !differs {
                            var d = 0
                            while true {
                                if t[p + d] != t[previous + d] || isS[p + d] != isS[previous + d] { differs = true; break }
                                if d > 0 && (isLMS(p + d) || isLMS(previous + d)) {
                                    differs = !(isLMS(p + d) && isLMS(previous + d))
                                    break
                                }
                                d += 1
                            }
                        }
                        if differs { name += 1; previous = p }
                        // Positions of LMS substrings are at least 2 apart, so p / 2 slots never collide.
                        sa[lmsCount + p / 2] = name
                    }
                    let nameCount = Int(name) + 1

                    // 3. The reduced text: LMS names in text order; sort its suffixes (recursively when
                    //    names repeat).
                    var reduced = [Int32](); reduced.reserveCapacity(lmsCount)
                    for i in lmsCount..<n where sa[i] >= 0 { reduced.append(sa[i]) }
                    var lmsPositions = [Int32](); lmsPositions.reserveCapacity(lmsCount)
                    for i in 1..<n where isLMS(i) { lmsPositions.append(Int32(i)) }
                    var reducedSA = [Int32](repeating: -1, count: lmsCount)
                    if nameCount < lmsCount {
                        reduced.withUnsafeBufferPointer { r in
                            reducedSA.withUnsafeMutableBufferPointer { rs in sais(r, rs, alphabetSize: nameCount) }
                        }
                    } else {
                        for i in 0..<lmsCount { reducedSA[Int(reduced[i])] = Int32(i) }
                    }

                    // 4. Place the LMS suffixes in their final order at the bucket tails and induce.
                    for i in 0..<n { sa[i] = -1 }
                    setTails()
                    for i in stride(from: lmsCount - 1, through: 0, by: -1) {
                        let p = Int(lmsPositions[Int(reducedSA[i])])
                        let c = Int(t[p]); bucket[c] -= 1; sa[bucket[c]] = Int32(p)
                    }
                    induce()
                }
            }
        }
    }
}
