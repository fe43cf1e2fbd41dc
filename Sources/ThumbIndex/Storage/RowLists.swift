/// Lists of rows, one per key, each ascending without repeats, delta-coded in bytes: an inverted
/// index's posting lists at about a third of their width as `UInt32`s.
///
/// Key k's list is `bytes[starts[k]..<starts[k + 1]]`: its row count, then its first row, then each
/// next row's distance from the one before, each a variable-length integer (seven bits a byte, low
/// groups first, the high bit set on every byte but a number's last). A list of n rows is read in
/// one pass; its count is at hand without reading the rows.
///
/// Every list is checked when the lists are made or read back (``init(starts:bytes:keyCount:rowCount:)``):
/// each reads to exactly its end, with rows ascending inside the listing. So a read never leaves its
/// list and never sees a row outside the listing.
struct RowLists: Sendable, Equatable {
    /// Where each key's list starts in ``bytes``, one more than the keys; none when no key has a
    /// row (a listing without the lists' kind of text pays nothing for them).
    let starts: [UInt32]
    let bytes: [UInt8]
    let keyCount: Int

    var byteCount: Int { bytes.count + 4 * starts.count }

    /// Where key `k`'s list lies in ``bytes``.
    @inline(__always)
    private func span(_ k: Int) -> (at: Int, end: Int) {
        starts.isEmpty ? (0, 0) : (Int(starts[k]), Int(starts[k + 1]))
    }

    /// How many bytes key `k`'s list takes.
    func byteCount(ofList k: Int) -> Int {
        let (at, end) = span(k)
        return end - at
    }

    /// Collects the lists key by key as rows come, in ascending order: each key's list is coded as
    /// it grows, so nothing the size of the (key, row) pairs is kept.
    struct Builder {
        /// Per key, its coded rows, its count and its last row; made at the first row, so that a
        /// builder that gets none costs nothing per key.
        private var lists: [[UInt8]] = []
        private var counts: [UInt32] = []
        private var last: [UInt32] = []
        /// How many keys the lists have.
        private(set) var keyCount: Int

        init(keyCount: Int) {
            self.keyCount = keyCount
        }

        /// Adds a key with an empty list and returns it (keys found as rows come).
        mutating func addKey() -> Int {
            if !lists.isEmpty {
                lists.append([])
                counts.append(0)
                last.append(0)
            }
            keyCount += 1
            return keyCount - 1
        }

        /// Adds `row` to the list of `key`. Rows come in ascending order per key; the key's last
        /// row again is ignored (a row that has a key twice).
        mutating func append(_ row: UInt32, to key: Int) {
            if lists.isEmpty {
                lists = Array(repeating: [], count: keyCount)
                counts = Array(repeating: 0, count: keyCount)
                last = Array(repeating: 0, count: keyCount)
            }
            if counts[key] > 0 {
                if last[key] == row { return }
                precondition(last[key] < row, "RowLists: rows ascend per key")
            }
            RowLists.put(row - last[key], into: &lists[key])
            counts[key] += 1
            last[key] = row
        }

        /// The lists: each key's count, then its rows, one after another; key k of the lists is
        /// key `order[k]` of the builder (a permutation of its keys; nil: the same order).
        consuming func build(order: [Int]? = nil) -> RowLists {
            precondition(order.map { $0.count == keyCount } ?? true, "RowLists: an order of every key")
            guard !lists.isEmpty else { return RowLists(starts: [], bytes: [], keyCount: keyCount) }
            let order = order ?? Array(lists.indices)
            var starts: [UInt32] = [0], size = 0
            starts.reserveCapacity(lists.count + 1)
            for k in order {
                size += lists[k].isEmpty ? 0 : RowLists.width(counts[k]) + lists[k].count
                starts.append(UInt32(size))
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(size)
            for k in order where !lists[k].isEmpty {
                RowLists.put(counts[k], into: &bytes)
                bytes += lists[k]
                lists[k] = []
            }
            precondition(bytes.count == size, "RowLists: an order of every key, each once")
            return RowLists(starts: starts, bytes: bytes, keyCount: keyCount)
        }
    }

    private init(starts: [UInt32], bytes: [UInt8], keyCount: Int) {
        self.starts = bytes.isEmpty ? [] : starts
        self.bytes = bytes
        self.keyCount = keyCount
    }

    /// Lists read back from their two parts, or nil when a list does not read to exactly its end
    /// with ascending rows below `rowCount`, or the starts are not `keyCount + 1` that cover the
    /// bytes in order. No starts and no bytes are `keyCount` empty lists.
    ///
    /// - Complexity: O(bytes).
    init?(starts: [UInt32], bytes: [UInt8], keyCount: Int, rowCount: Int) {
        if starts.isEmpty && bytes.isEmpty {
            self.init(starts: [], bytes: [], keyCount: keyCount)
            return
        }
        guard starts.count == keyCount + 1, starts.areStarts(of: keyCount, covering: bytes.count) else { return nil }
        for k in 0..<starts.count - 1 where starts[k] < starts[k + 1] {
            var at = Int(starts[k])
            let end = Int(starts[k + 1])
            guard let count = Self.get(bytes, at: &at, end: end), count > 0 else { return nil }
            var row: UInt64 = 0
            for i in 0..<Int(count) {
                guard let step = Self.get(bytes, at: &at, end: end), i == 0 || step > 0 else { return nil }
                row += UInt64(step)
                guard row < UInt64(rowCount) else { return nil }
            }
            guard at == end else { return nil }
        }
        self.init(starts: starts, bytes: bytes, keyCount: starts.count - 1)
    }

    /// The same lists with those of `keys` emptied (their rows kept elsewhere).
    func emptying(_ keys: Set<Int>) -> RowLists {
        var starts: [UInt32] = [0], bytes: [UInt8] = []
        starts.reserveCapacity(keyCount + 1)
        for k in 0..<keyCount {
            let (at, end) = span(k)
            if !keys.contains(k) { bytes += self.bytes[at..<end] }
            starts.append(UInt32(bytes.count))
        }
        return RowLists(starts: starts, bytes: bytes, keyCount: keyCount)
    }

    /// How many rows key `k` lists.
    func count(_ k: Int) -> Int {
        let (first, end) = span(k)
        var at = first
        return at == end ? 0 : Int(Self.get(bytes, at: &at, end: end)!)
    }

    /// Calls `body` with each row of key `k`, ascending.
    func forEachRow(_ k: Int, _ body: (UInt32) -> Void) {
        let (first, end) = span(k)
        var at = first
        guard at < end else { return }
        bytes.withUnsafeBufferPointer { bytes in
            // Invariant (checked by both initializers): the list reads to exactly `end`.
            let count = Self.get(bytes, at: &at, end: end)!
            var row: UInt32 = 0
            for _ in 0..<count {
                row &+= Self.step(bytes, at: &at, end: end)
                body(row)
            }
        }
    }

    /// The rows of key `k`, ascending.
    func rows(_ k: Int) -> [UInt32] {
        let (first, end) = span(k)
        var at = first
        guard at < end else { return [] }
        return bytes.withUnsafeBufferPointer { bytes in
            // Invariant (checked by both initializers): the list reads to exactly `end`, and its
            // count is how many rows it has, so `out` is filled exactly.
            let count = Int(Self.get(bytes, at: &at, end: end)!)
            return [UInt32](capacity: count) { out in
                var row: UInt32 = 0
                for i in 0..<count {
                    row &+= Self.step(bytes, at: &at, end: end)
                    out[i] = row
                }
                return count
            }
        }
    }

    /// The next distance of a list known to read to its end: one byte for most, else
    /// ``get(_:at:end:)``.
    @inline(__always)
    private static func step(_ bytes: UnsafeBufferPointer<UInt8>, at: inout Int, end: Int) -> UInt32 {
        let byte = bytes[at]
        if byte < 0x80 {
            at += 1
            return UInt32(byte)
        }
        return get(bytes, at: &at, end: end)!
    }

    /// How many bytes `value` takes as a variable-length integer.
    private static func width(_ value: UInt32) -> Int { value < 1 << 7 ? 1 : value < 1 << 14 ? 2 : value < 1 << 21 ? 3 : value < 1 << 28 ? 4 : 5 }

    /// Appends `value` as a variable-length integer.
    private static func put(_ value: UInt32, into bytes: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// The variable-length integer at `at` (moved past it), or nil when it runs past `end` or does
    /// not fit in 32 bits.
    @inline(__always)
    private static func get<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at: inout Int, end: Int) -> UInt32?
    where Bytes.Index == Int {
        var value: UInt32 = 0, shift: UInt32 = 0
        while at < end {
            let byte = bytes[at]
            at += 1
            guard shift < 32, shift < 28 || byte < 0x10 else { return nil }
            value |= UInt32(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }
}
