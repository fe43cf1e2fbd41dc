import CThumbIndexICU

extension ICU {
    /// The byte offsets where words start in UTF-8 `text` (ICU's word-break iterator, root locale).
    static func wordStarts(_ text: UnsafeBufferPointer<UInt8>) throws -> [Int] {
        var starts: [Int32] = []
        let count = try withGrowingCapacity(initial: text.count / 2 + 4) { capacity in
            starts = [Int32](repeating: 0, count: capacity)
            var status = TIStatus()
            let count = starts.withUnsafeMutableBufferPointer { starts in
                text.withMemoryRebound(to: CChar.self) { chars in
                    ti_word_starts_utf8(chars.baseAddress, Int32(text.count), starts.baseAddress, Int32(capacity), &status)
                }
            }
            guard count >= 0 else { throw ICUError(status) }
            return Int(count)
        }
        return starts[..<count].map(Int.init)
    }

    /// Sets bit p of `bits` (bit p % 64 of word p / 64) for every byte offset p of `text` at which a
    /// word of entry e starts, for the entries `text[starts[e]..<starts[e+1]]` with e in `entries`.
    ///
    /// - Precondition: `bits` holds at least `(text.count + 63) / 64` words.
    static func markWordStarts(text: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<UInt32>,
                               entries: Range<Int>, in bits: UnsafeMutableBufferPointer<UInt64>) throws {
        precondition(bits.count >= (text.count + 63) / 64 && entries.upperBound < starts.count)
        var status = TIStatus()
        let ok = text.withMemoryRebound(to: CChar.self) { chars in
            ti_word_starts_batch(chars.baseAddress, starts.baseAddress! + entries.lowerBound,
                                 Int32(entries.count), bits.baseAddress, &status)
        }
        guard ok != 0 else { throw ICUError(status) }
    }
}
