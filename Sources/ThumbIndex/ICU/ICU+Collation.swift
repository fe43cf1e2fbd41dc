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
                    throw LocaleError(requested: locale, reason: status.messageText,
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

        /// The visible buckets: label and kind (the bridge's label types read as ``IndexLabel/Kind``).
        var labels: [(title: String, kind: IndexLabel.Kind)] {
            (0..<ti_collation_label_count(handle)).map {
                let kind: IndexLabel.Kind = switch ti_collation_label_type(handle, $0) {
                case TILabelTypeUnderflow: .underflow
                case TILabelTypeInflow: .inflow
                case TILabelTypeOverflow: .overflow
                default: .letter
                }
                return (String(cString: ti_collation_label(handle, $0)), kind)
            }
        }

        /// The visible bucket of one string.
        func bucket(of text: String) -> Int {
            var text = text
            return text.withUTF8 { Int(ti_collation_bucket(handle, $0.baseAddress, Int32($0.count))) }
        }

        /// The full-strength sort key of one UTF-8 string: the key ``sort(_:progress:)`` orders by,
        /// so comparing two keys byte by byte (a shorter prefix first) agrees with that order.
        func sortKey(utf8: UnsafeBufferPointer<UInt8>) throws -> [UInt8] {
            var key: [UInt8] = []
            let length = try ICU.withGrowingCapacity(initial: utf8.count * 2 + 16) { capacity in
                key = [UInt8](repeating: 0, count: capacity)
                var status = TIStatus()
                let needed = utf8.withMemoryRebound(to: CChar.self) { chars in
                    key.withUnsafeMutableBufferPointer {
                        ti_collation_sort_key(handle, chars.baseAddress, Int32(utf8.count), $0.baseAddress, Int32(capacity), &status)
                    }
                }
                guard needed >= 0 else { throw ICUError(status) }
                return Int(needed)
            }
            key.removeSubrange(length...)
            return key
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
