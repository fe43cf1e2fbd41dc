import Foundation
import Logging
import Testing
import ThumbIndex
import ThumbIndexStore
@testable import ThumbIndexServer

@Suite("Saved listings beside the store: loaded when current, rebuilt otherwise, never wrong")
struct SavedIndexTests {
    /// A store with one listing, in a scratch folder.
    static func makeStore() throws -> (SQLiteStore, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-saved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try SQLiteStore(path: folder.appendingPathComponent("book.db").path)
        _ = try store.replaceListing(name: "people", locale: "sv", columns: ListingColumns(),
                                     items: ["Åsa", "Anna", "Östen", "Zoë", "Bo"].map { ItemInput(text: $0) })
        return (store, folder)
    }

    /// What a listing answers, compared by value.
    static func answer(_ listing: LiveListing, _ q: String = "") throws -> [String] {
        let filtered = try listing.filter(q)
        return try filtered.matches(offset: 0, limit: 1000).map { "\(filtered.sections[$0.sectionIndex].title) \($0.item.id) \($0.item.text)" }
    }

    @Test func aFileNewerThanTheStoreIsRebuiltNotLoaded() throws {
        // A store with later writes saves its listing; then a store restored to an earlier state
        // (here: a second store of the same first items) meets that file in its index folder.
        let (later, folder) = try Self.makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try later.upsertItems(listing: "people", items: [ItemInput(id: "x", text: "Xerxes")])
        let saved = SavedIndexes(folder: folder.appendingPathComponent("index").path, logger: Logger(label: "test"))
        let loaded = try saved.load(name: "people", from: later)
        saved.remove("people")
        saved.save(loaded.listing, name: "people", version: loaded.version)

        let (restored, restoredFolder) = try Self.makeStore()
        defer { try? FileManager.default.removeItem(at: restoredFolder) }
        let restoredVersion = try #require(try restored.version(listing: "people"))
        #expect(restoredVersion < loaded.version)
        let again = try SavedIndexes(folder: folder.appendingPathComponent("index").path, logger: Logger(label: "test"))
            .load(name: "people", from: restored)
        guard case .built(let reason) = again.outcome else {
            Issue.record("a file newer than the store was used: \(again.outcome)")
            return
        }
        #expect(reason.contains("newer than the store"))
        #expect(try Self.answer(again.listing, "xerx").isEmpty)
        #expect(try Self.answer(again.listing) == Self.answer(ListingWriter.build(name: "people", from: restored).0))
    }

    @Test func aServerAnswersFromAMappedFileAtOnceAndRebuildsTheListingWhenItsChecksumFails() async throws {
        let (store, folder) = try Self.makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = SavedIndexes(folder: store.path + ".index", logger: Logger(label: "test"))
        let expected = try Self.answer(try saved.load(name: "people", from: store).listing)  // built and saved
        let path = saved.path(for: "people")

        // A text changed inside the file ("Zoë" → "Xoë"): every length and offset still holds, so
        // only the checksum can tell. Loaded without it, the file answers what it holds.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let at = try #require(bytes.firstRange(of: Data("Zoë".utf8))).lowerBound
        bytes[at] = UInt8(ascii: "X")
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(throws: SavedIndexError.self) { try LiveListing.load(from: path, locale: "sv") }
        let unchecked = try LiveListing.load(from: path, locale: "sv", checksum: .later)
        #expect(try Self.answer(unchecked.listing).contains { $0.hasSuffix(" Xoë") })
        #expect(throws: SavedIndexError.self) { try unchecked.check.verify() }

        // A server loads it, verifies the checksum in the background, and rebuilds the listing
        // from the store, then saves it again.
        let catalog = try ListingCatalog([])
        let writer = ListingWriter(catalog: catalog, store: store, logger: Logger(label: "test"),
                                   savedIndexes: SavedIndexes(folder: store.path + ".index", logger: Logger(label: "test")))
        let (version, infos) = try writer.beginLoading()
        for info in infos { _ = try writer.load(info, progress: nil) }
        writer.finishLoading(at: version)
        // Generous: a full `swift test` keeps both cores busy, and the rebuild runs at nice +15 below it.
        let deadline = ContinuousClock.now + .seconds(600)
        while try Self.answer(try #require(catalog["people"]).listing) != expected {
            guard ContinuousClock.now < deadline else {
                Issue.record("the listing was not rebuilt within 600 s")
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        while (try? LiveListing.load(from: path, locale: "sv")) == nil {  // saved again, whole
            guard ContinuousClock.now < deadline else {
                Issue.record("the rebuilt listing was not saved within 600 s")
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try Self.answer(LiveListing.load(from: path, locale: "sv").listing) == expected)
    }

    @Test func aCurrentFileIsLoadedAStaleOrDamagedOneIsRebuilt() throws {
        let (store, folder) = try Self.makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = SavedIndexes(folder: store.path + ".index", logger: Logger(label: "test"))
        let path = saved.path(for: "people")

        // First start: built from the store, and saved.
        let first = try saved.load(name: "people", from: store).listing
        #expect(FileManager.default.fileExists(atPath: path))
        let expected = try Self.answer(first)
        #expect(expected.count == 5)

        // The file is current: loaded, and answers the same.
        let (loaded, metadata, _) = try LiveListing.load(from: path, locale: "sv")
        #expect(metadata[SavedIndexes.versionKey] == String(try store.version(listing: "people")!))
        #expect(try Self.answer(loaded) == expected)
        #expect(try Self.answer(SavedIndexes(folder: store.path + ".index", logger: Logger(label: "test")).load(name: "people", from: store).listing) == expected)

        // The store moves on: the file is older than the store, so the writes since are replayed
        // from the change log (the file stays as it is, at its version).
        let savedVersion = try #require(try store.version(listing: "people"))
        _ = try store.upsertItems(listing: "people", items: [ItemInput(id: "x", text: "Xerxes"), ItemInput(id: "y", text: "Yrsa")])
        _ = try store.deleteItem(listing: "people", id: "y")
        let now = try #require(try store.version(listing: "people"))
        let replayed = try SavedIndexes(folder: store.path + ".index", logger: Logger(label: "test")).load(name: "people", from: store)
        #expect(replayed.outcome == .replayed(changes: 3, from: savedVersion, to: now))
        #expect(replayed.version == now)
        let rebuilt = try ListingWriter.build(name: "people", from: store).0
        #expect(try Self.answer(replayed.listing) == Self.answer(rebuilt))
        #expect(try Self.answer(replayed.listing, "xerx") == ["X x Xerxes"])
        #expect(try LiveListing.load(from: path, locale: "sv").metadata[SavedIndexes.versionKey] == String(savedVersion))

        // A damaged file (a byte flipped in the middle, or cut short) is refused and rebuilt: at
        // once when what is cheap to check catches it, else by its checksum, which a start leaves
        // for later (the server rebuilds the listing then: see the next test).
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[bytes.count / 2] ^= 0x40
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(throws: SavedIndexError.self) { try LiveListing.load(from: path, locale: "sv") }
        let damaged = try SavedIndexes(folder: store.path + ".index", logger: Logger(label: "test")).load(name: "people", from: store)
        if case .built = damaged.outcome {
            #expect(try Self.answer(damaged.listing) == Self.answer(rebuilt))
        } else {
            #expect(throws: SavedIndexError.self) { try #require(damaged.check).verify() }
        }
        try Data(bytes.prefix(100)).write(to: URL(fileURLWithPath: path))
        #expect(try Self.answer(SavedIndexes(folder: store.path + ".index", logger: Logger(label: "test")).load(name: "people", from: store).listing) == Self.answer(rebuilt))

        // Another locale's expectation is refused.
        #expect(throws: SavedIndexError.self) { try LiveListing.load(from: path, locale: "de") }
    }

    @Test("a file the change log no longer reaches back to, or of a listing replaced since, is rebuilt, saying why")
    func aFileTheLogCannotBringUpToDateIsRebuilt() throws {
        let (store, folder) = try Self.makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = SavedIndexes(folder: store.path + ".index", logger: Logger(label: "test"))
        _ = try saved.load(name: "people", from: store)  // built and saved
        _ = try store.upsertItems(listing: "people", items: [ItemInput(id: "x", text: "Xerxes")])
        #expect(try store.pruneChanges(before: Date(timeIntervalSinceNow: 1)) >= 1, "the insert's change pruned")
        let pruned = try SavedIndexes(folder: store.path + ".index", logger: Logger(label: "test")).load(name: "people", from: store)
        guard case let .built(reason) = pruned.outcome else { Issue.record("replayed past a pruned log: \(pruned.outcome)"); return }
        #expect(reason.contains("no longer reaches back"))
        #expect(try Self.answer(pruned.listing, "xerx") == ["X x Xerxes"])

        // Saved again at the current version; then the listing is replaced whole.
        _ = try store.replaceListing(name: "people", locale: "sv", columns: ListingColumns(), items: [ItemInput(text: "Ulla")])
        let replaced = try SavedIndexes(folder: store.path + ".index", logger: Logger(label: "test")).load(name: "people", from: store)
        guard case let .built(why) = replaced.outcome else { Issue.record("replayed across a replacement: \(replaced.outcome)"); return }
        #expect(why.contains("replaced"))
        #expect(try Self.answer(replaced.listing).map { $0.hasPrefix("U ") && $0.hasSuffix(" Ulla") } == [true])
    }

    @Test("a file built with another names setting (serve --names) is refused and rebuilt with the server's")
    func aFileBuiltWithAnotherNamesSettingIsRebuilt() throws {
        let (store, folder) = try Self.makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try store.replaceListing(name: "zh", locale: "zh", columns: ListingColumns(),
                                     items: [("z", "曾国藩"), ("s", "单田芳"), ("y", "张三")].map { ItemInput(id: $0, text: $1) })
        let plain = SavedIndexes(folder: store.path + ".index", logger: Logger(label: "test"))
        #expect(try Self.answer(plain.load(name: "zh", from: store).listing) == ["C z 曾国藩", "D s 单田芳", "Z y 张三"])
        let path = plain.path(for: "zh")
        #expect(throws: SavedIndexError.self) { try LiveListing.load(from: path, locale: "zh", names: true) }

        let names = SavedIndexes(folder: store.path + ".index", logger: Logger(label: "test"), names: true)
        #expect(try Self.answer(names.load(name: "zh", from: store).listing) == ["S s 单田芳", "Z z 曾国藩", "Z y 张三"])
        // Saved again, with names: loaded as it is by a server with --names.
        #expect(try Self.answer(LiveListing.load(from: path, locale: "zh", names: true).listing) == ["S s 单田芳", "Z z 曾国藩", "Z y 张三"])
    }

    @Test func aListingWithEditsIsSavedWithTheEditsMergedIn() throws {
        let (store, folder) = try Self.makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = SavedIndexes(folder: store.path + ".index", logger: Logger(label: "test"))
        var listing = try saved.load(name: "people", from: store).listing
        listing = try listing.applying([.put(LiveItem(seq: 1000, id: "q", text: "Quentin", pinned: true)), .remove(seq: 1)])
        #expect(listing.pendingEdits > 0)
        let path = folder.appendingPathComponent("edited.thumbidx").path
        try listing.save(to: path, metadata: [:])
        #expect(try Self.answer(LiveListing.load(from: path, locale: "sv").listing) == Self.answer(listing))
        #expect(try Self.answer(listing).first == "Favorites q Quentin")
    }

    @Test func aListingTypedIntoOnTheDialpadSinceItsSaveIsSavedAgainWithItsDialpadIndexOnce() throws {
        let (store, folder) = try Self.makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = SavedIndexes(folder: store.path + ".index", logger: Logger(label: "test"))
        let path = saved.path(for: "people")
        let (listing, version, _, _) = try saved.load(name: "people", from: store)  // built and saved
        func modified() throws -> Date { try #require(FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) }
        func savedDialpad() throws -> Bool { try LiveListing.load(from: path, locale: "sv").listing.baseHasDialpadIndex }
        #expect(try !savedDialpad())

        let before = try modified()
        saved.save(listing, name: "people", version: version)
        #expect(try modified() == before, "the same version, without a dial-pad index, is not saved again")

        #expect(try listing.filter("266", dialpad: true).total == 1)  // Anna
        saved.save(listing, name: "people", version: version)
        #expect(try savedDialpad(), "saved again, with the dial-pad index")
        let withDialpad = try modified()
        saved.save(listing, name: "people", version: version)
        #expect(try modified() == withDialpad, "and then not again")

        // A start loads it with the index: the first dial-pad query makes none.
        let loaded = try SavedIndexes(folder: store.path + ".index", logger: Logger(label: "test")).load(name: "people", from: store)
        #expect(loaded.outcome == .loaded)
        #expect(loaded.listing.rowsWithoutDialpadIndex == 0)
        #expect(try loaded.listing.filter("266", dialpad: true).total == 1)
    }
}
