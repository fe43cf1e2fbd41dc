import Foundation
import Testing
@testable import ThumbIndex

/// A saved Chinese, Korean or Japanese listing keeps its phonetic keys: loaded back, it holds the
/// very keys a build made (nothing is built at load) and answers every kind of phonetic query
/// (pinyin and its initials, Hangul keystrokes, key slices and initial consonants, kana, romaji in
/// either spelling) exactly as the listing saved, under every setting, fold and mode.
@Suite("Saved listings keep their phonetic keys")
struct PersistencePhoneticTests {
    /// Queries of every phonetic kind made from the listing's own items (so that most match), a few
    /// of each, and the pieces that make the rules hard.
    static func phoneticQueries(_ items: [NaivePhonetic.Item], seed: UInt64, perKind: Int = 4) -> [String] {
        var generator = SeededGenerator(state: seed)
        let kinds: [(NaivePhonetic.Item, inout SeededGenerator) -> String?] = [
            { QueryMaker.pinyin($0, &$1) }, { QueryMaker.pinyin($0, &$1, initials: true) },
            { QueryMaker.imeState($0, &$1) }, { QueryMaker.keySlice($0, &$1) }, { QueryMaker.initialConsonants($0, &$1) },
            { QueryMaker.romaji($0, &$1) }, { QueryMaker.romaji($0, &$1, kunrei: true) }, { QueryMaker.kana($0, &$1) },
            { QueryMaker.slice($0.text, &$1) },
        ]
        var queries: [String] = []
        for make in kinds {
            var made = 0
            for _ in 0..<200 where made < perKind {
                if let query = make(items.randomElement(using: &generator)!, &generator) {
                    queries.append(query)
                    made += 1
                }
            }
        }
        return queries + ["zh", "z", "ㄱ", "ㅁㅈ", "김", "mada", "tarou", "syo", "や", "ヤ", "n", " "]
    }

    @Test("a saved listing answers every phonetic query as the one built", arguments: PhoneticPropertyTests.cases)
    func phoneticQueriesAnswerAsBuilt(_ c: PhoneticPropertyTests.Case) throws {
        let folder = try TemporaryFolder()
        let people = PhoneticPropertyTests.people(c)
        let listing = try Listing(people.indices, locale: c.locale, text: { people[$0].name }, reading: { people[$0].reading })
        let original = try SearchableListing(listing)
        #expect(original.index.phoneticByteCount > 0, "the corpus has phonetic keys")
        let path = folder.path("\(c.corpus).thumbindex")
        try original.write(to: path, extraColumns: ["readings": listing.readings!])
        let loaded = try SearchableListing.load(from: path, expecting: .init(locale: c.locale))

        let items = people.map { NaivePhonetic.Item(text: $0.name, reading: $0.reading, using: .real) }
        // Under the sanitizers a quarter of the queries of each kind (see Cases): 72 s of CPU under
        // ASan with all of them, the heaviest suite there.
        try expectSameAnswers(loaded.searchable, original,
                              queries: Self.phoneticQueries(items, seed: c.seed, perKind: Cases.scaled(4)),
                              phonetics: Phonetic.allCases)
    }

    @Test("a saved live listing with searched fields answers phonetic queries as the one saved")
    func liveListingWithFieldsAnswersAsSaved() throws {
        let folder = try TemporaryFolder()
        // Chinese, Korean and Japanese people (with readings) in one listing, each with a company
        // that is another person's name: fields are searched too, and carry no phonetic keys.
        let people = ["zh_CN", "ko_KR", "ja_JP"].flatMap { PhoneticCorpus.load($0, limit: 120) }
        let items = people.enumerated().map { i, person in
            LiveItem(seq: i, id: "p\(i)", text: person.name, reading: person.reading,
                     fields: ["company": people[(i * 7 + 3) % people.count].name])
        }
        let schema = LiveFieldSchema(fields: [.init(name: "company", kind: .text)], regionColumn: nil)
        let original = try LiveListing(items: items, schema: schema, collation: IndexedCollation(locale: "ja"))
        let path = folder.path("live.thumbindex")
        try original.save(to: path, metadata: ["version": "9"])
        let (loaded, metadata, _) = try LiveListing.load(from: path, locale: "ja")
        #expect(metadata == ["version": "9"])

        let oracleItems = people.map { NaivePhonetic.Item(text: $0.name, reading: $0.reading, using: .real) }
        for query in Self.phoneticQueries(oracleItems, seed: 11, perKind: 3) {
            for mode in MatchMode.allCases {
                for phonetic in Phonetic.allCases {
                    try expectSameLiveAnswer(loaded.filter(query, mode: mode, phonetic: phonetic),
                                             original.filter(query, mode: mode, phonetic: phonetic),
                                             "query \(query.debugDescription), \(mode), phonetic \(phonetic)")
                }
            }
        }
    }

    @Test func aFlippedByteInThePhoneticKeysIsRefused() throws {
        let folder = try TemporaryFolder()
        let names = ["김민준", "이서연", "張三", "李四", "山田太郎", "ヤマダ", "Anna"]
        let original = try SearchableListing(Listing(names.indices, locale: "ko", text: { names[$0] }))
        let path = folder.path("ko.thumbindex")
        try original.write(to: path)
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        // The first byte of every phonetic part's first record (its tag), and one in the middle of
        // the part, as flipped by a bad disk.
        for tag in ["hang", "kanv", "kanr", "roma", "piny", "rdtx"] {
            let start = try #require(Self.firstRecord(tagged: tag, in: bytes), "no record '\(tag)'")
            for position in [start, start + 4, start + 16] where position < bytes.count - Archive.trailerSize {
                var damaged = bytes
                damaged[position] ^= 0x01
                let file = folder.path("damaged-\(tag)-\(position).thumbindex")
                _ = FileManager.default.createFile(atPath: file, contents: Data(damaged))
                let reason = savedIndexFailure { _ = try SearchableListing.load(from: file, expecting: .init(locale: "ko")) }
                guard case .corrupted(let what)? = reason, what.contains("checksum") else {
                    Issue.record("'\(tag)' byte \(position): \(String(describing: reason))")
                    continue
                }
            }
        }
    }

    @Test func filesOfTheFormatsBeforeThePhoneticKeysTheLateSuffixesTheCodedListsAndTheDialpadIndexAreRefused() throws {
        let folder = try TemporaryFolder()
        let original = try SearchableListing(Listing(["김민준", "張三"].indices, locale: "ko", text: { ["김민준", "張三"][$0] }))
        for version: UInt32 in [2, 3, 4, 5, 6] {
            let path = folder.path("v\(version).thumbindex")
            try original._write(to: path, formatVersion: version, overriding: [:])
            let reason = savedIndexFailure { _ = try SearchableListing.load(from: path, expecting: .init(locale: "ko")) }
            #expect(reason == .wrongFormatVersion(found: Int(version), supported: 7))
        }
        #expect(SavedListingFormat.version == 7)
    }

    /// The offset of the first record under `tag`, walking the archive's records from its header.
    static func firstRecord(tagged tag: String, in bytes: [UInt8]) -> Int? {
        var position = Archive.headerSize
        while position + Archive.recordHeaderSize <= bytes.count - Archive.trailerSize {
            let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: position, as: UInt32.self) }
            if value == Archive.tagValue(tag) { return position }
            let width = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: position + 4, as: UInt32.self) }
            let count = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: position + 8, as: UInt64.self) }
            position += Archive.recordHeaderSize + Archive.padded(Int(width) * Int(count))
        }
        return nil
    }
}
