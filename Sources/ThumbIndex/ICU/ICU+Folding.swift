import CThumbIndexICU

extension ICU {
    /// One string folded by the bridge: the folded UTF-8 and, when asked for, the UTF-16 span of the
    /// original that each folded byte came from.
    struct Folded {
        var bytes: [UInt8] = []
        var spanStarts: [Int32] = []
        var spanEnds: [Int32] = []
    }

    /// One locale's search fold in the bridge: built once per locale and process, immutable, shared by
    /// every thread, never freed.
    struct LocaleFold: @unchecked Sendable {
        // Safe to share: the bridge never changes a TILocaleFold after building it.
        fileprivate let handle: OpaquePointer

        /// The search fold of the ICU locale ID `locale` ("" for the root collation).
        init(_ locale: String) throws {
            var status = TIStatus()
            guard let handle = ti_locale_fold_open(locale, &status) else { throw ICUError(status) }
            self.handle = handle
        }
    }

    /// Folds valid UTF-8 `utf8` with the bridge's fold `fold` (`TI_FOLD_*`; `TI_FOLD_LOCALE` needs
    /// `locale`); with `withMap`, also records where each folded byte came from.
    static func fold(_ utf8: UnsafeBufferPointer<UInt8>, fold: Int32, locale: LocaleFold?, withMap: Bool) throws -> Folded {
        var folded = Folded()
        let needed = try withGrowingCapacity(initial: utf8.count * 3 + 16) { capacity in
            folded.bytes = [UInt8](repeating: 0, count: capacity)
            folded.spanStarts = [Int32](repeating: 0, count: withMap ? capacity : 0)
            folded.spanEnds = [Int32](repeating: 0, count: withMap ? capacity : 0)
            return try folded.bytes.withUnsafeMutableBufferPointer { out in
                try folded.spanStarts.withUnsafeMutableBufferPointer { starts in
                    try folded.spanEnds.withUnsafeMutableBufferPointer { ends in
                        try self.fold(utf8, fold: fold, locale: locale, into: out, spanStarts: withMap ? starts : nil,
                                      spanEnds: withMap ? ends : nil)
                    }
                }
            }
        }
        folded.bytes.removeSubrange(needed...)
        if withMap {
            folded.spanStarts.removeSubrange(needed...)
            folded.spanEnds.removeSubrange(needed...)
        }
        return folded
    }

    /// Folds valid UTF-8 `utf8` as above into `out` and, when given (each as long as `out`), the span
    /// buffers: the UTF-16 span of the original that each folded byte came from. Returns the folded
    /// length; when it exceeds `out.count`, the buffers hold nothing usable and the caller tries again
    /// with that much room. (No allocation: a page's match ranges fold each row into scratch buffers.)
    static func fold(_ utf8: UnsafeBufferPointer<UInt8>, fold: Int32, locale: LocaleFold?, into out: UnsafeMutableBufferPointer<UInt8>,
                     spanStarts: UnsafeMutableBufferPointer<Int32>?, spanEnds: UnsafeMutableBufferPointer<Int32>?) throws -> Int {
        precondition((spanStarts?.count ?? out.count) >= out.count && (spanEnds?.count ?? out.count) >= out.count,
                     "ICU.fold: span buffers as long as the output")
        var status = TIStatus()
        let needed = utf8.withMemoryRebound(to: CChar.self) { input in
            out.withMemoryRebound(to: CChar.self) { output in
                if let locale {
                    ti_locale_fold_utf8(locale.handle, input.baseAddress, Int32(utf8.count), output.baseAddress,
                                        Int32(out.count), spanStarts?.baseAddress, spanEnds?.baseAddress, &status)
                } else {
                    ti_fold_utf8(input.baseAddress, Int32(utf8.count), fold, output.baseAddress, Int32(out.count),
                                 spanStarts?.baseAddress, spanEnds?.baseAddress, &status)
                }
            }
        }
        guard needed >= 0 else { throw ICUError(status) }
        return Int(needed)
    }

    /// Owns one `TIFoldBatch` (every fold of many strings) and frees it on deinit.
    ///
    /// Used by one thread at a time, then dropped: not `Sendable`.
    final class FoldBatch {
        private let handle: OpaquePointer
        private let count: Int

        /// Folds every string of `utf8` (string i spans `offsets[i]..<offsets[i+1]`) with all the
        /// bridge's folds in one call.
        init(utf8: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<UInt32>) throws {
            let count = offsets.count - 1
            var status = TIStatus()
            let handle = utf8.withMemoryRebound(to: CChar.self) { chars in
                ti_fold_batch(chars.baseAddress, offsets.baseAddress, Int32(count), &status)
            }
            self.count = count
            guard let handle else { throw ICUError(status) }
            self.handle = handle
        }

        /// Folds every string of `utf8` (laid out as above) with the locale fold `locale`, into slot
        /// `TI_FOLD_LOCALE`.
        init(locale: LocaleFold, utf8: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<UInt32>) throws {
            let count = offsets.count - 1
            var status = TIStatus()
            let handle = utf8.withMemoryRebound(to: CChar.self) { chars in
                ti_locale_fold_batch(locale.handle, chars.baseAddress, offsets.baseAddress, Int32(count), &status)
            }
            self.count = count
            guard let handle else { throw ICUError(status) }
            self.handle = handle
        }

        deinit { ti_fold_batch_free(handle) }

        /// The folded bytes of every string under `fold`, back to back, and their `count + 1`
        /// offsets, lent to `body` without a copy: the buffers are the bridge's, valid until this
        /// batch is freed, so `body` must not keep them.
        func withFold<R>(_ fold: Int32, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt32>) throws -> R) rethrows -> R {
            var length: Int64 = 0
            let bytes = ti_fold_batch_text(handle, fold, &length)
            let offsets = UnsafeBufferPointer(start: ti_fold_batch_offsets(handle, fold), count: count + 1)
            return try withExtendedLifetime(self) {
                try body(UnsafeBufferPointer(start: length == 0 ? nil : bytes, count: Int(length)), offsets)
            }
        }
    }
}

extension Fold {
    /// The bridge's number for this fold (`TI_FOLD_*`).
    var bridgeValue: Int32 {
        switch self {
        case .case: TI_FOLD_CASE
        case .diacritics: TI_FOLD_DIACRITICS
        case .all: TI_FOLD_ALL
        case .locale: TI_FOLD_LOCALE
        }
    }
}
