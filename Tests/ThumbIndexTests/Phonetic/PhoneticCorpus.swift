import Foundation

/// The bundled people corpora with their readings (`Corpora/people/*.tsv`, columns name and reading).
enum PhoneticCorpus {
    struct Person: Sendable, Hashable {
        let name: String
        /// The reading, nil when the column is empty.
        let reading: String?
    }

    /// The people of `Corpora/people/<corpus>.tsv` (e.g. "ja_JP"), in file order.
    static func load(_ corpus: String, limit: Int = .max) -> [Person] {
        let url = Corpora.root.appendingPathComponent("people/\(corpus).tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        let header = lines.removeFirst().split(separator: "\t", omittingEmptySubsequences: false)
        let name = header.firstIndex(of: "name") ?? 0
        let reading = header.firstIndex(of: "reading")
        return lines.prefix(limit).map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            let value = reading.flatMap { $0 < fields.count ? String(fields[$0]) : nil }
            return Person(name: String(fields[name]), reading: value?.isEmpty == false ? value : nil)
        }
    }
}
