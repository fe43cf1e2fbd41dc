import Testing
@testable import ThumbIndex

@Suite("White space and digits: the ASCII fast paths against Unicode's properties")
struct WhiteSpaceTests {
    @Test("isWhiteSpace is White_Space for every scalar")
    func everyScalar() {
        var differing: [UInt32] = [], inRanges: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if scalar.isWhiteSpace != scalar.properties.isWhitespace { differing.append(value) }
            if scalar.isWhiteSpace != Unicode.Scalar.whiteSpaceRanges.contains(where: { $0.contains(value) }) { inRanges.append(value) }
        }
        #expect(differing.isEmpty, "differs at \(differing.prefix(10).map { String($0, radix: 16) })")
        #expect(inRanges.isEmpty, "the ranges differ at \(inRanges.prefix(10).map { String($0, radix: 16) })")
    }

    @Test("startsWithDigit: the first scalar that is not white space is a decimal digit (Nd), for every scalar below U+3100")
    func startsWithDigit() {
        for value in UInt32(0)..<0x3100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = " \u{3000}" + String(Character(scalar)) + "x"
            let expected = scalar.properties.isWhitespace ? false : scalar.properties.generalCategory == .decimalNumber
            #expect(IndexedCollation.startsWithDigit(Substring(text)) == expected, "U+\(String(value, radix: 16))")
        }
    }
}
