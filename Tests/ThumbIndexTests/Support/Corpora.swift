import Foundation

/// The real corpora in the repository's Corpora/ folder (this file is Tests/ThumbIndexTests/Support/).
enum Corpora {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpora")

    /// The "name" column (else the first) of a TSV file under Corpora/, or every line of a text file.
    static func strings(_ relativePath: String, limit: Int = .max) -> [String] {
        let url = root.appendingPathComponent(relativePath)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        if relativePath.hasSuffix(".tsv") {
            let header = lines.removeFirst().split(separator: "\t", omittingEmptySubsequences: false)
            let column = header.firstIndex(of: "name") ?? 0
            return lines.prefix(limit).map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[column]) }
        }
        return lines.prefix(limit).map(String.init)
    }

    /// Real names for checking a locale: its people file, every other people file's first names,
    /// country names in many languages and a slice of world city names in many scripts.
    static func names(forLocale locale: String) -> [String] {
        let people = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("people").path)) ?? []
        var names: [String] = []
        for file in people.sorted() {
            names += strings("people/\(file)", limit: file.hasPrefix(locale) ? 1000 : 60)
        }
        names += strings("countries.tsv").enumerated().filter { $0.offset % 7 == 0 }.map(\.element)
        names += strings("city-names.txt").enumerated().filter { $0.offset % 97 == 0 }.map(\.element)
        return names
    }
}
