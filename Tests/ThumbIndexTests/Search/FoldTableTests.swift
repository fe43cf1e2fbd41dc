import CThumbIndexICU
import PropertyBased
import Testing
@testable import ThumbIndex

@Suite("The bridge's per-character fold table against the ICU normalizers folding the whole text")
struct FoldTableTests {
    /// Code points that exercise every rule of the folds: ASCII, Latin with precomposed and combining
    /// marks, ß and the dotted and dotless i, Greek with ypogegrammeni, Cyrillic, Arabic letters with
    /// tashkeel and a ligature, Hebrew with points, Devanagari with a virama and a vowel sign, Thai,
    /// Hangul syllables and jamo, kana with (spacing) sound marks, Han, full-width forms, a soft
    /// hyphen, a zero-width joiner, a regional indicator and emoji outside the BMP.
    static let scalars: [UInt32] = [
        0x41, 0x61, 0x5A, 0x20, 0x2D, 0x31, 0xC0, 0xC9, 0xE9, 0xF8, 0xC6, 0xDF, 0x130, 0x131, 0x142, 0x153, 0x1C4, 0x301, 0x308,
        0x327, 0x345, 0x391, 0x3A3, 0x3C2, 0x386, 0x1FB3, 0x416, 0x439, 0x419, 0x627, 0x644, 0x647, 0x64B, 0x650, 0x670, 0xFDFA,
        0x5D0, 0x5B8, 0x5BC, 0x915, 0x94D, 0x937, 0x93F, 0xE01, 0xE31, 0xAC00, 0xD55C, 0x1100, 0x1161, 0x11A8, 0x304B, 0x3099,
        0x309B, 0x30AB, 0x30F4, 0x30FD, 0x4E2D, 0x6587, 0xFF21, 0xFF41, 0xFF76, 0xFF9E, 0xAD, 0x200D, 0x1F1E6, 0x1F600, 0x2160,
    ]

    /// `text` folded with `fold` by `function` (the bridge's entry point or its normalizing reference),
    /// with each byte's span.
    static func fold(_ text: String, _ fold: Int32,
                     _ function: (UnsafePointer<CChar>?, Int32, Int32, UnsafeMutablePointer<CChar>?, Int32,
                                  UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<TIStatus>?) -> Int32)
        -> (bytes: [UInt8], starts: [Int32], ends: [Int32]) {
        var text = text
        return text.withUTF8 { utf8 in
            let capacity = utf8.count * 18 + 16
            var out = [CChar](repeating: 0, count: capacity)
            var starts = [Int32](repeating: 0, count: capacity), ends = [Int32](repeating: 0, count: capacity)
            var status = TIStatus()
            let count = utf8.withMemoryRebound(to: CChar.self) { input in
                function(input.baseAddress, Int32(utf8.count), fold, &out, Int32(capacity), &starts, &ends, &status)
            }
            precondition(count >= 0 && count <= capacity, "the fold failed or did not fit")
            return (out.prefix(Int(count)).map { UInt8(bitPattern: $0) }, Array(starts.prefix(Int(count))), Array(ends.prefix(Int(count))))
        }
    }

    @Test("random texts of those code points, and of any BMP code points: the same bytes and spans in every fold")
    func tableEqualsNormalizers() async {
        await propertyCheck(count: Cases.scaled(2000), input: Gen.int(in: 0...1_000_000_000)) { seed in
            var rng = SeededGenerator(state: UInt64(seed))
            let length = Int(rng.next() % 10)
            let anyBMP = rng.next() % 3 == 0
            var scalars = String.UnicodeScalarView()
            for _ in 0..<length {
                let value = anyBMP ? UInt32(rng.next() % 0x10000) : Self.scalars[Int(rng.next() % UInt64(Self.scalars.count))]
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
            let text = String(scalars)
            for fold in [TI_FOLD_CASE, TI_FOLD_DIACRITICS, TI_FOLD_ALL] {
                let fast = Self.fold(text, fold, ti_fold_utf8), reference = Self.fold(text, fold, ti_fold_utf8_normalizing)
                #expect(fast.bytes == reference.bytes, "\(text.unicodeScalars.map { String($0.value, radix: 16) }) fold \(fold)")
                #expect(fast.starts == reference.starts && fast.ends == reference.ends,
                        "spans of \(text.unicodeScalars.map { String($0.value, radix: 16) }) fold \(fold)")
            }
        }
    }

    @Test("every BMP code point alone, and after and before an A: the same bytes and spans in every fold")
    func everyCharacterInContext() {
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), "A" + String(scalar), String(scalar) + "\u{301}b"] {
                for fold in [TI_FOLD_CASE, TI_FOLD_DIACRITICS, TI_FOLD_ALL] {
                    let fast = Self.fold(text, fold, ti_fold_utf8), reference = Self.fold(text, fold, ti_fold_utf8_normalizing)
                    if fast.bytes != reference.bytes || fast.starts != reference.starts || fast.ends != reference.ends {
                        Issue.record("U+\(String(value, radix: 16)) in \(text.debugDescription), fold \(fold)")
                    }
                }
            }
        }
    }
}
