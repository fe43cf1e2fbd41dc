import Foundation
import Testing
@testable import ThumbIndexStore

/// The store's behaviour, run against each store: `freshStore()` and `reopened(_:)` are the test
/// target's own (Support/TestStores.swift); the PostgreSQL store's tests link this file.
@Suite("ListingStore: listings, items, ids, versions")
struct ListingStoreTests {
    let people = ListingColumns(text: "name", reading: "reading", pin: "favorite", order: ["name", "reading", "favorite", "phone"])

    @Test("create, replace and delete a listing; listings stay in creation order")
    func listingLifecycle() throws {
        let store = try freshStore()
        #expect(try store.listings().isEmpty)
        let created = try store.replaceListing(name: "people", locale: "sv", columns: people,
                                               items: [ItemInput(text: "Åsa"), ItemInput(id: "a", text: "Anna", reading: "anna", pinned: true, fields: ["phone": "12"])])
        #expect(created.created)
        #expect(created.items.map(\.text) == ["Åsa", "Anna"])
        #expect(created.items[1] == StoredItem(seq: created.items[0].seq + 1, id: "a", text: "Anna", reading: "anna", pinned: true, fields: ["phone": "12"]))
        _ = try store.replaceListing(name: "cities", locale: "de", columns: ListingColumns(), items: [])

        let replaced = try store.replaceListing(name: "people", locale: "fi", columns: people, items: [ItemInput(text: "Öljy")])
        #expect(!replaced.created)
        #expect(replaced.items[0].seq > created.items[1].seq, "replaced items get new seqs")
        #expect(try store.listings().map(\.name) == ["people", "cities"], "a replaced listing keeps its place")
        let info = try #require(try store.listing(named: "people"))
        #expect(info.locale == "fi" && info.itemCount == 1 && info.columns == people)
        #expect(try allItems(store, "people").map(\.text) == ["Öljy"])

        #expect(try store.deleteListing(name: "people") != nil)
        #expect(try store.deleteListing(name: "people") == nil)
        #expect(try store.listing(named: "people") == nil)
        #expect(try store.listings().map(\.name) == ["cities"])
        #expect(storeError { try store.item(listing: "people", id: "a") } == .noSuchListing("people"))
    }

    @Test("upserting an existing id replaces the item in place: same seq, same place in seq order")
    func upsertKeepsSeq() throws {
        let store = try freshStore()
        let stored = try store.replaceListing(name: "l", locale: "en", columns: ListingColumns(),
                                              items: [ItemInput(id: "a", text: "A"), ItemInput(id: "b", text: "B")]).items
        let changes = try store.upsertItems(listing: "l", items: [ItemInput(id: "a", text: "A2", pinned: true), ItemInput(id: "c", text: "C")])
        #expect(changes[0].old == stored[0])
        #expect(changes[0].new == StoredItem(seq: stored[0].seq, id: "a", text: "A2", reading: nil, pinned: true))
        #expect(changes[1].old == nil && changes[1].new.seq > stored[1].seq)
        #expect(try allItems(store, "l").map(\.id) == ["a", "b", "c"])
        #expect(try store.listing(named: "l")?.itemCount == 3)
    }

    @Test("assigned ids: n + seq, the next free suffix when a client took it, stable and never reused across reopening")
    func assignedIDs() throws {
        var store = try freshStore()
        let first = try store.replaceListing(name: "l", locale: "en", columns: ListingColumns(), items: [ItemInput(text: "x")]).items[0]
        #expect(first.id == "n\(first.seq)")
        // A client takes the next assigned id, in the same batch as the item that would get it.
        let next = first.seq + 1
        let changes = try store.upsertItems(listing: "l", items: [ItemInput(text: "y"), ItemInput(id: "n\(next)", text: "z")])
        #expect(changes[0].new.id == "n\(next)-2")
        #expect(changes[1].new.id == "n\(next)")
        // Deleting the last item does not free its seq or its id.
        let deleted = try #require(try store.deleteItem(listing: "l", id: "n\(next)")).item
        store = try reopened(store)
        let later = try store.upsertItems(listing: "l", items: [ItemInput(text: "w")])[0].new
        #expect(later.seq > deleted.seq)
        #expect(later.id == "n\(later.seq)")
        #expect(try allItems(store, "l").map(\.id) == [first.id, "n\(next)-2", later.id])
        #expect(try store.item(listing: "l", id: first.id) == first)
    }

    @Test("patch and delete: the item changes in place; an unknown id is nil and writes nothing")
    func patchAndDelete() throws {
        let store = try freshStore()
        let item = try store.replaceListing(name: "l", locale: "ja", columns: ListingColumns(),
                                            items: [ItemInput(id: "x", text: "山田", reading: "やまだ", fields: ["k": "v"])]).items[0]
        let version = try #require(try store.version(listing: "l"))
        #expect(try store.patchItem(listing: "l", id: "nope", patch: ItemPatch(text: "t")) == nil)
        #expect(try store.deleteItem(listing: "l", id: "nope") == nil)
        #expect(try store.version(listing: "l") == version, "nothing written, no new version")

        let cleared = try #require(try store.patchItem(listing: "l", id: "x", patch: ItemPatch(reading: .some(nil), pinned: true)))
        #expect(cleared.old == item)
        #expect(cleared.new == StoredItem(seq: item.seq, id: "x", text: "山田", reading: nil, pinned: true, fields: ["k": "v"]))
        let renamed = try #require(try store.patchItem(listing: "l", id: "x", patch: ItemPatch(text: "山本", reading: "やまもと")))
        #expect(renamed.new.text == "山本" && renamed.new.reading == "やまもと" && renamed.new.pinned)
        #expect(storeError { try store.patchItem(listing: "l", id: "x", patch: ItemPatch(text: " ")) } == .invalid(field: "text", reason: "is blank (only white space)"))
        #expect(try store.deleteItem(listing: "l", id: "x")?.item == renamed.new)
        #expect(try store.listing(named: "l")?.itemCount == 0)
        #expect(storeError { try store.patchItem(listing: "m", id: "x", patch: ItemPatch()) } == .noSuchListing("m"))
        #expect(storeError { try store.deleteItem(listing: "m", id: "x") } == .noSuchListing("m"))
        #expect(storeError { try store.upsertItems(listing: "m", items: []) } == .noSuchListing("m"))
        #expect(storeError { try store.forEachItem(listing: "m") { _ in } } == .noSuchListing("m"))
    }

    @Test("a batch with one invalid item writes nothing")
    func batchAtomicity() throws {
        let store = try freshStore()
        let before = try store.replaceListing(name: "l", locale: "en", columns: ListingColumns(), items: [ItemInput(id: "a", text: "A")]).items
        let version = try store.version(listing: "l")
        let bad = [ItemInput(id: "a", text: "changed"), ItemInput(text: "new"), ItemInput(text: "tab\there")]
        #expect(storeError { try store.upsertItems(listing: "l", items: bad) }?.itemPosition == 2)
        #expect(storeError { try store.replaceListing(name: "l", locale: "en", columns: ListingColumns(), items: bad) }?.itemPosition == 2)
        #expect(storeError { try store.replaceListing(name: "new", locale: "en", columns: ListingColumns(), items: bad) }?.itemPosition == 2)
        #expect(try allItems(store, "l") == before)
        #expect(try store.version(listing: "l") == version)
        #expect(try store.listing(named: "new") == nil)
        // After a refused batch the seqs go on as if it never happened.
        let next = try store.upsertItems(listing: "l", items: [ItemInput(text: "B")])[0].new
        #expect(next.seq == before[0].seq + 1)
    }

    @Test("the version grows with every write to the listing, and only then; a recreated listing never repeats one")
    func versions() throws {
        let store = try freshStore()
        #expect(try store.version(listing: "l") == nil)
        _ = try store.replaceListing(name: "l", locale: "en", columns: ListingColumns(), items: [])
        var versions = [try #require(try store.version(listing: "l"))]
        func wrote() throws {
            let version = try #require(try store.version(listing: "l"))
            #expect(version > versions.last!)
            #expect(try store.listing(named: "l")?.version == version)
            versions.append(version)
        }
        _ = try store.upsertItems(listing: "l", items: [ItemInput(id: "a", text: "A")]); try wrote()
        _ = try store.patchItem(listing: "l", id: "a", patch: ItemPatch(pinned: true)); try wrote()
        _ = try store.replaceListing(name: "other", locale: "en", columns: ListingColumns(), items: [])
        #expect(try store.version(listing: "l") == versions.last, "writes to other listings leave it alone")
        _ = try store.deleteItem(listing: "l", id: "a"); try wrote()
        _ = try store.replaceListing(name: "l", locale: "en", columns: ListingColumns(), items: []); try wrote()
        _ = try store.deleteListing(name: "l")
        _ = try store.replaceListing(name: "l", locale: "en", columns: ListingColumns(), items: []); try wrote()
    }

    @Test("a store closed and opened again holds everything it held")
    func reopen() throws {
        var store = try freshStore()
        let items = try store.replaceListing(name: "people", locale: "sv", columns: people,
                                             items: [ItemInput(id: "1", text: "Åsa", fields: ["phone": "", "favorite": "yes"]), ItemInput(text: "Anna", reading: "")]).items
        _ = try store.upsertItems(listing: "people", items: [ItemInput(text: "Bo", fields: ["email": "bo@example.com"])])
        let listings = try store.listings()
        let all = try allItems(store, "people")
        #expect(all.prefix(2) == items[...])
        #expect(all[1].reading == nil, "an empty reading is stored as none")
        #expect(listings[0].columns.order == people.order + ["email"], "new field names join the columns")
        store = try reopened(store)
        #expect(try store.listings() == listings)
        #expect(try allItems(store, "people") == all)
    }

    @Test("every error names what was wrong and where", arguments: [
        (ItemInput(id: "", text: "x"), "items[1].id: is empty"),
        (ItemInput(id: String(repeating: "é", count: 201), text: "x"), "items[1].id: has 201 characters; the most is 200"),
        (ItemInput(id: "a\u{7}b", text: "x"), "items[1].id: holds the control character U+0007"),
        (ItemInput(text: "a\u{85}b"), "items[1].text: holds the control character U+0085"),
        (ItemInput(text: ""), "items[1].text: is empty"),
        (ItemInput(text: " \u{3000}"), "items[1].text: is blank"),
        (ItemInput(text: "a\nb"), "items[1].text: holds a newline"),
        (ItemInput(text: String(repeating: "ä", count: 2049)), "items[1].text: has 4098 UTF-8 bytes; the most is 4096"),
        (ItemInput(text: "x", reading: "a\tb"), "items[1].reading: holds a tab"),
        (ItemInput(text: "x", fields: ["phone": "1\t2"]), "items[1].fields.phone: holds a tab"),
        (ItemInput(text: "x", fields: ["": "1"]), "items[1].fields: is empty"),
        (ItemInput(text: "x", fields: ["name": "1"]), "items[1].fields.name: 'name' is the listing's text column"),
        (ItemInput(id: "ok", text: "x"), "items[1].id: 'ok' is also the id of items[0]"),
    ])
    func errors(item: ItemInput, message: String) throws {
        let store = try freshStore()
        let error = storeError { try store.replaceListing(name: "l", locale: "en", columns: people, items: [ItemInput(id: "ok", text: "fine"), item]) }
        #expect(error?.description.hasPrefix(message) == true, "\(String(describing: error))")
        #expect(try store.listing(named: "l") == nil)
    }

    @Test("C1 control characters other than NEL are kept, as real data has them (GeoNames: U+009F)")
    func c1ControlsAreKept() throws {
        let store = try freshStore()
        _ = try store.replaceListing(name: "l", locale: "en", columns: people, items: [ItemInput(text: "Takht-e Qey\u{9F}ar")])
        #expect(try allItems(store, "l").map(\.text) == ["Takht-e Qey\u{9F}ar"])
    }

    @Test("bad names and columns are refused, naming the part")
    func badListings() throws {
        let store = try freshStore()
        #expect(storeError { try store.replaceListing(name: "", locale: "en", columns: ListingColumns(), items: []) }?.description == "name: is empty")
        #expect(storeError { try store.replaceListing(name: "l", locale: "", columns: ListingColumns(), items: []) }?.description == "locale: is empty")
        #expect(storeError { try store.replaceListing(name: "l", locale: "en", columns: ListingColumns(order: ["text", "text"]), items: []) }?.description == "columns.order: names column 'text' twice")
        #expect(storeError { try store.replaceListing(name: "l", locale: "en", columns: ListingColumns(order: ["x"]), items: []) }?.description == "columns.order: lacks the text column 'text'")
        #expect(storeError { try store.importListing(name: "l", locale: "en", columns: ListingColumns(), items: [ItemInput](), replacing: false) } == nil)
        #expect(storeError { try store.importListing(name: "l", locale: "en", columns: ListingColumns(), items: [ItemInput](), replacing: false) } == .listingExists("l"))
    }

    @Test("forEachItem streams a big listing in seq order")
    func bigListing() throws {
        let store = try freshStore()
        let count = 50_000
        var reported: [Double] = []
        let result = try store.importListing(name: "big", locale: "en", columns: ListingColumns(),
                                             items: (0..<count).lazy.map { ItemInput(text: "item \($0)") }, replacing: false) { reported.append($0) }
        #expect(result.created && result.listing.itemCount == count)
        #expect(reported.last == 1 && reported.count > 10)
        var previous: Int64 = 0, seen = 0
        try store.forEachItem(listing: "big") { item in
            #expect(item.seq > previous && item.text == "item \(seen)")
            previous = item.seq
            seen += 1
        }
        #expect(seen == count)
    }
}
