import Foundation
import Testing
@testable import ThumbIndex

/// `PhoneForms` and `PhoneRegion`: named examples first, then every phone number of the contacts
/// corpus and a few hundred random strings against Python's `phonenumbers` 8.12.57 (``PhoneOracle``),
/// then `highlight` on the examples and its rule over the corpus.
@Suite struct PhoneFormsTests {
    /// ASCII digits as bytes, for comparing with the forms.
    static func digits(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// The UTF-16 text of `value` in `range`.
    static func text(_ value: String, _ range: Range<Int>) -> String {
        let utf16 = Array(value.utf16)
        return String(decoding: utf16[range], as: UTF16.self)
    }

    // MARK: The facts checked against libphonenumber by hand

    @Test func aSpanishNumberWrittenWithItsCountryCodeHasItsNationalForm() {
        let forms = PhoneForms(value: "+34844 468 710", region: "ES")
        #expect(forms.written == Self.digits("34844468710"))
        #expect(forms.e164 == Self.digits("34844468710"))
        #expect(forms.national == Self.digits("844468710"))  // "844 46 87 10"
        #expect(forms.nationalSignificant == Self.digits("844468710"))
        #expect(forms.digitForms == [Self.digits("34844468710"), Self.digits("844468710")])
    }

    @Test func aGermanTrunkPrefixInParenthesesIsDropped() {
        let forms = PhoneForms(value: "+49 (0) 0997 129181", region: "DE")
        #expect(forms.written == Self.digits("4900997129181"))
        #expect(forms.e164 == Self.digits("490997129181"))
        #expect(forms.national == Self.digits("0997129181"))
        #expect(forms.digitForms.count == 3)
    }

    @Test func anAmericanExtensionStaysInTheNationalFormatButNotInE164() {
        let forms = PhoneForms(value: "397-509-4009x4929", region: "US")
        #expect(forms.e164 == Self.digits("13975094009"))
        #expect(forms.national == Self.digits("39750940094929"))  // "(397) 509-4009 ext. 4929"
        #expect(forms.nationalSignificant == Self.digits("3975094009"))
        // The national format's digits are the written ones: one form, not two.
        #expect(forms.digitForms == [Self.digits("39750940094929"), Self.digits("13975094009")])
    }

    @Test func garbageIsNotANumberAndHasNoDigits() {
        let forms = PhoneForms(value: "garbage", region: "US")
        #expect(forms.e164 == nil && forms.national == nil && forms.nationalSignificant == nil)
        #expect(forms.written.isEmpty && forms.writtenUTF16.isEmpty)
        #expect(forms.digitForms.isEmpty)
    }

    @Test func withoutARegionOnlyNumbersStartingWithPlusParse() {
        #expect(PhoneForms(value: "844 468 710", region: nil).e164 == nil)
        #expect(PhoneForms(value: "+34 844 468 710", region: nil).national == Self.digits("844468710"))
        #expect(PhoneForms(value: "+34 844 468 710", region: "QQ").e164 == Self.digits("34844468710"))
        #expect(PhoneForms(value: "844 468 710", region: "").e164 == nil)
    }

    @Test func anyDecimalDigitIsWrittenAsItsValue() {
        // Fullwidth, Arabic-Indic, and a mathematical digit outside the BMP (two UTF-16 units).
        let forms = PhoneForms(value: "０4٣-𝟕", region: "FR")
        #expect(forms.written == Self.digits("0437"))
        #expect(forms.writtenUTF16 == [0..<1, 1..<2, 2..<3, 4..<6])
        // Not digits: superscripts and vulgar fractions (No), Roman numerals (Nl), letters.
        #expect(PhoneForms(value: "²½Ⅳx", region: "FR").written.isEmpty)
        // libphonenumber reads the fullwidth and Arabic-Indic digits too.
        #expect(PhoneForms(value: "０４٣٧٤١٤٧٩٤", region: "FR").e164 == Self.digits("33437414794"))
    }

    // MARK: PhoneRegion

    @Test func aLocaleGivesItsRegionAndALanguageItsLikelyOne() {
        #expect(PhoneRegion.region(of: "es_ES") == "ES")
        #expect(PhoneRegion.region(of: "es-ES") == "ES")
        #expect(PhoneRegion.region(of: "ES") == "ES")
        #expect(PhoneRegion.region(of: "es") == "ES")
        #expect(PhoneRegion.region(of: "sv") == "SE")
        #expect(PhoneRegion.region(of: "en") == "US")
        #expect(PhoneRegion.region(of: "zh") == "CN")
        #expect(PhoneRegion.region(of: "zh-Hant") == "TW")
        #expect(PhoneRegion.region(of: "de-u-co-phonebk") == "DE")
    }

    @Test func whatHasNoRegion() {
        for input in ["garbage", "", "und", "root", "QQ", "ZZ", "es_419", "!!", "e-", String(repeating: "a", count: 300)] {
            #expect(PhoneRegion.region(of: input) == nil, "\(input)")
        }
    }

    // MARK: Against Python's phonenumbers

    /// The phone numbers of Corpora/contacts.tsv, each with the region of its `locale` column.
    static let contacts: [PhoneOracle.Query] = {
        let url = Corpora.root.appendingPathComponent("contacts.tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var lines = text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        let header = lines.removeFirst()
        guard let phone = header.firstIndex(of: "phone"), let locale = header.firstIndex(of: "locale") else { return [] }
        return lines.filter { $0.count > max(phone, locale) && !$0[phone].isEmpty }.map {
            PhoneOracle.Query(value: String($0[phone]), region: PhoneRegion.region(of: String($0[locale])))
        }
    }()

    /// Strings of digits, spaces, `+ - ( ) . x` and letters (digits the likeliest), with random
    /// regions: some known, some not, some none. Seeded, so every run checks the same ones.
    static let randomStrings: [PhoneOracle.Query] = {
        var generator = SeededGenerator(state: 0x7E1E_9403)
        let symbols = Array("0123456789") + Array("0123456789") + Array("0123456789") + Array("  +-().x") + Array("abcXYZ")
        let regions: [String?] = ["US", "ES", "DE", "FR", "SE", "GB", "IT", "JP", "CN", "BR", "RU", "IN", "ZZ", "QQ", nil]
        return (0..<400).map { _ in
            let length = Int.random(in: 0...24, using: &generator)
            var value = String((0..<length).map { _ in symbols.randomElement(using: &generator)! })
            if Bool.random(using: &generator) { value = "+" + value }
            return PhoneOracle.Query(value: value, region: regions.randomElement(using: &generator)!)
        }
    }()

    /// Named values, including the four facts above.
    static let named: [PhoneOracle.Query] = [
        .init(value: "+34844 468 710", region: "ES"), .init(value: "+49 (0) 0997 129181", region: "DE"),
        .init(value: "397-509-4009x4929", region: "US"), .init(value: "garbage", region: "US"),
        .init(value: "1-800-FLOWERS", region: "US"), .init(value: "+39 06 1234 5678", region: nil),
        .init(value: "tel:+1-650-253-0000;ext=123", region: nil), .init(value: "０４３７４１４７９４", region: "FR"),
        .init(value: "٠٤٣٧٤١٤٧٩٤", region: "FR"), .init(value: "", region: "US"),
    ]

    /// Python's answers for `contacts`, `randomStrings` and `named`, from one run.
    static let oracle: Result<[PhoneOracle.Query: PhoneOracle.Answer], PhoneOracle.Failure> = {
        let queries = contacts + randomStrings + named
        do {
            return .success(Dictionary(zip(queries, try PhoneOracle.answers(queries)), uniquingKeysWith: { a, _ in a }))
        } catch let failure as PhoneOracle.Failure {
            return .failure(failure)
        } catch {
            return .failure(PhoneOracle.Failure(description: "the phone oracle: \(error)"))
        }
    }()

    /// The values of `queries` whose forms differ from Python's, described.
    static func disagreements(_ queries: [PhoneOracle.Query]) throws -> [String] {
        let answers = try oracle.get()
        return try queries.compactMap { query in
            let answer = try #require(answers[query])
            let forms = PhoneForms(value: query.value, region: query.region)
            func text(_ digits: [UInt8]?) -> String? { digits.map { String(decoding: $0, as: UTF8.self) } }
            let ours = PhoneOracle.Answer(written: text(forms.written)!, e164: text(forms.e164),
                                          national: text(forms.national), nsn: text(forms.nationalSignificant))
            return ours == answer ? nil : "\(query.value) (\(query.region ?? "nil")): ours \(ours), Python's \(answer)"
        }
    }

    @Test func everyContactsPhoneNumberHasPythonsForms() throws {
        #expect(Self.contacts.count == 600)
        let disagreements = try Self.disagreements(Self.contacts)
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(Self.contacts.count): \(disagreements.prefix(10))")
        // The corpus is meant to be phone numbers: nearly all of them parse in their region.
        let answers = try Self.oracle.get()
        let parsed = Self.contacts.filter { answers[$0]?.e164 != nil }.count
        #expect(parsed >= 590, "\(parsed) of \(Self.contacts.count) parse")
    }

    @Test func everyContactsLocaleGivesTheRegionItNames() {
        let url = Corpora.root.appendingPathComponent("contacts.tsv")
        let lines = ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n").dropFirst()
        let locales = Set(lines.compactMap { $0.split(separator: "\t", omittingEmptySubsequences: false).last.map(String.init) })
        #expect(locales.count >= 20)
        for locale in locales {
            #expect(PhoneRegion.region(of: locale) == String(locale.split(separator: "_").last!), "\(locale)")
        }
    }

    @Test func randomStringsHavePythonsForms() throws {
        let disagreements = try Self.disagreements(Self.randomStrings)
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(Self.randomStrings.count): \(disagreements.prefix(10))")
        // Enough of them parse, and enough do not, for the comparison to mean something.
        let answers = try Self.oracle.get()
        let parsed = Self.randomStrings.filter { answers[$0]?.e164 != nil }.count
        #expect((50...350).contains(parsed), "\(parsed) of \(Self.randomStrings.count) parse")
    }

    @Test func namedValuesHavePythonsForms() throws {
        let disagreements = try Self.disagreements(Self.named)
        #expect(disagreements.isEmpty, "\(disagreements)")
    }

    // MARK: Highlight

    @Test func aWrittenMatchHighlightsItsDigitsAsWritten() {
        let value = "+34844 468 710"
        let forms = PhoneForms(value: value, region: "ES")
        // E.164 digits equal the written ones here, so the E.164 form is the written form.
        #expect(forms.highlight(form: forms.e164!, match: 2..<5) == [3..<6])
        #expect(Self.text(value, 3..<6) == "844")
        // Across separators: one range, the spaces between included.
        #expect(forms.highlight(form: forms.written, match: 5..<11) == [7..<14])
        #expect(Self.text(value, 7..<14) == "468 710")
    }

    @Test func aNationalMatchHighlightsTheSameDigitsAsWritten() {
        let value = "+34844 468 710"
        let forms = PhoneForms(value: value, region: "ES")
        #expect(forms.highlight(form: forms.national!, match: 0..<3) == [3..<6])  // "844"
    }

    @Test func aGermanMatchSkipsTheTrunkPrefixAsWritten() {
        let value = "+49 (0) 0997 129181"
        let forms = PhoneForms(value: value, region: "DE")
        // "0997" in the national format and in E.164 is the "0997" after "(0)", not the "(0)".
        #expect(forms.highlight(form: forms.national!, match: 0..<4) == [8..<12])
        #expect(forms.highlight(form: forms.e164!, match: 2..<6) == [8..<12])
        #expect(Self.text(value, 8..<12) == "0997")
        // The country code alone lies outside the national significant number: the whole value.
        #expect(forms.highlight(form: forms.e164!, match: 0..<2) == [0..<value.utf16.count])
        // Partly outside: only the part inside it.
        #expect(forms.highlight(form: forms.e164!, match: 1..<4) == [8..<10])
    }

    @Test func anAmericanMatchInE164SkipsTheCountryCode() {
        let value = "397-509-4009x4929"
        let forms = PhoneForms(value: value, region: "US")
        #expect(forms.highlight(form: forms.e164!, match: 4..<7) == [4..<7])  // "509"
        #expect(forms.highlight(form: forms.written, match: 10..<14) == [13..<17])  // "4929"
        #expect(forms.highlight(form: forms.e164!, match: 0..<1) == [0..<value.utf16.count])
    }

    @Test func anEmptyOrOutOfRangeMatchHighlightsNothing() {
        let forms = PhoneForms(value: "+34844 468 710", region: "ES")
        #expect(forms.highlight(form: forms.written, match: 3..<3).isEmpty)
        #expect(forms.highlight(form: forms.written, match: 20..<25).isEmpty)
        #expect(forms.highlight(form: forms.written, match: 9..<25) == [12..<14])
    }

    @Test func everyHighlightOfTheContactsShowsDigitsOfTheMatch() throws {
        // For every form of every contact and every match of one to four digits: one range inside
        // the value, and unless it is the whole value, its written digits are a non-empty part of
        // the matched digits (all of them when the form is the written one).
        var checked = 0
        for query in Self.contacts {
            let forms = PhoneForms(value: query.value, region: query.region)
            let utf16 = Array(query.value.utf16)
            for form in forms.digitForms {
                for length in 1...4 where length <= form.count {
                    for start in 0...form.count - length {
                        let match = start..<start + length
                        let ranges = forms.highlight(form: form, match: match)
                        try #require(ranges.count == 1, "\(query.value) \(match)")
                        let range = ranges[0]
                        try #require(range.lowerBound >= 0 && range.upperBound <= utf16.count && !range.isEmpty)
                        checked += 1
                        if range == 0..<utf16.count && form != forms.written { continue }
                        let shown = zip(forms.written, forms.writtenUTF16).filter { range.contains($0.1.lowerBound) }.map(\.0)
                        let matched = Array(form[match])
                        if form == forms.written {
                            #expect(shown == matched, "\(query.value) \(match)")
                        } else {
                            let isPart = !shown.isEmpty && shown.count <= matched.count && (0...matched.count - shown.count).contains {
                                Array(matched[$0..<$0 + shown.count]) == shown
                            }
                            #expect(isPart, "\(query.value) \(form) \(match): shows \(shown)")
                        }
                    }
                }
            }
        }
        #expect(checked > 10_000)
    }
}
