import ThumbIndex

/// A country picker in Swedish: the sections and side index, then what typing "ö" then "ös" leaves.
/// `swift run CountryPicker [QUERY...]` (from Examples/CountryPicker).
@main
struct CountryPicker {
    struct Country { let code: String; let name: String }

    static let countries = [
        Country(code: "SE", name: "Sverige"), Country(code: "AX", name: "Åland"),
        Country(code: "AT", name: "Österrike"), Country(code: "DK", name: "Danmark"),
        Country(code: "EE", name: "Estland"), Country(code: "AR", name: "Argentina"),
        Country(code: "AE", name: "Förenade arabemiraten"), Country(code: "ZA", name: "Sydafrika"),
    ]

    static func main() throws {
        let listing = try Listing(countries, locale: "sv", text: \.name)
        print("index: " + listing.indexTitles.joined(separator: " "))
        for section in listing.sections {
            print(section.title + ": " + listing.elements(in: section).map { "\($0.name) (\($0.code))" }.joined(separator: ", "))
        }
        var session = FilterSession(try SearchableListing(listing))
        let queries = CommandLine.arguments.count > 1 ? Array(CommandLine.arguments.dropFirst()) : ["ö", "ös"]
        for query in queries {
            let result = try session.type(query)
            let names = try result.matches(offset: 0, limit: 20).map(\.element.name)
            print("\"\(query)\": \(result.total) in \(result.sections.map(\.title).joined(separator: " ")): \(names.joined(separator: ", "))")
        }
    }
}
