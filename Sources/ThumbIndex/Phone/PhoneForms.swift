import CThumbIndexPhone

/// The digit forms of a phone number as written, for searching phone columns by digits.
///
/// A value such as `+34844 468 710` is searchable by the digits it shows (`34844468710`) and, when
/// libphonenumber can parse it for the column's region, by its E.164 form (`34844468710`) and its
/// national format (`844 46 87 10`, digits `844468710`), so a caller who types the number the local
/// way finds it too. Digits are ASCII bytes `0`...`9` throughout.
///
/// ```swift
/// let forms = PhoneForms(value: "+49 (0) 0997 129181", region: "DE")
/// forms.written   // "4900997129181" as ASCII bytes
/// forms.e164      // "490997129181"
/// forms.national  // "0997129181"
/// ```
///
/// The parsing is libphonenumber's (`PhoneNumberUtil::Parse`, Debian's 8.12.57) through the
/// `CThumbIndexPhone` bridge.
struct PhoneForms: Sendable, Hashable {
    /// The digits of the value as written, in order: every Unicode scalar of general category Nd
    /// (decimal digit), taken as its numeric value, so fullwidth `０` and Arabic-Indic `٣` count;
    /// nothing else does.
    let written: [UInt8]
    /// For each digit of `written`, the UTF-16 range of its scalar in the original value.
    let writtenUTF16: [Range<Int>]
    /// The digits of the E.164 form without its `+` (country calling code, then the national
    /// significant number), or nil when libphonenumber cannot parse the value.
    let e164: [UInt8]?
    /// The digits of libphonenumber's NATIONAL format (with the national prefix and any extension,
    /// e.g. `(397) 509-4009 ext. 4929` gives `39750940094929`), or nil when it cannot parse the value.
    let national: [UInt8]?
    /// The digits of the national significant number (E.164 without the country calling code), or
    /// nil when libphonenumber cannot parse the value: the part `highlight` aligns forms on.
    let nationalSignificant: [UInt8]?
    /// The value's length in UTF-16 code units (what "the whole value" means to `highlight`).
    let utf16Count: Int

    /// The forms of `value` read as a phone number of `region`.
    ///
    /// - Parameters:
    ///   - value: the phone number as written, in any format (`+34844 468 710`, `397-509-4009x4929`).
    ///   - region: an ISO 3166 region code such as `ES` for numbers written without `+` and a country
    ///     code; nil (or one libphonenumber does not know) means `ZZ`, where only those starting
    ///     with `+` parse. ``PhoneRegion/region(of:)`` gives it for a locale.
    ///
    /// Complexity: O(*n*) in the value's length, plus libphonenumber's parse.
    /// With `parsing` false, libphonenumber is not asked: only ``written`` is there (`e164` and
    /// `national` are nil), for highlighting a match of the written digits cheaply.
    init(value: String, region: String?, parsing: Bool = true) {
        var written: [UInt8] = []
        var writtenUTF16: [Range<Int>] = []
        var offset = 0
        for scalar in value.unicodeScalars {
            let width = UTF16.width(scalar)
            if let digit = ParsedQuery.decimalDigit(scalar) {
                written.append(digit)
                writtenUTF16.append(offset..<offset + width)
            }
            offset += width
        }
        self.written = written
        self.writtenUTF16 = writtenUTF16
        self.utf16Count = offset
        if parsing, let parsed = PhoneForms.parse(value, region: region ?? "ZZ") {
            e164 = PhoneForms.asciiDigits(parsed.e164)
            national = PhoneForms.asciiDigits(parsed.national)
            nationalSignificant = PhoneForms.asciiDigits(parsed.nationalSignificant)
        } else {
            (e164, national, nationalSignificant) = (nil, nil, nil)
        }
    }

    /// The distinct non-empty forms among `written`, `e164` and `national`, in that order: what a
    /// query's digits are searched in.
    var digitForms: [[UInt8]] {
        var forms: [[UInt8]] = []
        for form in [written, e164, national] {
            if let form, !form.isEmpty, !forms.contains(form) { forms.append(form) }
        }
        return forms
    }

    /// The ASCII digits of `text`, in order.
    private static func asciiDigits(_ text: [UInt8]) -> [UInt8] {
        text.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// libphonenumber's E.164 form, NATIONAL format and national significant number of `value`, as
    /// UTF-8 bytes; nil when it cannot parse `value` for `region`.
    private static func parse(_ value: String, region: String) -> (e164: [UInt8], national: [UInt8],
                                                                   nationalSignificant: [UInt8])? {
        let utf8 = Array(value.utf8)
        guard utf8.count <= Int(Int32.max) else { return nil }
        // Outputs are a few digits and separators more than the digits of the input; grow if not.
        var capacity = 64 + 2 * utf8.count
        while capacity <= 1 << 24 {
            var e164 = [CChar](repeating: 0, count: capacity)
            var national = [CChar](repeating: 0, count: capacity)
            var significant = [CChar](repeating: 0, count: capacity)
            // Unsafe: the bridge reads exactly `utf8.count` bytes of `utf8` and `region` up to its
            // NUL, and writes at most `capacity` bytes into each output, all alive for the call.
            let result = ti_phone_forms(utf8, Int32(utf8.count), region, &e164, Int32(capacity),
                                        &national, Int32(capacity), &significant, Int32(capacity))
            switch result {
            case TIPhoneParsed:
                // Each output is NUL-terminated within its capacity when the value parsed.
                func bytes(_ text: [CChar]) -> [UInt8] { text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) } }
                return (bytes(e164), bytes(national), bytes(significant))
            case TIPhoneBufferTooSmall:
                capacity *= 2
            default:
                return nil
            }
        }
        return nil
    }
}
