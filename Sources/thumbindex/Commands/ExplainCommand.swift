import ArgumentParser
import ThumbIndex
import ThumbIndexFormats

/// `thumbindex explain`: what phonetic search finds an item by, and where it is listed.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show the phonetic keys an item gets and the section it goes under.",
        discussion: """
            For support questions ("why does zs not find 单田芳?"). For each TEXT, prints:
            - the section it goes under in a listing of --locale, and with --names the other way \
            (a leading Han character read as a surname: 单田芳 under S instead of D);
            - its phonetic keys: per Han character its pinyin readings (with the surname reading \
            when it starts a run of Han characters), a query's pieces being prefixes of them \
            (zs, shantf); the 2-set keystrokes of its Hangul and its initial consonants; its kana \
            reading (--reading, or the text when it is kana) and the romaji keys made from it. \
            A key whose rules --phonetic auto does not apply in --locale is marked: only \
            --phonetic on finds the item by it.
            Then which rules --phonetic auto applies in --locale, and the version of the readings \
            table (Unihan, ICU, CLDR) the pinyin comes from.
            Examples:
              thumbindex explain --locale zh 单田芳 曾国藩
              thumbindex explain --locale ko 김민준 관악구
              thumbindex explain --locale ja --reading "やまだ たろう" "山田 太郎"
              thumbindex explain --locale zh --names --json 单田芳
            """
    )

    @OptionGroup var locale: LocaleOptions

    @Option(name: .long, help: ArgumentHelp("The item's reading (kana for a Japanese name): used for order and section and for the kana and romaji keys. Needs exactly one TEXT.", valueName: "reading"))
    var reading: String?

    @Flag(name: .long, help: "Give first the section of a listing built with --names (a leading Han character read as a surname); both are always shown.")
    var names = false

    @Flag(name: .long, help: "Print JSON: {\"locale\",\"names\",\"autoRules\",\"readingsData\",\"items\":[{\"text\",\"reading\",\"section\",\"sectionWithoutNames\",\"sectionWithNames\",\"surnameSortsAs\",\"keys\":[{\"rules\",\"rule\",\"key\",\"auto\"}]}]}.")
    var json = false

    @Argument(help: ArgumentHelp("The items' texts, as they are displayed.", valueName: "text"))
    var texts: [String] = []

    func validate() throws {
        guard !texts.isEmpty else { throw ValidationError("give the text of at least one item: thumbindex explain --locale zh 单田芳") }
        if reading != nil && texts.count != 1 {
            throw ValidationError("--reading is the reading of one item: give exactly one TEXT with it, not \(texts.count)")
        }
        if let blank = texts.first(where: { $0.allSatisfy(\.isWhitespace) }) {
            throw ValidationError("TEXT '\(blank)' is blank: an item needs a text")
        }
    }

    /// One item, explained.
    struct Item {
        let text: String
        let reading: String?
        let withoutNames: IndexLabel
        let withNames: IndexLabel
        let explanation: PhoneticExplanation
    }

    func run() throws {
        let plain = try locale.collation()
        let surnames = try locale.collation(names: true)
        let auto = PhoneticExplanation.rules(.auto, forLocale: plain.locale)
        let items = try texts.map { text in
            let reading = self.reading.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
            let sorted = reading ?? text  // what order and section come from, as in a listing
            do {
                return Item(text: text, reading: reading, withoutNames: plain.label(for: sorted),
                            withNames: surnames.label(for: sorted),
                            explanation: try PhoneticExplanation(text: text, reading: reading))
            } catch let error as ICUError {
                throw CLIError("'\(text)': \(error.message)")
            }
        }
        if json {
            Output.write(jsonBytes(items, locale: plain.locale, auto: auto))
        } else {
            Output.write(self.text(items, locale: plain.locale, auto: auto))
        }
    }

    private func text(_ items: [Item], locale: String, auto: [PhoneticExplanation.Rules]) -> String {
        var out = ""
        for item in items {
            out += item.text + (item.reading.map { " (reading \($0))" } ?? "") + "\n"
            let (first, second) = names ? (item.withNames, item.withoutNames) : (item.withoutNames, item.withNames)
            out += "  section: \(first.title)" + (names ? " (with --names)" : "")
            if first.title != second.title {
                out += "; \(names ? "without" : "with") --names: \(second.title)"
            }
            out += "\n"
            if item.reading == nil, let scalar = item.explanation.surnameSortScalar,
               let surname = item.text.unicodeScalars.first(where: { !$0.properties.isWhitespace }) {
                out += "  with --names, \(surname) is read as a surname and sorts as \(scalar)\n"
            }
            let lines = item.explanation.lines
            if lines.isEmpty {
                out += "  no phonetic keys: no Han, Hangul or kana\(item.reading == nil ? " (a Japanese item's kana comes with --reading)" : "")\n"
            }
            let width = lines.map(\.rule.count).max() ?? 0
            for line in lines {
                let padding = String(repeating: " ", count: width - line.rule.count)
                let note = auto.contains(line.rules) ? "" : "   (only with --phonetic on)"
                out += "  \(line.rule)\(padding)  \(line.key)\(note)\n"
            }
            out += "\n"
        }
        let names = auto.map(Self.displayName)
        out += "--phonetic auto in \(locale): " + (names.isEmpty ? "no phonetic rules" : "the \(names.joined(separator: " and ")) rules")
        out += "; on: all three; off: none\n"
        out += "readings: \(PhoneticExplanation.dataVersion)\n"
        return out
    }

    /// "Chinese (pinyin)" and the like.
    private static func displayName(_ rules: PhoneticExplanation.Rules) -> String {
        switch rules {
        case .chinese: "Chinese (pinyin)"
        case .korean: "Korean (Hangul keystrokes, initial consonants)"
        case .japanese: "Japanese (kana and romaji readings)"
        }
    }

    private func jsonBytes(_ items: [Item], locale: String, auto: [PhoneticExplanation.Rules]) -> [UInt8] {
        var json = JSONWriter()
        json.raw("{")
        json.pair("locale", locale)
        json.raw("\"names\":\(names),")
        json.key("autoRules")
        json.stringArray(auto.map(\.rawValue))
        json.raw(",")
        json.pair("readingsData", PhoneticExplanation.dataVersion)
        json.key("items")
        json.array(items) { json, item in
            json.raw("{")
            json.pair("text", item.text)
            json.key("reading")
            if let reading = item.reading { json.string(reading) } else { json.raw("null") }
            json.raw(",")
            json.pair("section", (names ? item.withNames : item.withoutNames).title)
            json.pair("sectionWithoutNames", item.withoutNames.title)
            json.pair("sectionWithNames", item.withNames.title)
            json.key("surnameSortsAs")
            if let scalar = item.explanation.surnameSortScalar { json.string(String(scalar)) } else { json.raw("null") }
            json.raw(",")
            json.key("keys")
            json.array(item.explanation.lines) { json, line in
                json.raw("{")
                json.pair("rules", line.rules.rawValue)
                json.pair("rule", line.rule)
                json.pair("key", line.key)
                json.raw("\"auto\":\(auto.contains(line.rules))}")
            }
            json.raw("}")
        }
        json.raw("}\n")
        return json.bytes
    }
}
