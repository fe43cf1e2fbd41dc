import PropertyBased
import Testing
@testable import ThumbIndex

/// The dial-pad index's build (`DialpadIndex(of:chunkSize:)`): a row's plain-rule entry is written
/// in one pass over its folded UTF-8, Chinese and Japanese keys are read only for rows outside
/// ASCII, with kana or with a reading, and the rows are read in chunks. Each is held to the
/// definition it stands for: the words of `Dialpad.words` spelt by `Dialpad.entry` (their key text
/// and initials), every row read as scalars (its fold variant found by a search of its own), in one
/// chunk.
@Suite("Building the dial-pad index: one pass per row, in chunks, as the words' definition spells it")
struct DialpadBuildTests {
    /// Pieces of text the dial pad reads differently: ASCII letters of both cases, digits of two
    /// scripts, letters with no key (Cyrillic, Greek, Han with and without readings, kana), marks,
    /// punctuation, symbols and white space of several kinds.
    static let pieces: [String] = [
        "a", "z", "q", "M", "7", "0", "٣", "५", "б", "λ", "重", "乐", "𠀀", "か", "ア", "\u{301}", "-", "'", ".",
        "€", "\u{FFFD}", " ", "  ", "\t", "\u{3000}", "\u{A0}", "\u{2028}", "jo", "ann", "x9",
    ]

    static func text(_ g: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...9, using: &g)).map { _ in pieces.randomElement(using: &g)! }.joined()
    }

    /// The plain rule's entry as the words' definition spells it (nil: no word has keys).
    static func definedEntry(_ text: String) -> (bytes: [UInt8], wordStarts: [Int])? {
        let words = Dialpad.words(Array(text.unicodeScalars), han: false)
        guard words.contains(where: \.hasKeys) else { return nil }
        return Dialpad.entry(words, choice: [Int](repeating: 0, count: words.count))
    }

    @Test("a row's plain-rule entry, written in one pass, is the one its words spell, for any text")
    func aPlainEntryIsTheOneItsWordsSpell() async {
        await propertyCheck(count: Cases.scaled(2_000), input: Gen.int(in: 0...1_000_000)) { seed in
            var g = SeededGenerator(state: UInt64(seed))
            var entry = Dialpad.Entry()
            for _ in 0..<4 {  // the buffers reused from text to text, as a build reuses them
                let text = Self.text(&g)
                let written = Dialpad.plainEntry(Array(text.utf8), into: &entry)
                let defined = Self.definedEntry(text)
                #expect(written == (defined != nil), "'\(text)'")
                if written, let defined {
                    #expect(entry.bytes == defined.bytes && entry.wordStarts == defined.wordStarts, "'\(text)'")
                }
            }
        }
    }

    @Test func invalidUTF8ReadsAsAReplacementCharacter() {
        var entry = Dialpad.Entry()
        // "jo" + a lone continuation byte + "an" + a cut-off lead byte: the bad bytes are skipped symbols.
        #expect(Dialpad.plainEntry([0x6A, 0x6F, 0x80, 0x61, 0x6E, 0x20, 0x6B, 0xE3], into: &entry))
        #expect(entry.bytes == Array("56265.55".utf8) && entry.wordStarts == [0, 4, 6, 7])
        #expect(!Dialpad.plainEntry([0xFF, 0x20, 0xC3], into: &entry), "no word has keys")
    }

    /// Latin, Chinese (polyphones, one with more spellings than a row lists) and Japanese names,
    /// with readings, white space alone, digits and letters with no key.
    static let names: [(text: String, reading: String?)] = [
        ("Jessica Acedo", nil), ("重庆 长江", nil), ("行长重长行乐", nil), ("山田 太郎", "やまだ たろう"),
        ("Ann-Marie Öst", nil), (" ", nil), ("42 Main St", nil), ("かとう", nil), ("李 Wei", nil), ("乐", "がく"),
        ("Дмитрий 7", nil), ("O'Brien ٣", nil), ("Smith", "すみす"),
    ]

    /// The dial-pad index of `index` as its definition makes it: every row read as scalars and
    /// spelt through its words, its reading's words (or its kana text's) romanized, in one chunk.
    static func definedIndex(of index: SearchIndex) throws -> DialpadIndex {
        var latin = DialpadIndex.Part.Builder(everyRow: true), han = DialpadIndex.Part.Builder(everyRow: false)
        var romaji = DialpadIndex.Part.Builder(everyRow: false)
        let main = index.storage.main
        for row in 0..<index.count {
            let scalars = index.allFoldScalars(ofRow: row)
            latin.add(row: row, words: Dialpad.words(scalars, han: false))
            if scalars.contains(where: { Pinyin.isHan($0) && HanReadings.shared.hasReadings($0) }) {
                han.add(row: row, words: Dialpad.words(scalars, han: true))
            }
            let text = String(decoding: main.text[Int(main.starts[row])..<Int(main.starts[row + 1])], as: UTF8.self)
            let reading = index.storage.readings.flatMap { $0.isEmpty(row: row) ? nil : $0.utf8(row) }
            let r = try ReadingKeys.words(text: Array(text.unicodeScalars), reading: reading)
                .map { try Romaji.romanized(String(String.UnicodeScalarView($0))) }
            if !r.isEmpty { romaji.add(row: row, words: Dialpad.romajiWords(r)) }
        }
        return DialpadIndex(latin: try latin.build(rowCount: index.count), han: try han.build(rowCount: index.count),
                            romaji: try romaji.build(rowCount: index.count))
    }

    @Test("a build in chunks of any size is the index its definition makes, part for part")
    func aBuildInChunksIsTheDefinedIndex() async throws {
        let collation = try IndexedCollation(locale: "ja")
        await propertyCheck(count: Cases.scaled(30), input: Gen.int(in: 0...1_000_000)) { seed in
            var g = SeededGenerator(state: UInt64(seed))
            let items = (0..<Int.random(in: 0...40, using: &g)).map { seq in
                let (text, reading) = Int.random(in: 0...2, using: &g) == 0
                    ? (Self.text(&g), nil) : Self.names.randomElement(using: &g)!
                return LiveItem(seq: seq, id: "id\(seq)", text: text, reading: reading, pinned: false)
            }
            let index = try LiveListing(items: items, collation: collation).levels[LiveListing.base].segment.searchable.index
            let defined = DialpadIndexParts(try Self.definedIndex(of: index))
            for chunkSize in [1, Int.random(in: 2...7, using: &g), Int.max] {
                #expect(DialpadIndexParts(try DialpadIndex(of: index, chunkSize: chunkSize)) == defined, "seed \(seed), chunks of \(chunkSize)")
            }
            // As a server's read worker makes it: a thread of lower priority, on threads of its own.
            let onWorker = await ParallelPriorityTests.onDeprioritizedThread {
                Result { try Parallel.atCallerPriority { DialpadIndexParts(try DialpadIndex(of: index, chunkSize: 2)) } }
            }
            #expect(try onWorker.get() == defined, "seed \(seed), on a deprioritized thread")
        }
    }
}
