import CThumbIndexHanReadings

/// The generated data file, as compiled into the binary by CThumbIndexHanReadings
/// (`Sources/CThumbIndexHanReadings/generated/HanReadings.tsv`, written by `scripts/generate-han-readings`).
///
/// The file is UTF-8 text: a header of lines that start with `# ` (what it was made from: the `data:`
/// line gives ``dataVersion``; the `input:` lines, the SHA-256 of each input), then the table, one line
/// per character, in the format that ``init(table:)`` parses.
extension HanReadings {
    /// Where the table came from: the Unihan database, the ICU (transliterators) and CLDR versions
    /// (the header's `data:` line).
    static let dataVersion: String = {
        let prefix = "data: "
        guard let line = header.first(where: { $0.hasPrefix(prefix) }) else {
            preconditionFailure("HanReadings: the data file has no '# \(prefix)' line; run scripts/generate-han-readings")
        }
        return String(line.dropFirst(prefix.count))
    }()

    /// The table: the data file after its header (a new copy on each call; ``HanReadings/shared``
    /// parses it once).
    static var table: String {
        let file = dataFile
        return String(decoding: UnsafeBufferPointer(rebasing: file[headerEnd(of: file)...]), as: UTF8.self)
    }

    /// The header's lines, without their `# `.
    static var header: [Substring] {
        let file = dataFile
        return String(decoding: UnsafeBufferPointer(rebasing: file[..<headerEnd(of: file)]), as: UTF8.self)
            .split(separator: "\n").map { $0.dropFirst(2) }
    }

    /// The bytes of the data file. They are a static C array: valid, and never written, for as long as
    /// the program runs.
    private static var dataFile: UnsafeBufferPointer<UInt8> {
        var count = 0
        let start = ti_han_readings_data(&count)
        return UnsafeBufferPointer(start: start, count: count)
    }

    /// The offset of the first line that does not start with `#`.
    private static func headerEnd(of file: UnsafeBufferPointer<UInt8>) -> Int {
        var p = 0
        while p < file.count && file[p] == UInt8(ascii: "#") {
            while p < file.count && file[p] != UInt8(ascii: "\n") { p += 1 }
            p += 1
        }
        return min(p, file.count)
    }
}
