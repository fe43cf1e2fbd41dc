/// A filter before the ``ApproximateMatcher``: how many of a pattern's characters (counted with
/// their repeats) a text holds. A stretch within k edits of a pattern of m characters holds at least
/// m − k of them (a replacement or a deletion loses one, an insertion or a transposition none), so a
/// text holding fewer has no such stretch.
///
/// Characters are counted by bucket (the scalar value modulo 1,024): two characters sharing a bucket
/// only make the count larger, never smaller, so the filter never rejects a text it should keep.
struct SharedCharacters {
    private static let buckets = 1024
    /// How many of the pattern's characters fall in each bucket.
    private var wanted: [Int32]
    /// Per bucket: how many of the text's characters were counted, valid when `stamps` holds `stamp`.
    private var taken: [Int32]
    private var stamps: [UInt32]
    private var stamp: UInt32 = 0

    init(_ pattern: [UInt32]) {
        wanted = [Int32](repeating: 0, count: Self.buckets)
        for value in pattern { wanted[Int(value) & (Self.buckets - 1)] += 1 }
        taken = [Int32](repeating: 0, count: Self.buckets)
        stamps = [UInt32](repeating: 0, count: Self.buckets)
    }

    /// How many of the pattern's characters `text` (valid UTF-8) holds, counted by bucket.
    ///
    /// - Complexity: O(|text|).
    mutating func shared(in text: UnsafeBufferPointer<UInt8>) -> Int {
        stamp &+= 1
        if stamp == 0 {  // wrapped: every stamp is stale again
            for b in stamps.indices { stamps[b] = 0 }
            stamp = 1
        }
        var shared = 0, p = 0
        while p < text.count {
            let (value, width) = ApproximateMatcher.decode(text, at: p)
            p += width
            let b = Int(value) & (Self.buckets - 1)
            if wanted[b] == 0 { continue }
            if stamps[b] != stamp { stamps[b] = stamp; taken[b] = 0 }
            if taken[b] < wanted[b] { taken[b] += 1; shared += 1 }
        }
        return shared
    }
}
