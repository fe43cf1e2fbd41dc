import Foundation
import CThumbIndexICU

extension ICU {
    /// Owns one `TICollation` (a locale's collators and bucket boundaries) and closes it on deinit.
    ///
    /// `@unchecked Sendable`: the handle is never mutated after `ti_collation_open` returns, and
    /// ICU's collators are safe to use concurrently through const methods (sort keys, compare).
    final class Collation: @unchecked Sendable {
        let handle: OpaquePointer

        /// Opens the collation; throws `LocaleError` for a locale ICU has no data for.
        init(locale: String, addLatinLabels: Bool) throws {
            var status = TIStatus()
            guard let handle = ti_collation_open(locale, addLatinLabels ? 1 : 0, &status) else {
                if status.code == TI_ERROR_UNKNOWN_LOCALE {
                    throw LocaleError(requested: locale, reason: ICU.message(of: status),
                                      suggestions: ICU.closeLocales(to: locale))
                }
                try ICU.check(status)
                throw ICUError(code: -100, message: "could not open a collator for '\(locale)'")
            }
            self.handle = handle
        }

        deinit { ti_collation_close(handle) }

        var locale: String { String(cString: ti_collation_locale(handle)) }
        var version: String { String(cString: ti_collation_version(handle)) }

        /// The visible buckets: label and kind.
        var labels: [(title: String, type: TILabelType)] {
            (0..<ti_collation_label_count(handle)).map {
                (String(cString: ti_collation_label(handle, $0)), ti_collation_label_type(handle, $0))
            }
        }

        /// The visible bucket of one string.
        func bucket(of text: String) -> Int {
            var text = text
            return text.withUTF8 { Int(ti_collation_bucket(handle, $0.baseAddress, Int32($0.count))) }
        }

        /// Sorts the strings of `column` (all rows) by full-strength collation, equal keys keeping
        /// input order; returns the permutation and each sorted row's visible bucket.
        func sort(_ column: TextColumn, progress: ((Double) -> Void)?) throws -> (order: [Int32], buckets: [Int32]) {
            let count = column.count
            var order = [Int32](repeating: 0, count: count)
            var buckets = [Int32](repeating: 0, count: count)
            var status = TIStatus()
            let box = ProgressBox(progress)
            let result = column.withUnsafeStorage { bytes, offsets in
                order.withUnsafeMutableBufferPointer { order in
                    buckets.withUnsafeMutableBufferPointer { buckets in
                        withExtendedLifetime(box) {
                            ti_collation_sort(handle, bytes, offsets, Int64(count), 2, order.baseAddress,
                                              buckets.baseAddress, progress == nil ? nil : ProgressBox.callback,
                                              Unmanaged.passUnretained(box).toOpaque(), &status)
                        }
                    }
                }
            }
            if result != 0 { try ICU.check(status) }
            return (order, buckets)
        }
    }

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

    /// The likely script of a locale ("Latn", "Cyrl", "Jpan", ...).
    static func script(of locale: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 16)
        let length = ti_locale_script(locale, &buffer, Int32(buffer.count))
        return length > 0 ? String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }
}

/// Carries a Swift progress closure through the bridge's C callback.
private final class ProgressBox {
    let report: ((Double) -> Void)?
    init(_ report: ((Double) -> Void)?) { self.report = report }
    static let callback: @convention(c) (UnsafeMutableRawPointer?, Double) -> Void = { context, fraction in
        guard let context else { return }
        Unmanaged<ProgressBox>.fromOpaque(context).takeUnretainedValue().report?(fraction)
    }
}

/// Levenshtein distance over characters (small strings only: locale names).
private func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...max(b.count, 1) where !b.isEmpty {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
}

/// A locale that ICU has no data for (it would silently fall back to the root locale).
public struct LocaleError: Error, CustomStringConvertible, Sendable {
    /// The locale as the caller wrote it.
    public let requested: String
    /// Why it was refused.
    public let reason: String
    /// Locales ICU does have that look close to it.
    public let suggestions: [String]
    public var description: String {
        "unknown locale '\(requested)': \(reason)." +
            (suggestions.isEmpty ? "" : " Close locales: \(suggestions.joined(separator: ", ")).")
    }
}
