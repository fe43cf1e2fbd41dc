import ArgumentParser
import Foundation
import ThumbIndex
import ThumbIndexFormats

/// `thumbindex filter`: filters the listing by a query, a file of queries, or interactively.
struct FilterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filter",
        abstract: "Filter the sectioned listing as you type.",
        discussion: """
            An item matches when its folded text contains the folded query (--mode contains), \
            starts with it (prefix), or has a word that starts with it (words). Folds: locale (what \
            the locale's users equate when searching, CLDR's search collation: in sv, ost does not \
            find Östlund; in de, mueller finds Müller; the default), case (NFKC case folding: \
            ＡＢＣ = abc, ﬁ = fi, ß = ss), diacritics (also drops accents: cafe finds Café), all \
            (also katakana = hiragana, ø = o, ł = l, æ = ae, ...).
            Leading and trailing spaces of a query are ignored. Match ranges are UTF-16 offsets.
            Phonetic search (--phonetic auto, the default) also finds Chinese items by their pinyin \
            or its initials (zhangsan, zs: 张三), Korean ones by the keystrokes of any state of the \
            IME or by initial consonants (김미, ㄱㅁㅈ: 김민준) and Japanese ones through their \
            reading, in kana or romaji (やまだ, yamada: 山田 with --reading), in listings of that \
            language; --phonetic on does it in any listing, off never. It only adds matches. \
            `thumbindex explain` shows an item's keys.
            A query is cut at spaces into terms, which must all match, in any order: "acedo jessica" \
            finds Jessica Acedo. A query in double quotes is a phrase, matched as typed. Terms may \
            match in the columns named by --fields too ("jessica acme"), and a term of digits in the \
            phone numbers of the --phone columns, by the digits as written, of the E.164 form or of \
            the national format ("844", "+34 844", "468 710"). The bundled address book searches its \
            phone column with no flag. --dialpad reads the query as keys of a phone keypad \
            (2 abc ... 9 wxyz): 5646 finds John, 53 finds John Doe (initials), and digits find \
            phone numbers. (Korean keypads, Cheonjiin and Naratgul, are not E.161: not supported.)
            When nothing matches exactly, --typos auto (the default) shows close matches: the items \
            that contain the query within 1 edit (a character inserted, deleted, replaced, or two \
            adjacent ones swapped, after folding) per term of 4 or more characters, within 2 from 8; \
            terms under 4 characters must match exactly. The answer says so ("approximate": 1 or 2 \
            in JSON, "(approximate: no exact match; within 1 edit)" in text) and never mixes exact and close matches. \
            Phonetic keys and dial-pad queries are never fuzzed. --typos off: exact matches only.
            Without --query or --queries on a terminal: an interactive view (type to filter, \
            Backspace, Esc clears, Ctrl-C quits).
            Examples:
              thumbindex filter --query ann
              thumbindex filter --query "acedo jessica"              # words in any order
              thumbindex filter --query 844                          # her phone number
              thumbindex filter --dialpad --query 5646                # J-O-H-N on the keypad
              thumbindex filter --fields company --phone phone --region country --query "ann acme" people.tsv
              thumbindex filter --locale sv --fold all --mode words --query "ost" --json cities.txt
              thumbindex filter --queries session.txt --json --limit 10 names.txt
              thumbindex filter --locale zh --query zs names.txt   # 张三 by pinyin initials
              thumbindex filter --phonetic on --query zxy          # 张秀英, contacts (en)
              thumbindex filter --query stockholn cities.txt         # no exact match: Stockholm, 1 edit
            """
    )

    @OptionGroup var input: InputOptions

    @Option(name: .long, help: ArgumentHelp("locale, case, diacritics or all.", valueName: "fold"))
    var fold: Fold = .locale

    @Option(name: .long, help: ArgumentHelp("contains, prefix or words.", valueName: "mode"))
    var mode: MatchMode = .contains

    @Option(name: .long, help: Phonetic.help())
    var phonetic: Phonetic = .auto

    @Flag(name: .long, help: "Read the query as digits typed on a phone keypad (ITU E.161: 2 abc, 3 def, ... 9 wxyz): items whose words' keys begin with them (running on across words), whose initials' keys they are, or whose phone numbers contain them.")
    var dialpad = false

    @Option(name: .long, help: Typos.help())
    var typos: Typos = .auto

    @Option(name: .long, help: ArgumentHelp("The query.", valueName: "query"))
    var query: String?

    @Option(name: .long, help: ArgumentHelp("A UTF-8 file of queries, one per line: one result per line.", valueName: "file"))
    var queries: String?

    @Option(name: .long, help: ArgumentHelp("Skip this many matches before the rows that are printed.", valueName: "n"))
    var offset: Int = 0

    @Option(name: .long, help: ArgumentHelp("Print at most this many rows (the counts cover all matches).", valueName: "n"))
    var limit: Int = 100

    @Flag(name: .long, help: "Show no index titles while a query is typed (as iOS hides the index while searching).")
    var hideIndex = false

    @Flag(name: .long, help: "Print JSON, one document per query: the `list --json` shape plus \"query\", \"phonetic\", \"total\", per-item \"matches\" and, for close matches, \"approximate\" (1 or 2).")
    var json = false

    func validate() throws {
        guard offset >= 0 else { throw ValidationError("--offset must be 0 or more, not \(offset)") }
        guard limit >= 0 else { throw ValidationError("--limit must be 0 or more, not \(limit)") }
        guard query == nil || queries == nil else { throw ValidationError("give --query or --queries, not both") }
    }

    func run() throws {
        let queryList = try readQueries()
        let records = try input.buildListing()
        let searchable = try SearchableListing(records.listing, source: input.input.source, barTitle: "indexing")
        guard let queryList else {
            guard isatty(0) == 1 && isatty(1) == 1 else {
                throw CLIError("give --query or --queries (the interactive view needs a terminal)")
            }
            try InteractiveFilter(searchable: searchable, fold: fold, mode: mode, phonetic: phonetic, dialpad: dialpad,
                                  typos: typos).run()
            return
        }
        var out: [UInt8] = []
        for q in queryList {
            if dialpad, !q.isEmpty, !Dialpad.canType(q) {
                throw CLIError("--dialpad: the query \"\(q)\" has characters a phone keypad cannot type (digits, spaces and + - ( ) . * # only)")
            }
            let result = try searchable.filter(q, fold: fold, mode: mode, phonetic: phonetic, dialpad: dialpad, typos: typos)
            if json {
                var writer = JSONWriter()
                try records.writeJSON(of: result, offset: offset, limit: limit, hideIndexWhileSearching: hideIndex, header: { json in
                    json.pair("locale", records.listing.collation.locale)
                    json.pair("query", q)
                    json.pair("phonetic", phonetic.rawValue)
                    if dialpad { json.raw("\"dialpad\":true,") }
                    if let edits = result.approximate { json.raw("\"approximate\":\(edits),") }
                }, to: &writer)
                out += writer.bytes
                out.append(0x0A)
            } else {
                out += Array(try FilterText.render(result, offset: offset, limit: limit, hideIndex: hideIndex).utf8)
            }
        }
        Output.write(out)
    }

    /// The queries to run, or nil for the interactive view; a bad file is an error before any work.
    private func readQueries() throws -> [String]? {
        if let query { return [query] }
        guard let queries else { return nil }
        return try QueryFile.read(queries, keepBlankLines: true)
    }
}

/// A filter result for people: the counts, the remaining index, then the page of rows with the
/// matches in [brackets].
enum FilterText {
    static func render(_ result: FilteredListing<Int>, offset: Int, limit: Int, hideIndex: Bool) throws -> String {
        var out = "\"\(result.query)\": \(result.total) matches in \(result.sections.count) sections"
        if let edits = result.approximate { out += " (approximate: no exact match; within \(edits) edit\(edits == 1 ? "" : "s"))" }
        out += "\n"
        out += "index: " + result.indexTitles(hiddenWhileSearching: hideIndex).joined(separator: " ") + "\n"
        var section = -1
        for match in try result.matches(offset: offset, limit: limit) {
            if match.sectionIndex != section {
                section = match.sectionIndex
                let s = result.sections[section]
                out += "\n\(s.title) (\(s.count))\n"
            }
            out += "  " + line(result.listing.text(ofRow: match.row), match, open: "[", close: "]") + "\n"
        }
        return out
    }

    /// A match as one line: its text highlighted, then each searched column where the query matched,
    /// highlighted: `Jessica Acedo  · phone: +34[844] 468 710`.
    static func line(_ text: String, _ match: FilteredListing<Int>.Match, open: String, close: String) -> String {
        var line = highlighted(text, match.ranges, open: open, close: close)
        for field in match.fieldMatches {
            line += "  · \(field.field): " + highlighted(field.text, field.ranges, open: open, close: close)
        }
        return line
    }

    /// `text` with each UTF-16 range wrapped in `open` … `close`.
    static func highlighted(_ text: String, _ ranges: [Range<Int>], open: String, close: String) -> String {
        var out = "", position = 0
        let utf16 = Array(text.utf16)
        for range in ranges where range.lowerBound >= position && range.upperBound <= utf16.count {
            out += String(decoding: utf16[position..<range.lowerBound], as: UTF16.self)
            out += open + String(decoding: utf16[range], as: UTF16.self) + close
            position = range.upperBound
        }
        return out + String(decoding: utf16[position...], as: UTF16.self)
    }
}

extension Fold: ExpressibleByArgument {}
extension MatchMode: ExpressibleByArgument {}
