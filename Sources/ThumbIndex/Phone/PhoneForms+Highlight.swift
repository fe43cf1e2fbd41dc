extension PhoneForms {
    /// The UTF-16 ranges of the original value to highlight when a query's digits matched
    /// `form[match]`, where `form` is one of ``digitForms``.
    ///
    /// The rule:
    /// - When `form` is ``written``, the matched digits were written as such: one range, from the
    ///   start of the first matched digit to the end of the last (separators between them included).
    /// - Otherwise (`form` is the E.164 form or the national format), the forms are aligned on the
    ///   national significant number (NSN), the digits every form shares: it is located in `form`
    ///   (as its suffix in the E.164 form, else its first occurrence) and in ``written`` (its last
    ///   occurrence, after any country code or national prefix). The part of `match` that lies in
    ///   `form`'s NSN is mapped to the same digits of the written NSN and highlighted as above.
    ///   Digits outside the NSN (a country code that was not written, a national prefix, an
    ///   extension) map to nothing.
    /// - When that leaves nothing (the match lies outside the NSN, or the NSN is not among the
    ///   written digits, e.g. written with letters), the whole value: one range `0..<utf16Count`.
    ///
    /// An empty `match` (after clamping to `form`'s indices) highlights nothing.
    ///
    /// ```swift
    /// let forms = PhoneForms(value: "+34844 468 710", region: "ES")
    /// forms.highlight(form: forms.national!, match: 0..<3)  // [3..<6], the "844" as written
    /// ```
    ///
    /// Complexity: O(*n*·*k*) for *n* written digits and an NSN of *k* digits (both small).
    func highlight(form: [UInt8], match: Range<Int>) -> [Range<Int>] {
        let match = match.clamped(to: form.indices)
        guard !match.isEmpty else { return [] }
        if form == written { return [writtenRange(match)] }
        let whole = [0..<utf16Count]
        guard let nsn = nationalSignificant, !nsn.isEmpty, let inForm = start(of: nsn, in: form),
              let inWritten = PhoneForms.lastOccurrence(of: nsn, in: written)
        else { return whole }
        let overlap = match.clamped(to: inForm..<inForm + nsn.count)
        guard !overlap.isEmpty else { return whole }
        let shift = inWritten - inForm
        return [writtenRange(overlap.lowerBound + shift..<overlap.upperBound + shift)]
    }

    /// Where the national significant number `nsn` (non-empty) starts in `form`: the E.164 form
    /// ends with it (after the country code, which may repeat its digits), any other form holds it
    /// first where it first occurs (after a national prefix, before an extension).
    private func start(of nsn: [UInt8], in form: [UInt8]) -> Int? {
        if form == e164, form.count >= nsn.count, form.suffix(nsn.count).elementsEqual(nsn) { return form.count - nsn.count }
        return PhoneForms.firstOccurrence(of: nsn, in: form)
    }

    /// The UTF-16 range from the first to the last of the written digits `digits` (non-empty).
    private func writtenRange(_ digits: Range<Int>) -> Range<Int> {
        writtenUTF16[digits.lowerBound].lowerBound..<writtenUTF16[digits.upperBound - 1].upperBound
    }

    /// The index of the first occurrence of non-empty `needle` in `haystack`.
    private static func firstOccurrence(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        return (0...haystack.count - needle.count).first { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    /// The index of the last occurrence of non-empty `needle` in `haystack`.
    private static func lastOccurrence(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        return (0...haystack.count - needle.count).last { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}
