import CMemmem
import Foundation

/// The floor any scan can reach: every text folded once (lower case, no diacritics) into one
/// UTF-8 buffer, one line per row; a keystroke folds the query the same way and runs glibc's
/// `memmem` through the buffer, jumping to the next row after each hit.
public final class FoldedScanSystem: KeystrokeSystem {
    private let texts: PackedStrings
    private let sectionEnds: [Int]
    /// Folded rows, each followed by "\n" (a query never contains one, so no hit spans rows).
    private let folded: [UInt8]
    /// `starts[r]` is the offset of folded row `r`; `starts[count]` is `folded.count`.
    private let starts: [UInt32]

    public init(snapshot: ListingSnapshot, report: inout BuildReport) {
        texts = snapshot.texts
        sectionEnds = snapshot.sectionEnds
        (folded, starts) = report.measure("fold") {
            var folded: [UInt8] = []
            folded.reserveCapacity(snapshot.texts.bytes.count + snapshot.count)
            var starts: [UInt32] = []
            starts.reserveCapacity(snapshot.count + 1)
            for row in 0..<snapshot.count {
                starts.append(UInt32(folded.count))
                folded.append(contentsOf: Self.fold(snapshot.texts[row]).utf8)
                folded.append(0x0A)
            }
            starts.append(UInt32(folded.count))
            return (folded, starts)
        }
    }

    /// Lower case and no diacritics, by Foundation (the same fold for texts and queries).
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .replacingOccurrences(of: "\n", with: " ")
    }

    public var indexBytes: Int? { folded.count + starts.count * MemoryLayout<UInt32>.size }

    public func keystroke(_ text: String) -> Answer {
        let needle = Array(Self.fold(text).utf8)
        var answer = AnswerBuilder()
        var page: [Int] = []
        folded.withUnsafeBufferPointer { hay in
            starts.withUnsafeBufferPointer { starts in
                let base = UnsafeRawPointer(hay.baseAddress!)
                let rows = starts.count - 1
                var section = 0, count = 0, row = 0, position = 0
                func finishSections(before row: Int) {
                    while sectionEnds[section] <= row {
                        if count > 0 { answer.section(section, count: count) }
                        count = 0
                        section += 1
                        if section == sectionEnds.count { return }
                    }
                }
                while position < hay.count,
                      let hit = needle.withUnsafeBytes({ memmem(base + position, hay.count - position, $0.baseAddress, $0.count) }) {
                    row = Self.row(containing: UInt32(UnsafeRawPointer(hit) - base), in: starts, from: row, rows: rows)
                    finishSections(before: row)
                    count += 1
                    if page.count < pageSize { page.append(row) }
                    row += 1
                    position = Int(starts[row])
                }
                finishSections(before: rows)
            }
        }
        for row in page { answer.pageText(texts.utf8(row)) }
        return answer.answer
    }

    /// The row `r >= from` with `starts[r] <= offset < starts[r + 1]`: gallop, then binary search
    /// (hits are mostly close to one another, so this is O(log gap)).
    private static func row(containing offset: UInt32, in starts: UnsafeBufferPointer<UInt32>, from: Int, rows: Int) -> Int {
        var low = from, high = from + 1, step = 1
        while high < rows && starts[high] <= offset {
            low = high
            high += step
            step *= 2
        }
        high = min(high, rows)
        // starts[low] <= offset, and starts[high] > offset or high == rows.
        while high - low > 1 {
            let mid = (low + high) / 2
            if starts[mid] <= offset { low = mid } else { high = mid }
        }
        return low
    }
}
