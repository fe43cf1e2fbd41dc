import Testing
@testable import ThumbIndex

@Suite("Index labels and buckets against ICU's AlphabeticIndex")
struct IndexedCollationTests {
    @Test("labels are ICU's, plus Latin where the script is not Latin, plus # last", arguments: oracleLocales)
    func labelsMatchICU(locale: String) throws {
        let collation = try IndexedCollation(locale: locale)
        let oracle = AlphabeticIndexOracle(locale: locale, addLatinLabels: collation.addsLatinLabels)
        #expect(collation.labels.dropLast().map(\.title) == oracle.labels)
        #expect(collation.labels.last == .digits)
    }

    @Test("every hard case goes where ICU puts it (digits: #)", arguments: oracleLocales)
    func hardCasesMatchICU(locale: String) throws {
        let collation = try IndexedCollation(locale: locale)
        let oracle = AlphabeticIndexOracle(locale: locale, addLatinLabels: collation.addsLatinLabels)
        for text in hardCases {
            let ours = collation.labelIndex(for: text)
            if IndexedCollation.startsWithDigit(Substring(text)) {
                #expect(collation.labels[ours] == .digits, "\(text)")
            } else {
                #expect(ours == oracle.bucket(text), "\(locale): \(text) → \(collation.labels[ours].title), ICU: \(oracle.labels[oracle.bucket(text)])")
            }
        }
    }
}
