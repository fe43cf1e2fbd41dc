// Fuzz target: the C++ folding functions (`ti_fold_utf8`, `ti_fold_batch`, and the locale fold's
// `ti_locale_fold_utf8`, `ti_locale_fold_batch`, TIText.h), held to what their header promises:
// - valid UTF-8 folds to valid UTF-8; invalid UTF-8 is refused (TI_ERROR_INVALID_UTF8), never read past;
// - too small a buffer gets the needed length and nothing written past it; the retry gets that length;
// - with spans (piecewise normalization) the text is the same as without (whole-string normalization),
//   and every byte's span lies within the input's UTF-16 length, non-empty, never decreasing;
// - the batch gives exactly what `ti_fold_utf8` gives, string by string and fold by fold.
//
// Input: one byte (fold = value % 4, TI_FOLD_LOCALE the fourth; capacity of the first call = value / 4
// bytes), one byte (the locale fold's locale, from `locales`), then text; for the batch the text is
// cut into strings at every 0x00 byte.
import CThumbIndexICU
import FuzzSupport

/// Locales whose search collations have expansions, contractions or their own letters.
let locales = ["sv", "de", "da", "tr", "es", "cs", "is", "ja", "ko", "en", ""]

/// The bridge's fold call: `fold` (TI_FOLD_*), the locale fold with `locale`.
func callFold(_ fold: Int32, locale: OpaquePointer?, _ utf8: UnsafePointer<CChar>?, _ length: Int32, _ out: UnsafeMutablePointer<CChar>?,
              _ capacity: Int32, _ starts: UnsafeMutablePointer<Int32>?, _ ends: UnsafeMutablePointer<Int32>?,
              _ status: inout TIStatus) -> Int32 {
    if fold == TI_FOLD_LOCALE { return ti_locale_fold_utf8(locale, utf8, length, out, capacity, starts, ends, &status) }
    return ti_fold_utf8(utf8, length, fold, out, capacity, starts, ends, &status)
}

/// Folds `text` with `fold`: the folded bytes, and the spans when `withSpans`; nil when refused.
func fold(_ text: [UInt8], _ fold: Int32, locale: OpaquePointer? = nil, capacity firstCapacity: Int, withSpans: Bool)
    -> (bytes: [UInt8], spans: [Range<Int32>])? {
    var capacity = firstCapacity
    for attempt in 0..<2 {
        var starts: [Int32] = [], ends: [Int32] = []
        let ((n, out), status): ((Int32, [CChar]), TIStatus) = ExactBuffer.withCString(text) { utf8, length in
            var status = TIStatus()
            let result = ExactBuffer.with(capacity, fill: CChar(0x55)) { out in
                if !withSpans { return callFold(fold, locale: locale, utf8, length, out, Int32(capacity), nil, nil, &status) }
                let ((n, s), e) = ExactBuffer.with(capacity, fill: Int32(-7)) { spanEnds in
                    ExactBuffer.with(capacity, fill: Int32(-7)) { spanStarts in
                        callFold(fold, locale: locale, utf8, length, out, Int32(capacity), spanStarts, spanEnds, &status)
                    }
                }
                starts = s
                ends = e
                return n
            }
            return (result, status)
        }
        if n < 0 {
            Fuzz.expect(status.code == TI_ERROR_INVALID_UTF8, "fold \(fold) failed with \(status.code)")
            return nil
        }
        if Int(n) > capacity {
            Fuzz.expect(attempt == 0, "asked again for more room: \(n) > \(capacity)")
            Fuzz.expect(out.allSatisfy { $0 == 0x55 } && starts.allSatisfy { $0 == -7 } && ends.allSatisfy { $0 == -7 },
                        "wrote into a buffer that was too small")
            capacity = Int(n)
            continue
        }
        let bytes = out[..<Int(n)].map { UInt8(bitPattern: $0) }
        let spans = withSpans ? (0..<Int(n)).map { starts[$0]..<max(starts[$0], ends[$0]) } : []
        if withSpans {
            Fuzz.expect((0..<Int(n)).allSatisfy { starts[$0] < ends[$0] }, "an empty or inverted span")
        }
        return (bytes, spans)
    }
    return nil
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(Fuzz.bytes(data, size))
    let first = input.byte()
    let chosen = Int32(first % 4), capacity = Int(first / 4)
    var status = TIStatus()
    let localeFold = ti_locale_fold_open(locales[Int(input.byte()) % locales.count], &status)
    Fuzz.expect(localeFold != nil, "the locale fold could not be opened: \(status.code)")
    let text = input.rest
    let isValid = String(validating: text, as: UTF8.self) != nil
    let utf16Count = Int32(String(decoding: text, as: UTF8.self).utf16.count)

    // One string, all folds, without and with spans.
    for f in Int32(0)...TI_FOLD_LOCALE {
        let whole = fold(text, f, locale: localeFold, capacity: f == chosen ? capacity : 0, withSpans: false)
        let pieces = fold(text, f, locale: localeFold, capacity: f == chosen ? capacity : 0, withSpans: true)
        Fuzz.expect((whole != nil) == isValid && (pieces != nil) == isValid, "valid UTF-8: \(isValid), but fold \(f) \(whole == nil ? "refused" : "accepted") it")
        guard let whole, let pieces else { continue }
        Fuzz.expect(String(validating: whole.bytes, as: UTF8.self) != nil, "fold \(f) is not valid UTF-8")
        Fuzz.expect(whole.bytes == pieces.bytes, "fold \(f): \(whole.bytes) whole, \(pieces.bytes) piecewise")
        for (i, span) in pieces.spans.enumerated() {
            Fuzz.expect(span.lowerBound >= 0 && span.upperBound <= utf16Count, "fold \(f): byte \(i)'s span \(span) is outside 0..<\(utf16Count)")
            if i > 0 {
                let previous = pieces.spans[i - 1]
                Fuzz.expect(span.lowerBound >= previous.lowerBound && span.upperBound >= previous.upperBound,
                            "fold \(f): byte \(i)'s span \(span) comes before byte \(i - 1)'s \(previous)")
            }
        }
    }

    // The batch, on the text cut at NUL bytes.
    let strings = text.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
    var offsets: [UInt32] = [0]
    for string in strings { offsets.append(offsets.last! + UInt32(string.count)) }
    let joined = strings.flatMap { $0 }
    let allValid = strings.allSatisfy { String(validating: $0, as: UTF8.self) != nil }
    ExactBuffer.withCString(joined) { utf8, _ in
        var status = TIStatus()
        let batch = ti_fold_batch(utf8, offsets, Int32(strings.count), &status)
        defer { ti_fold_batch_free(batch) }
        Fuzz.expect((batch != nil) == allValid, "valid UTF-8: \(allValid), but the batch \(batch == nil ? "refused" : "accepted") it")
        var localeStatus = TIStatus()
        let localeBatch = ti_locale_fold_batch(localeFold, utf8, offsets, Int32(strings.count), &localeStatus)
        defer { ti_fold_batch_free(localeBatch) }
        Fuzz.expect((localeBatch != nil) == allValid, "valid UTF-8: \(allValid), but the locale batch \(localeBatch == nil ? "refused" : "accepted") it")
        guard let batch, let localeBatch else {
            Fuzz.expect(status.code == TI_ERROR_INVALID_UTF8, "the batch failed with \(status.code)")
            return
        }
        for f in Int32(0)...TI_FOLD_LOCALE {
            let batch = f == TI_FOLD_LOCALE ? localeBatch : batch
            var length: Int64 = 0
            let base = ti_fold_batch_text(batch, f, &length)
            let bytes = length == 0 ? [] : Array(UnsafeBufferPointer(start: base, count: Int(length)))
            let folds = Array(UnsafeBufferPointer(start: ti_fold_batch_offsets(batch, f), count: strings.count + 1))
            Fuzz.expect(folds.first == 0 && folds.last.map(Int64.init) == length, "fold \(f): batch offsets \(folds) for \(length) bytes")
            for (i, string) in strings.enumerated() {
                let one = fold(string, f, locale: localeFold, capacity: 0, withSpans: false)
                let start = Int(folds[i]), end = Int(folds[i + 1])
                Fuzz.expect(start <= end && one?.bytes == Array(bytes[start..<end]), "fold \(f): the batch folds string \(i) differently")
            }
        }
    }
    return 0
}

Fuzz.run(testOneInput)
