import Synchronization
import Testing
@testable import ThumbIndex

extension NaivePhonetic.Dependencies {
    /// The oracle on real data: R(c) from the readings oracle (ICU and Unihan, test support), romaji
    /// from ICU's transliterators through the bridge, one after the other in the article's order (Katakana-Latin first: Hiragana-Latin would read ジョ as ji~yo).
    /// The one place where the oracle is wired to them.
    static let real = NaivePhonetic.Dependencies(
        readings: { c, startsRun in RealReadings.readings(c, startsRun: startsRun) },
        romanize: { text in
            // Each separately: as a compound ID, Latin-ASCII leaves the macron that
            // Katakana-Latin writes for ー as a combining mark.
            var latin = text
            for id in ["Katakana-Latin", "Hiragana-Latin", "Latin-ASCII"] {
                latin = try! ICU.transliterate(latin, id: id)
            }
            return latin
        })
}

/// R(c) from ``ReadingsOracle``, remembered (each character is asked once per run position).
enum RealReadings {
    private struct Key: Hashable {
        let c: Unicode.Scalar
        let startsRun: Bool
    }
    private static let memo = Mutex<[Key: [String]]>([:])

    static func readings(_ c: Unicode.Scalar, startsRun: Bool) -> [String] {
        let key = Key(c: c, startsRun: startsRun)
        if let known = memo.withLock({ $0[key] }) { return known }
        let readings = try! ReadingsOracle.readings(of: c, startsRun: startsRun)
        memo.withLock { $0[key] = readings }
        return readings
    }
}

/// Seeded random queries made from the items of the bundled corpora, held against the oracle: the
/// full set of matching rows and the ranges of a random page, for every mode and phonetic setting.
@Suite("Phonetic search against the oracle, over the bundled Chinese, Korean and Japanese corpora")
struct PhoneticPropertyTests {
    struct Case: Sendable, CustomStringConvertible {
        let corpus: String
        let locale: String
        let seed: UInt64
        var description: String { "\(corpus) as \(locale)" }
    }

    static let cases = [Case(corpus: "zh_CN", locale: "zh", seed: 1), Case(corpus: "zh_TW", locale: "zh_TW", seed: 2),
                        Case(corpus: "ko_KR", locale: "ko", seed: 3), Case(corpus: "ja_JP", locale: "ja", seed: 4)]
    /// How many people of the listing's own corpus, and of each other one (so that `auto` and `on` differ).
    static let ownPeople = 700
    static let otherPeople = 60
    static let queriesPerCase = Cases.scaled(60)

    /// The listing of a case: its corpus, then a few people of the other three.
    static func people(_ c: Case) -> [PhoneticCorpus.Person] {
        var people = PhoneticCorpus.load(c.corpus, limit: ownPeople)
        for other in cases where other.corpus != c.corpus {
            people += PhoneticCorpus.load(other.corpus).suffix(otherPeople)
        }
        return people
    }

    @Test("matching rows and page ranges equal the oracle's", arguments: cases)
    func rowsAndRangesMatchTheOracle(_ c: Case) throws {
        var generator = SeededGenerator(state: c.seed)
        let listing = try Listing(Self.people(c), locale: c.locale, text: \.name, reading: \.reading)
        let searchable = try SearchableListing(listing)
        let items = listing.elements.map { NaivePhonetic.Item(text: $0.name, reading: $0.reading, using: .real) }
        for _ in 0..<Self.queriesPerCase {
            let (kind, query) = QueryMaker.random(items, &generator)
            for mode in MatchMode.allCases {
                let fold = Int.random(in: 0..<4, using: &generator) == 0 ? Fold.naiveCases.randomElement(using: &generator)! : .diacritics
                let queries = NaivePhonetic.termQueries(query, mode: mode, fold: fold)
                let findings = items.map { NaivePhonetic.termFindings($0, queries, mode: mode, fold: fold) }
                for phonetic in Phonetic.allCases {
                    let rules = NaivePhonetic.rules(phonetic, locale: c.locale)
                    let expected = items.indices.filter { findings[$0].matches(rules) }
                    let result = try searchable.filter(query, fold: fold, mode: mode, phonetic: phonetic)
                    let context = "\(c): \(kind) query \(query.debugDescription), \(mode), \(fold), phonetic \(phonetic)"
                    let got = Array(result.result.rows)  // every matching row, without computing ranges
                    #expect(result.total == expected.count, "\(context)")
                    if got != expected {
                        let missing = Set(expected).subtracting(got).sorted().prefix(5).map { listing.elements[$0].name }
                        let extra = Set(got).subtracting(expected).sorted().prefix(5).map { listing.elements[$0].name }
                        Issue.record("rows differ: \(context); missing \(missing), extra \(extra)")
                    }
                    // A random page: the same rows, with the oracle's ranges.
                    let offset = Int.random(in: 0...max(0, expected.count - 1), using: &generator)
                    let page = try result.matches(offset: offset, limit: Int.random(in: 1...10, using: &generator))
                    #expect(page.map(\.row) == Array(expected.dropFirst(offset).prefix(page.count)), "\(context)")
                    for match in page {
                        #expect(match.ranges == findings[match.row].ranges(rules),
                                "\(context), ranges of \(match.element.name.debugDescription) (reading \(match.element.reading ?? "none"))")
                    }
                }
            }
        }
    }

    /// Pieces that make the rules hard: runs broken by letters, digits and punctuation, white space
    /// inside runs, traditional forms, bare jamo, halfwidth and voiced kana. (No bare vowel jamo: after
    /// another character the ordinary match highlights that character too, as ICU's normalizer
    /// segments the text, which is not what this suite is about.)
    static let hardItemPieces = ["张", "三", "长", "沙", "曾", "单", "吕", "張", "厦", "门", "山", "田", "々", "李",
                                 "김", "민", "준", "관", "악", "구", "값", "닭", "싫", "ㄱ", "ㅁ", "ᄀ",
                                 "や", "ま", "だ", "た", "ろ", "う", "ヤ", "マ", "ダ", "ｶ", "ﾞ", "ー", "ッ", "ん", "しょ", "ジョ",
                                 " ", "\u{3000}", "a", "Z", "1", "-", "é", "·", "・"]
    static let hardQueryPieces = ["zh", "zhang", "z", "s", "san", "chang", "c", "lv", "lu", "lü", "xia", "men", "zeng", "ceng",
                                  "shan", "dan", "li", "张", "三", "長", "ㄱ", "ㅁ", "ㅈ", "ㅏ", "ㅣ", "김", "미", "민", "고", "과",
                                  "ㅄ", "ㄺ", "や", "ヤ", "まだ", "た", "ろう", "ya", "mada", "taro", "tarou", "syo", "sho", "tyo",
                                  "n", "a", " ", "1", "-"]

    /// Small listings of random hard items (some with kana readings) and random queries, every
    /// mode and setting in four locales: all rows and all ranges as the oracle says.
    @Test("hard pieces: rows and ranges equal the oracle's", arguments: ["zh", "ko", "ja", "en"])
    func hardPiecesMatchTheOracle(locale: String) throws {
        var generator = SeededGenerator(state: UInt64(locale.unicodeScalars.first!.value))
        func pieces(_ from: [String], _ count: ClosedRange<Int>) -> String {
            (0..<Int.random(in: count, using: &generator)).map { _ in from.randomElement(using: &generator)! }.joined()
        }
        for _ in 0..<Cases.scaled(80) {
            let people = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                PhoneticCorpus.Person(name: pieces(Self.hardItemPieces, 1...6),
                                      reading: [nil, nil, "", "やまだ たろう", "しょう", pieces(["や", "ま", "だ", " ", "ヤ", "ろ", "う"], 1...5)]
                                        .randomElement(using: &generator)!)
            }
            let listing = try Listing(people, locale: locale, text: \.name, reading: \.reading)
            let searchable = try SearchableListing(listing)
            let items = listing.elements.map { NaivePhonetic.Item(text: $0.name, reading: $0.reading, using: .real) }
            let query = pieces(Self.hardQueryPieces, 0...3)
            for mode in MatchMode.allCases {
                try Self.expectOracleAnswers(searchable, items: items, query: query, locale: locale, mode: mode,
                                             fold: Fold.naiveCases.randomElement(using: &generator)!, context: "items \(people)")
            }
        }
    }

    /// A session typing a random query keystroke by keystroke, with now and then a deletion, gives
    /// filter()'s answer at every step.
    @Test("sessions typing random queries answer as filter does", arguments: cases)
    func sessionsMatchFilter(_ c: Case) throws {
        var generator = SeededGenerator(state: c.seed &+ 100)
        let listing = try Listing(Self.people(c).prefix(300), locale: c.locale, text: \.name, reading: \.reading)
        let searchable = try SearchableListing(listing)
        let items = listing.elements.map { NaivePhonetic.Item(text: $0.name, reading: $0.reading, using: .real) }
        for _ in 0..<Cases.scaled(8) {
            let (kind, query) = QueryMaker.random(items, &generator)
            let mode = MatchMode.allCases.randomElement(using: &generator)!
            let phonetic = Phonetic.allCases.randomElement(using: &generator)!
            var session = FilterSession(searchable, fold: .diacritics, mode: mode, phonetic: phonetic)
            var steps = (0...query.count).map { String(query.prefix($0)) }
            if query.count > 2 { steps += [String(query.dropLast(2)), query] }
            for step in steps {
                let typed = try session.type(step)
                let filtered = try searchable.filter(step, fold: .diacritics, mode: mode, phonetic: phonetic)
                let context = "\(c): \(kind) \(step.debugDescription) of \(query.debugDescription), \(mode), \(phonetic)"
                #expect(Array(typed.result.rows) == Array(filtered.result.rows), "\(context)")
                let offset = Int.random(in: 0...max(0, filtered.total - 1), using: &generator)
                #expect(try typed.matches(offset: offset, limit: 5).map(\.ranges) == filtered.matches(offset: offset, limit: 5).map(\.ranges),
                        "\(context)")
            }
        }
    }

    /// Pieces for issue 19 §2: syllables with finals and compound finals, bare initials, katakana
    /// names with separators, kana read shu, chu, fu, and romaji with apostrophes.
    static let imeAndSeparatorItemPieces = ["배", "상", "은", "뱃", "박", "서", "밗", "권", "지", "경", "궍", "안", "앉", "갈", "갉",
                                            "기", "ㅅ", " ", "ジ", "ョ", "ン", "・", "ス", "ミ", "＝", "･", "·", "し", "ん",
                                            "い", "ち", "ゅ", "う", "ふ", "ー", "a", "'"]
    static let imeAndSeparatorQueryPieces = ["뱃", "배", "ㅇ", "ㅅ", "ㅈ", "ㄱ", "밗", "박", "궍", "앉", "갉", "상", "jon", "sumisu",
                                             "shin", "'", "’", "ichi", "iti", "n", "fu", "hu", "shu", "syu", "chu", "tyu", "u",
                                             "・", "じょん", "スミ", " ", "a"]

    /// Small listings of random items made of those pieces (some with readings that hold separators)
    /// and random queries, in every mode and setting: all rows and all ranges as the oracle says.
    @Test("IME finals, separators and apostrophes: rows and ranges equal the oracle's", arguments: ["ko", "ja"])
    func imeFinalsSeparatorsAndApostrophesMatchTheOracle(locale: String) throws {
        var generator = SeededGenerator(state: 19 &* UInt64(locale.unicodeScalars.first!.value))
        func pieces(_ from: [String], _ count: ClosedRange<Int>) -> String {
            (0..<Int.random(in: count, using: &generator)).map { _ in from.randomElement(using: &generator)! }.joined()
        }
        for _ in 0..<Cases.scaled(120) {
            let people = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                PhoneticCorpus.Person(name: pieces(Self.imeAndSeparatorItemPieces, 1...5),
                                      reading: [nil, nil, "ジョン・スミス", "しゅう", "しんいち", pieces(["じ", "ょ", "ん", "・", "ふ", " "], 1...5)]
                                        .randomElement(using: &generator)!)
            }
            let listing = try Listing(people, locale: locale, text: \.name, reading: \.reading)
            let searchable = try SearchableListing(listing)
            let items = listing.elements.map { NaivePhonetic.Item(text: $0.name, reading: $0.reading, using: .real) }
            let query = pieces(Self.imeAndSeparatorQueryPieces, 1...3)
            for mode in MatchMode.allCases {
                try Self.expectOracleAnswers(searchable, items: items, query: query, locale: locale, mode: mode,
                                             fold: Fold.naiveCases.randomElement(using: &generator)!, context: "items \(people)")
            }
        }
    }
}

/// Queries made from the items themselves, so that most of them match something.
enum QueryMaker {
    static func random(_ items: [NaivePhonetic.Item], _ g: inout SeededGenerator) -> (kind: String, query: String) {
        let kinds: [(String, (NaivePhonetic.Item, inout SeededGenerator) -> String?)] = [
            ("pinyin", { pinyin($0, &$1) }), ("pinyin", { pinyin($0, &$1) }), ("pinyin", { pinyin($0, &$1) }),
            ("initials", { pinyin($0, &$1, initials: true) }),
            ("keystrokes", { imeState($0, &$1) }), ("keystrokes", { imeState($0, &$1) }), ("key slice", { keySlice($0, &$1) }),
            ("initial consonants", { initialConsonants($0, &$1) }), ("initial consonants", { initialConsonants($0, &$1) }),
            ("romaji", { romaji($0, &$1) }), ("romaji", { romaji($0, &$1) }), ("kunrei", { romaji($0, &$1, kunrei: true) }),
            ("kana", { kana($0, &$1) }), ("kana", { kana($0, &$1) }),
            ("slice", { slice($0.text, &$1) }),
            ("letter", { _, g in String("abcdefghijklmnopqrstuvwxyz".randomElement(using: &g)!) }),
            ("junk", { _, g in junk(&g) }),
        ]
        let (kind, make) = kinds.randomElement(using: &g)!
        // An item that can give this kind of query (Han for pinyin, Hangul for keys, a reading for kana).
        for _ in 0..<50 {
            if let query = make(items.randomElement(using: &g)!, &g) {
                // Now and then two such queries as two terms, in either order (issue 23), drawn from a
                // generator of their own so that the queries drawn before terms existed stay the same.
                var pairing = SeededGenerator(state: g.state ^ 0x7E57_7E58)
                if Int.random(in: 0..<5, using: &pairing) == 0, let other = make(items.randomElement(using: &pairing)!, &pairing) {
                    return (kind + " and another, as terms", Bool.random(using: &pairing) ? query + " " + other : other + " " + query)
                }
                return (kind, query)
            }
        }
        return ("junk", junk(&g))
    }

    /// Random pinyin cuts of a random stretch of a run: per unit a reading, a prefix of one, or the
    /// character itself; now and then with spaces or capitals.
    static func pinyin(_ item: NaivePhonetic.Item, _ g: inout SeededGenerator, initials: Bool = false) -> String? {
        guard let run = item.chinese.runs.randomElement(using: &g) else { return nil }
        let start = Int.random(in: 0..<run.count, using: &g)
        let end = Int.random(in: start..<min(run.count, start + 4), using: &g)
        let pieces = run[start...end].map { unit -> String in
            guard let reading = unit.readings.randomElement(using: &g), Int.random(in: 0..<12, using: &g) != 0 else {
                return NaivePhonetic.string([unit.scalar])
            }
            let length = initials ? 1 : Int.random(in: 1...reading.count + 2, using: &g)
            return NaivePhonetic.string(reading.prefix(length))
        }
        let query = pieces.joined(separator: Int.random(in: 0..<8, using: &g) == 0 ? " " : "")
        return Int.random(in: 0..<8, using: &g) == 0 ? query.uppercased() : query
    }

    /// A state of the IME on the way to a random stretch of syllables: the first ones whole, the last
    /// one half-typed.
    static func imeState(_ item: NaivePhonetic.Item, _ g: inout SeededGenerator) -> String? {
        typealias H = NaivePhonetic.Hangul
        guard let run = item.korean.syllableRuns.randomElement(using: &g) else { return nil }
        let start = Int.random(in: 0..<run.count, using: &g)
        let end = Int.random(in: start..<min(run.count, start + 4), using: &g)
        let syllables = run[start...end].map { item.ruleText.scalars[$0] }
        let last = syllables.last!.value - 0xAC00
        let (l, v, t) = (last / 588, last % 588 / 28, last % 28)
        func syllable(_ v: UInt32, _ t: UInt32) -> Unicode.Scalar { Unicode.Scalar(0xAC00 + (l * 21 + v) * 28 + t)! }
        var states: [Unicode.Scalar] = [H.initials[Int(l)]]
        if H.vowels[Int(v)].count == 2, let first = H.vowels.firstIndex(of: [H.vowels[Int(v)][0]]) {
            states.append(syllable(UInt32(first), 0))
        }
        states.append(syllable(v, 0))
        if H.finals[Int(t)].count == 2, let first = H.finals.firstIndex(of: [H.finals[Int(t)][0]]) {
            states.append(syllable(v, UInt32(first)))
        }
        if t > 0 { states.append(syllable(v, t)) }
        return NaivePhonetic.string(syllables.dropLast() + [states.randomElement(using: &g)!])
    }

    /// A contiguous stretch of an item's keys, as compatibility jamo.
    static func keySlice(_ item: NaivePhonetic.Item, _ g: inout SeededGenerator) -> String? {
        let keys = item.korean.keys.map(\.key)
        guard keys.contains(where: NaivePhonetic.Hangul.isHangul) else { return nil }
        let start = Int.random(in: 0..<keys.count, using: &g)
        return NaivePhonetic.string(keys[start..<min(keys.count, start + Int.random(in: 1...5, using: &g))])
    }

    /// A stretch of syllables, each as itself or as its initial consonant (at least one a consonant).
    static func initialConsonants(_ item: NaivePhonetic.Item, _ g: inout SeededGenerator) -> String? {
        guard let run = item.korean.syllableRuns.randomElement(using: &g) else { return nil }
        let start = Int.random(in: 0..<run.count, using: &g)
        let end = Int.random(in: start..<min(run.count, start + 4), using: &g)
        let syllables = run[start...end].map { item.ruleText.scalars[$0] }
        let consonant = Int.random(in: 0..<syllables.count, using: &g)
        return NaivePhonetic.string(syllables.enumerated().map { i, s in
            i == consonant || Bool.random(using: &g) ? NaivePhonetic.Hangul.initial(ofSyllable: s) : s
        })
    }

    /// A stretch of the romanized reading (a word, a prefix, a slice, or the whole), maybe with the
    /// long vowels shortened, maybe in Kunrei spelling.
    static func romaji(_ item: NaivePhonetic.Item, _ g: inout SeededGenerator, kunrei: Bool = false) -> String? {
        guard let reading = item.japanese.reading, !reading.isEmpty else { return nil }
        var latin = NaivePhonetic.scalars(NaivePhonetic.Dependencies.real.romanize(NaivePhonetic.string(reading)).lowercased())
            .filter { $0 != "'" }
        if Bool.random(using: &g) { latin = NaivePhonetic.longVowels.reduce(latin) { NaivePhonetic.replacingAll($0, $1.0, $1.1) } }
        if kunrei {
            let toKunrei = [("sha", "sya"), ("shu", "syu"), ("sho", "syo"), ("cha", "tya"), ("chu", "tyu"), ("cho", "tyo"),
                            ("ja", "zya"), ("ju", "zyu"), ("jo", "zyo"), ("shi", "si"), ("chi", "ti"), ("tsu", "tu"),
                            ("fu", "hu"), ("ji", "zi")]
            latin = toKunrei.reduce(latin) { Bool.random(using: &g) ? NaivePhonetic.replacingAll($0, $1.0, $1.1) : $0 }
        }
        guard !latin.isEmpty else { return nil }
        let start = Bool.random(using: &g) ? 0 : Int.random(in: 0..<latin.count, using: &g)
        let end = Int.random(in: start + 1...latin.count, using: &g)
        return NaivePhonetic.string(latin[start..<end])
    }

    /// A stretch of the reading in kana, maybe as katakana.
    static func kana(_ item: NaivePhonetic.Item, _ g: inout SeededGenerator) -> String? {
        guard let reading = item.japanese.reading, !reading.isEmpty else { return nil }
        let start = Int.random(in: 0..<reading.count, using: &g)
        let end = Int.random(in: start + 1...min(reading.count, start + 5), using: &g)
        let katakana = Bool.random(using: &g)
        return NaivePhonetic.string(reading[start..<end].map { s in
            katakana && (0x3041...0x3096).contains(s.value) ? Unicode.Scalar(s.value + 0x60)! : s
        })
    }

    /// A few characters of the text as written.
    static func slice(_ text: String, _ g: inout SeededGenerator) -> String? {
        let characters = Array(text)
        guard !characters.isEmpty else { return nil }
        let start = Int.random(in: 0..<characters.count, using: &g)
        return String(characters[start..<min(characters.count, start + Int.random(in: 1...3, using: &g))])
    }

    static let junkPieces = ["a", "z", "x", "q", "zh", "ng", "ü", "v", "1", " ", "-", "'", "ㄱ", "ㅏ", "ㅘ", "ㄳ", "가", "힣",
                             "ᄀ", "ᅡ", "ㅄ", "あ", "ア", "ー", "ッ", "ｱ", "ん", "张", "長", "山", "Ａ", "é"]

    static func junk(_ g: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...3, using: &g)).map { _ in junkPieces.randomElement(using: &g)! }.joined()
    }
}

extension PhoneticPropertyTests {
    /// The listing's answer to `query` in `mode` and `fold`, under every phonetic setting, against the
    /// naive oracle: the same rows and the same ranges.
    static func expectOracleAnswers<Element>(_ searchable: SearchableListing<Element>, items: [NaivePhonetic.Item], query: String,
                                             locale: String, mode: MatchMode, fold: Fold, context: String) throws {
        let queries = NaivePhonetic.termQueries(query, mode: mode, fold: fold)
        let findings = items.map { NaivePhonetic.termFindings($0, queries, mode: mode, fold: fold) }
        for phonetic in Phonetic.allCases {
            let rules = NaivePhonetic.rules(phonetic, locale: locale)
            let context = "\(locale): query \(query.debugDescription), \(mode), \(fold), phonetic \(phonetic), \(context)"
            let all = try searchable.filter(query, fold: fold, mode: mode, phonetic: phonetic).matches(offset: 0, limit: .max)
            #expect(all.map(\.row) == items.indices.filter { findings[$0].matches(rules) }, "\(context)")
            for match in all {
                #expect(match.ranges == findings[match.row].ranges(rules), "\(context), ranges of \(searchable.listing.text(ofRow: match.row).debugDescription)")
            }
        }
    }
}
