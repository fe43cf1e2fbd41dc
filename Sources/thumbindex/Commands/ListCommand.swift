import ArgumentParser
import ThumbIndex
import ThumbIndexFormats

/// `thumbindex list`: prints the sectioned listing.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the locale-correct sectioned listing of a file.",
        discussion: """
            Items are sorted by the locale's full-strength ICU collation (equal items keep input \
            order) and grouped under the locale's index labels; items starting with a digit go to \
            "#", the last section. The side index starts with the search sentinel {search}.
            Examples:
              thumbindex list                                  # the bundled address book, en
              thumbindex list --locale sv names.txt
              thumbindex list --locale ja --key name --reading reading --json people.tsv
            """
    )

    @OptionGroup var input: InputOptions

    @Flag(name: .long, help: "Print JSON: {\"locale\",\"indexTitles\",\"sections\":[{\"title\",\"indexTitle\",\"count\",\"items\":[{\"text\",...}]}]}.")
    var json = false

    @Flag(name: .long, help: "List every label in the side index, even when its section is empty.")
    var fullIndex = false

    @Flag(name: .long, help: "Reverse the order of items and sections (Favorites stay first).")
    var descending = false

    func run() throws {
        let listing = try input.buildListing(descending: descending, fullIndex: fullIndex)
        if json {
            var writer = JSONWriter()
            listing.writeJSON(to: &writer)
            writer.raw("\n")
            Output.write(writer.bytes)
        } else {
            Output.write(ListingText.render(listing))
        }
    }
}

/// The listing for people: the side index, then each header and its rows.
enum ListingText {
    static func render(_ records: RecordListing) -> [UInt8] {
        let listing = records.listing
        var out: [UInt8] = []
        out.reserveCapacity(listing.texts.byteCount + listing.count * 3)
        out += Array("\(listing.collation.locale): \(listing.count) items in \(listing.sections.count) sections\n".utf8)
        out += Array(("index: " + listing.indexTitles.joined(separator: " ") + "\n").utf8)
        for section in listing.sections {
            out += Array("\n\(section.title) (\(section.count))\n".utf8)
            for row in section.rows {
                out += [0x20, 0x20]
                out += listing.texts.utf8(row)
                out.append(0x0A)
            }
        }
        return out
    }
}
