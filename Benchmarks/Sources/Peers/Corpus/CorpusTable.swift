/// The items of a corpus as the benchmarks read them, row `i` = item `i` of the items file: each
/// item's displayed text and, when the corpus has a reading column, its reading (empty = none).
///
/// The benchmarks' own reader: ThumbIndex's public API takes the caller's elements, not files
/// (its TSV reader is the front ends' plumbing). Same rules as `thumbindex`'s: a UTF-8 byte-order
/// mark and the CR of CRLF are dropped, blank lines are skipped, TSV has a header row and every
/// row has the header's number of fields.
public struct CorpusTable: Sendable {
    /// Each item's displayed text.
    public let texts: PackedStrings
    /// Each item's reading (empty when it has none), or nil when the corpus has no readings.
    public let readings: PackedStrings?
    /// Other columns read by name (`read(_:format:source:fields:)`), row for row.
    public let fields: [String: PackedStrings]

    public var count: Int { texts.count }

    public init(texts: PackedStrings, readings: PackedStrings?, fields: [String: PackedStrings] = [:]) {
        precondition(readings == nil || readings!.count == texts.count)
        precondition(fields.values.allSatisfy { $0.count == texts.count })
        self.texts = texts
        self.readings = readings
        self.fields = fields
    }

    /// How an items file is laid out.
    public enum Format: Sendable {
        /// One item per line.
        case lines
        /// Tab-separated values with a header row; `text` and `reading` name the columns kept.
        case tsv(text: String, reading: String?)
    }

    /// Reads `bytes` (the items file, or its first lines).
    /// - Throws: `BenchmarkError` with the line for invalid UTF-8, a missing column or a ragged row.
    /// `fields`: other TSV columns to keep, by name (`CorpusTable.fields`).
    public static func read(_ bytes: [UInt8], format: Format, source: String, fields fieldNames: [String] = []) throws -> CorpusTable {
        var texts = PackedStrings(), readings = PackedStrings()
        var others = [PackedStrings](repeating: PackedStrings(), count: fieldNames.count)
        var otherFields: [Int] = []
        var header: [String]? = nil
        var textField = 0, readingField: Int? = nil
        var lineNumber = 0
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count {
            lineNumber += 1
            var end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let next = end + 1
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            let line = bytes[start..<end]
            start = next
            guard String(validating: line, as: UTF8.self) != nil else {
                throw BenchmarkError("\(source):\(lineNumber): invalid UTF-8")
            }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            guard case .tsv(let textColumn, let readingColumn) = format else {
                texts.append(line)
                continue
            }
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
            guard let names = header else {
                let names = fields.map { String(decoding: $0, as: UTF8.self) }
                func field(_ name: String) throws -> Int {
                    guard let i = names.firstIndex(of: name) else {
                        throw BenchmarkError("\(source): no column '\(name)' (the header has \(names.joined(separator: ", ")))")
                    }
                    return i
                }
                textField = try field(textColumn)
                readingField = try readingColumn.map(field)
                otherFields = try fieldNames.map(field)
                header = names
                continue
            }
            guard fields.count == names.count else {
                throw BenchmarkError("\(source):\(lineNumber): \(fields.count) fields, but the header has \(names.count)")
            }
            texts.append(fields[textField])
            if let readingField { readings.append(fields[readingField]) }
            for (k, f) in otherFields.enumerated() { others[k].append(fields[f]) }
        }
        if case .tsv = format, header == nil { throw BenchmarkError("\(source): no TSV header row: the input is empty") }
        return CorpusTable(texts: texts, readings: readingField == nil ? nil : readings,
                           fields: Dictionary(uniqueKeysWithValues: zip(fieldNames, others)))
    }
}
