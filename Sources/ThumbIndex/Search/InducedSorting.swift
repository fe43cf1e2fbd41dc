/// Suffix-array construction by induced sorting (SA-IS: Nong, Zhang and Chan, "Linear Suffix Array
/// Construction by Almost Pure Induced-Sorting", 2009), written for ``SuffixSort``'s fallback.
///
/// ``SuffixSort`` sorts short names fast by comparing eight bytes at a time, which costs O(n · L / 8)
/// for suffixes that share L bytes: quadratic on one long repeated text. The suffixes it cannot finish
/// within a few rounds are handed here, where the time is linear in the text whatever its content.
///
/// The algorithm, in brief: classify every position as S (its suffix is smaller than the next one) or
/// L (larger); the S positions right after an L one ("LMS" positions) cut the text into LMS substrings.
/// Placing the LMS positions at the ends of their first symbol's bucket and inducing L then S
/// positions from them sorts the LMS substrings; naming equal substrings alike gives a text at most half
/// as long, whose suffix array (recursively) orders the LMS suffixes; one more induction from those
/// sorts every suffix.
enum InducedSorting {
    /// The suffix array of `text`: every position, ordered by the suffix starting there.
    ///
    /// - Precondition: the symbols are below `alphabetSize`, and the last one is 0 and the only 0
    ///   (the sentinel).
    /// - Complexity: O(n + alphabetSize) time; 4n bytes for the result plus about n bytes of
    ///   scratch, and 4n at most (in all) for the recursion's shorter texts.
    static func suffixArray(_ text: [Int32], alphabetSize: Int) -> [Int32] {
        precondition(text.last == 0 && text.dropLast().allSatisfy { $0 > 0 && Int($0) < alphabetSize },
                     "InducedSorting: the text must end with a unique 0 and use symbols below alphabetSize")
        var sa = [Int32](repeating: -1, count: text.count)
        text.withUnsafeBufferPointer { t in
            sa.withUnsafeMutableBufferPointer { sa in sort(t, into: sa, alphabetSize: alphabetSize) }
        }
        return sa
    }

    /// Fills `sa` with the suffix array of `t` (sentinel-terminated, symbols below `alphabetSize`).
    private static func sort(_ t: UnsafeBufferPointer<Int32>, into sa: UnsafeMutableBufferPointer<Int32>, alphabetSize k: Int) {
        let n = t.count
        if n == 1 { sa[0] = 0; return }

        // Types: isS[i] when suffix i is smaller than suffix i + 1 (the sentinel is S).
        var isS = [Bool](repeating: false, count: n)
        isS[n - 1] = true
        for i in stride(from: n - 2, through: 0, by: -1) {
            isS[i] = t[i] < t[i + 1] || (t[i] == t[i + 1] && isS[i + 1])
        }
        // Invariant for the pointer code below: every symbol is below k, every index is in 0..<n.
        isS.withUnsafeBufferPointer { isS in
            @inline(__always) func isLMS(_ i: Int) -> Bool { i > 0 && isS[i] && !isS[i - 1] }

            // Bucket b holds the suffixes starting with symbol b: sa[bucketStart[b]..<bucketStart[b + 1]].
            var bucketStart = [Int](repeating: 0, count: k + 1)
            for i in 0..<n { bucketStart[Int(t[i]) + 1] += 1 }
            for b in 0..<k { bucketStart[b + 1] += bucketStart[b] }

            func induce() {
                // L positions, left to right, at the heads of their buckets.
                var heads = bucketStart
                for j in 0..<n {
                    let i = Int(sa[j]) - 1
                    if i >= 0 && !isS[i] {
                        let c = Int(t[i])
                        sa[heads[c]] = Int32(i); heads[c] += 1
                    }
                }
                // S positions, right to left, at the tails of their buckets.
                var tails = Array(bucketStart.dropFirst())
                for j in stride(from: n - 1, through: 0, by: -1) {
                    let i = Int(sa[j]) - 1
                    if i >= 0 && isS[i] {
                        let c = Int(t[i])
                        tails[c] -= 1; sa[tails[c]] = Int32(i)
                    }
                }
            }

            // 1. Sort the LMS substrings: LMS positions at their buckets' tails, then induce.
            for j in 0..<n { sa[j] = -1 }
            var tails = Array(bucketStart.dropFirst())
            var lmsCount = 0
            for i in 1..<n where isLMS(i) {
                let c = Int(t[i])
                tails[c] -= 1; sa[tails[c]] = Int32(i)
                lmsCount += 1
            }
            induce()

            // 2. Name them: equal LMS substrings get equal names, in sorted order. The sorted LMS
            // positions go to sa[0..<lmsCount]; the name of position p goes to sa[lmsCount + p / 2]
            // (LMS positions are at least two apart, so these slots are distinct).
            var m = 0
            for j in 0..<n where isLMS(Int(sa[j])) { sa[m] = sa[j]; m += 1 }
            for j in m..<n { sa[j] = -1 }
            var names = 0
            var previous = -1
            for j in 0..<m {
                let p = Int(sa[j])
                var differs = previous < 0
                if !differs {
                    var d = 0
                    while true {
                        if t[p + d] != t[previous + d] || isS[p + d] != isS[previous + d] { differs = true; break }
                        if d > 0 && isLMS(p + d) { break }  // both LMS here: the substrings are equal
                        d += 1
                    }
                }
                if differs { names += 1; previous = p }
                sa[m + p / 2] = Int32(names - 1)
            }
            var reduced = [Int32](); reduced.reserveCapacity(m)
            for j in m..<n where sa[j] >= 0 { reduced.append(sa[j]) }

            // 3. Order the LMS suffixes: directly when the names are distinct, else recursively.
            var order = [Int32](repeating: -1, count: m)
            if names < m {
                reduced.withUnsafeBufferPointer { r in
                    order.withUnsafeMutableBufferPointer { o in sort(r, into: o, alphabetSize: names) }
                }
            } else {
                for i in 0..<m { order[Int(reduced[i])] = Int32(i) }
            }
            // The LMS positions in text order, to map the reduced suffixes back (in the reduced
            // text's storage, no longer needed).
            var lms: [Int32] = []
            swap(&lms, &reduced)  // unique, so no copy on write
            var l = 0
            for i in 1..<n where isLMS(i) { lms[l] = Int32(i); l += 1 }

            // 4. Place the sorted LMS suffixes at their buckets' tails (keeping their order), induce.
            for j in 0..<n { sa[j] = -1 }
            tails = Array(bucketStart.dropFirst())
            for i in stride(from: m - 1, through: 0, by: -1) {
                let p = Int(lms[Int(order[i])])
                let c = Int(t[p])
                tails[c] -= 1; sa[tails[c]] = Int32(p)
            }
            induce()
        }
    }
}
