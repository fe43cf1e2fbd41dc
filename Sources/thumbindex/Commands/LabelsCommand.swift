import ArgumentParser
import ThumbIndex
import ThumbIndexFormats

/// `thumbindex labels`: prints a locale's index labels.
struct LabelsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "labels",
        abstract: "Print the index labels of a locale.",
        discussion: """
            The labels are ICU's AlphabeticIndex labels for the locale ("…" marks its underflow, \
            inflow and overflow buckets), plus A–Z for non-Latin locales, plus "#" for digits.
            Example: thumbindex labels --locale sv   →   … A B C … Z Å Ä Ö … #
            """
    )

    @OptionGroup var locale: LocaleOptions

    @Flag(name: .long, help: "Print JSON: {\"locale\",\"labels\":[{\"title\",\"indexTitle\",\"kind\"}]}.")
    var json = false

    func run() throws {
        let collation = try locale.collation()
        if json {
            var writer = JSONWriter()
            writer.raw("{")
            writer.pair("locale", collation.locale)
            writer.key("labels")
            writer.array(collation.labels) { json, label in
                json.raw("{")
                json.pair("title", label.title)
                json.pair("indexTitle", label.indexTitle)
                json.pair("kind", label.kind.rawValue, last: true)
                json.raw("}")
            }
            writer.raw("}\n")
            Output.write(writer.bytes)
        } else {
            Output.write(collation.labels.map(\.title).joined(separator: " ") + "\n")
        }
    }
}
