/// The one binary search of the library: every "first position where ..." question over sorted
/// data (section boundaries, suffix ranges, block ranks, grapheme boundaries) goes through here.
enum BinarySearch {
    /// The first position `p` in `range` for which `isAtOrAfter(p)` holds, or `range.upperBound`
    /// when none does.
    ///
    /// - Precondition: `isAtOrAfter` is monotone over `range`: false for a (possibly empty) prefix,
    ///   true for the rest.
    /// - Complexity: O(log `range.count`) calls of `isAtOrAfter`.
    @inline(__always)
    static func first(in range: Range<Int>, where isAtOrAfter: (Int) -> Bool) -> Int {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let mid = low + (high - low) / 2
            if isAtOrAfter(mid) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The last position `p` in `range` for which `isAtOrBefore(p)` holds, or nil when none does.
    ///
    /// - Precondition: `isAtOrBefore` is monotone over `range`: true for a (possibly empty) prefix,
    ///   false for the rest.
    @inline(__always)
    static func last(in range: Range<Int>, where isAtOrBefore: (Int) -> Bool) -> Int? {
        let end = first(in: range) { !isAtOrBefore($0) }
        return end > range.lowerBound ? end - 1 : nil
    }
}
