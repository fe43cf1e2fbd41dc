// Fuzz target: the TSV reader (`RecordTable.read(_:format: .tsv, ...)`) and the line numbers it
// gives back (`RecordTable.line(ofRow:in:format:)`), held against a plain restatement of the format:
// a header row of unique names, then rows of as many tab-separated fields; blank lines skipped after
// the header, refused before it.
//
// Input: any bytes, read as a TSV file.
import FuzzSupport
import ThumbIndexFormats

/// What a TSV input should read as: a table (names, rows with their line numbers) or an error on a line.
enum Expected {
    case table(names: [String], rows: [(line: Int, fields: [[UInt8]])])
    case error(line: Int?, message: String)

    init(_ input: [UInt8]) {
        var names: [String]? = nil
        var rows: [(line: Int, fields: [[UInt8]])] = []
        for line in NaiveLines.split(input) {
            guard NaiveLines.isValidUTF8(line.bytes) else {
                self = .error(line: line.number, message: "invalid UTF-8 at byte \(NaiveLines.validPrefixLength(line.bytes) + 1) of the line")
                return
            }
            if NaiveLines.isBlank(line.bytes) {
                if names == nil {
                    self = .error(line: line.number, message: "the TSV header row is empty")
                    return
                }
                continue
            }
            let fields = line.bytes.split(separator: 0x09, omittingEmptySubsequences: false).map(Array.init)
            guard let header = names else {
                let header = fields.map { String(decoding: $0, as: UTF8.self) }
                if Set(header).count != header.count {
                    self = .error(line: line.number, message: "the header names column")
                    return
                }
                names = header
                continue
            }
            guard fields.count == header.count else {
                self = .error(line: line.number, message: "ragged row: \(fields.count) fields")
                return
            }
            rows.append((line.number, fields))
        }
        guard let names else {
            self = .error(line: nil, message: "no TSV header row")
            return
        }
        self = .table(names: names, rows: rows)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    let expected = Expected(bytes)
    do {
        let table = try RecordTable.read(bytes, format: .tsv, source: "fuzz")
        guard case .table(let names, let rows) = expected else {
            Fuzz.expect(false, "accepted, expected \(expected)")
            return 0
        }
        Fuzz.expect(table.columnNames == names, "columns \(table.columnNames), expected \(names)")
        Fuzz.expect(table.count == rows.count, "\(table.count) rows, expected \(rows.count)")
        for (row, expectedRow) in rows.enumerated() {
            for column in names.indices {
                Fuzz.expect(Array(table.columns[column].utf8(row)) == expectedRow.fields[column],
                            "row \(row) column \(column) differs from field \(column) of line \(expectedRow.line)")
            }
            let number = RecordTable.line(ofRow: row, in: bytes, format: .tsv)
            Fuzz.expect(number == expectedRow.line, "line(ofRow: \(row)) = \(number.map(String.init) ?? "nil"), but it came from line \(expectedRow.line)")
        }
        Fuzz.expect(RecordTable.line(ofRow: rows.count, in: bytes, format: .tsv) == nil, "a line for the row past the last")
    } catch {
        guard case .error(let line, let message) = expected else {
            Fuzz.expect(false, "refused: \(error)")
            return 0
        }
        Fuzz.expect(error.line == line && error.message.hasPrefix(message), "\(error), expected line \(line.map(String.init) ?? "none"): \(message)")
    }
    return 0
}

Fuzz.run(testOneInput)
