import Foundation
import PropertyBased
import Testing
@testable import ThumbIndex
import ThumbIndexFormats

/// Reading an input file into columns, against a plain reader written from the definitions: one
/// line at a time, each checked as UTF-8 and split at its tabs.
@Suite struct RecordTableReadingTests {
    /// Pieces of input: text, separators, line ends, a byte-order mark, and bytes that are not UTF-8
    /// (a lone lead byte, a lone continuation byte, a surrogate's encoding, an overlong form).
    static let pieces: [[UInt8]] = [
        Array("a".utf8), Array("Zoë".utf8), Array("東京".utf8), Array("😀".utf8), Array(" ".utf8),
        [0x09], [0x09], [0x0A], [0x0A], [0x0D], [0x0D, 0x0A], [0xEF, 0xBB, 0xBF],
        [0xC3], [0x80], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80],
    ]

    static let input = Gen<[UInt8]?>.element(of: pieces).map { $0! }.array(of: 0...40).map { Array($0.joined()) }

    /// What the reader gives: the table's names and rows, or its error.
    static func outcome(_ read: () throws -> RecordTable) -> String {
        do {
            let table = try read()
            return "\(table.columnNames) \(table.columns.map { Array($0) })"
        } catch {
            return "\(error)"
        }
    }

    @Test func readsAsTheLineByLineDefinition() async {
        await propertyCheck(count: Cases.scaled(2000), input: Self.input, Gen.bool, Gen.bool) { bytes, tsv, keepBlankLines in
            let format: InputFormat = tsv ? .tsv : .lines
            let read = Self.outcome { try RecordTable.read(bytes, format: format, source: "in.txt", keepBlankLines: keepBlankLines) }
            let naive = Self.outcome { try NaiveReader.read(bytes, format: format, source: "in.txt", keepBlankLines: keepBlankLines) }
            #expect(read == naive, "\(bytes)")
        }
    }

    /// The repository's real corpora (the bundled address book among them) read as the plain
    /// reader reads them.
    @Test(arguments: ["contacts.tsv", "countries.tsv", "cities.tsv", "city-names.txt"])
    func readsTheCorpora(file: String) throws {
        let bytes = Array(try Data(contentsOf: Corpora.root.appendingPathComponent(file)))
        let format: InputFormat = file.hasSuffix(".tsv") ? .tsv : .lines
        let table = try RecordTable.read(bytes, format: format, source: file)
        #expect(table.count > 100)
        #expect(Self.outcome { table } == Self.outcome { try NaiveReader.read(bytes, format: format, source: file, keepBlankLines: false) })
    }

    /// Every line kind at once, as a TSV file: text in several scripts, a NUL, a CR inside a field,
    /// CRLF line ends and blank lines between rows.
    @Test func readsEveryLineKind() throws {
        var bytes = Array("name\tphone\n".utf8)
        for (i, name) in ["Zoë Ångström", "東京 タワー", "Ærø", "😀 party", "\u{0}", "a\u{0D}"].enumerated() {
            bytes += Array("\(name)\t+46 8 \(i)\r\n".utf8) + (i % 2 == 0 ? [0x0A] : [])
        }
        let table = try RecordTable.read(bytes, format: .tsv, source: "p.tsv")
        #expect(Self.outcome { table } == Self.outcome { try NaiveReader.read(bytes, format: .tsv, source: "p.tsv", keepBlankLines: false) })
        #expect(table.count == 6 && Array(table.columns[0])[1] == "東京 タワー" && Array(table.columns[1])[5] == "+46 8 5")
    }

    @Test func validationAgreesWithTheStandardLibrary() async {
        // Random bytes, and runs of ASCII longer than eight between them (the fast path).
        let byte = Gen.int(in: 0...255).map { UInt8($0) }
        let run = Gen<[UInt8]?>.element(of: Self.pieces + [Array("abcdefghijklmnopqrstu".utf8)]).map { $0! }
        let input = Gen.oneOf(byte.array(of: 0...24), run.array(of: 0...12).map { Array($0.joined()) })
        await propertyCheck(count: Cases.scaled(5000), input: input) { bytes in
            let offset = bytes.withUnsafeBufferPointer(UTF8Validation.firstInvalidOffset)
            #expect((offset == nil) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
            #expect(offset == NaiveReader.firstInvalidOffset(bytes), "\(bytes)")
        }
    }
}

/// The reader as the definitions say it, line by line: each line checked with `String(validating:)`
/// and split at every tab.
private enum NaiveReader {
    static func read(_ bytes: [UInt8], format: InputFormat, source: String, keepBlankLines: Bool) throws -> RecordTable {
        var names: [String] = format == .lines ? ["text"] : []
        var rows: [[String]] = []
        var lineNumber = 0
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count {
            lineNumber += 1
            var end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let next = end + 1
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            let line = Array(bytes[start..<end])
            start = next
            guard let text = String(validating: line, as: UTF8.self) else {
                let byte = firstInvalidOffset(line)! + 1
                throw InputError(source: source, line: lineNumber, message: "invalid UTF-8 at byte \(byte) of the line")
            }
            if !(keepBlankLines && format == .lines) && line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                if format == .tsv && names.isEmpty {
                    throw InputError(source: source, line: lineNumber, message: "the TSV header row is empty")
                }
                continue
            }
            let fields = format == .lines ? [text]
                : line.split(separator: 0x09, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            if names.isEmpty {
                if Set(fields).count < fields.count {
                    let duplicate = fields.enumerated().first { i, name in fields[..<i].contains(name) }!.element
                    throw InputError(source: source, line: lineNumber, message: "the header names column '\(duplicate)' twice")
                }
                names = fields
                continue
            }
            guard fields.count == names.count else {
                throw InputError(source: source, line: lineNumber,
                                 message: "ragged row: \(fields.count) fields, but the header has \(names.count) (\(names.joined(separator: ", ")))")
            }
            rows.append(fields)
        }
        if names.isEmpty { throw InputError(source: source, line: nil, message: "no TSV header row: the input is empty") }
        return RecordTable(columnNames: names, columns: names.indices.map { c in TextColumn(rows.map { $0[c] }) })
    }

    /// Where the first scalar the standard library's UTF-8 parser refuses begins.
    static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }
}
