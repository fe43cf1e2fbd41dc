import CThumbIndexICU

/// A column of strings stored back to back as UTF-8 in one buffer, with offsets.
///
/// Millions of names as separate `String`s cost a heap object each; one buffer costs the bytes
/// plus 8 bytes of offset per row, and hands ICU the whole column in one call.
package struct TextColumn: Sendable, RandomAccessCollection {
    /// The UTF-8 bytes of one row, without copying (``utf8(_:)``).
    package typealias Bytes = Slice<FlatArray<UInt8>>

    /// Every row's bytes, back to back (owned, or a saved index's mapped pages).
    private(set) var bytes: FlatArray<UInt8>
    /// `offsets[i] ..< offsets[i + 1]` are the bytes of row `i`; `offsets.count == count + 1`.
    private(set) var offsets: FlatArray<Int64>

    /// An empty column.
    package init() {
        bytes = []
        offsets = [0]
    }

    /// A column over `bytes` and `offsets` as they are (a saved column); nil unless the offsets
    /// start at 0, ascend, and end at `bytes.count`. Complexity: O(rows).
    init?(bytes: FlatArray<UInt8>, offsets: FlatArray<Int64>) {
        guard offsets.first == 0, offsets.last == Int64(bytes.count) else { return nil }
        guard offsets.isNondescending else { return nil }
        self.bytes = bytes
        self.offsets = offsets
    }

    /// A column over `bytes` and `offsets` made together row by row (``TextColumnStream``), not
    /// checked again: a check would read every offset, and bring a mapped column's pages in.
    init(trusted bytes: FlatArray<UInt8>, offsets: FlatArray<Int64>) {
        self.bytes = bytes
        self.offsets = offsets
    }

    /// A column over `bytes` (UTF-8, already validated by the caller) and `offsets` made together
    /// row by row: `offsets` starts at 0, ascends, and ends at `bytes.count` (a precondition).
    package init(utf8 bytes: [UInt8], offsets: [Int64]) {
        guard let column = TextColumn(bytes: FlatArray(bytes), offsets: FlatArray(offsets)) else {
            preconditionFailure("TextColumn: offsets from 0 to the bytes' count, ascending")
        }
        self = column
    }

    /// A column holding `strings` in order.
    package init(_ strings: some Sequence<String>) {
        self.init()
        for s in strings { append(s) }
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { offsets.count - 1 }

    /// The string in row `row`. Complexity: O(length of the string).
    package subscript(row: Int) -> String {
        String(decoding: utf8(row), as: UTF8.self)
    }

    /// The UTF-8 bytes of row `row`, without copying.
    package func utf8(_ row: Int) -> Bytes {
        bytes[Int(offsets[row])..<Int(offsets[row + 1])]
    }

    /// Calls `body` with the UTF-8 bytes of row `row`, without copying.
    func withUTF8<R>(ofRow row: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let range = Int(offsets[row])..<Int(offsets[row + 1])
        return try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Starts bringing the offsets and the first bytes of `rows` into the cache, all of them at once,
    /// so that a page that reads them one after the other waits for memory about once, not once
    /// per row.
    func prefetch(rows: [Int]) {
        offsets.withUnsafeBufferPointer { offsets in
            bytes.withUnsafeBufferPointer { bytes in
                guard let first = offsets.baseAddress, let text = bytes.baseAddress else { return }
                for row in rows where row >= 0 && row < offsets.count { ti_prefetch(first + row) }
                for row in rows where row >= 0 && row < offsets.count - 1 && Int(offsets[row]) < bytes.count {
                    ti_prefetch(text + Int(offsets[row]))
                }
            }
        }
    }

    /// Whether row `row` is the empty string.
    package func isEmpty(row: Int) -> Bool { offsets[row] == offsets[row + 1] }

    /// Appends one string.
    package mutating func append(_ s: String) {
        var s = s
        let count = s.withUTF8 { utf8 in bytes.withOwnedArray { $0.append(contentsOf: utf8); return $0.count } }
        offsets.append(Int64(count))
    }

    /// Reserves room for `rows` more rows of `bytes` more bytes in all: a column gathered row by row
    /// then grows to its size without a copy or unused room.
    package mutating func reserveCapacity(rows: Int, bytes: Int) {
        self.bytes.reserveCapacity(self.bytes.count + bytes)
        offsets.reserveCapacity(offsets.count + rows)
    }

    /// Appends raw UTF-8 bytes (already validated by the caller).
    package mutating func append(utf8: some Collection<UInt8>) {
        let count = bytes.withOwnedArray { $0.append(contentsOf: utf8); return $0.count }
        offsets.append(Int64(count))
    }

    /// This column with its rows rearranged: row `k` of the result is row `order[k]` of this one.
    ///
    /// Rows are read in `order`, so each is a cache miss or two (its offsets, then its bytes): the
    /// lengths, and then the bytes, are taken in parallel chunks that ask for the rows
    /// ``permutationLookahead`` places ahead (`ti_prefetch`), so that the misses overlap.
    func permuted(by order: [Int32]) -> TextColumn {
        precondition(order.count == count, "TextColumn: the order is a permutation of the rows")
        let rowCount = order.count
        let chunks = Parallel.chunks(rowCount, minimumSize: 1 << 15)
        let ahead = Self.permutationLookahead
        var newOffsets = [Int64](repeating: 0, count: rowCount + 1)
        // 1. Each row's length at its new place (newOffsets[k + 1]), then their running sum.
        offsets.withUnsafeBufferPointer { old in
            order.withUnsafeBufferPointer { order in
                newOffsets.withUnsafeMutableBufferPointer { new in
                    _ = Parallel.map(chunks.count) { c in
                        for k in chunks[c] {
                            if k + ahead < rowCount { ti_prefetch(old.baseAddress! + Int(order[k + ahead])) }
                            let row = Int(order[k])
                            new[k + 1] = old[row + 1] - old[row]
                        }
                    }
                }
            }
        }
        for k in 0..<rowCount { newOffsets[k + 1] += newOffsets[k] }
        // 2. The bytes, each row copied to its new place.
        let total = Int(newOffsets[rowCount])
        let newBytes = [UInt8](capacity: total) { buffer in
            let target = buffer.baseAddress!
            bytes.withUnsafeBufferPointer { old in
                offsets.withUnsafeBufferPointer { oldOffsets in
                    order.withUnsafeBufferPointer { order in
                        newOffsets.withUnsafeBufferPointer { new in
                            let source = old.baseAddress!
                            _ = Parallel.map(chunks.count) { c in
                                for k in chunks[c] {
                                    // The offsets twice as far ahead as the bytes, which need them.
                                    if k + 2 * ahead < rowCount { ti_prefetch(oldOffsets.baseAddress! + Int(order[k + 2 * ahead])) }
                                    if k + ahead < rowCount { ti_prefetch(source + Int(oldOffsets[Int(order[k + ahead])])) }
                                    let length = Int(new[k + 1] - new[k])
                                    guard length > 0 else { continue }
                                    (target + Int(new[k])).initialize(from: source + Int(oldOffsets[Int(order[k])]), count: length)
                                }
                            }
                        }
                    }
                }
            }
            return total
        }
        var result = TextColumn()
        result.bytes = FlatArray(newBytes)
        result.offsets = FlatArray(newOffsets)
        return result
    }

    /// How many rows ahead ``permuted(by:)`` asks for a row's bytes (and twice that for its offsets).
    static let permutationLookahead = 16

    /// Calls `body` with the byte buffer and the offsets buffer (for the bridge).
    func withUnsafeStorage<R>(_ body: (UnsafePointer<CChar>?, UnsafePointer<Int64>?) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { bytes in
            try offsets.withUnsafeBufferPointer { offsets in
                try bytes.withMemoryRebound(to: CChar.self) { try body($0.baseAddress, offsets.baseAddress) }
            }
        }
    }

    /// Whether the column is a mapped file's pages (a loaded saved index).
    var isMapped: Bool { bytes.isMapped && offsets.isMapped }

    /// Bytes held (text plus offsets), for memory reports.
    package var byteCount: Int { bytes.count + offsets.count * 8 }
}
