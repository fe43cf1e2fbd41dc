import Testing
@testable import ThumbIndex

/// Every example of issue 10 and of the article `PhoneticSearch.md`, by name, through the public API:
/// `SearchableListing.filter(_:fold:mode:phonetic:)`, `FilterSession`, `Listing(…, names:)`.
@Suite("Phonetic search: the named cases of the issue and the article")
struct PhoneticNamedTests {
    /// A contact with a reading, as an address book holds it.
    struct Contact: Sendable, Hashable {
        let name: String
        let kana: String?
    }

    static let chinese = ["张三", "李四", "长沙", "长春", "厦门", "吕", "曾国藩", "单田芳", "解晓东", "区志明", "仇英", "王五"]
    static let korean = ["김민준", "관", "관악구", "이서연", "박지훈"]
    static let japanese = [Contact(name: "山田 太郎", kana: "やまだ たろう"), Contact(name: "佐藤 祥子", kana: "さとう しょうこ"),
                           Contact(name: "鈴木 一郎", kana: "すずき いちろう"), Contact(name: "田中 千代子", kana: "たなか ちよこ"),
                           Contact(name: "ヤマダ", kana: nil), Contact(name: "カタカナ", kana: nil)]

    /// The texts of `texts` that `query` finds in a listing in `locale` (in listing order).
    func found(_ query: String, in texts: [String], locale: String = "zh", mode: MatchMode = .contains,
               phonetic: Phonetic = .auto, fold: Fold? = nil) throws -> [String] {
        let searchable = try SearchableListing(Listing(texts: texts, locale: locale))
        let result = try fold.map { try searchable.filter(query, fold: $0, mode: mode, phonetic: phonetic) }
            ?? searchable.filter(query, mode: mode, phonetic: phonetic)
        return try result.matches(offset: 0, limit: .max).map(\.element)
    }

    /// The names of the contacts that `query` finds in a Japanese listing with readings.
    func foundContacts(_ query: String, mode: MatchMode = .contains, phonetic: Phonetic = .auto,
                       locale: String = "ja") throws -> [String] {
        let listing = try Listing(Self.japanese, locale: locale, text: \.name, reading: \.kana)
        return try SearchableListing(listing).filter(query, mode: mode, phonetic: phonetic)
            .matches(offset: 0, limit: .max).map(\.element.name)
    }

    /// The match ranges of the one text `text` for `query`, nil when it is not found.
    func ranges(_ query: String, in text: String, locale: String = "zh", mode: MatchMode = .contains) throws -> [Range<Int>]? {
        let searchable = try SearchableListing(Listing(texts: [text], locale: locale))
        return try searchable.filter(query, mode: mode).matches(offset: 0, limit: 1).first?.ranges
    }

    // MARK: Chinese

    @Test("张三 by zhangsan, zhangs, zs, zhs, zsan, san and 张s; not by zhangsang",
          arguments: ["zhangsan", "zhangs", "zs", "zhs", "zsan", "san", "张s", "ZhangSan", "zhang san"])
    func zhangSan(query: String) throws {
        #expect(try found(query, in: Self.chinese).contains("张三"))
        #expect(try found(query, in: Self.chinese, phonetic: .off) == [], "phonetic off: no match")
    }

    @Test func notByZhangsang() throws {
        #expect(try !found("zhangsang", in: Self.chinese).contains("张三"))
        #expect(try found("zhangsang", in: ["张三"]) == [])
    }

    @Test func rangesCoverTheHanCharacters() throws {
        #expect(try ranges("zs", in: "张三") == [0..<2])
        #expect(try ranges("zhangsan", in: "张三") == [0..<2])
        #expect(try ranges("san", in: "张三") == [1..<2])
        #expect(try ranges("zs", in: "Mr 张三") == [3..<5])
        #expect(try ranges("zs", in: "张三 zs") == [0..<2, 3..<5])  // and the ordinary match
    }

    @Test func polyphones() throws {
        for query in ["chang", "zhang"] {
            let names = try found(query, in: Self.chinese)
            #expect(names.contains("长沙") && names.contains("长春"), "\(query)")
        }
        #expect(try found("xiamen", in: Self.chinese) == ["厦门"])
        #expect(try found("lv", in: Self.chinese) == ["吕"])
        #expect(try found("lu", in: Self.chinese) == ["吕"])
    }

    @Test("surnames at the start of a run", arguments: [
        // zeng also cuts as zen|g over 曾国 (guo); the shortest match is the one highlighted.
        ("曾国藩", "zeng", [0..<1]), ("单田芳", "shan", [0..<1]), ("解晓东", "xie", [0..<1]), ("区志明", "ou", [0..<1]),
        ("仇英", "qiu", [0..<1]),
    ])
    func surnames(name: String, reading: String, expectedRanges: [Range<Int>]) throws {
        #expect(try found(reading, in: Self.chinese).contains(name))
        #expect(try found(reading, in: Self.chinese, mode: .prefix).contains(name))
        #expect(try ranges(reading, in: name) == expectedRanges)
    }

    @Test func traditionalCharactersGetTheReadingsOfTheirSimplifiedForm() throws {
        #expect(try found("zhangsan", in: ["張三", "李四"], locale: "zh_TW") == ["張三"])
        #expect(try found("zs", in: ["張三", "李四"], locale: "zh_TW") == ["張三"])
    }

    @Test func aRowWhoseOnlyHanAreCompatibilityIdeographsHasUnits() throws {
        // U+FA11 﨑 is one of the twelve compatibility ideographs that no normalization maps away
        // (UTF-8 EF A8 91). Its row has Han units like any other: the pinyin rule finds 﨑﨑 across
        // the white space that the text itself has between them.
        #expect(try found("\u{FA11}\u{FA11}", in: ["\u{FA11} \u{FA11}", "sato"]) == ["\u{FA11} \u{FA11}"])
        #expect(try found("\u{FA11}\u{FA11}", in: ["\u{FA11} \u{FA11}", "sato"], phonetic: .off).isEmpty)
    }

    @Test func lettersAndDigitsEndARun() throws {
        #expect(try found("zs", in: ["张a三", "张1三", "张 三"]) == ["张 三"])
    }

    // MARK: Korean

    @Test("every state of the IME and initial consonants find 김민준",
          arguments: ["김", "김미", "김민", "김민ㅈ", "김민주", "김민준", "ㄱㅁㅈ", "김ㅁㅈ", "ㅁㅈ", "ㄱ", "ㄱㅁ"])
    func kimMinjun(query: String) throws {
        #expect(try found(query, in: Self.korean, locale: "ko").contains("김민준"), "\(query)")
    }

    @Test func notByKeysOutOfOrder() throws {
        for query in ["김준", "ㄱㅈ", "ㅈㅁ"] {
            #expect(try !found(query, in: Self.korean, locale: "ko").contains("김민준"), "\(query)")
        }
    }

    @Test func gwanByGoAndGwa() throws {
        #expect(try found("고", in: ["관"], locale: "ko") == ["관"])
        #expect(try found("과", in: ["관"], locale: "ko") == ["관"])
        #expect(try found("ㄱ", in: ["관악구"], locale: "ko") == ["관악구"])
        #expect(try found("고", in: ["관악구"], locale: "ko") == ["관악구"])
        #expect(try found("고", in: ["관악구"], locale: "ko", phonetic: .off) == [])
    }

    /// A compound letter typed as one jamo is the keys that type it (ㅄ = ㅂㅅ, ㄺ = ㄹㄱ, ㅘ = ㅗㅏ);
    /// NFKC turns the compatibility ㅄ and ㅀ into old initial forms (U+1121, U+111A), not finals.
    @Test("compound letters typed as one jamo", arguments: [
        ("값", "ㅄ"), ("값", "가ㅄ"), ("값", "갑ㅅ"), ("닭", "ㄺ"), ("닭", "다ㄺ"), ("싫다", "ㅀ"), ("싫다", "시ㅀ"),
        ("앉다", "ㄵ"), ("의사", "ㅢ"), ("관", "ㅘ"), ("괜찮아", "ㅙ"),
    ])
    func compoundLetters(text: String, query: String) throws {
        #expect(try found(query, in: [text], locale: "ko") == [text], "\(query)")
    }

    @Test func aHalfTypedSyllableHighlightsTheWholeSyllable() throws {
        #expect(try ranges("김미", in: "김민준", locale: "ko") == [0..<2])
        #expect(try ranges("김민ㅈ", in: "김민준", locale: "ko") == [0..<3])
        #expect(try ranges("ㅁㅈ", in: "김민준", locale: "ko") == [1..<3])
        #expect(try ranges("고", in: "관악구", locale: "ko") == [0..<1])
    }

    // MARK: Japanese

    @Test("山田 太郎 (やまだ たろう) by its reading", arguments: ["yamada", "yamad", "tarou", "taro", "やまだ", "ヤマダ"])
    func yamadaTarou(query: String) throws {
        #expect(try foundContacts(query).contains("山田 太郎"), "\(query)")
        #expect(try !foundContacts(query, phonetic: .off).contains("山田 太郎"), "\(query)")
        let listing = try Listing(Self.japanese, locale: "ja", text: \.name, reading: \.kana)
        let match = try SearchableListing(listing).filter(query).matches(offset: 0, limit: .max).first { $0.element.name == "山田 太郎" }
        #expect(match?.ranges == [0..<5], "a match through the reading highlights the whole item: \(query)")
    }

    @Test("Kunrei and Nihon-shiki spellings count as Hepburn", arguments: ["syoko", "syouko", "shoko", "shouko"])
    func kunrei(query: String) throws {
        #expect(try foundContacts(query).contains("佐藤 祥子"), "\(query)")
    }

    @Test func moreKunrei() throws {
        #expect(try foundContacts("tiyoko").contains("田中 千代子"))
        #expect(try foundContacts("suzuki itirou").contains("鈴木 一郎"))
        #expect(try foundContacts("itiro").contains("鈴木 一郎"))
    }

    @Test func kanaTextsAreTheirOwnReadings() throws {
        #expect(try foundContacts("yamada").contains("ヤマダ"))
        #expect(try ranges("mada", in: "ヤマダ", locale: "ja") == [0..<3])   // romaji: the whole item
        #expect(try ranges("だた", in: "やまだ たろう", locale: "ja") == [2..<5])  // kana: the characters
        #expect(try ranges("かな", in: "カタカナ", locale: "ja") == [2..<4])
        // Under the diacritics fold only the Japanese rules make kana one (the locale fold, the
        // default, equates them in en as the search collation does, at primary strength).
        #expect(try found("かな", in: ["カタカナ"], locale: "en", fold: .diacritics) == [])
        #expect(try found("かな", in: ["カタカナ"], locale: "en", phonetic: .on) == ["カタカナ"])
    }

    // MARK: Settings and modes

    @Test func autoAppliesOnlyTheListingsLanguage() throws {
        let mixed = ["张三", "김민준", "山田"]
        #expect(try found("zs", in: mixed, locale: "ja") == [])
        #expect(try found("zs", in: mixed, locale: "ja", phonetic: .on) == ["张三"])
        #expect(try found("shantian", in: mixed, locale: "ja") == [])
        #expect(try found("shantian", in: mixed, locale: "ja", phonetic: .on) == ["山田"])
        #expect(try found("ㄱㅁㅈ", in: mixed, locale: "zh") == [])
        #expect(try found("ㄱㅁㅈ", in: mixed, locale: "zh", phonetic: .on) == ["김민준"])
        #expect(try found("zs", in: mixed, locale: "en") == [])
        #expect(try found("zs", in: mixed, locale: "en", phonetic: .on) == ["张三"])
        #expect(try foundContacts("yamada", locale: "zh").isEmpty)
        #expect(try foundContacts("yamada", phonetic: .on, locale: "zh").contains("山田 太郎"))
    }

    @Test func theArticlesFirstExample() throws {
        let names = try SearchableListing(Listing(texts: ["张三", "李四"], locale: "zh"))
        #expect(try names.filter("zs").total == 1)
        #expect(try names.filter("zs", phonetic: .off).total == 0)
    }

    @Test func prefixAndWordsModes() throws {
        let texts = ["张三", "李张三", "李四 张三"]
        #expect(try found("zs", in: texts, mode: .prefix) == ["张三"])
        // (Whether 张 starts a word in 李张三 is up to ICU's dictionary; white space always ends one.)
        #expect(try Set(found("zs", in: texts, mode: .words)).isSuperset(of: ["张三", "李四 张三"]))
        #expect(try Set(found("zs", in: texts, mode: .contains)) == Set(texts))
        #expect(try found("ㅁㅈ", in: ["김민준"], locale: "ko", mode: .prefix) == [])
        #expect(try found("ㄱㅁ", in: ["김민준"], locale: "ko", mode: .prefix) == ["김민준"])
        #expect(try found("ㄱㅁ", in: ["이 김민준"], locale: "ko", mode: .words) == ["이 김민준"])
        #expect(try foundContacts("taro", mode: .prefix).isEmpty)
        #expect(try foundContacts("taro", mode: .words) == ["山田 太郎"])
        #expect(try foundContacts("yama", mode: .prefix).contains("山田 太郎"))
        #expect(try foundContacts("たろう", mode: .words) == ["山田 太郎"])
    }

    // MARK: Names

    @Test func namesModeReadsTheFirstCharacterAsASurname() throws {
        func section(of text: String, names: Bool) throws -> String? {
            let listing = try Listing(texts: ["曾国藩", "单田芳", "张三"], locale: "zh", names: names)
            let row = try #require(listing.elements.firstIndex(of: text))
            return listing.sectionIndex(containingRow: row).map { listing.sections[$0].title }
        }
        #expect(try section(of: "曾国藩", names: true) == "Z")
        #expect(try section(of: "单田芳", names: true) == "S")
        #expect(try section(of: "曾国藩", names: false) == "C")
        #expect(try section(of: "单田芳", names: false) == "D")
    }

    // MARK: Typing

    /// A session typing keystroke by keystroke (and deleting) answers exactly as `filter` does.
    @Test("a session gives filter()'s answer at every keystroke", arguments: [
        ("zh", ["z", "zh", "zha", "zhan", "zhang", "zhangs", "zhangsa", "zhangsan", "zhangsang", "zhangsan", "zs", "z", ""]),
        ("zh", ["c", "ch", "cha", "chan", "chang", "changs", "changsh", "changsha", "changch"]),
        ("ko", ["ㄱ", "기", "김", "김ㅁ", "김미", "김민", "김민ㅈ", "김민주", "김민준", "김민주", "김ㅁ", "김ㅁㅈ", "ㄱㅁㅈ"]),
        ("ko", ["ㄱ", "고", "과", "관", "관ㅇ", "관아", "관악", "관악ㄱ", "관악구"]),
        ("ja", ["t", "ti", "tiy", "tiyo", "tiyok", "tiyoko", "tiyok", "c", "ch", "chi", "chiy", "chiyo", "s", "sy", "syo", "syou"]),
        ("ja", ["y", "ya", "yam", "yama", "yamad", "yamada", "yamada ", "yamada t", "yamada ta", "yamada tar", "yamada taro"]),
        ("ja", ["や", "やま", "やまだ", "ヤマダ", "た", "たろ", "たろう"]),
    ])
    func typingMatchesFilter(locale: String, keystrokes: [String]) throws {
        let listing = try Listing(Self.japanese + (Self.chinese + Self.korean).map { Contact(name: $0, kana: nil) },
                                  locale: locale, text: \.name, reading: \.kana)
        let searchable = try SearchableListing(listing)
        for phonetic in Phonetic.allCases {
            for mode in MatchMode.allCases {
                var session = FilterSession(searchable, fold: .diacritics, mode: mode, phonetic: phonetic)
                for query in keystrokes {
                    let typed = try session.type(query)
                    let filtered = try searchable.filter(query, fold: .diacritics, mode: mode, phonetic: phonetic)
                    let context = "\(locale) \(phonetic) \(mode) \(query.debugDescription)"
                    #expect(typed.total == filtered.total, "\(context)")
                    let all = try typed.matches(offset: 0, limit: .max), want = try filtered.matches(offset: 0, limit: .max)
                    #expect(all.map(\.row) == want.map(\.row), "\(context)")
                    #expect(all.map(\.ranges) == want.map(\.ranges), "\(context)")
                    #expect(typed.sections.map(\.title) == filtered.sections.map(\.title), "\(context)")
                }
            }
        }
    }

    // MARK: Terms (issue 23)

    @Test("terms in any order each match by pinyin on their own; the whole query still runs pinyin across white space")
    func termsAndTheWholeQuery() throws {
        #expect(try found("san zhang", in: Self.chinese) == ["张三"])
        #expect(try found("s zh", in: Self.chinese).sorted() == ["张三", "长沙"].sorted())  // 长 is also zhang
        #expect(try found("zhang san", in: Self.chinese) == ["张三"])
        // zhan and gsan: gsan begins no reading, but the whole query, without its space, is zhangsan.
        #expect(try found("zhan gsan", in: Self.chinese) == ["张三"])
        // A phrase is one term: the space stays out of the pinyin as before.
        #expect(try found("\"zhang san\"", in: Self.chinese) == ["张三"])
        #expect(try found("\"san zhang\"", in: Self.chinese) == [])
        // Terms through a Japanese reading, in any order.
        #expect(try foundContacts("taro yamada") == ["山田 太郎"])
        #expect(try foundContacts("たろう やまだ") == ["山田 太郎"])
        #expect(try ranges("san zhang", in: "张三") == [0..<2])
    }

    @Test("々 is a Han unit (the library's isHan says so): z々 finds 佐々木 by zuo and 々 itself, as 张三 is found by z三")
    func iterationMarkIsAUnit() throws {
        #expect(try found("z三", in: Self.chinese) == ["张三"])
        #expect(try found("佐々", in: ["佐々木"]) == ["佐々木"])
        #expect(try found("z々", in: ["佐々木"]) == ["佐々木"])
    }

    // MARK: Korean IME states and Japanese separators, apostrophes and rule order (issue 19 §2)

    /// Typing 배상은 as its surname, then the given name's initials: a 2-set IME attaches the ㅅ
    /// typed after 배 to it (뱃), and the box holds 뱃ㅇ on the way.
    @Test("every state of 배, then ㅅ ㅇ, finds 배상은", arguments: ["ㅂ", "배", "뱃", "뱃ㅇ"])
    func baeSangeunByEveryState(query: String) throws {
        let names = ["배상은", "배민준", "김민준"]
        for mode in MatchMode.allCases {
            #expect(try found(query, in: names, locale: "ko", mode: mode).contains("배상은"), "\(query) \(mode)")
        }
    }

    @Test func aDetachedFinalMustBeTheNextSyllablesInitial() throws {
        #expect(try found("뱃ㅇ", in: ["배상은", "배민준", "배수", "뱃일"], locale: "ko") == ["배상은", "뱃일"])
        #expect(try found("뱃ㅇ", in: ["배 상은"], locale: "ko") == ["배 상은"])  // white space between syllables, as ever
        #expect(try found("뱃ㅇ", in: ["배상은"], locale: "ko", phonetic: .off) == [])
        #expect(try ranges("뱃ㅇ", in: "배상은", locale: "ko") == [0..<3])
        #expect(try ranges("뱃ㅇ", in: "이 배상은", locale: "ko") == [2..<5])
    }

    /// A consonant typed after a single final may join it into a compound final (박, then ㅅ, shows
    /// 밗): the compound's second part is then the next syllable's initial, and its first part stays.
    @Test("compound finals: the second part starts the next syllable", arguments: [
        ("박서준", "밗ㅈ"), ("박상은", "밗ㅇ"), ("권지경", "궍ㄱ"), ("안지훈", "앉ㅎ"), ("갈기자", "갉ㅈ"), ("갑수진", "값ㅈ"),
    ])
    func compoundFinals(name: String, query: String) throws {
        #expect(try found(query, in: [name], locale: "ko") == [name], "\(query)")
        #expect(try found(query, in: [name], locale: "ko", mode: .words) == [name], "\(query)")
    }

    /// Two initials typed after a syllable without a final may make a compound final: 고, then ㄱ ㅅ
    /// (고광수), shows 곣. Both are then initials, wherever the syllable is in the query.
    @Test("a compound final may be two initials", arguments: [("고광수", "곣"), ("이경수", "읷"), ("최광수", "쵟"), ("이 고광수", "ㅇ곣")])
    func compoundFinalOfTwoInitials(name: String, query: String) throws {
        for mode in MatchMode.allCases {
            #expect(try found(query, in: [name, "고민수"], locale: "ko", mode: mode) == [name], "\(query) \(mode)")
        }
        #expect(try ranges(query, in: name, locale: "ko") == [0..<name.utf16.count])
    }

    @Test func onlyACompoundsSecondPartMoves() throws {
        #expect(try found("밗ㅇ", in: ["바상은"], locale: "ko") == [])     // 박 stays 박
        #expect(try found("밗ㅇ", in: ["박상은"], locale: "ko") == ["박상은"])
        #expect(try found("궍ㄱ", in: ["구지경", "권경"], locale: "ko") == [])
    }

    /// Ten syllables with finals give 2¹⁰ readings; over long runs of syllables that all start with ㅇ
    /// most of them occur, and past 512 the index checks every row directly: the answer stays exact.
    @Test func aQueryWithManyReadingsOverLongRunsOfLikeInitials() throws {
        let query = String(repeating: "앙", count: 10) + "ㅇ"
        let a = { (n: Int) in String(repeating: "아", count: n) }
        let texts = [a(21), a(20), String(repeating: "앙", count: 10) + "안", "아앙" + a(19), "아앙" + a(17)]
        let expected = [a(21), String(repeating: "앙", count: 10) + "안", "아앙" + a(19)]
        #expect(try Set(found(query, in: texts, locale: "ko")) == Set(expected))
        for mode in MatchMode.allCases {
            let oracle = texts.filter { NaivePhonetic.matches(text: $0, query: query, mode: mode, rules: .korean, using: .real) }
            #expect(try Set(found(query, in: texts, locale: "ko", mode: mode)) == Set(oracle), "\(mode)")
        }
    }

    @Test("a session typing 배상은's states answers as filter does, in every mode")
    func baeSangeunSession() throws {
        let searchable = try SearchableListing(Listing(texts: ["배상은", "배민준", "뱃일", "박상은", "박서준", "김바사"], locale: "ko"))
        for mode in MatchMode.allCases {
            var session = FilterSession(searchable, fold: .diacritics, mode: mode, phonetic: .auto)
            for query in ["ㅂ", "배", "뱃", "뱃ㅇ", "뱃", "배", "바", "박", "밗", "밗ㅇ", "밗ㅈ", "밗", "ㄱ", "ㄱ바", "ㄱ밗", "ㄱ밗ㅅ"] {
                let typed = try session.type(query), filtered = try searchable.filter(query, fold: .diacritics, mode: mode)
                #expect(Array(typed.result.rows) == Array(filtered.result.rows), "\(mode) \(query)")
                #expect(try typed.matches(offset: 0, limit: .max).map(\.ranges) == filtered.matches(offset: 0, limit: .max).map(\.ranges),
                        "\(mode) \(query)")
            }
        }
    }

    static let foreignNames = [Contact(name: "ジョン・スミス", kana: nil), Contact(name: "ジャン＝ポール", kana: nil),
                               Contact(name: "John Smith", kana: "ジョン・スミス"), Contact(name: "しんいち", kana: nil),
                               Contact(name: "ふじ", kana: nil), Contact(name: "しゅう", kana: nil), Contact(name: "ちゅう", kana: nil)]

    /// The names of `foreignNames` that `query` finds.
    func foundForeign(_ query: String, mode: MatchMode = .contains) throws -> [String] {
        let listing = try Listing(Self.foreignNames, locale: "ja", text: \.name, reading: \.kana)
        return try SearchableListing(listing).filter(query, mode: mode).matches(offset: 0, limit: .max).map(\.element.name)
    }

    @Test("separators inside katakana names do not stop a reading: ジョン・スミス by jonsumisu and jon sumisu",
          arguments: ["jonsumisu", "jon sumisu", "sumisu jon", "jons", "じょんすみす", "ジョンスミス", "スミス"])
    func johnSmith(query: String) throws {
        let names = try foundForeign(query)
        #expect(names.contains("ジョン・スミス") && names.contains("John Smith"), "\(query)")
    }

    @Test func johnSmithWordByWord() throws {
        #expect(try foundForeign("sumisu", mode: .words).sorted() == ["John Smith", "ジョン・スミス"])
        #expect(try foundForeign("jon sumisu", mode: .words).sorted() == ["John Smith", "ジョン・スミス"])
        #expect(try foundForeign("jonsumisu", mode: .prefix).sorted() == ["John Smith", "ジョン・スミス"])
        #expect(try foundForeign("sumisu", mode: .prefix) == [])
        #expect(try foundForeign("janpo") == ["ジャン＝ポール"])
        #expect(try foundForeign("poru", mode: .words) == ["ジャン＝ポール"])
        // A kana query through the text that is its reading highlights what it matched, the dot too.
        #expect(try ranges("んす", in: "ジョン・スミス", locale: "ja") == [2..<5])
        #expect(try ranges("jonsumisu", in: "ジョン・スミス", locale: "ja") == [0..<7])
    }

    @Test("an apostrophe in a romaji query is a syllable break", arguments: ["shin'ichi", "shin’ichi", "sin'iti", "shinichi", "n'i"])
    func shinichi(query: String) throws {
        #expect(try foundForeign(query) == ["しんいち"], "\(query)")
    }

    @Test func anApostropheAloneIsNoRomajiQuery() throws {
        #expect(try foundForeign("'") == [])
    }

    @Test("fu finds ふ, not しゅう or ちゅう; shu and syu find しゅう")
    func fuAndShu() throws {
        #expect(try foundForeign("fu") == ["ふじ"])
        #expect(try foundForeign("hu") == ["ふじ"])
        #expect(try foundForeign("fuji") == ["ふじ"])
        #expect(try foundForeign("shu") == ["しゅう"])
        #expect(try foundForeign("syu") == ["しゅう"])
        #expect(try foundForeign("shuu") == ["しゅう"])
        #expect(try foundForeign("chu") == ["ちゅう"])
        #expect(try foundForeign("tyu") == ["ちゅう"])
    }
}
