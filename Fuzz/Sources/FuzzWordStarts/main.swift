// Fuzz target: the C++ word-break functions (`ti_word_starts_utf8`, `ti_word_starts_batch`,
// TIText.h), held to what their header promises:
// - word starts are increasing byte offsets inside the text, at character boundaries;
// - too small a buffer gets the full count and nothing written past it;
// - the batch sets exactly the bits of every string's word starts, moved to the string's offset.
//
// Input: one byte (capacity of the first call), then text (any bytes: ICU reads invalid UTF-8 as
// U+FFFD); for the batch the text is cut into strings at every 0x00 byte.
import CThumbIndexICU
import FuzzSupport

/// The word starts of `text`, asking first with room for `capacity`.
func wordStarts(_ text: [UInt8], capacity firstCapacity: Int) -> [Int32] {
    var capacity = firstCapacity
    for attempt in 0..<2 {
        let (n, starts) = ExactBuffer.withCString(text) { utf8, length in
            ExactBuffer.with(capacity, fill: Int32(-7)) { starts in
                var status = TIStatus()
                let n = ti_word_starts_utf8(utf8, length, starts, Int32(capacity), &status)
                Fuzz.expect(n >= 0, "ti_word_starts_utf8 failed: \(status.code)")
                return n
            }
        }
        if Int(n) > capacity {
            Fuzz.expect(attempt == 0, "asked again for more room: \(n) > \(capacity)")
            Fuzz.expect(starts.prefix(capacity).allSatisfy { $0 >= 0 }, "left part of a too-small buffer unwritten")
            capacity = Int(n)
            continue
        }
        return Array(starts[..<Int(n)])
    }
    return []
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(Fuzz.bytes(data, size))
    let capacity = Int(input.byte() % 16)
    let text = input.rest
    let isValid = String(validating: text, as: UTF8.self) != nil

    let starts = wordStarts(text, capacity: capacity)
    for (i, start) in starts.enumerated() {
        Fuzz.expect(start >= 0 && Int(start) < text.count, "word start \(start) outside a text of \(text.count) bytes")
        Fuzz.expect(i == 0 || start > starts[i - 1], "word starts not increasing: \(starts)")
        if isValid {
            Fuzz.expect(text[Int(start)] & 0xC0 != 0x80, "word start \(start) inside a character")
        }
    }

    // The batch: the same starts, string by string, as bits at absolute offsets.
    let strings = text.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
    var offsets: [UInt32] = [0]
    for string in strings { offsets.append(offsets.last! + UInt32(string.count)) }
    let joined = strings.flatMap { $0 }
    let words = (joined.count + 63) / 64
    let (ok, bits) = ExactBuffer.withCString(joined) { utf8, _ in
        ExactBuffer.with(words, fill: UInt64(0)) { bits in
            var status = TIStatus()
            return ti_word_starts_batch(utf8, offsets, Int32(strings.count), bits, &status)
        }
    }
    Fuzz.expect(ok != 0, "ti_word_starts_batch failed")
    var expected = [UInt64](repeating: 0, count: words)
    for (i, string) in strings.enumerated() {
        for start in wordStarts(string, capacity: 0) {
            let p = Int(offsets[i]) + Int(start)
            expected[p / 64] |= 1 << UInt64(p % 64)
        }
    }
    Fuzz.expect(bits == expected, "the batch's word starts differ from the strings' one by one")
    return 0
}

Fuzz.run(testOneInput)
