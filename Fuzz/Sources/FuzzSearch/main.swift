// Differential fuzz target: a searchable listing built from the fuzzer's texts (`SearchableListing`,
// the suffix-array index) against the naive scan (Naive.swift), for every fold and mode:
// - the same rows, in listing order, and the same total;
// - the same non-empty sections with the same counts and offsets;
// - any page (`matches(offset:limit:)`) is that slice of the rows, each with its section and match
//   ranges inside its text;
// - a FilterSession typing the query character by character (up to 8), then deleting back, gives
//   what `filter` gives.
//
// Phonetic search is off: its rules have their own oracle (Tests/ThumbIndexTests/Phonetic, FuzzQueryString).
// Input: one byte (fold = value % 4, mode = value / 4 % 3, locale = value / 12 % 7), one byte (bit 0:
// pin every third item, so that a Favorites section exists; the rest picks a page), then lines: the
// query, then the items (bytes taken as UTF-8).
import FuzzSupport
import ThumbIndex

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(Fuzz.bytes(data, size))
    let choice = Int(input.byte()), flags = Int(input.byte())
    let fold = Fold.allCases[choice % 4], mode = MatchMode.allCases[choice / 4 % 3]
    let collation = collations[choice / 12 % collations.count]
    let lines = input.rest.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    let query = lines.first ?? "", texts = Array(lines.dropFirst())

    let searchable: SearchableListing<Int>
    let filtered: FilteredListing<Int>
    do {
        let listing = try Listing(texts.indices, collation: collation, text: { texts[$0] },
                                  pinned: flags & 1 == 0 ? nil : { $0 % 3 == 0 })
        searchable = try SearchableListing(listing)
        filtered = try searchable.filter(query, fold: fold, mode: mode, phonetic: .off)
    } catch {
        Fuzz.expect(false, "building or filtering threw: \(error)")
        return 0
    }
    let listing = searchable.listing
    let expected = Naive.search(listing, query, fold: fold, mode: mode)
    let context = "\(fold) \(mode) \(collation.locale) query \(query.debugDescription)"

    // Rows and total.
    Fuzz.expect(filtered.total == expected.count, "\(context): total \(filtered.total), the scan finds \(expected.count)")
    let all: [FilteredListing<Int>.Match]
    do { all = try filtered.matches(offset: 0, limit: Int.max) } catch { Fuzz.expect(false, "matches threw: \(error)"); return 0 }
    Fuzz.expect(all.map(\.row) == expected, "\(context): rows \(all.map(\.row)), the scan finds \(expected)")

    // Sections: every non-empty one, in order, with its count and the offset of its first match.
    var sections: [(listingSection: Int, count: Int, offset: Int)] = []
    for (k, row) in expected.enumerated() {
        let section = listing.sectionIndex(containingRow: row)!
        if sections.last?.listingSection == section { sections[sections.count - 1].count += 1 }
        else { sections.append((section, 1, k)) }
    }
    Fuzz.expect(filtered.sections.map { [$0.listingSectionIndex, $0.count, $0.offset] } == sections.map { [$0.listingSection, $0.count, $0.offset] },
                "\(context): sections \(filtered.sections.map { ($0.title, $0.count, $0.offset) }), expected \(sections)")

    // Every match: its section, its element, its ranges.
    for match in all {
        Fuzz.expect(filtered.sections.indices.contains(match.sectionIndex)
                    && filtered.sections[match.sectionIndex].listingSectionIndex == listing.sectionIndex(containingRow: match.row),
                    "\(context): row \(match.row) is given section \(match.sectionIndex)")
        Fuzz.expect(match.element == listing[match.row], "\(context): row \(match.row) has another element")
        let length = listing.text(ofRow: match.row).utf16.count
        var end = 0
        for range in match.ranges {
            Fuzz.expect(range.lowerBound >= end && !range.isEmpty && range.upperBound <= length,
                        "\(context): row \(match.row)'s ranges \(match.ranges) in \(length) UTF-16 units")
            end = range.upperBound
        }
    }

    // A page.
    let offset = (flags >> 1) % (expected.count + 2), limit = (flags >> 4) % 5
    do {
        let page = try filtered.matches(offset: offset, limit: limit)
        Fuzz.expect(page.map(\.row) == Array(expected.dropFirst(offset).prefix(limit)), "\(context): page \(offset), \(limit)")
    } catch {
        Fuzz.expect(false, "matches threw: \(error)")
    }

    // Typing the query (its first 8 characters: each step costs two filters), then deleting back
    // to nothing.
    var session = FilterSession(searchable, fold: fold, mode: mode, phonetic: .off)
    let characters = Array(query.prefix(8))
    do {
        for n in Array(0...characters.count) + Array((0..<characters.count).reversed()) {
            let prefix = String(characters[..<n])
            let typed = try session.type(prefix)
            let direct = try searchable.filter(prefix, fold: fold, mode: mode, phonetic: .off)
            let typedRows = try typed.matches(offset: 0, limit: Int.max).map(\.row)
            let directRows = try direct.matches(offset: 0, limit: Int.max).map(\.row)
            Fuzz.expect(typedRows == directRows, "\(context): the session typing \(prefix.debugDescription) differs from filter")
        }
    } catch {
        Fuzz.expect(false, "the session threw: \(error)")
    }
    return 0
}

Fuzz.run(testOneInput)
