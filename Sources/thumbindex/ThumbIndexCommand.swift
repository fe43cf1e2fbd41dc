import ArgumentParser

/// `thumbindex`: locale-correct sectioned listings and filter-as-you-type search, from the shell.
@main
struct ThumbIndexCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbindex",
        abstract: "Locale-correct alphabetized, sectioned listings with a side index, from the command line.",
        discussion: """
            Sorts names by the locale's ICU collation, groups them under the locale's index letters \
            (ICU's AlphabeticIndex labels, "#" for digits, last), and prints the listing.
            With no FILE, the bundled address book Corpora/contacts.tsv is used.
            `thumbindex serve` serves the listings over HTTP: a JSON API and a filter-as-you-type page.
            `thumbindex filter` also finds Chinese, Korean and Japanese items by how they sound \
            (pinyin, Hangul keystrokes, kana and romaji); `thumbindex explain` shows by which keys.
            `thumbindex import` and `export` move listings into and out of a SQLite store.
            """,
        subcommands: [ListCommand.self, FilterCommand.self, ExplainCommand.self, LabelsCommand.self, ServeCommand.self,
                      ImportCommand.self, ExportCommand.self, BenchCommand.self]
    )
}
