import Foundation
import PropertyBased
import Testing
@testable import ThumbIndex

/// The public editing API: edits by id, batches all or nothing, snapshots that never change,
/// merges that change no answer, and saving and opening.
@Suite("Editable listings: edits by id, batches, snapshots, merges, saving")
struct EditableListingTests {
    typealias Item = EditableListing.Item

    /// The texts of every item of `snapshot`, in listing order.
    static func texts(_ snapshot: EditableListing.Snapshot, _ query: String = "") throws -> [String] {
        try snapshot.filter(query).matches(offset: 0, limit: Int.max).map(\.item.text)
    }

    static func book(_ items: [Item] = [], policy: EditableListing.MergePolicy = .manual) throws -> EditableListing {
        try EditableListing(items, locale: "sv", fields: [.text("company"), .phone("phone")], regionField: "region",
                            mergePolicy: policy)
    }

    static let people = [Item(id: "1", text: "Åsa Berg", fields: ["company": "Acme"]),
                         Item(id: "2", text: "Anna Ek", pinned: true),
                         Item(id: "3", text: "Östen Lund", fields: ["phone": "+46 8 123 456", "region": "SE"])]

    // MARK: Edits by id

    @Test("insert, rename, replace and delete name items by id, and every answer follows")
    func editsByID() throws {
        let book = try Self.book(Self.people)
        #expect(try Self.texts(book.snapshot) == ["Anna Ek", "Åsa Berg", "Östen Lund"])

        try book.insert(Item(id: "4", text: "Bo Ek"))
        try book.rename(id: "1", to: "Zoë Berg")
        try book.replace(Item(id: "3", text: "Östen Lund", pinned: true, fields: ["phone": "070 111 22 33"]))
        try book.delete(id: "2")

        book._checkInvariants()
        let snapshot = book.snapshot
        #expect(snapshot.version == 4)
        #expect(snapshot.count == 3)
        #expect(try Self.texts(snapshot) == ["Östen Lund", "Bo Ek", "Zoë Berg"])
        #expect(try snapshot.sections().map(\.title) == ["Favorites", "B", "Z"])
        // A rename keeps the item's other properties; a replace replaces them all.
        #expect(snapshot.item(id: "1") == Item(id: "1", text: "Zoë Berg", fields: ["company": "Acme"]))
        #expect(snapshot.item(id: "3") == Item(id: "3", text: "Östen Lund", pinned: true, fields: ["phone": "070 111 22 33"]))
        #expect(snapshot.item(id: "2") == nil)
        // Fields are searched at once: the new number, not the old one.
        #expect(try Self.texts(snapshot, "0701") == ["Östen Lund"])
        #expect(try snapshot.filter("123 456").total == 0)
        let acme = try #require(try snapshot.filter("acme").matches(offset: 0, limit: 1).first)
        #expect(acme.fieldMatches == [FieldMatch(field: "company", text: "Acme", ranges: [0..<4])])
    }

    @Test("a rename without a reading drops the old reading (it belonged to the old text)")
    func renameReplacesTheReading() throws {
        let book = try EditableListing([Item(id: "t", text: "田中", reading: "たなか")], locale: "ja")
        #expect(try book.snapshot.sections().map(\.title) == ["た"])
        try book.rename(id: "t", to: "山田", reading: "やまだ")
        #expect(try book.snapshot.sections().map(\.title) == ["や"])
        try book.rename(id: "t", to: "Yamada")
        #expect(book.snapshot.item(id: "t")?.reading == nil)
        #expect(try book.snapshot.sections().map(\.title) == ["Y"])
    }

    @Test("equal texts keep the order they were first inserted in, across renames and replaces")
    func equalTextsInInsertionOrder() throws {
        let book = try Self.book([Item(id: "b", text: "Ek"), Item(id: "a", text: "Ek")])
        try book.insert(Item(id: "c", text: "Ek"))
        try book.rename(id: "b", to: "Ek")
        #expect(try book.snapshot.filter("").matches(offset: 0, limit: 9).map(\.item.id) == ["b", "a", "c"])
        try book.merge()
        #expect(try book.snapshot.filter("").matches(offset: 0, limit: 9).map(\.item.id) == ["b", "a", "c"])
    }

    // MARK: Errors naming the id

    @Test("a missing id, a taken id, an empty id and an unknown field are errors that name the edit and the id",
          arguments: [
            (EditableListing.Edit.rename(id: "9", to: "X", reading: nil), EditableListing.EditError.Reason.noSuchID),
            (.replace(Item(id: "9", text: "X")), .noSuchID),
            (.delete(id: "9"), .noSuchID),
            (.insert(Item(id: "1", text: "X")), .duplicateID),
            (.insert(Item(id: "", text: "X")), .emptyID),
            (.insert(Item(id: "5", text: "X", fields: ["compnay": "Acme"])), .unknownField("compnay")),
            (.replace(Item(id: "1", text: "X", fields: ["e-mail": "x@y"])), .unknownField("e-mail")),
          ])
    func idErrors(edit: EditableListing.Edit, reason: EditableListing.EditError.Reason) throws {
        let book = try Self.book(Self.people)
        let error = try #require(throws: EditableListing.EditError.self) { try book.apply([edit]) }
        #expect(error.reason == reason)
        #expect(error.id == edit.id)
        #expect(error.position == 0)
        #expect(error.edit == edit)
        #expect(error.description.contains("edit 1 of the batch"))
        #expect(error.description.contains("'\(edit.id)'"))
        #expect(error.description.hasSuffix("nothing of the batch was applied"))
        #expect(book.snapshot.version == 0)
        #expect(try Self.texts(book.snapshot) == ["Anna Ek", "Åsa Berg", "Östen Lund"])
    }

    @Test("the error of a missing id reads as one plain line")
    func errorMessage() throws {
        let book = try Self.book(Self.people)
        let error = try #require(throws: EditableListing.EditError.self) { try book.delete(id: "9") }
        #expect(error.description == "edit 1 of the batch (delete '9'): no item has id '9'; nothing of the batch was applied")
    }

    @Test("building a listing with two items of one id, or an empty id, is refused")
    func initErrors() throws {
        let twice = try #require(throws: EditableListing.EditError.self) {
            try Self.book([Item(id: "1", text: "A"), Item(id: "2", text: "B"), Item(id: "1", text: "C")])
        }
        #expect(twice.reason == .duplicateID && twice.id == "1" && twice.position == 2)
        #expect(throws: EditableListing.EditError.self) { try Self.book([Item(id: "", text: "A")]) }
    }

    // MARK: Batches, all or nothing

    @Test("a batch whose third edit fails applies none of its edits, and says which edit failed")
    func batchIsAllOrNothing() throws {
        let book = try Self.book(Self.people)
        let before = book.snapshot
        var batch = EditableListing.Batch()
        batch.insert(Item(id: "4", text: "Bo Ek"))
        batch.rename(id: "1", to: "Zoë Berg")
        batch.delete(id: "7")
        batch.insert(Item(id: "5", text: "Cecilia"))
        let error = try #require(throws: EditableListing.EditError.self) { try book.apply(batch) }
        #expect(error.reason == .noSuchID && error.id == "7" && error.position == 2)
        #expect(error.description.hasPrefix("edit 3 of the batch (delete '7')"))

        let after = book.snapshot
        #expect(after.version == before.version)
        #expect(after.count == 3)
        #expect(after.item(id: "4") == nil)
        #expect(after.item(id: "1")?.text == "Åsa Berg")
        #expect(try Self.texts(after) == Self.texts(before))
        // The same batch without the failing edit applies whole, as one version.
        batch.edits.remove(at: 2)
        let applied = try book.apply(batch)
        #expect(applied.version == before.version + 1)
        #expect(try Self.texts(applied) == ["Anna Ek", "Bo Ek", "Cecilia", "Zoë Berg", "Östen Lund"])
    }

    @Test("a batch sees its own earlier edits: insert then rename, delete then insert the same id")
    func batchSeesItsOwnEdits() throws {
        let book = try Self.book(Self.people)
        try book.apply([.insert(Item(id: "4", text: "Bo")), .rename(id: "4", to: "Bo Ek", reading: nil),
                        .delete(id: "2"), .insert(Item(id: "2", text: "Anna Eklund")),
                        .insert(Item(id: "5", text: "Temp")), .delete(id: "5")])
        let snapshot = book.snapshot
        #expect(snapshot.version == 1)
        #expect(try Self.texts(snapshot) == ["Anna Eklund", "Bo Ek", "Åsa Berg", "Östen Lund"])
        // A deleted id is gone for the edits after it, in the same batch.
        let error = try #require(throws: EditableListing.EditError.self) {
            try book.apply([.delete(id: "4"), .rename(id: "4", to: "Again", reading: nil)])
        }
        #expect(error.position == 1 && error.reason == .noSuchID)
        #expect(book.snapshot.item(id: "4")?.text == "Bo Ek")
    }

    @Test("every id of 5000 items is found, through deletes, renames, a compaction and a merge; other ids are not")
    func idLookups() throws {
        let items = (0..<5000).map { Item(id: "id-\($0 * 7919 % 10007)", text: "Name \($0)") }
        let book = try EditableListing(items, locale: "en", mergePolicy: .manual)
        var batch = EditableListing.Batch()
        for k in stride(from: 0, to: 5000, by: 50) { batch.delete(id: items[k].id) }
        for k in stride(from: 1, to: 5000, by: 50) { batch.rename(id: items[k].id, to: "Renamed \(k)") }
        try book.apply(batch)
        for step in 0..<3 {
            let snapshot = step == 0 ? book.snapshot : step == 1 ? try book.compact() : try book.merge()
            for (k, item) in items.enumerated() {
                let expected: Item? = k % 50 == 0 ? nil : k % 50 == 1 ? Item(id: item.id, text: "Renamed \(k)") : item
                #expect(snapshot.item(id: item.id) == expected, "step \(step), item \(k)")
            }
            for missing in ["id-5000000", "", "id-", "Name 3"] { #expect(snapshot.item(id: missing) == nil) }
        }
    }

    @Test("an empty batch changes nothing, not even the version")
    func emptyBatch() throws {
        let book = try Self.book(Self.people)
        #expect(try book.apply([]).version == 0)
    }

    // MARK: Snapshots

    @Test("a snapshot never changes: writes, a compaction and a merge after it leave its answers as they were")
    func snapshotIsolation() throws {
        let book = try Self.book(Self.people)
        let old = book.snapshot
        let oldAnswer = try old.filter("e").matches(offset: 0, limit: 10)
        try book.insert(Item(id: "4", text: "Eva"))
        try book.delete(id: "1")
        try book.compact()
        try book.rename(id: "3", to: "Erik")
        try book.merge()
        #expect(old.version == 0)
        #expect(old.count == 3)
        #expect(old.item(id: "1")?.text == "Åsa Berg")
        #expect(old.item(id: "4") == nil)
        #expect(try old.filter("e").matches(offset: 0, limit: 10) == oldAnswer)
        #expect(try Self.texts(book.snapshot) == ["Anna Ek", "Erik", "Eva"])
    }

    @Test("a merge and a compaction change no answer and no version, only the levels")
    func mergeChangesNoAnswer() throws {
        let book = try Self.book(Self.people)
        for i in 0..<20 { try book.insert(Item(id: "n\(i)", text: "Namn \(i % 7)", pinned: i % 5 == 0)) }
        try book.delete(id: "1")
        try book.rename(id: "n3", to: "Ärla")
        let before = book.snapshot
        #expect(before.pendingEdits > 0)
        for publish in [{ try book.compact() }, { try book.merge() }] {
            let after = try publish()
            #expect(after.version == before.version)
            for query in ["", "n", "namn 3", "ä", "ek", "123"] {
                let a = try before.filter(query), b = try after.filter(query)
                #expect(a.sections == b.sections, "\(query)")
                #expect(a.indexTitles == b.indexTitles, "\(query)")
                #expect(try a.matches(offset: 0, limit: 100) == b.matches(offset: 0, limit: 100), "\(query)")
            }
        }
        #expect(book.snapshot.pendingEdits == 0)
    }

    @Test("readers filtering snapshots while a writer applies batches and merges only ever see whole batches")
    func readersSeeWholeBatches() async throws {
        // Every batch inserts two items and renames one: a snapshot of version v has 2v items, and
        // its renamed items are exactly those of the batches before v.
        let book = try EditableListing(locale: "en", mergePolicy: .init(compactAfter: 4, mergeAfterEdits: 16,
                                                                       mergeAfterFraction: 0.1))
        let batches = 60
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for v in 0..<batches {
                    try book.apply([.insert(Item(id: "a\(v)", text: "Item \(v)")), .insert(Item(id: "b\(v)", text: "Other \(v)")),
                                    .rename(id: "a\(v)", to: "Renamed \(v)", reading: nil)])
                    if v % 25 == 24 { try book.merge() }
                }
            }
            for _ in 0..<3 {
                group.addTask { () async throws in
                    var lastVersion = 0
                    while lastVersion < batches {
                        let snapshot = book.snapshot
                        #expect(snapshot.version >= lastVersion)
                        lastVersion = snapshot.version
                        #expect(snapshot.count == 2 * snapshot.version)
                        #expect(try snapshot.filter("renamed").total == snapshot.version)
                        #expect(try snapshot.filter("item").total == 0)
                        #expect(try snapshot.filter("other").total == snapshot.version)
                        await Task.yield()
                    }
                }
            }
            try await group.waitForAll()
        }
        EditableListing.waitForBackgroundMaintenance()
        book._checkInvariants()
        #expect(book.snapshot.count == 2 * batches)
        #expect(book.snapshot.pendingEdits < 16 + 3)
    }

    // MARK: Merge policy

    @Test("the policy compacts past its tail size and merges past its pending edits, on the writer's thread")
    func policyOnTheWritersThread() throws {
        let policy = EditableListing.MergePolicy(compactAfter: 3, mergeAfterEdits: 10, mergeAfterFraction: 0, inBackground: false)
        let book = try EditableListing(locale: "en", mergePolicy: policy)
        for i in 0..<3 { try book.insert(Item(id: "\(i)", text: "\(i)")) }
        #expect(book.snapshot.live.tailCount == 0)            // compacted by the third write
        #expect(book.snapshot.pendingEdits == 3)
        for i in 3..<10 { try book.insert(Item(id: "\(i)", text: "\(i)")) }
        #expect(book.snapshot.pendingEdits == 0)              // merged by the tenth
        #expect(book.snapshot.count == 10)
        #expect(EditableListing.MergePolicy.automatic.mergeThreshold(forCount: 1_000_000) == 100_000)
        #expect(EditableListing.MergePolicy.automatic.mergeThreshold(forCount: 1_000) == 4096)
    }

    @Test("a compaction is claimed while a merge runs, and a merge while a compaction runs, never two of one kind")
    func compactionBesideAMerge() throws {
        let book = try EditableListing(locale: "en", mergePolicy: .manual)
        for i in 0..<5 { try book.insert(Item(id: "\(i)", text: "Name \(i)")) }
        let live = book.snapshot.live  // 5 pending edits, all in the tail
        let policy = EditableListing.MergePolicy(compactAfter: 2, mergeAfterEdits: 3, mergeAfterFraction: 0)
        let other = try EditableListing(locale: "en", mergePolicy: policy)
        var state = EditableListing.WriterState(nextSeq: 5)
        #expect(other.claimMaintenance(for: live, &state) == [.merge, .compaction])
        #expect(other.claimMaintenance(for: live, &state) == [])  // both running
        state.policyJobsRunning.remove(.compaction)
        #expect(other.claimMaintenance(for: live, &state) == [.compaction])  // the merge still runs
        state.policyJobsRunning.remove(.merge)
        #expect(other.claimMaintenance(for: live, &state) == [.merge])  // the compaction still runs
    }

    @Test("a compaction that a merge overtakes is dropped: the merge's levels stay, with every edit made meanwhile")
    func compactionOvertakenByAMerge() throws {
        let book = try Self.book(Self.people)
        for i in 0..<20 { try book.insert(Item(id: "n\(i)", text: "Namn \(i % 7)")) }
        // The compaction builds its run of the 20 items, then waits while the book is written and merged.
        let built = DispatchSemaphore(value: 0), merged = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        // Written by the compaction's thread before `done` is signalled, read after it is waited for.
        final class Outcome: @unchecked Sendable { var error: (any Error)? }
        let outcome = Outcome()
        let compaction = Thread {
            do {
                _ = try book.runJob(.compaction, built: { built.signal(); merged.wait() })
            } catch {
                outcome.error = error
                built.signal()  // a compaction that fails before its hook must not leave the test waiting
            }
            done.signal()
        }
        compaction.start()
        built.wait()
        try book.insert(Item(id: "m", text: "Mitt"))  // during both jobs
        try book.merge()
        try book.rename(id: "n3", to: "Ärla")  // after the merge, during the compaction
        try book.delete(id: "2")
        let afterMerge = book.snapshot
        merged.signal()
        done.wait()
        #expect(outcome.error == nil)

        let snapshot = book.snapshot
        // Published, the compaction would bring back the base and the tail the merge replaced.
        #expect(snapshot.pendingEdits == afterMerge.pendingEdits)
        #expect(snapshot.live.runCount == afterMerge.live.runCount)
        #expect(snapshot.count == 23)
        let fresh = try Self.book(Self.people.filter { $0.id != "2" } + (0..<20).map {
            Item(id: "n\($0)", text: $0 == 3 ? "Ärla" : "Namn \($0 % 7)")
        } + [Item(id: "m", text: "Mitt")])
        for query in ["", "n", "namn 3", "ä", "mitt", "ek", "acme", "123"] {
            let a = try snapshot.filter(query), b = try fresh.snapshot.filter(query)
            #expect(a.sections == b.sections, "\(query)")
            #expect(try a.matches(offset: 0, limit: 100).map(\.item) == b.matches(offset: 0, limit: 100).map(\.item), "\(query)")
        }
    }

    @Test("the automatic policy merges in the background, and the result holds every edit")
    func policyInTheBackground() throws {
        let policy = EditableListing.MergePolicy(compactAfter: 2, mergeAfterEdits: 8, mergeAfterFraction: 0)
        let book = try EditableListing(locale: "en", mergePolicy: policy)
        for i in 0..<30 { try book.insert(Item(id: "\(i)", text: "Name \(i)")) }
        EditableListing.waitForBackgroundMaintenance()
        let snapshot = book.snapshot
        #expect(snapshot.count == 30)
        #expect(snapshot.pendingEdits < 8)
        #expect(try snapshot.filter("name").total == 30)
    }

    // MARK: Saving and opening

    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("editable-\(UUID().uuidString).thumbidx").path
    }

    @Test("saving and opening keep the items, ids, readings, fields, regions, order and metadata")
    func saveAndOpenRoundTrip() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let book = try Self.book(Self.people + [Item(id: "4", text: "Ek", reading: "Ek"), Item(id: "5", text: "Ek")])
        try book.insert(Item(id: "6", text: "Ek", fields: ["phone": "+34844 468 710", "region": "es_ES"]))
        try book.rename(id: "1", to: "Åsa Bergman")
        try book.delete(id: "2")
        let saved = try book.save(to: path, metadata: ["nextID": "7"])
        #expect(saved.pendingEdits == 0)

        let (opened, metadata) = try EditableListing.load(from: path, locale: "sv", mergePolicy: .manual)
        #expect(metadata == ["nextID": "7"])
        let snapshot = opened.snapshot
        #expect(snapshot.fields == [.text("company"), .phone("phone")])
        #expect(snapshot.regionField == "region")
        for query in ["", "ek", "acme", "844", "åsa", "123"] {
            let a = try saved.filter(query), b = try snapshot.filter(query)
            #expect(a.sections == b.sections, "\(query)")
            #expect(try a.matches(offset: 0, limit: 100) == b.matches(offset: 0, limit: 100), "\(query)")
        }
        for id in ["1", "3", "4", "5", "6"] { #expect(snapshot.item(id: id) == saved.item(id: id)) }
        #expect(snapshot.item(id: "6")?.fields == ["phone": "+34844 468 710", "region": "es_ES"])

        // Edits go on after opening: a new "Ek" comes after the saved ones, ids are still checked.
        try opened.insert(Item(id: "7", text: "Ek"))
        #expect(try opened.snapshot.filter("ek").matches(offset: 0, limit: 9).map(\.item.id) == ["4", "5", "6", "7"])
        #expect(throws: EditableListing.EditError.self) { try opened.insert(Item(id: "3", text: "Again")) }
        try opened.delete(id: "3")
        #expect(opened.snapshot.item(id: "3") == nil)
    }

    @Test("opening a missing file, or one of another locale, throws a SavedIndexError naming the file")
    func openErrors() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let missing = try #require(throws: SavedIndexError.self) { try EditableListing.load(from: path, locale: "sv") }
        #expect(missing.reason == .notFound && missing.path == path)
        try Self.book(Self.people).save(to: path)
        let other = try #require(throws: SavedIndexError.self) { try EditableListing.load(from: path, locale: "de") }
        #expect(other.reason == .otherLocale(found: "sv", expected: "de"))
        #expect(other.description.contains(path))
    }

    @Test("a saved snapshot is the listing as of that snapshot, whatever was written after it")
    func savingASnapshot() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let book = try Self.book(Self.people)
        try book.insert(Item(id: "4", text: "Bo"))
        let snapshot = book.snapshot
        try book.delete(id: "1")
        try snapshot.save(to: path)
        #expect(try Self.texts(EditableListing.load(from: path, locale: "sv").listing.snapshot)
                == ["Anna Ek", "Bo", "Åsa Berg", "Östen Lund"])
    }

    // MARK: Against the model

    @Test("random edits by id, batches, compactions and merges: every answer equals a fresh build's",
          arguments: ["sv", "ja"])
    func randomEditsAgainstTheModel(locale: String) async throws {
        let collation = try IndexedCollation(locale: locale)
        await propertyCheck(count: Cases.scaled(8), input: Gen.int(in: 0...20), Gen.int(in: 1...25), Gen.int(in: 0...1_000_000)) { initialCount, stepCount, seed in
            var generator = SeededGenerator(state: UInt64(seed))
            // The model knows items by seq (their insertion order); the listing by id.
            var model = LiveModel(collation: collation)
            var seqOfID: [String: Int] = [:]
            var nextSeq = 0
            func newItem() -> LiveItem {
                defer { nextSeq += 1 }
                return LiveItem(seq: nextSeq, id: "id\(nextSeq)", text: LiveListingPropertyTests.randomText(&generator),
                                reading: LiveListingPropertyTests.randomReading(&generator),
                                pinned: Int.random(in: 0...5, using: &generator) == 0)
            }
            func publicItem(_ item: LiveItem) -> Item {
                Item(id: item.id, text: item.text, reading: item.reading, pinned: item.pinned)
            }
            var initial: [Item] = []
            for _ in 0..<initialCount {
                let item = newItem()
                model.items[item.seq] = item
                seqOfID[item.id] = item.seq
                initial.append(publicItem(item))
            }
            let book = try EditableListing(initial, collation: collation, mergePolicy: .manual)
            for _ in 0..<stepCount {
                var batch = EditableListing.Batch()
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let ids = seqOfID.keys.sorted()
                    switch (Int.random(in: 0...9, using: &generator), ids.randomElement(using: &generator)) {
                    case (0...3, _), (_, nil):
                        let item = newItem()
                        model.items[item.seq] = item
                        seqOfID[item.id] = item.seq
                        batch.insert(publicItem(item))
                    case (4...6, let id?):
                        let text = LiveListingPropertyTests.randomText(&generator)
                        let reading = LiveListingPropertyTests.randomReading(&generator)
                        model.items[seqOfID[id]!]!.text = text
                        model.items[seqOfID[id]!]!.reading = reading?.isEmpty == true ? nil : reading
                        batch.rename(id: id, to: text, reading: reading)
                    case (_, let id?):
                        model.items[seqOfID.removeValue(forKey: id)!] = nil
                        batch.delete(id: id)
                    }
                }
                switch Int.random(in: 0...9, using: &generator) {
                case 0: try book.compact()
                case 1: try book.merge()
                default: break
                }
                try book.apply(batch)
                book._checkInvariants()
                #expect(book.snapshot.count == model.items.count)
                try LiveListingPropertyTests.expectSame(book.snapshot.live, model, generator: &generator)
            }
        }
    }
}
