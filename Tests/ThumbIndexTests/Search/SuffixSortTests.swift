import PropertyBased
import Testing
@testable import ThumbIndex

/// SA-IS against sorting the suffixes directly.
@Suite struct SuffixSortTests {
    @Test func suffixArrayEqualsSortedSuffixes() async {
        await propertyCheck(count: 300, input: Gen.int(in: 1...4).array(of: 0...60), Gen.int(in: 2...6)) { symbols, alphabet in
            let text = symbols.map { Int32($0 % (alphabet - 1) + 1) } + [0]
            let expected = text.indices.sorted { a, b in text[a...].lexicographicallyPrecedes(text[b...]) }
            #expect(SuffixSort.suffixArray(of: text, alphabetSize: alphabet).map(Int.init) == expected)
        }
    }

    @Test func repetitiveTexts() {
        for text: [Int32] in [[0], [1, 0], [1, 1, 1, 1, 1, 1, 1, 0], [2, 1, 2, 1, 2, 1, 2, 1, 0], [1, 2, 1, 2, 1, 2, 0]] {
            let expected = text.indices.sorted { a, b in text[a...].lexicographicallyPrecedes(text[b...]) }
            #expect(SuffixSort.suffixArray(of: text, alphabetSize: 3).map(Int.init) == expected)
        }
    }
}
