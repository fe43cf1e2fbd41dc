import Testing
@testable import ThumbIndex

/// The pinyin index keeps no units: a check reads a row's Han characters from the main index's text
/// (`PinyinIndex.units(ofRow:in:into:)`). These hold that reading to what the build saw.
@Suite("Pinyin units read from the main index's text")
struct PinyinUnitsTests {
    /// Units as (character, run start, word start, item start).
    func units(_ texts: [String], row: Int) throws -> [(Character, Bool, Bool, Bool)] {
        let index = try SearchIndex(texts: texts, locale: "zh")
        let pinyin = index.storage.phonetic.pinyin
        var units: [UInt32] = []
        pinyin.units(ofRow: row, in: index.storage.main, into: &units)
        return units.map { u in
            (Character(pinyin.alphabet[Int(u >> 3)]), u & PinyinIndex.runStart != 0, u & PinyinIndex.wordStart != 0,
             u & PinyinIndex.itemStart != 0)
        }
    }

    @Test func flagsFollowTheText() throws {
        // One row: a run across white space (张 三), a letter that ends it, a run that starts again.
        let found = try units(["张 三a李四"], row: 0)
        #expect(found.map(\.0) == ["张", "三", "李", "四"])
        #expect(found.map(\.1) == [true, false, true, false], "run starts")
        #expect(found.map(\.3) == [true, false, false, false], "item start")
        #expect(found[0].2 && found[1].2, "张 and 三 each start a word")
    }

    @Test func rowsWithoutHanHaveNone() throws {
        #expect(try units(["Anna", "张三"], row: 0).isEmpty)
        #expect(try units(["张三", "Anna"], row: 0).count == 2)
    }

    @Test func aDamagedTextIsNeverReadPastItsEntry() throws {
        let index = try SearchIndex(texts: ["张三", "李四"], locale: "zh")
        // A main text whose first entry ends inside a three-byte sequence (张 is E5 BC A0), as a
        // damaged saved file could hold before its checksum is verified.
        let damaged = TextIndex(text: [0xE5, 0xBC, 0xE6, 0x9D, 0x8E], starts: [0, 2, 5], wordStarts: BitSet(count: 5))
        var units: [UInt32] = []
        index.storage.phonetic.pinyin.units(ofRow: 0, in: damaged, into: &units)
        #expect(units.isEmpty)
        index.storage.phonetic.pinyin.units(ofRow: 1, in: damaged, into: &units)
        #expect(units.count == 1, "李 alone")
    }
}
