// Fuzz target: the line reader (`RecordTable.read(_:format: .lines, ...)`) and the line numbers it
// gives back (`RecordTable.line(ofRow:in:format:)`), held against NaiveLines.
//
// Input: any bytes, read as a file of one item per line, with and without `keepBlankLines`.
import FuzzSupport
import ThumbIndexFormats

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    let lines = NaiveLines.split(bytes)
    let firstInvalid = lines.first { !NaiveLines.isValidUTF8($0.bytes) }
    for keepBlankLines in [false, true] {
        let expected = keepBlankLines ? lines : lines.filter { !NaiveLines.isBlank($0.bytes) }
        do {
            let table = try RecordTable.read(bytes, format: .lines, source: "fuzz", keepBlankLines: keepBlankLines)
            Fuzz.expect(firstInvalid == nil, "accepted the invalid UTF-8 of line \(firstInvalid?.number ?? 0)")
            Fuzz.expect(table.columnNames == ["text"], "columns \(table.columnNames)")
            Fuzz.expect(table.count == expected.count, "\(table.count) rows, expected \(expected.count)")
            for (row, line) in expected.enumerated() {
                Fuzz.expect(Array(table.columns[0].utf8(row)) == line.bytes, "row \(row) is not line \(line.number)")
                if !keepBlankLines {
                    let number = RecordTable.line(ofRow: row, in: bytes, format: .lines)
                    Fuzz.expect(number == line.number, "line(ofRow: \(row)) = \(number.map(String.init) ?? "nil"), but it came from line \(line.number)")
                }
            }
            if !keepBlankLines {
                Fuzz.expect(RecordTable.line(ofRow: expected.count, in: bytes, format: .lines) == nil, "a line for the row past the last")
            }
        } catch {
            guard let firstInvalid else {
                Fuzz.expect(false, "refused valid input: \(error)")
                return 0
            }
            Fuzz.expect(error.line == firstInvalid.number, "error on line \(error.line ?? 0), the first invalid line is \(firstInvalid.number): \(error)")
            let column = NaiveLines.validPrefixLength(firstInvalid.bytes) + 1
            Fuzz.expect(error.message == "invalid UTF-8 at byte \(column) of the line", "expected byte \(column): \(error)")
        }
    }
    return 0
}

Fuzz.run(testOneInput)
