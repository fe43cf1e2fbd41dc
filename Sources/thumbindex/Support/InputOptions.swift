import ArgumentParser
import Foundation
import ThumbIndex
import ThumbIndexFormats

/// The locale options every command that builds a listing shares.
struct LocaleOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Locale whose collation and index letters to use (ICU or BCP 47: sv, de, zh_Hant, ja-JP).", valueName: "locale"))
    var locale: String = "en"

    @Option(name: .long, help: ArgumentHelp("Add the Latin A–Z labels: automatic (when the locale's script is not Latin), always or never.", valueName: "mode"))
    var latin: IndexedCollation.LatinLabels = .automatic

    /// Opens the locale's index (reading a leading Han character as a surname when `names`),
    /// turning an unknown locale into a clear error.
    func collation(names: Bool = false) throws -> IndexedCollation {
        do {
            return try IndexedCollation(locale: locale, latinLabels: latin, names: names)
        } catch let error as LocaleError {
            throw CLIError("--locale \(error.description)")
        }
    }
}

/// `--names`: the items are personal names (for the commands that build listings).
struct NamesOption: ParsableArguments {
    @Flag(name: .long, help: "The items are personal names: a leading Han character is read as a surname for order and section (曾国藩 under Z, 单田芳 under S, where the locale's collation puts them under C and D). `thumbindex explain` shows both.")
    var names = false
}

/// `--phonetic`: whether items are also found by how they sound.
extension Phonetic: ExpressibleByArgument {
    /// The help of `--phonetic`, with what it means for the command.
    static func help(_ what: String = "") -> ArgumentHelp {
        ArgumentHelp("Also find items by how they sound: auto (the rules of the listing's language: pinyin and its initials for zh, Hangul keystrokes and initial consonants for ko, kana and romaji through readings for ja; none for other locales), on (all three, any locale) or off." + (what.isEmpty ? "" : " " + what),
                     valueName: "phonetic")
    }
}

/// `--typos`: whether a query that matches nothing is answered with close matches.
extension Typos: ExpressibleByArgument {
    /// The help of `--typos`.
    static func help() -> ArgumentHelp {
        ArgumentHelp("When nothing matches exactly: auto (the default) shows the items that contain the query within 1 edit (a character inserted, deleted, replaced, or two adjacent ones swapped) per term of 4+ characters, 2 from 8 characters, marked approximate; off shows none.",
                     valueName: "typos")
    }
}

/// How input files are read: format and columns.
struct ColumnOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Input format: lines (one item per line) or tsv (header row). Default: tsv for .tsv files or when --key, --reading or --pin is given, else lines.", valueName: "format"))
    var format: InputFormat?

    @Option(name: .long, help: ArgumentHelp("TSV column shown as the item's text (default: the first column).", valueName: "column"))
    var key: String?

    @Option(name: .long, help: ArgumentHelp("TSV column holding a reading used for order and section when non-empty (e.g. kana for Japanese names).", valueName: "column"))
    var reading: String?

    @Option(name: .long, help: ArgumentHelp("TSV column; items with a non-empty value form a leading \"Favorites\" section (index title ★).", valueName: "column"))
    var pin: String?

    @Option(name: .long, help: ArgumentHelp("TSV columns searched besides the key column, comma-separated (a company, an e-mail): the terms of a query may match in any of them. Sections and order stay those of the key.", valueName: "column,..."))
    var fields: String?

    @Option(name: .long, help: ArgumentHelp("TSV columns that hold phone numbers, comma-separated: found by the digits of the number as written, of its E.164 form and of its national format (libphonenumber), never as text. Default for the bundled address book: phone.", valueName: "column,..."))
    var phone: String?

    @Option(name: .long, help: ArgumentHelp("TSV column giving each record's region for its phone numbers: a locale (es_ES) or a region code (ES). Empty or absent: the region of --locale (en: US, sv: SE). Default for the bundled address book: locale.", valueName: "column"))
    var region: String?

    /// Whether a flag names a column (then the input is TSV unless --format says otherwise).
    var namesAColumn: Bool {
        key != nil || reading != nil || pin != nil || fields != nil || phone != nil || region != nil
    }

    /// The names of a comma-separated list of columns (empty names dropped).
    static func names(_ list: String?) -> [String] {
        (list ?? "").split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

/// The options of `list` and `filter`: locale, columns and one input file.
struct InputOptions: ParsableArguments {
    @OptionGroup var locale: LocaleOptions
    @OptionGroup var columns: ColumnOptions
    @OptionGroup var personalNames: NamesOption

    @Argument(help: ArgumentHelp("UTF-8 input: one item per line, or TSV with a header row; - for standard input. Default: the bundled address book (Corpora/contacts.tsv, compiled into the binary).", valueName: "file"))
    var file: String?

    /// The input file.
    var input: InputFile { file.map { InputFile(path: $0) } ?? .bundled }

    /// Reads, then builds the listing (with a progress bar on a terminal for big inputs).
    func buildListing(descending: Bool = false, fullIndex: Bool = false) throws -> RecordListing {
        try input.buildListing(collation: locale.collation(names: personalNames.names), columns: columns, descending: descending, fullIndex: fullIndex)
    }
}

extension IndexedCollation.LatinLabels: ExpressibleByArgument {}
extension InputFormat: ExpressibleByArgument {}
