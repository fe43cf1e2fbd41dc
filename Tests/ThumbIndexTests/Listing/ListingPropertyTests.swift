import PropertyBased
import Testing
@testable import ThumbIndex

/// Pieces from many scripts and the classes that trip indexes up: letters with and without
/// marks, contractions, digits of several scripts, white space, punctuation, emoji, kana, Hangul, Han.
private let listingPieces = ["a", "A", "å", "Ä", "ö", "Ø", "æ", "ch", "CH", "ł", "ñ", "ş", "ı", "İ", "z", "ẞ", "ß",
                             "é", "\u{301}", "ё", "Е", "ж", "α", "Ω", "ש", "ع", "ก", "क", "あ", "カ", "ｶ", "ー",
                             "가", "ㄱ", "李", "张", "1", "٣", "७", " ", "\t", "-", "'", "#", "😀", "ﬁ", "Ａ", "·"]

private let listingString = Gen<String?>.element(of: listingPieces).map { $0! }.array(of: 1...5).map { $0.joined() }

@Suite("Listing properties on random strings, held against ICU")
struct ListingPropertyTests {
    @Test("random strings: ICU's label (or #) for every item, the collator's order, contiguous sections",
          arguments: ["en", "sv", "cs", "tr", "ru", "ja", "ko", "zh", "zh_Hant", "ar"])
    func randomStrings(locale: String) async throws {
        let collation = try IndexedCollation(locale: locale)
        let oracle = AlphabeticIndexOracle(locale: locale, addLatinLabels: collation.addsLatinLabels)
        await propertyCheck(count: 40, input: listingString.array(of: 0...40)) { texts in
            guard let listing = try? Listing(texts.indices, collation: collation, text: { texts[$0] }) else {
                Issue.record("building failed")
                return
            }
            #expect(listing.count == texts.count)
            #expect(listing.elements.sorted() == Array(texts.indices))
            var seen = 0
            for section in listing.sections {
                #expect(section.rows.lowerBound == seen)
                seen = section.rows.upperBound
                for row in section.rows {
                    let text = String(IndexedCollation.trimmed(listing.text(ofRow: row)))
                    if IndexedCollation.startsWithDigit(Substring(text)) {
                        #expect(section.label.kind == .digits)
                    } else {
                        let bucket = oracle.bucket(text)
                        #expect(section.title == oracle.labels[bucket], "\(text)")
                        #expect(section.label.kind == oracle.kinds[bucket], "\(text)")
                    }
                    if row > section.rows.lowerBound {
                        let previous = String(IndexedCollation.trimmed(listing.text(ofRow: row - 1)))
                        let order = oracle.compare(previous, text)
                        #expect(order < 0 || (order == 0 && listing[row - 1] < listing[row]))
                    }
                }
            }
            #expect(seen == texts.count)
        }
    }
}
