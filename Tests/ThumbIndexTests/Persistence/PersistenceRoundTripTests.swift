import PropertyBased
import Testing
@testable import ThumbIndex

/// Pieces of several scripts, digits, marks, white space and emoji, for random listings.
private let savedPieces = ["a", "B", "å", "Ä", "ö", "Ø", "ch", "é", "e\u{301}", "ß", "ﬁ", "İ", "ı", "ж", "Ё", "α",
                           "ש", "あ", "カ", "ｶﾞ", "가", "李", "张", "陳", "1", "٣", " ", "-", "'", "😀", "Ａ", "x", "n"]

private let savedString = Gen<String?>.element(of: savedPieces).map { $0! }.array(of: 1...5).map { $0.joined() }

@Suite("Saved listings answer every query as the listing saved")
struct PersistenceRoundTripTests {
    @Test("random listings survive a save and a load",
          arguments: ["en", "sv", "ja", "zh", "ru"])
    func randomListingsRoundTrip(locale: String) async throws {
        let folder = try TemporaryFolder()
        let collation = try IndexedCollation(locale: locale)
        await propertyCheck(count: Cases.scaled(25), input: savedString.array(of: 0...25), Gen.int(in: 0...(1 << 20)),
                            savedString.array(of: 1...3)) { texts, seed, extraQueries in
            var random = SeededGenerator(state: UInt64(seed))
            let pinned = Set(texts.indices.filter { _ in Int.random(in: 0..<5, using: &random) == 0 })
            let descending = Bool.random(using: &random), fullIndex = Bool.random(using: &random)
            let listing = try Listing(texts.indices, collation: collation, text: { texts[$0] },
                                      pinned: pinned.isEmpty ? nil : { pinned.contains($0) },
                                      descending: descending, fullIndex: fullIndex)
            let original = try SearchableListing(listing)
            let path = folder.path("listing-\(seed).thumbindex")
            try original.write(to: path, metadata: ["changeCounter": "\(seed)"], extraColumns: ["ids": TextColumn(texts.indices.map { "id\($0)" })])
            let checksum: ArchiveReader.Checksum = Bool.random(using: &random) ? .atOpen : .later
            let loaded = try SearchableListing.load(from: path, expecting: .init(locale: locale, descending: descending, fullIndex: fullIndex),
                                                    checksum: checksum)
            #expect(loaded.check.isPending == (checksum == .later))
            try loaded.check.verify()
            // The big arrays are the file's pages, not copies.
            let storage = loaded.searchable.index.storage
            #expect(storage.main.text.isMapped && storage.main.suffixes.isMapped && storage.main.starts.isMapped)
            #expect(loaded.searchable.listing.texts.isMapped)
            #expect(loaded.metadata == ["changeCounter": "\(seed)"])
            #expect(loaded.extraColumns.keys.sorted() == ["ids"] && Array(loaded.extraColumns["ids"]!) == texts.indices.map { "id\($0)" })

            // Queries: none, every piece, cuts of the texts, and random strings.
            var queries = ["", " "] + savedPieces + extraQueries
            for text in texts.prefix(6) {
                let characters = Array(text)
                let start = Int.random(in: 0..<characters.count, using: &random)
                queries.append(String(characters[start..<min(characters.count, start + Int.random(in: 1...3, using: &random))]))
            }
            try expectSameAnswers(loaded.searchable, original, queries: queries)
        }
    }

    @Test func anEmptyListingRoundTrips() throws {
        let folder = try TemporaryFolder()
        let original = try SearchableListing(Listing([Int](), locale: "sv", text: { "\($0)" }))
        let path = folder.path("empty.thumbindex")
        try original.write(to: path)
        let loaded = try SearchableListing.load(from: path, expecting: .init(locale: "sv"))
        #expect(loaded.searchable.listing.count == 0 && loaded.metadata.isEmpty && loaded.extraColumns.isEmpty)
        try expectSameAnswers(loaded.searchable, original, queries: ["", "a"])
    }

    @Test func metadataAndExtraColumnsComeBackAsTheyWere() throws {
        let folder = try TemporaryFolder()
        let names = ["Åsa", "Anna", "Zoë", "42nd Street", ""]
        let original = try SearchableListing(Listing(names.indices, locale: "sv", text: { names[$0] }))
        let metadata = ["changeCounter": "4711", "": "empty key", "store": "names.sqlite", "ünïcode": "値"]
        let extra = ["ids": TextColumn(["a1", "a2", "a3", "a4", "a5"]), "readings": TextColumn(["", "あ", ""]), "none": TextColumn()]
        let path = folder.path("names.thumbindex")
        try original.write(to: path, metadata: metadata, extraColumns: extra)
        let loaded = try SearchableListing.load(from: path, expecting: .init(locale: "sv"))
        #expect(loaded.metadata == metadata)
        #expect(loaded.extraColumns.mapValues { Array($0) } == extra.mapValues { Array($0) })
        try expectSameAnswers(loaded.searchable, original, queries: ["", "a", "ö", "4"])
    }

    @Test("records larger than the writer's flush step come back byte for byte, under a checksum that holds")
    func recordsAcrossFlushSteps() throws {
        let step = SyncedFileWrites.syncEvery
        let seed = UInt64.random(in: 1 ... .max)
        // Scrambled by position (a multiplicative hash), so that a piece written twice or skipped shows.
        let bytes = [UInt8](capacity: step + 13) { out in
            for i in out.indices { out[i] = UInt8(truncatingIfNeeded: ((UInt64(i) &+ seed) &* 0x9E37_79B9_7F4A_7C15) >> 56) }
            return out.count
        }
        let words = [UInt32](capacity: step / 2 + 3) { out in
            for i in out.indices { out[i] = UInt32(truncatingIfNeeded: ((UInt64(i) &+ seed) &* 0x9E37_79B9_7F4A_7C15) >> 32) }
            return out.count
        }
        let small: [UInt16] = [1, 2, 3]
        let (a, b, c) = try throughArchive {
            $0.append(small, tag: "smal")
            $0.append(bytes, tag: "byte")
            $0.append(words, tag: "word")
        } read: { reader in
            (try reader.array(UInt16.self, tag: "smal"), try reader.array(UInt8.self, tag: "byte"),
             try reader.array(UInt32.self, tag: "word"))
        }
        #expect(a == small)
        #expect(b == bytes)
        #expect(c == words)
    }

    @Test func aListingWithoutLatinLabelsRoundTrips() throws {
        let folder = try TemporaryFolder()
        let texts = [String(repeating: "abc ", count: 700) + "zed", "kurz", "日本", "Tokyo", "東京 tōkyō", "ｶﾀｶﾅ"]
        let original = try SearchableListing(Listing(texts.indices, collation: IndexedCollation(locale: "ja", latinLabels: .never),
                                                     text: { texts[$0] }))
        let path = folder.path("ja.thumbindex")
        try original.write(to: path)
        #expect(savedIndexFailure { _ = try SearchableListing.load(from: path, expecting: .init(locale: "ja")) }
                == .otherOptions(option: "Latin labels", found: "false", expected: "true"))
        let loaded = try SearchableListing.load(from: path, expecting: .init(locale: "ja", latinLabels: .never))
        try expectSameAnswers(loaded.searchable, original, queries: ["zed", "abc", "c a", "tokyo", "東", "かた"])
    }
}
