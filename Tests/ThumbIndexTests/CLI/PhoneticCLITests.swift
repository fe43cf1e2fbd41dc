import Foundation
import Testing

@Suite("thumbindex filter --phonetic, --names and explain, end to end")
struct PhoneticCLITests {
    static let chinese = "曾国藩\n单田芳\n张三\n李四\n"

    /// The JSON documents `filter --queries --json` printed, one per line.
    static func documents(_ stdout: String) -> [[String: Any]] {
        stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    static func texts(_ document: [String: Any]) -> [String] {
        (document["sections"] as? [[String: Any]] ?? []).flatMap { ($0["items"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String } }
    }

    @Test("filter finds Chinese items by pinyin and its initials in a zh listing with no flag; --phonetic off does not")
    func filterPhonetic() throws {
        let names = try CLI.temporaryFile("zh.txt", Array(Self.chinese.utf8))
        let queries = try CLI.temporaryFile("q.txt", Array("zs\nzhangsan\nshantf\n张s\n".utf8))
        let auto = try CLI.run(["filter", "--locale", "zh", "--queries", queries, "--json", names])
        #expect(auto.status == 0, "\(auto.stderr)")
        let documents = Self.documents(auto.stdout)
        #expect(documents.map(Self.texts) == [["张三"], ["张三"], ["单田芳"], ["张三"]])
        #expect(documents.allSatisfy { $0["phonetic"] as? String == "auto" })
        let first = ((documents.first?["sections"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])?.first
        #expect(first?["matches"] as? [[Int]] == [[0, 2]])

        let off = try CLI.run(["filter", "--locale", "zh", "--phonetic", "off", "--queries", queries, "--json", names])
        #expect(Self.documents(off.stdout).map(Self.texts) == [[], [], [], []])
        #expect(Self.documents(off.stdout).allSatisfy { $0["phonetic"] as? String == "off" })

        // The text form brackets the matched characters.
        let text = try CLI.run(["filter", "--locale", "zh", "--query", "zs", names])
        #expect(text.stdout.contains("  [张三]\n"), "\(text.stdout)")
    }

    @Test("auto applies no rule to an English listing; --phonetic on applies them all (the bundled address book's 张秀英)")
    func phoneticOn() throws {
        let auto = try CLI.run(["filter", "--query", "zxy", "--json"])
        #expect(auto.status == 0, "\(auto.stderr)")
        #expect(Self.documents(auto.stdout).first.map(Self.texts) == [])
        let on = try CLI.run(["filter", "--phonetic", "on", "--query", "zxy", "--json"])
        #expect(Self.documents(on.stdout).first.map(Self.texts) == ["张秀英"])
    }

    @Test("Korean and Japanese listings: initial consonants, and romaji through the reading column")
    func koreanAndJapanese() throws {
        let korean = try CLI.temporaryFile("ko.txt", Array("김민준\n관악구\n이영희\n".utf8))
        let ko = try CLI.run(["filter", "--locale", "ko", "--query", "ㄱㅁㅈ", "--json", korean])
        let kim = "김민준"  // Hangul stays out of #expect: the macro misplaces the code of a line that holds it
        #expect(Self.documents(ko.stdout).first.map(Self.texts) == [kim])
        let japanese = try CLI.temporaryFile("ja.tsv", Array("name\treading\n山田 太郎\tやまだ たろう\n田中 花子\tたなか はなこ\n".utf8))
        let ja = try CLI.run(["filter", "--locale", "ja", "--reading", "reading", "--query", "yamada", "--json", japanese])
        #expect(ja.status == 0, "\(ja.stderr)")
        #expect(Self.documents(ja.stdout).first.map(Self.texts) == ["山田 太郎"])
    }

    @Test("list --names puts 曾国藩 under Z and 单田芳 under S; without it ICU's C and D")
    func listNames() throws {
        let names = try CLI.temporaryFile("zh.txt", Array(Self.chinese.utf8))
        func sections(_ arguments: [String]) throws -> [String: [String]] {
            let result = try CLI.run(["list", "--locale", "zh", "--json"] + arguments + [names])
            #expect(result.status == 0, "\(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let sections = object?["sections"] as? [[String: Any]] ?? []
            return Dictionary(uniqueKeysWithValues: sections.map {
                ($0["title"] as? String ?? "", ($0["items"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String })
            })
        }
        #expect(try sections([]) == ["C": ["曾国藩"], "D": ["单田芳"], "L": ["李四"], "Z": ["张三"]])
        #expect(try sections(["--names"]) == ["L": ["李四"], "S": ["单田芳"], "Z": ["曾国藩", "张三"]])
        // filter keeps the listing's sections.
        let filtered = try CLI.run(["filter", "--locale", "zh", "--names", "--query", "shan", names])
        #expect(filtered.stdout.contains("\nS (1)\n  [单]田芳\n"), "\(filtered.stdout)")
    }

    @Test("explain prints the keys, the section with and without --names, the rules auto applies and the data version")
    func explain() throws {
        let result = try CLI.run(["explain", "--locale", "zh", "单田芳", "张三"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "单田芳")
        #expect(lines.contains("  section: D; with --names: S"))
        #expect(lines.contains { $0.hasPrefix("  pinyin 单 (starts a run)") && $0.hasSuffix(" chan dan shan") })
        #expect(lines.contains { $0.hasPrefix("  pinyin 田") && $0.hasSuffix(" tian") })
        #expect(lines.contains("  section: Z"))
        #expect(result.stdout.contains("--phonetic auto in zh: the Chinese (pinyin) rules"))
        #expect(lines.contains { $0.hasPrefix("readings: Unihan ") })

        // In an English listing the keys are there, but only --phonetic on uses them.
        let english = try CLI.run(["explain", "张三"])
        #expect(english.stdout.contains("(only with --phonetic on)"))
        #expect(english.stdout.contains("--phonetic auto in en: no phonetic rules"))
    }

    @Test("explain --json: the keys with their rules, both sections and the surname's sorting character")
    func explainJSON() throws {
        let result = try CLI.run(["explain", "--locale", "zh", "--names", "--json", "曾国藩"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["locale"] as? String == "zh")
        #expect(object?["names"] as? Bool == true)
        #expect(object?["autoRules"] as? [String] == ["chinese"])
        #expect((object?["readingsData"] as? String)?.hasPrefix("Unihan ") == true)
        let item = (object?["items"] as? [[String: Any]])?.first
        #expect(item?["text"] as? String == "曾国藩")
        #expect(item?["section"] as? String == "Z")
        #expect(item?["sectionWithoutNames"] as? String == "C")
        #expect(item?["sectionWithNames"] as? String == "Z")
        #expect(item?["surnameSortsAs"] is String)
        let keys = item?["keys"] as? [[String: Any]] ?? []
        #expect(keys.first?["rules"] as? String == "chinese")
        #expect(keys.first?["key"] as? String == "ceng zeng")
        #expect(keys.allSatisfy { $0["auto"] as? Bool == true })
    }

    @Test("explain with --reading: Korean keys, kana and romaji keys, the section from the reading")
    func explainReading() throws {
        let korean = try CLI.run(["explain", "--locale", "ko", "김민준"])
        let initials = "hangul initials  ㄱㅁㅈ"
        #expect(korean.stdout.contains(initials), "\(korean.stdout)")
        let japanese = try CLI.run(["explain", "--locale", "ja", "--reading", "やまだ たろう", "山田 太郎"])
        #expect(japanese.status == 0, "\(japanese.stderr)")
        #expect(japanese.stdout.contains("  section: や"))
        #expect(japanese.stdout.contains("romaji") && japanese.stdout.contains("yamadatarou"))
        #expect(japanese.stdout.contains("yamadataro\n"))
    }

    @Test("bad input names the parameter: --phonetic, --reading with two texts, no text, an unknown locale")
    func errors() throws {
        for (arguments, message) in [(["filter", "--phonetic", "yes", "--query", "a"], "'yes' is invalid for '--phonetic"),
                                     (["serve", "--phonetic", "maybe"], "'maybe' is invalid for '--phonetic"),
                                     (["explain", "--reading", "やまだ", "山田", "田中"], "--reading is the reading of one item"),
                                     (["explain"], "give the text of at least one item"),
                                     (["explain", " "], "is blank"),
                                     (["explain", "--locale", "xx_YY", "张三"], "--locale")] {
            let result = try CLI.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}
