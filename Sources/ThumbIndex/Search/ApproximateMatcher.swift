/// Approximate substring matching on folded UTF-8 (issue 19 §3): the fewest edits between a pattern
/// and a stretch of a text that begins at an allowed position.
///
/// An edit is the insertion, deletion or substitution of one character, or the transposition of two
/// adjacent ones, and no character is edited twice (the restricted Damerau–Levenshtein distance,
/// also called optimal string alignment). Characters are the Unicode scalars of the folded text.
/// The stretch may begin anywhere (``MatchMode/contains``), at a word start (``MatchMode/words``) or
/// only at the start (``MatchMode/prefix``), and may end anywhere.
///
/// The distance is Sellers' dynamic programme, column by column along the text, with the
/// transposition case and Ukkonen's cut-off (rows past the last one within the limit are not
/// computed); the stretch for highlighting is found by a programme per allowed start.
struct ApproximateMatcher {
    /// The pattern's scalars (the folded term).
    let pattern: [UInt32]
    /// The most edits allowed.
    let limit: Int
    // Three columns of the programme (j - 2, j - 1, j), reused from call to call.
    private var column0: [Int], column1: [Int], column2: [Int]

    init(pattern: [UInt32], limit: Int) {
        precondition(!pattern.isEmpty && limit >= 0, "ApproximateMatcher: a non-empty pattern and a limit ≥ 0")
        self.pattern = pattern
        self.limit = limit
        column0 = [Int](repeating: limit + 1, count: pattern.count + 1)
        (column1, column2) = (column0, column0)
    }

    /// The fewest edits, at most ``limit``, that turn ``pattern`` into a stretch of `text` beginning at
    /// a byte offset where `isStart` holds (a character start); nil when every such stretch needs more.
    ///
    /// - Complexity: O(|text| × (limit + 1)) on most texts, O(|text| × |pattern|) at worst.
    mutating func distance(in text: UnsafeBufferPointer<UInt8>, isStart: (Int) -> Bool) -> Int? {
        let m = pattern.count, limit = self.limit, big = limit + 1, pattern = self.pattern
        var best = big
        pattern.withUnsafeBufferPointer { pattern in
            withColumns { twoBack, back, current in
                // Column 0: the empty text; a stretch starting at byte 0 costs i deletions.
                back[0] = text.count > 0 && isStart(0) ? 0 : big
                var top = 0  // rows above `top` hold `big` in `back`
                while top < m && back[top] + 1 <= limit { back[top + 1] = back[top] + 1; top += 1 }
                if top == m { best = min(best, back[m]) }
                var backTop = top, twoBackTop = -1
                var previousScalar: UInt32 = .max
                var p = 0
                while p < text.count {
                    let (scalar, width) = Self.decode(text, at: p)
                    p += width
                    // Row 0: how far the nearest allowed start lies behind.
                    current[0] = p < text.count && isStart(p) ? 0 : min(back[0] + 1, big)
                    let reach = min(m, backTop + 1)
                    var lastWithin = current[0] <= limit ? 0 : -1
                    if reach >= 1 {
                        for i in 1...reach {
                            var d = back[i - 1] + (pattern[i - 1] == scalar ? 0 : 1)
                            d = min(d, current[i - 1] + 1)
                            if i <= backTop { d = min(d, back[i] + 1) }
                            if i >= 2, i - 2 <= twoBackTop, pattern[i - 1] == previousScalar, pattern[i - 2] == scalar {
                                d = min(d, twoBack[i - 2] + 1)
                            }
                            current[i] = min(d, big)
                            if current[i] <= limit { lastWithin = i }
                        }
                    }
                    // Continue the column down while deletions keep it within the limit.
                    var currentTop = max(lastWithin, 0)
                    while currentTop < m && currentTop >= reach && current[currentTop] + 1 <= limit {
                        current[currentTop + 1] = current[currentTop] + 1
                        currentTop += 1
                        lastWithin = currentTop
                    }
                    if lastWithin == m { best = min(best, current[m]) }
                    if best == 0 { return }
                    // Rows past the last one within the limit count as `big` from here on.
                    let cleared = max(lastWithin, 0)
                    if cleared < m { for i in (cleared + 1)...m { current[i] = big } }
                    (twoBack, back, current) = (back, current, twoBack)
                    (twoBackTop, backTop) = (backTop, cleared)
                    previousScalar = scalar
                }
            }
        }
        return best <= limit ? best : nil
    }

    /// The stretch of `scalars` to highlight: among the stretches that begin at a position of
    /// `starts` (ascending) and are fewest edits (at most ``limit``) from ``pattern``, the one that
    /// begins first, and of those the longest. Nil when none is within the limit.
    ///
    /// - Complexity: O(|starts| × |pattern| × (|pattern| + limit)).
    func bestStretch(in scalars: [UInt32], starts: [Int]) -> (range: Range<Int>, edits: Int)? {
        let m = pattern.count
        var best: (range: Range<Int>, edits: Int)? = nil
        for s in starts where s < scalars.count {
            // A stretch longer than m + limit needs more than `limit` insertions.
            let n = min(scalars.count - s, m + limit)
            // rows[i][j]: edits between pattern[..<i] and scalars[s..<s + j].
            var rows = [[Int]](repeating: [Int](repeating: 0, count: n + 1), count: m + 1)
            for j in 0...n { rows[0][j] = j }
            for i in 0...m { rows[i][0] = i }
            if m >= 1 && n >= 1 {
                for i in 1...m {
                    for j in 1...n {
                        var d = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1,
                                    rows[i - 1][j - 1] + (pattern[i - 1] == scalars[s + j - 1] ? 0 : 1))
                        if i >= 2, j >= 2, pattern[i - 1] == scalars[s + j - 2], pattern[i - 2] == scalars[s + j - 1] {
                            d = min(d, rows[i - 2][j - 2] + 1)
                        }
                        rows[i][j] = d
                    }
                }
            }
            guard n >= 1, let fewest = rows[m][1...n].min(), fewest <= limit, fewest < (best?.edits ?? .max) else { continue }
            let end = (1...n).last { rows[m][$0] == fewest }!
            best = (s..<s + end, fewest)
            if fewest == 0 { break }
        }
        return best
    }

    /// The scalar value at byte `p` of valid UTF-8 and its width in bytes.
    @inline(__always)
    static func decode(_ text: UnsafeBufferPointer<UInt8>, at p: Int) -> (UInt32, Int) {
        let b0 = UInt32(text[p])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(text[p + 1] & 0x3F), 2) }
        if b0 < 0xF0 { return ((b0 & 0x0F) << 12 | UInt32(text[p + 1] & 0x3F) << 6 | UInt32(text[p + 2] & 0x3F), 3) }
        return ((b0 & 0x07) << 18 | UInt32(text[p + 1] & 0x3F) << 12 | UInt32(text[p + 2] & 0x3F) << 6
                    | UInt32(text[p + 3] & 0x3F), 4)
    }

    /// Lends the three columns as buffers (each `pattern.count + 1` long).
    private mutating func withColumns(_ body: (inout UnsafeMutableBufferPointer<Int>, inout UnsafeMutableBufferPointer<Int>,
                                               inout UnsafeMutableBufferPointer<Int>) -> Void) {
        column0.withUnsafeMutableBufferPointer { a in
            column1.withUnsafeMutableBufferPointer { b in
                column2.withUnsafeMutableBufferPointer { c in
                    var (x, y, z) = (a, b, c)
                    body(&x, &y, &z)
                }
            }
        }
    }
}
