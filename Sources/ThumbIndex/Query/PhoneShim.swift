// TEMPORARY: stands in for the libphonenumber bridge (branch phone-bridge) until it is merged.
struct PhoneForms: Sendable, Hashable {
    let written: [UInt8]
    let writtenUTF16: [Range<Int>]
    init(value: String, region: String?) {
        var w: [UInt8] = [], r: [Range<Int>] = [], o = 0
        for s in value.unicodeScalars {
            let n = s.utf16.count
            if let d = ParsedQuery.decimalDigit(s) { w.append(d); r.append(o..<o + n) }
            o += n
        }
        written = w; writtenUTF16 = r
    }
    var digitForms: [[UInt8]] { written.isEmpty ? [] : [written] }
    func highlight(form: [UInt8], match: Range<Int>) -> [Range<Int>] {
        [writtenUTF16[match.lowerBound].lowerBound..<writtenUTF16[match.upperBound - 1].upperBound]
    }
}
enum PhoneRegion { static func region(of localeOrRegion: String) -> String? { nil } }
