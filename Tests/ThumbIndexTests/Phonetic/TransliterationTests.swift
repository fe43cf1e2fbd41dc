import Foundation
import Synchronization
import Testing
@testable import ThumbIndex

/// `ICU.transliterate`: ICU's transliterators by ID, through the bridge.
@Suite struct TransliterationTests {
    @Test func hanLatinReadsPinyinWithTones() throws {
        #expect(try ICU.transliterate("曾国藩", id: "Han-Latin") == "céng guó fān")
        #expect(try ICU.transliterate("吕", id: "Han-Latin") == "lǚ")
    }

    @Test func hanLatinNamesReadsSurnames() throws {
        #expect(try ICU.transliterate("曾国藩", id: "Han-Latin/Names") == "zēng guó fān")
        #expect(try ICU.transliterate("单", id: "Han-Latin/Names") == "shàn")
    }

    @Test func hantHansSimplifies() throws {
        #expect(try ICU.transliterate("張", id: "Hant-Hans") == "张")
        #expect(try ICU.transliterate("陳大文", id: "Hant-Hans") == "陈大文")
    }

    @Test func japaneseAndLatinTransliterators() throws {
        #expect(try ICU.transliterate("さくら", id: "Hiragana-Latin") == "sakura")
        #expect(try ICU.transliterate("サクラ", id: "Katakana-Latin") == "sakura")
        #expect(try ICU.transliterate("Zoë Łódź", id: "Latin-ASCII") == "Zoe Lodz")
    }

    @Test func emptyAndUntouchedText() throws {
        #expect(try ICU.transliterate("", id: "Han-Latin") == "")
        #expect(try ICU.transliterate("abc 123", id: "Han-Latin") == "abc 123")
    }

    @Test func longTextNeedsAGrowingBuffer() throws {
        // Four bytes of room per input byte at first; Latin-ASCII of "⅞" (3 bytes) is " 7/8" (4 bytes).
        let text = String(repeating: "⅞", count: 1000)
        #expect(try ICU.transliterate(text, id: "Latin-ASCII") == String(repeating: " 7/8", count: 1000))
    }

    @Test func unknownIDThrowsNamingIt() throws {
        do {
            _ = try ICU.transliterate("曾", id: "Han-Klingon")
            Issue.record("expected an error")
        } catch let error as ICUError {
            #expect(error.message.contains("'Han-Klingon'"), "\(error.message)")
        }
    }

    @Test func concurrentCallsAgreeWithSequentialOnes() throws {
        let ids = ["Han-Latin", "Han-Latin/Names", "Hant-Hans", "Hiragana-Latin", "Latin-ASCII"]
        let texts = ["曾国藩", "單田芳", "長沙", "さくら", "Zoë", "解放", "區"]
        var expected: [String] = []
        for id in ids { for text in texts { expected.append(try ICU.transliterate(text, id: id)) } }
        let frozen = expected
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<50 {
                for (i, id) in ids.enumerated() {
                    for (j, text) in texts.enumerated().shuffled() where (try? ICU.transliterate(text, id: id)) != frozen[i * texts.count + j] {
                        mismatches.withLock { $0 += 1 }
                    }
                }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}
