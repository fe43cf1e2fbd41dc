import Foundation
import Testing
@testable import ThumbIndex

/// A saved listing keeps its dial-pad index when it was typed into on the dial pad: loaded back, it
/// holds the very index made before the save (the first dial-pad query after a load makes none),
/// and answers every dial-pad query as the listing saved; a listing never typed into that way saves
/// none.
@Suite("Saved listings keep their dial-pad index")
struct PersistenceDialpadTests {
    /// Latin, Chinese (polyphones, one with more spellings than a row lists) and Japanese names
    /// with readings, each with a phone number.
    static let people: [(name: String, reading: String?, phone: String)] = [
        ("Jessica Acedo", nil, "+1 415 555 0100"), ("重庆 长江", nil, "010 6552 9988"), ("行长重长行乐", nil, ""),
        ("山田 太郎", "やまだ たろう", "03-1234-5678"), ("Ann-Marie Öst", nil, "+46 8 123 456"), ("かとう", nil, ""),
        ("李 Wei", nil, "+86 21 5555 1234"), ("乐", "がく", ""), ("John David Doe", nil, "(844) 555-0199"),
    ]

    /// Digits typed on the dial pad: names' first words, initials, phone digits, and none.
    static let queries = ["5", "53", "5377", "223", "9264", "3", "844", "5550", "2", "94", "8", "0", "74", "26"]

    static func listing(typedOnTheDialpad: Bool) throws -> LiveListing {
        let items = (0..<60).map { i in
            let person = people[i % people.count]
            return LiveItem(seq: i, id: "p\(i)", text: "\(person.name) \(i)", reading: person.reading,
                            fields: ["phone": person.phone])
        }
        let schema = LiveFieldSchema(fields: [.init(name: "phone", kind: .phone)], regionColumn: nil)
        let live = try LiveListing(items: items, schema: schema, collation: IndexedCollation(locale: "ja"))
        if typedOnTheDialpad { _ = try live.filter("5", dialpad: true) }
        return live
    }

    static func baseIndex(_ live: LiveListing) -> SearchIndex { live.levels[LiveListing.base].segment.searchable.index }

    @Test(arguments: [false, true])
    func aLoadedListingHasTheDialpadIndexItWasSavedWith(typedOnTheDialpad: Bool) throws {
        let folder = try TemporaryFolder()
        let original = try Self.listing(typedOnTheDialpad: typedOnTheDialpad)
        let path = folder.path("people.thumbindex")
        try original.save(to: path, metadata: [:])
        let (loaded, _, _) = try LiveListing.load(from: path, locale: "ja")
        #expect(loaded.baseHasDialpadIndex == typedOnTheDialpad)
        if typedOnTheDialpad {
            #expect(try DialpadIndexParts(Self.baseIndex(loaded).dialpadIndex()) == DialpadIndexParts(Self.baseIndex(original).dialpadIndex()))
        }
        for query in Self.queries {
            for phonetic in Phonetic.allCases {
                try expectSameLiveAnswer(loaded.filter(query, phonetic: phonetic, dialpad: true),
                                         original.filter(query, phonetic: phonetic, dialpad: true), "'\(query)' \(phonetic)")
            }
        }
        #expect(loaded.baseHasDialpadIndex, "the dial-pad queries made it")
    }

    @Test func aFlippedByteInTheDialpadIndexIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("people.thumbindex")
        try Self.listing(typedOnTheDialpad: true).save(to: path, metadata: [:])
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let start = try #require(PersistencePhoneticTests.firstRecord(tagged: "dial", in: bytes), "no record 'dial'")
        for position in [start, start + 4, start + 16, start + 64] where position < bytes.count - Archive.trailerSize {
            var damaged = bytes
            damaged[position] ^= 0x01
            let file = folder.path("damaged-\(position).thumbindex")
            _ = FileManager.default.createFile(atPath: file, contents: Data(damaged))
            let reason = savedIndexFailure { _ = try LiveListing.load(from: file, locale: "ja") }
            guard case .corrupted? = reason else {
                Issue.record("byte \(position): \(String(describing: reason))")
                continue
            }
        }
    }
}
