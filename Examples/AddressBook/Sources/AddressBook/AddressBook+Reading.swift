import ArgumentParser
import ThumbIndex

extension AddressBook {
    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find contacts as you would in a phone: words in any order, any part of a name, digits of a number.",
            discussion: "Matches are shown [in brackets]. `search jo do` finds John Doe; `search 123` every number holding 123.")

        @OptionGroup var options: BookOptions

        @Argument(help: "What to look for (several words: each must match).")
        var query: [String]

        func run() throws {
            let snapshot = try ContactsFile.open(options).contacts.snapshot
            let query = query.joined(separator: " ")
            let result = try snapshot.filter(query)
            try printContacts(result, marked: true)
            let contacts = snapshot.count == 1 ? "contact" : "contacts"
            print(result.total == 0 ? "no contact matches \"\(query)\""
                                    : "\(result.total) of \(snapshot.count) \(contacts) match \"\(query)\"")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List every contact, in sections.")

        @OptionGroup var options: BookOptions

        func run() throws {
            let snapshot = try ContactsFile.open(options).contacts.snapshot
            try printContacts(snapshot.filter(""), marked: false)
            print(snapshot.count == 1 ? "1 contact" : "\(snapshot.count) contacts")
        }
    }
}

/// Prints the matches of `result` under their section titles: `  ID  NAME  PHONE`, with what the
/// query matched in [brackets] when `marked`.
func printContacts(_ result: EditableListing.FilteredSnapshot, marked: Bool) throws {
    var section = -1
    for match in try result.matches(offset: 0, limit: result.total) {
        if match.sectionIndex != section {
            section = match.sectionIndex
            print(result.sections[section].title)
        }
        var line = "  \(match.item.id)  " + (marked ? bracketed(match.item.text, match.ranges) : match.item.text)
        if let phone = match.item.fields["phone"] {
            let ranges = match.fieldMatches.first { $0.field == "phone" }?.ranges ?? []
            line += "  " + (marked ? bracketed(phone, ranges) : phone)
        }
        print(line)
    }
}

/// `text` with each of `ranges` (UTF-16 offsets, ascending, apart) in brackets.
func bracketed(_ text: String, _ ranges: [Range<Int>]) -> String {
    var result = "", position = text.startIndex
    for range in ranges {
        let start = String.Index(utf16Offset: range.lowerBound, in: text)
        let end = String.Index(utf16Offset: range.upperBound, in: text)
        result += text[position..<start] + "[" + text[start..<end] + "]"
        position = end
    }
    return result + text[position...]
}
