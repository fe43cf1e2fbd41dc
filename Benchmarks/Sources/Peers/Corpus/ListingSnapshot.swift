import Foundation
import ThumbIndex

/// A listing as the peers receive it: the displayed texts in ThumbIndex's listing order and the
/// sections as row ranges.
///
/// The search peers are measured on searching, not on sorting: they all get the same order and
/// sections (made once by `peers-run prepare` from ThumbIndex's `Listing`, untimed), so their
/// per-section counts and first pages can be compared row for row. Sorting and bucketing are
/// measured separately (ThumbIndex `Listing`, ICU's AlphabeticIndex records, a Foundation sort).
public struct ListingSnapshot: Sendable {
    /// One section: its header and its rows `[start, end)`.
    public struct Section: Sendable, Hashable {
        public let title: String
        public let rows: Range<Int>
    }

    /// The displayed texts, row `k` = row `k` of the listing.
    public let texts: PackedStrings
    /// The sections in listing order (every section of the listing, none empty).
    public let sections: [Section]

    public var count: Int { texts.count }

    public init(texts: PackedStrings, sections: [Section]) {
        self.texts = texts
        self.sections = sections
    }

    /// The snapshot of a ThumbIndex listing (of any elements: its displayed texts are what count).
    public init<Element>(_ listing: Listing<Element>) {
        var texts = PackedStrings()
        texts.reserve(count: listing.count, bytes: 0)
        for row in 0..<listing.count { texts.append(listing.text(ofRow: row).utf8) }
        self.init(texts: texts, sections: listing.sections.map { Section(title: $0.title, rows: $0.rows) })
    }

    /// For each section, the row one past its end (what scans advance through).
    public var sectionEnds: [Int] { sections.map(\.rows.upperBound) }

    // MARK: Files

    static func paths(directory: String, tag: String) -> (names: String, sections: String) {
        ("\(directory)/\(tag).names", "\(directory)/\(tag).sections.tsv")
    }

    /// Writes `<tag>.names` (one text per line, listing order) and `<tag>.sections.tsv`
    /// (`start end title`).
    public func write(directory: String, tag: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let (namesPath, sectionsPath) = Self.paths(directory: directory, tag: tag)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(texts.bytes.count + texts.count)
        for i in 0..<texts.count {
            bytes.append(contentsOf: texts.utf8(i))
            bytes.append(0x0A)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: namesPath))
        let tsv = sections.map { "\($0.rows.lowerBound)\t\($0.rows.upperBound)\t\($0.title)\n" }.joined()
        try Data(tsv.utf8).write(to: URL(fileURLWithPath: sectionsPath))
    }

    /// Reads what `write` wrote.
    public static func read(directory: String, tag: String) throws -> ListingSnapshot {
        let (namesPath, sectionsPath) = paths(directory: directory, tag: tag)
        guard FileManager.default.fileExists(atPath: namesPath) else {
            throw BenchmarkError("no prepared listing at \(namesPath): run `peers-run prepare` for this corpus first")
        }
        let bytes = try Corpus.readFile(namesPath)
        var texts = PackedStrings()
        var start = 0
        let lines = bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        texts.reserve(count: lines, bytes: bytes.count - lines)
        for i in bytes.indices where bytes[i] == 0x0A {
            texts.append(bytes[start..<i])
            start = i + 1
        }
        let tsv = String(decoding: try Corpus.readFile(sectionsPath), as: UTF8.self)
        let sections = tsv.split(separator: "\n").map { line -> Section in
            let f = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            return Section(title: String(f[2]), rows: Int(f[0])!..<Int(f[1])!)
        }
        guard sections.last?.rows.upperBound == texts.count else {
            throw BenchmarkError("\(sectionsPath) does not match \(namesPath): run `peers-run prepare` again")
        }
        return ListingSnapshot(texts: texts, sections: sections)
    }
}
