import CThumbIndexICU

extension ICU {
    /// ICU's transliterator `id` (e.g. "Han-Latin", "Hiragana-Latin", "Latin-ASCII", "Hant-Hans") applied to `text`.
    ///
    /// ```swift
    /// try ICU.transliterate("曾国藩", id: "Han-Latin")        // "céng guó fān"
    /// try ICU.transliterate("曾国藩", id: "Han-Latin/Names")  // "zēng guó fān"
    /// ```
    ///
    /// Thread-safe. Each ID is opened once per process and cloned once per thread (see
    /// Transliterate.cpp), so only a thread's first call with an ID pays for more than the transliteration.
    ///
    /// - Throws: ``ICUError`` naming `id` when ICU has no such transliterator.
    static func transliterate(_ text: String, id: String) throws -> String {
        var text = text
        return try text.withUTF8 { utf8 in
            var out: [UInt8] = []
            let length = try withGrowingCapacity(initial: utf8.count * 4 + 16) { capacity in
                out = [UInt8](repeating: 0, count: capacity)
                var status = TIStatus()
                let needed = utf8.withMemoryRebound(to: CChar.self) { input in
                    out.withUnsafeMutableBufferPointer { output in
                        output.withMemoryRebound(to: CChar.self) {
                            ti_transliterate_utf8(id, input.baseAddress, Int32(utf8.count), $0.baseAddress, Int32(capacity), &status)
                        }
                    }
                }
                guard needed >= 0 else { throw ICUError(status) }
                return Int(needed)
            }
            return String(decoding: out[..<length], as: UTF8.self)
        }
    }
}
