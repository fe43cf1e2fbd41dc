import Foundation

/// The way the seeds (iOS tutorials) did it: a dictionary of section arrays plus the ordered keys;
/// every keystroke deep-copies the dictionary, deletes the items that do not match a case- and
/// diacritic-insensitive `range(of:options:)`, then deletes the sections left empty.
public final class NaiveSeedSystem: KeystrokeSystem {
    private let sections: [String: [String]]
    /// The section keys in display order (titles; a repeated title, such as ICU's "…", gets its
    /// position appended so that no two sections merge).
    private let keys: [String]

    public init(snapshot: ListingSnapshot, report: inout BuildReport) {
        (sections, keys) = report.measure("sections dictionary") {
            var sections: [String: [String]] = [:]
            var keys: [String] = []
            for (i, section) in snapshot.sections.enumerated() {
                let key = keys.contains(section.title) ? "\(section.title) \(i)" : section.title
                keys.append(key)
                sections[key] = section.rows.map { snapshot.texts[$0] }
            }
            return (sections, keys)
        }
    }

    public var indexBytes: Int? { nil }

    public func keystroke(_ text: String) -> Answer {
        // The deep copy: new arrays for every section (NSMutableDictionary mutableCopy of arrays).
        var filtered: [String: [String]] = [:]
        filtered.reserveCapacity(sections.count)
        for (key, items) in sections {
            var copy: [String] = []
            copy.reserveCapacity(items.count)
            copy.append(contentsOf: items)
            filtered[key] = copy
        }
        for key in keys {
            filtered[key]!.removeAll { $0.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) == nil }
            if filtered[key]!.isEmpty { filtered.removeValue(forKey: key) }
        }
        var answer = AnswerBuilder()
        for (i, key) in keys.enumerated() {
            if let items = filtered[key] { answer.section(i, count: items.count) }
        }
        var shown = 0
        for key in keys where shown < pageSize {
            guard let items = filtered[key] else { continue }
            for item in items.prefix(pageSize - shown) { answer.pageText(item) }
            shown += min(items.count, pageSize - shown)
        }
        return answer.answer
    }
}
