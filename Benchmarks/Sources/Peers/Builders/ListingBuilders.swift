import CThumbIndexICU
import CThumbIndexICUTestSupport
import Foundation
import ThumbIndex

/// Ways to sort and bucket a list into sections, other than ThumbIndex's `Listing`.
public enum ListingBuilders {
    /// ICU's own `icu::AlphabeticIndex` record API, as an app would use it: `addRecord` for every
    /// item, then walk the buckets and their records (through the bridge's oracle function).
    /// - Returns: the number of buckets that received records.
    public static func icuRecords(_ texts: PackedStrings, locale: String, addLatinLabels: Bool) throws -> Int {
        let count = texts.count
        var order = [Int32](repeating: 0, count: count)
        var buckets = [Int32](repeating: 0, count: count)
        var status = TIStatus()
        let written = texts.bytes.withUnsafeBufferPointer { bytes in
            texts.offsets.withUnsafeBufferPointer { offsets in
                order.withUnsafeMutableBufferPointer { order in
                    buckets.withUnsafeMutableBufferPointer { buckets in
                        bytes.withMemoryRebound(to: CChar.self) { chars in
                            ti_oracle_bucket_records(locale, addLatinLabels ? 1 : 0, chars.baseAddress, offsets.baseAddress,
                                                     Int64(count), order.baseAddress, buckets.baseAddress, &status)
                        }
                    }
                }
            }
        }
        guard written == count else {
            let message = withUnsafeBytes(of: status.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw BenchmarkError("ICU AlphabeticIndex records: \(message) (code \(status.code))")
        }
        return Set(buckets).count
    }

    /// The seeds' way with Foundation: sort with `localizedStandardCompare`, then make every
    /// possible section ("A"…"Z", "#" for anything else), fill them by the first letter (case and
    /// diacritics folded), and delete the empty ones.
    /// - Returns: the number of non-empty sections.
    public static func foundationSort(_ strings: [String]) -> (sorted: [String], sections: Int) {
        let sorted = strings.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        var sections: [String: [String]] = [:]
        var keys = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) } + ["#"]
        for key in keys { sections[key] = [] }
        for text in sorted {
            let first = text.first.map { String($0).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).uppercased() } ?? "#"
            let key = sections[first] != nil ? first : "#"
            sections[key]!.append(text)
        }
        keys.removeAll { sections[$0]!.isEmpty }
        for key in sections.keys where sections[key]!.isEmpty { sections.removeValue(forKey: key) }
        return (sorted, keys.count)
    }
}
