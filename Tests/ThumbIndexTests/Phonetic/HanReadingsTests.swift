import Testing
@testable import ThumbIndex

/// `HanReadings`: the generated table of toneless pinyin readings, named cases first, then the whole
/// of it against its definition (``ReadingsOracle``).
@Suite struct HanReadingsTests {
    let table = HanReadings.shared

    func readings(_ c: Unicode.Scalar, startsRun: Bool = false) -> [String] {
        table.readings(of: c, startsRun: startsRun)
    }

    // MARK: Named characters

    @Test func zengReadsCengAndZengAndZengAsASurname() {
        #expect(readings("曾") == ["ceng", "zeng"])
        #expect(readings("曾", startsRun: true) == ["ceng", "zeng"])
    }

    @Test func shanIsAPolyphoneWhoseSurnameIsShan() {
        #expect(readings("单") == ["chan", "dan", "shan"])
        #expect(readings("单", startsRun: true).contains("shan"))
    }

    @Test func surnamesReadAtTheStartOfARun() {
        #expect(readings("解", startsRun: true).contains("xie"))
        #expect(readings("区", startsRun: true).contains("ou"))
        #expect(readings("仇", startsRun: true).contains("qiu"))
    }

    @Test func namesReadingsOnlyWhereARunStarts() {
        // The only two characters whose surname reading (Han-Latin/Names) is in no other source: 刀 and
        // the compatibility ideograph U+FA59 繁 (Unihan gives U+7E41 繁 its pó, not U+FA59).
        #expect(readings("刀") == ["dao"])
        #expect(readings("刀", startsRun: true) == ["dao", "diao"])
        #expect(readings("\u{FA59}") == ["fan"])
        #expect(readings("\u{FA59}", startsRun: true) == ["fan", "po"])
        #expect(readings("\u{7E41}") == ["fan", "po"])
    }

    @Test func polyphonesHaveEveryReading() {
        #expect(readings("长") == ["chang", "zhang"])
        #expect(readings("厦") == ["sha", "xia"])
        #expect(readings("行") == ["hang", "xing"])
    }

    @Test func uUmlautIsSpelledThreeWays() {
        #expect(readings("吕") == ["lu", "lv", "lü"])
        #expect(readings("女").contains("nv") && readings("女").contains("nü") && readings("女").contains("nu"))
        #expect(readings("略").contains("lve") && readings("略").contains("lüe") && readings("略").contains("lue"))
    }

    @Test func traditionalCharactersHaveTheirSimplifiedFormsReadings() {
        #expect(readings("張") == ["zhang"])
        #expect(readings("單").contains("shan"))
        #expect(readings("長") == ["chang", "zhang"])
    }

    @Test func whatIsNotInTheTable() {
        for c: Unicode.Scalar in ["a", "あ", "한", "々", "〇", "⼀"] {
            #expect(!table.hasReadings(c), "\(c)")
            #expect(readings(c, startsRun: true).isEmpty, "\(c)")
            #expect(table.surnameSortScalar(for: c) == nil, "\(c)")
        }
        #expect(table.hasReadings("曾") && table.hasReadings("𠀀") && table.hasReadings("\u{F900}"))
    }

    @Test func allReadingsAreSortedTonelessSyllables() {
        let all = table.allReadings
        #expect(zip(all, all.dropFirst()).allSatisfy { $0 < $1 })
        #expect(all.allSatisfy { $0.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "ü" } })
        for syllable in ["a", "zhuang", "lü", "lv", "lu", "nüe", "nve", "nue", "m", "ng"] { #expect(all.contains(syllable), "\(syllable)") }
        #expect((400...450).contains(all.count), "\(all.count) readings")
    }

    // MARK: Surnames in the names order

    @Test func surnameRepresentativesSortUnderTheSurnamesLetter() throws {
        let zh = AlphabeticIndexOracle(locale: "zh", addLatinLabels: false)
        func label(_ text: String) -> String { zh.labels[zh.bucket(text)] }
        // ICU's own index files the surnames under their ordinary readings…
        #expect(label("曾国藩") == "C")
        #expect(label("单田芳") == "D")
        // …and their representatives under the surnames' (zēng, shàn).
        let zeng = try #require(table.surnameSortScalar(for: "曾"))
        let shan = try #require(table.surnameSortScalar(for: "单"))
        #expect(try ICU.transliterate(String(zeng), id: "Han-Latin") == "zēng")
        #expect(try ICU.transliterate(String(shan), id: "Han-Latin") == "shàn")
        #expect(label(String(zeng) + "国藩") == "Z")
        #expect(label(String(shan) + "田芳") == "S")
        // A traditional surname sorts as its simplified form does (單 as 单).
        let traditionalShan = try #require(table.surnameSortScalar(for: "單"))
        #expect(label(String(traditionalShan) + "田芳") == "S")
        // A character read the same as a surname and otherwise has none.
        #expect(table.surnameSortScalar(for: "张") == nil)
        #expect(table.surnameSortScalar(for: "李") == nil)
    }

    @Test func everyRepresentativeSortsUnderItsSurnamesInitial() throws {
        let zh = AlphabeticIndexOracle(locale: "zh", addLatinLabels: false)
        var count = 0
        for c in tableCharacters() {
            guard let representative = table.surnameSortScalar(for: c) else { continue }
            count += 1
            let surname = try #require(try ReadingsOracle.surnameReading(of: c))
            let initial = String(ReadingsOracle.toneless(surname).prefix(1)).uppercased()
            #expect(zh.labels[zh.bucket(String(representative))] == initial, "\(c) → \(representative) (\(surname))")
        }
        #expect(count >= 30, "\(count) representatives")
    }

    // MARK: The table against its definition

    @Test func tableAgreesWithTheDefinition() throws {
        var characters = Set<Unicode.Scalar>()
        for file in ["zh_CN", "zh_TW", "ja_JP", "ko_KR"] {
            let names = Corpora.strings("people/\(file).tsv")
            #expect(!names.isEmpty, "Corpora/people/\(file).tsv")
            for name in names { characters.formUnion(name.unicodeScalars.filter(ReadingsOracle.isHanIdeograph)) }
        }
        #expect(characters.count > 300, "\(characters.count) Han characters in the people corpora")
        var random = SeededGenerator(state: 10)
        characters.formUnion(tableCharacters().shuffled(using: &random).prefix(3000))
        // Code points the table may lack: the definition must give them no reading either.
        let blocks = ReadingsOracle.hanBlocks + [0x2F800...0x2FA1F]
        for _ in 0..<1000 {
            let block = blocks.randomElement(using: &random)!
            characters.insert(Unicode.Scalar(UInt32.random(in: block, using: &random))!)
        }

        var mismatches: [String] = []
        for c in characters.sorted(by: { $0.value < $1.value }) {
            for startsRun in [false, true] {
                let expected = try ReadingsOracle.readings(of: c, startsRun: startsRun)
                let actual = table.readings(of: c, startsRun: startsRun)
                if actual != expected {
                    mismatches.append("U+\(String(c.value, radix: 16, uppercase: true)) \(c) startsRun \(startsRun): table \(actual), definition \(expected)")
                }
            }
            if table.hasReadings(c) != !(try ReadingsOracle.readings(of: c, startsRun: true)).isEmpty {
                mismatches.append("U+\(String(c.value, radix: 16, uppercase: true)) \(c): hasReadings \(table.hasReadings(c))")
            }
            if try table.surnameSortScalar(for: c) != ReadingsOracle.surnameRepresentative(of: c) {
                mismatches.append("U+\(String(c.value, radix: 16, uppercase: true)) \(c): representative \(String(describing: table.surnameSortScalar(for: c)))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches of \(characters.count) characters:\n\(mismatches.prefix(30).joined(separator: "\n"))")
    }

    @Test func dataVersionNamesTheInstalledUnihanAndTheLinkedICU() throws {
        let unihan = try ReadingsOracle.unihan()
        #expect(HanReadings.dataVersion.hasPrefix("Unihan 15."))
        #expect(HanReadings.dataVersion.contains("Unihan \(unihan.unicodeVersion) (Unihan_Readings.txt \(unihan.date))"),
                "\(HanReadings.dataVersion) for the installed Unihan \(unihan.unicodeVersion) of \(unihan.date)")
        let icu = ICU.libraryVersion.split(separator: ".").prefix(2).joined(separator: ".")
        #expect(HanReadings.dataVersion.contains("ICU \(icu)"), "\(HanReadings.dataVersion) for ICU \(ICU.libraryVersion)")
    }

    @Test func missingUnihanFailsSayingWhatToInstall() {
        do {
            _ = try ReadingsOracle.load("/nonexistent/Unihan_Readings.txt.bz2")
            Issue.record("expected a failure")
        } catch {
            #expect("\(error)".contains("install Debian's unicode-data"), "\(error)")
        }
    }

    /// The characters of the table, in its order.
    func tableCharacters() -> [Unicode.Scalar] {
        HanReadings.table.split(separator: "\n").map { $0.unicodeScalars.first! }
    }
}
