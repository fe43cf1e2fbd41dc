import CThumbIndexICU

extension ICU {
    /// Locales ICU has data for that look like `requested`: same language, same region, or a
    /// small edit distance.
    static func closeLocales(to requested: String, limit: Int = 6) -> [String] {
        let available = (0..<ti_available_locale_count()).map { String(cString: ti_available_locale($0)) }
        let wanted = requested.replacingOccurrences(of: "-", with: "_").lowercased()
        let parts = wanted.split(separator: "_").map(String.init)
        func score(_ candidate: String) -> Int {
            let cparts = candidate.lowercased().split(separator: "_").map(String.init)
            if let language = parts.first, cparts.first == language { return 0 }
            if parts.count > 1, cparts.count > 1, cparts.last == parts.last { return 1 }
            return 2 + editDistance(candidate.lowercased(), wanted)
        }
        let scored: [(name: String, score: Int)] = available.map { ($0, score($0)) }
        return scored.sorted { $0.score != $1.score ? $0.score < $1.score : $0.name < $1.name }
            .prefix(limit).map(\.name)
    }

    /// The likely script of a locale ("Latn", "Cyrl", "Jpan", ...); nil when ICU cannot tell.
    static func script(of locale: String) -> String? {
        var script: [CChar] = []
        let length = try? withGrowingCapacity(initial: 16) { capacity in
            script = [CChar](repeating: 0, count: capacity)
            let length = ti_locale_script(locale, &script, Int32(capacity))
            guard length >= 0 else { throw ICUError(code: -100, message: "no likely script for '\(locale)'") }
            return Int(length)
        }
        guard let length, length > 0 else { return nil }
        return String(decoding: script.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Levenshtein distance over characters (small strings only: locale names).
private func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

/// A locale that ICU has no data for (it would silently fall back to the root locale).
public struct LocaleError: Error, CustomStringConvertible, Sendable {
    /// The locale as the caller wrote it.
    public let requested: String
    /// Why it was refused.
    public let reason: String
    /// Locales ICU does have that look close to it.
    public let suggestions: [String]
    /// The error as one line: the locale, why it was refused, and close locales.
    public var description: String {
        "unknown locale '\(requested)': \(reason)." +
            (suggestions.isEmpty ? "" : " Close locales: \(suggestions.joined(separator: ", ")).")
    }
}
