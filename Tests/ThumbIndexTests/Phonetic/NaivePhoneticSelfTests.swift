import CThumbIndexICUTestSupport
import Testing
@testable import ThumbIndex

/// The oracle held against the article's own examples, with a few readings written out by hand and a
/// hand-written romanization of the kana used, so that it can be trusted before the library's
/// phonetic search, the readings table and the ICU transliterator bridge exist.
@Suite("The phonetic oracle: the article's examples, straight against NaivePhonetic")
struct NaivePhoneticSelfTests {
    /// Readings for the named cases; surnames get their `Han-Latin/Names` reading only at a run start
    /// here, so that the run-start rule is exercised (Unihan's kXHC1983 has most of them anyway).
    static let readings: [Unicode.Scalar: [String]] = [
        "张": ["zhang"], "三": ["san"], "李": ["li"], "四": ["si"], "长": ["chang", "zhang"], "沙": ["sha"],
        "春": ["chun"], "厦": ["sha", "xia"], "门": ["men"], "吕": ["lü"], "曾": ["ceng"], "单": ["dan", "chan"],
        "解": ["jie"], "区": ["qu"], "仇": ["chou"], "国": ["guo"], "藩": ["fan"], "田": ["tian"], "芳": ["fang"],
        "山": ["shan"], "太": ["tai"], "郎": ["lang"], "京": ["jing"], "东": ["dong"], "張": ["zhang"],
    ]
    static let surnames: [Unicode.Scalar: String] = ["曾": "zeng", "单": "shan", "解": "xie", "区": "ou", "仇": "qiu"]

    /// Hepburn as ICU's `Hiragana-Latin`/`Katakana-Latin` then `Latin-ASCII` write it, for the kana
    /// the tests use (checked against ICU 72's transliterators by hand).
    static let kana: [String: String] = [
        "あ": "a", "い": "i", "う": "u", "え": "e", "お": "o", "か": "ka", "き": "ki", "く": "ku", "け": "ke",
        "こ": "ko", "さ": "sa", "し": "shi", "す": "su", "せ": "se", "そ": "so", "た": "ta", "ち": "chi",
        "つ": "tsu", "て": "te", "と": "to", "な": "na", "に": "ni", "ぬ": "nu", "ね": "ne", "の": "no",
        "は": "ha", "ひ": "hi", "ふ": "fu", "へ": "he", "ほ": "ho", "ま": "ma", "み": "mi", "む": "mu",
        "め": "me", "も": "mo", "や": "ya", "ゆ": "yu", "よ": "yo", "ら": "ra", "り": "ri", "る": "ru",
        "れ": "re", "ろ": "ro", "わ": "wa", "を": "wo", "が": "ga", "ぎ": "gi", "ぐ": "gu", "げ": "ge",
        "ご": "go", "ざ": "za", "じ": "ji", "ず": "zu", "ぜ": "ze", "ぞ": "zo", "だ": "da", "で": "de",
        "ど": "do", "ば": "ba", "び": "bi", "ぶ": "bu", "べ": "be", "ぼ": "bo",
        "きゃ": "kya", "きゅ": "kyu", "きょ": "kyo", "しゃ": "sha", "しゅ": "shu", "しょ": "sho",
        "ちゃ": "cha", "ちゅ": "chu", "ちょ": "cho", "じゃ": "ja", "じゅ": "ju", "じょ": "jo",
    ]

    static func romanize(_ text: String) -> String {
        // Katakana as hiragana; the prolonged sound mark becomes a macron that Latin-ASCII drops.
        let chars = Array(NaivePhonetic.string(NaivePhonetic.kanaFold(Array(text.unicodeScalars)).filter { $0 != "ー" }))
            .map(String.init)
        var out = ""
        var i = 0
        var doubleNext = false
        while i < chars.count {
            var piece: String
            if i + 1 < chars.count, let two = kana[chars[i] + chars[i + 1]] {
                piece = two
                i += 2
            } else if chars[i] == "っ" {
                doubleNext = true
                i += 1
                if i == chars.count { out += "~tsu" }
                continue
            } else if chars[i] == "ん" {
                let next = i + 1 < chars.count ? kana[chars[i + 1]] ?? "" : ""
                piece = "aiueoyn".contains(next.first ?? "x") ? "n'" : "n"
                i += 1
            } else {
                piece = kana[chars[i]] ?? chars[i]
                i += 1
            }
            if doubleNext {
                piece = (piece.hasPrefix("ch") ? "t" : String(piece.first!)) + piece
                doubleNext = false
            }
            out += piece
        }
        return out
    }

    static let dependencies = NaivePhonetic.Dependencies(
        readings: { c, startsRun in (readings[c] ?? []) + (startsRun ? surnames[c].map { [$0] } ?? [] : []) },
        romanize: { romanize($0) })

    func finds(_ text: String, reading: String? = nil, _ query: String, _ mode: MatchMode = .contains,
               rules: NaivePhonetic.Rules = .all) -> Bool {
        NaivePhonetic.matches(text: text, reading: reading, query: query, mode: mode, rules: rules, using: Self.dependencies)
    }

    func ranges(_ text: String, reading: String? = nil, _ query: String, _ mode: MatchMode = .contains,
                rules: NaivePhonetic.Rules = .all, fold: Fold = .diacritics) -> [Range<Int>] {
        NaivePhonetic.ranges(text: text, reading: reading, query: query, mode: mode, rules: rules, fold: fold,
                             using: Self.dependencies)
    }

    // MARK: The dependencies themselves

    @Test func theHandWrittenRomanizationWritesWhatICUWrites() {
        // Outputs of ICU 72's Hiragana-Latin, Katakana-Latin, Latin-ASCII, one after the other.
        let icu = ["やまだ": "yamada", "たろう": "tarou", "しょうこ": "shouko", "しんいち": "shin'ichi", "かんな": "kan'na",
                   "まっちゃ": "matcha", "あっ": "a~tsu", "ラーメン": "ramen", "ゆうこ": "yuuko", "おおの": "oono",
                   "ちひろ": "chihiro", "つばさ": "tsubasa", "ふじ": "fuji", "きょうこ": "kyouko", "じゅん": "jun"]
        for (kana, latin) in icu { #expect(Self.romanize(kana) == latin, "\(kana)") }
    }

    @Test func scriptCodesAreICUs() {
        #expect(NaivePhonetic.Dependencies(readings: { _, _ in [] }, romanize: { $0 }).isHan("张"))
        #expect(!NaivePhonetic.Dependencies(readings: { _, _ in [] }, romanize: { $0 }).isHan("あ"))
        #expect(NaivePhonetic.isKana("あ") && NaivePhonetic.isKana("ア") && NaivePhonetic.isKana("ー") && NaivePhonetic.isKana("ｱ"))
        #expect(!NaivePhonetic.isKana("張") && !NaivePhonetic.isKana("a") && !NaivePhonetic.isKana("・"))
    }

    // MARK: Chinese

    @Test func pinyinAndItsInitialsFindZhangSan() {
        for query in ["zhangsan", "zhangs", "zs", "zhs", "zsan", "san", "张s", "ZhangSan", "zhang san", " z s ", "张三", "z三"] {
            #expect(finds("张三", query), "\(query)")
            #expect(ranges("张三", query).first == (query == "san" ? 1..<2 : 0..<2), "\(query)")
        }
        for query in ["zhangsang", "zhangsana", "sz", "zx", "hangsan", "s张", "三张", "zhanga"] {
            #expect(!finds("张三", query), "\(query)")
        }
        #expect(!finds("张三", "zs", rules: [.korean, .japanese]))
        #expect(ranges("张三", "zs", rules: []) == [])
    }

    @Test func rangesCoverTheMatchedHanCharacters() {
        #expect(ranges("Mr 张三", "zs") == [3..<5])
        #expect(ranges("张三李四", "s") == [1..<2, 3..<4])       // san, si
        #expect(ranges("张三李四", "sl") == [1..<3])
        #expect(ranges("张三张三", "zs") == [0..<4])             // matches from the left
        #expect(ranges("张张张", "zz") == [0..<2])               // each past the one before
        #expect(ranges("曾国藩", "zeng") == [0..<1])             // the shortest at its start, not zen|g
        #expect(ranges("张 三", "zs") == [0..<3])                // c1 … cn, the white space between them too
        #expect(ranges("张三 zs", "zs") == [0..<2, 3..<5])       // the ordinary match as well
    }

    @Test func runsEndAtAnythingButHanAndWhiteSpace() {
        #expect(finds("张 三", "zs"))
        #expect(finds("张\u{3000}三", "zhangsan"))
        #expect(!finds("张a三", "zs"))
        #expect(!finds("张1三", "zs"))
        #expect(!finds("张·三", "zs"))
        #expect(finds("张a三", "s"))
    }

    @Test func polyphonesAndUmlaut() {
        for query in ["chang", "zhang", "c", "zh"] {
            #expect(finds("长沙", query) && finds("长春", query), "\(query)")
        }
        #expect(finds("长沙", "changsha") && !finds("长春", "changsha"))
        #expect(finds("长春", "zc") && !finds("长沙", "zc"))
        #expect(finds("厦门", "xiamen") && finds("厦门", "shamen") && finds("厦门", "xm"))
        for query in ["lv", "lu", "lü", "LÜ", "l"] { #expect(finds("吕", query), "\(query)") }
        #expect(!finds("吕", "lw"))
    }

    @Test func surnameReadingsOnlyAtARunStart() {
        for (name, surname) in [("曾国藩", "zeng"), ("单田芳", "shan"), ("解三", "xie"), ("区四", "ou"), ("仇三", "qiu")] {
            #expect(finds(name, surname), "\(name) \(surname)")
            #expect(finds("Li " + name, surname), "a Latin word ends the run before it: \(name)")
            #expect(!finds("李" + name, surname), "not at a run start: \(name)")
        }
        #expect(finds("曾国藩", "ceng") && finds("曾国藩", "zgf") && finds("曾国藩", "cgf"))
        #expect(finds("单田芳", "dtf") && finds("单田芳", "stf") && finds("单田芳", "chantianfang"))
    }

    @Test func hanCharactersInTheQueryMatchThemselves() {
        #expect(finds("张三", "张san"))
        #expect(finds("张三", "z三"))
        #expect(!finds("张三", "李s"))
        // A character without readings is found only as itself.
        #expect(finds("鑫三", "鑫s") && !finds("鑫三", "xs"))
    }

    @Test func chineseModes() {
        #expect(finds("张三", "zs", .prefix) && finds("  张三", "zs", .prefix))
        #expect(!finds("李张三", "zs", .prefix) && finds("李张三", "lz", .prefix))
        #expect(!finds("张三", "san", .prefix))
        #expect(finds("李四 张三", "zs", .words) && !finds("李四 张三", "zs", .prefix))
        #expect(finds("Li 张三", "zs", .words))
    }

    /// The dynamic program against the definition itself: every cut of the query into pieces.
    @Test func theDynamicProgramFindsExactlyTheCuts() {
        var generator = SeededGenerator(state: 10)
        let alphabet = Array("zhangsiludc张三").map(String.init)
        let texts = ["张三", "长沙", "李四张三", "张张张", "吕长", "三", "单田芳"]
        for _ in 0..<400 {
            let query = (0..<Int.random(in: 1...7, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            let text = texts.randomElement(using: &generator)!
            let item = NaivePhonetic.Item(text: text, using: Self.dependencies)
            let q = NaivePhonetic.Query(query).rule
            for run in item.chinese.runs {
                for start in run.indices {
                    let expected = run.indices.filter { $0 >= start && Self.cuts(q, run[start...$0]) }
                    #expect(NaivePhonetic.chineseMatchEnds(q, in: run, from: start) == expected, "\(text) \(query)")
                }
            }
        }
    }

    /// Whether `q` splits into exactly `units.count` pieces, each the unit or a prefix of a reading.
    static func cuts(_ q: [Unicode.Scalar], _ units: ArraySlice<NaivePhonetic.ChineseItem.Unit>) -> Bool {
        guard let unit = units.first else { return q.isEmpty }
        guard !q.isEmpty else { return false }
        return (1...q.count).contains { length in
            let piece = Array(q[..<length])
            let fits = piece == [unit.scalar] || unit.readings.contains { $0.starts(with: piece) }
            return fits && cuts(Array(q[length...]), units.dropFirst())
        }
    }

    // MARK: Korean

    @Test func everyStateOfTheIMEFindsKimMinjun() {
        for query in ["김", "김미", "김민", "김민ㅈ", "김민주", "김민준", "ㄱ", "기", "김ㅁ", "ㄱㅁㅈ", "김ㅁㅈ", "ㅁㅈ", "ㄱㅁ", "민준",
                      "김 민", "ᄀᄆᄌ", "ㅣㅁ", "ㄴㅈ"] {
            #expect(finds("김민준", query), "\(query)")
        }
        for query in ["김준", "ㄱㅈ", "ㅈㅁ", "김민준ㅇ", "긴", "ㄲ", "민ㄱ"] {
            #expect(!finds("김민준", query), "\(query)")
        }
        #expect(!finds("김민준", "ㄱㅁㅈ", rules: [.chinese, .japanese]))
    }

    @Test func halfTypedSyllablesHighlightWholeSyllables() {
        #expect(ranges("김민준", "김미") == [0..<2])
        #expect(ranges("김민준", "김민ㅈ") == [0..<3])
        #expect(ranges("김민준", "ㅁㅈ") == [1..<3])
        #expect(ranges("김 민준", "ㄱㅁㅈ") == [0..<4])
        #expect(ranges("가가가", "ㄱㅏㄱ") == [0..<2])
        #expect(ranges("가가가가", "ㄱㄱ") == [0..<4])
        #expect(ranges("관악구", "관ㅇ") == [0..<2])
        #expect(ranges("관악구", "고") == [0..<1])
    }

    @Test func compoundVowelsAndFinalsAreTheirKeys() {
        #expect(finds("관", "고") && finds("관", "과") && finds("관", "ㄱ") && finds("관", "관"))
        #expect(finds("관악구", "ㄱ") && finds("관악구", "고") && finds("관악구", "관아") && !finds("관악구", "과나"))
        #expect(finds("의사", "으") && finds("의사", "의ㅅ"))
        #expect(finds("닭", "달ㄱ") && finds("닭", "ㄷㅏㄹㄱ") && finds("값", "갑ㅅ") && finds("값", "ㅂㅅ"))
        // Double consonants are one key.
        #expect(finds("꿈", "ㄲ") && finds("꿈", "꾸") && !finds("꿈", "ㄱ"))
        #expect(finds("있다", "잇ㅅ") == false && finds("있다", "이ㅆ"))
        // ㅄ and ㅀ as a keyboard types them fold to old initial forms (U+1121, U+111A): still ㅂㅅ, ㄹㅎ.
        #expect(finds("값", "ㅄ") && finds("값", "가ㅄ") && finds("싫다", "ㅀ") && finds("싫다", "시ㅀ"))
    }

    @Test func koreanModes() {
        #expect(finds("김민준", "ㄱㅁ", .prefix) && !finds("김민준", "ㅁㅈ", .prefix) && !finds("김민준", "ㅣㅁ", .prefix))
        #expect(finds("이 김민준", "ㄱㅁ", .words) && !finds("이 김민준", "ㄱㅁ", .prefix))
        #expect(finds("이 김민준", "김미", .words) && !finds("이김민준", "김미", .words))
    }

    /// The keys written out agree with Unicode's own decompositions (NFD of syllables, NFKC of
    /// compatibility jamo).
    @Test func keyTablesAgreeWithUnicode() {
        typealias H = NaivePhonetic.Hangul
        for v in UInt32(0xAC00)...0xD7A3 {
            let s = Unicode.Scalar(v)!
            let jamo = Naive.normalize(String(s), form: TI_FORM_NFD).unicodeScalars
            #expect(jamo.flatMap(H.keys) == H.keys(s))
        }
        for v in UInt32(0x3131)...0x3163 {
            let s = Unicode.Scalar(v)!
            let conjoining = Naive.normalize(String(s), form: TI_FORM_NFKC_CASEFOLD).unicodeScalars
            #expect(conjoining.flatMap(H.keys) == H.keys(s), "\(s)")
        }
        #expect(H.initials.count == 19 && H.vowels.count == 21 && H.finals.count == 28)
    }

    // MARK: Japanese

    @Test func yamadaTarouByItsReading() {
        for query in ["yamada", "yamad", "tarou", "taro", "やまだ", "ヤマダ", "yamada tarou", "yamadataro", "datar", "たろう", "ﾔﾏﾀﾞ"] {
            #expect(finds("山田 太郎", reading: "やまだ たろう", query), "\(query)")
            #expect(ranges("山田 太郎", reading: "やまだ たろう", query) == [0..<5], "the whole item: \(query)")
        }
        for query in ["yamadaa", "tarouu", "やまだあ", "yamada1", "山田たろう"] {
            #expect(!finds("山田 太郎", reading: "やまだ たろう", query), "\(query)")
        }
        #expect(!finds("山田 太郎", "yamada"), "no reading, no romaji")
    }

    @Test func kunreiAndNihonShikiCountAsHepburn() {
        for query in ["shoko", "shouko", "syoko", "syouko", "sho", "syo", "s"] {
            #expect(finds("祥子", reading: "しょうこ", query), "\(query)")
        }
        #expect(finds("千尋", reading: "ちひろ", "tihiro") && finds("翼", reading: "つばさ", "tubasa"))
        #expect(finds("富士", reading: "ふじ", "huzi") && finds("純", reading: "じゅん", "zyun"))
        #expect(finds("真一", reading: "しんいち", "shinichi") && finds("真一", reading: "しんいち", "siniti"))
        #expect(finds("香奈", reading: "かんな", "kanna") && finds("香奈", reading: "かんな", "kana"))
        #expect(finds("大野", reading: "おおの", "ono") && finds("大野", reading: "おおの", "oono"))
        #expect(finds("優子", reading: "ゆうこ", "yuko") && finds("佐藤", reading: "さとう", "sato"))
        // Normalization is not prefix-monotone: "sy" is on the way to "syo" but matches nothing.
        #expect(!finds("祥子", reading: "しょうこ", "sy"))
    }

    @Test func kanaTextsAreTheirOwnReadings() {
        #expect(finds("ヤマダ", "yamada") && finds("やまだ", "yamada") && finds("ヤマダ", "やまだ"))
        // A romaji match highlights the whole item; a kana match in a text that is its reading, the
        // characters it matched.
        #expect(ranges("ヤマダ", "mada") == [0..<3])
        #expect(ranges("やまだ たろう", "taro") == [0..<7])
        #expect(ranges("やまだ たろう", "まだ") == [1..<3])
        #expect(ranges("やまだ たろう", "だた") == [2..<5])
        #expect(ranges("やまだ たろう", "タロウ") == [4..<7])
        #expect(ranges("ああああ", "ああ") == [0..<4])
        #expect(ranges("山田", reading: "やまだ", "まだ") == [0..<2])     // a reading given: the whole item
        #expect(ranges("やまだ", reading: "やまだ", "まだ") == [0..<3])   // even one equal to the text
        #expect(ranges("ヤマダ タロウ", reading: "やまだ たろう", "だた") == [0..<7])
    }

    @Test func katakanaAndHiraganaAreOne() {
        #expect(ranges("カタカナ", "かな") == [2..<4])
        #expect(ranges("東京タワー", "たわー") == [2..<5])
        #expect(ranges("東京タワー", "たわー", rules: [.chinese, .korean]) == [])
        #expect(ranges("東京タワー", "たわー", fold: .case) == [2..<5])
        #expect(ranges("東京たわー", "タワー", fold: .case) == [2..<5])
    }

    @Test func japaneseModes() {
        #expect(finds("山田 太郎", reading: "やまだ たろう", "yama", .prefix))
        #expect(!finds("山田 太郎", reading: "やまだ たろう", "taro", .prefix))
        #expect(finds("山田 太郎", reading: "やまだ たろう", "taro", .words))
        #expect(!finds("山田 太郎", reading: "やまだ たろう", "mada", .words))
        #expect(finds("山田 太郎", reading: "やまだ たろう", "mada", .contains))
        #expect(finds("山田 太郎", reading: "やまだ たろう", "たろう", .words) && !finds("山田 太郎", reading: "やまだ たろう", "たろう", .prefix))
        #expect(ranges("やまだ たろう", "taro", .words) == [0..<7])
        #expect(ranges("やまだ たろう", "たろ", .words) == [4..<6])
    }

    @Test func pinyinIsNotAJapaneseRule() {
        #expect(!finds("山田", reading: "やまだ", "shantian", rules: .japanese))
        #expect(finds("山田", reading: "やまだ", "shantian", rules: .all))
        #expect(finds("山田", reading: "やまだ", "st", rules: .chinese))
    }

    // MARK: Korean IME finals, Japanese separators, apostrophes and rule order (issue 19 §2)

    @Test func aFinalBeforeMoreOfTheQueryMayStartTheNextSyllable() {
        for query in ["ㅂ", "배", "뱃", "뱃ㅇ"] {
            #expect(finds("배상은", query), "\(query)")
        }
        #expect(ranges("배상은", "뱃ㅇ") == [0..<3])
        #expect(finds("뱃일", "뱃ㅇ") && !finds("배민준", "뱃ㅇ") && !finds("배수", "뱃ㅇ"))
        #expect(finds("박서준", "밗ㅈ") && finds("권지경", "궍ㄱ") && finds("안지훈", "앉ㅎ"))
        #expect(!finds("바서준", "밗ㅈ"), "a compound final keeps its first part")
        #expect(finds("배상은", "뱃은"), "more of the query may be a syllable")
        #expect(finds("배상은", "뱃ㅇ", .prefix) && finds("이 배상은", "뱃ㅇ", .words) && !finds("이배상은", "뱃ㅇ", .prefix))
        #expect(!finds("배상은", "뱃ㅇ", rules: [.chinese, .japanese]))
        // A compound final of two initials typed after a syllable without a final: 고, then ㄱ ㅅ.
        #expect(finds("고광수", "곣") && finds("고광수", "곣", .prefix) && finds("이 고광수", "ㅇ곣"))
        #expect(!finds("곡수", "곣ㅇ") && finds("곡수민", "곣ㅁ"))
        typealias H = NaivePhonetic.Hangul
        #expect(H.finalKeys("밗") == ["ㄱ", "ㅅ"] && H.finalKeys("있") == ["ㅆ"] && H.finalKeys("배") == [])
        #expect(H.syllable("밗", withFinal: ["ㄱ"]) == "박" && H.syllable("뱃", withFinal: []) == "배")
    }

    @Test func separatorsInsideKatakanaNamesSplitTheReading() {
        for query in ["jonsumisu", "jon sumisu", "jons", "sumisu", "じょんすみす", "ジョン・スミス", "スミス"] {
            #expect(finds("ジョン・スミス", query), "\(query)")
            #expect(finds("John Smith", reading: "ジョン・スミス", query), "\(query)")
        }
        #expect(finds("ジョン・スミス", "sumisu", .words) && !finds("ジョン・スミス", "sumisu", .prefix))
        #expect(finds("ジョン・スミス", "すみす", .words))
        #expect(ranges("ジョン・スミス", "んす") == [2..<5])
        #expect(finds("ジョン＝スミス", "jonsu") && finds("ジョン゠スミス", "jonsu") && finds("ジョン･スミス", "jonsumisu") && finds("ジョン·スミス", "jonsumisu"))
        #expect(!finds("ジョン-スミス", "jonsumisu"), "a hyphen is not one of the separators")
    }

    @Test func anApostropheInARomajiQueryIsASyllableBreak() {
        for query in ["shin'ichi", "shin’ichi", "sin'iti", "n'i"] {
            #expect(finds("真一", reading: "しんいち", query), "\(query)")
        }
        #expect(!finds("真一", reading: "しんいち", "'"))
        #expect(!finds("真一", reading: "しんいち", "shin-ichi"))
    }

    @Test func fuDoesNotFindShuu() {
        #expect(NaivePhonetic.normalizedRomaji(NaivePhonetic.scalars("shuu")) == NaivePhonetic.scalars("shuu"))
        #expect(NaivePhonetic.normalizedRomaji(NaivePhonetic.scalars("syuhu")) == NaivePhonetic.scalars("shufu"))
        #expect(!finds("しゅう", "fu") && !finds("ちゅう", "fu"))
        #expect(finds("しゅう", "shu") && finds("しゅう", "syu") && finds("ちゅう", "tyu"))
        #expect(finds("ふ", "fu") && finds("ふ", "hu") && finds("富士", reading: "ふじ", "fu"))
    }

    // MARK: Settings and folding

    @Test func phoneticSettingsPerLocale() {
        #expect(NaivePhonetic.rules(.auto, locale: "zh") == .chinese)
        #expect(NaivePhonetic.rules(.auto, locale: "zh_Hant_TW") == .chinese)
        #expect(NaivePhonetic.rules(.auto, locale: "ko_KR") == .korean)
        #expect(NaivePhonetic.rules(.auto, locale: "ja") == .japanese)
        #expect(NaivePhonetic.rules(.auto, locale: "en") == [])
        #expect(NaivePhonetic.rules(.on, locale: "en") == .all)
        #expect(NaivePhonetic.rules(.off, locale: "zh") == [])
    }

    @Test func phoneticOnlyAddsMatches() {
        #expect(ranges("Zhang San", "zs") == [])
        #expect(ranges("Zhang San", "san") == [6..<9])
        #expect(ranges("zs 张三", "zs", rules: []) == [0..<2])
    }

    /// Folding cluster by cluster equals folding the whole text for every bundled name, so the
    /// oracle's map back to the text never falls back to the whole item.
    @Test(arguments: ["zh_CN", "zh_TW", "ko_KR", "ja_JP"])
    func foldingByClustersIsFoldingTheWhole(corpus: String) {
        for name in Corpora.strings("people/\(corpus).tsv") + PhoneticCorpus.load(corpus).compactMap(\.reading) {
            for fold in Fold.naiveCases {
                let folded = NaivePhonetic.Folded(name, fold: fold)
                #expect(folded.byClusters, "\(name) \(fold)")
            }
        }
    }
}
