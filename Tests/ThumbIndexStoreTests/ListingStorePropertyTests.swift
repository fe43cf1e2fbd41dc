import PropertyBased
import Testing
@testable import ThumbIndexStore

/// The store as a dictionary: what a listing must hold after each operation, written plainly.
private struct Model {
    var items: [String: StoredItem] = [:]
    /// The seq the next inserted item gets: one past every seq ever handed out.
    var nextSeq: Int64

    /// The id the store assigns the next inserted item, given the client ids of its batch.
    func assignedID(batchIDs: Set<String>) -> String {
        var attempt = 1
        while items[ItemLimits.assignedID(seq: nextSeq, attempt: attempt)] != nil
                || batchIDs.contains(ItemLimits.assignedID(seq: nextSeq, attempt: attempt)) { attempt += 1 }
        return ItemLimits.assignedID(seq: nextSeq, attempt: attempt)
    }

    mutating func upsert(_ inputs: [ItemInput]) {
        let batchIDs = Set(inputs.compactMap(\.id))
        for input in inputs {
            if let id = input.id, let old = items[id] {
                items[id] = StoredItem(seq: old.seq, id: id, text: input.text, reading: input.reading, pinned: input.pinned, fields: input.fields)
            } else {
                let id = input.id ?? assignedID(batchIDs: batchIDs)
                items[id] = StoredItem(seq: nextSeq, id: id, text: input.text, reading: input.reading, pinned: input.pinned, fields: input.fields)
                nextSeq += 1
            }
        }
    }

    var inSeqOrder: [StoredItem] { items.values.sorted { $0.seq < $1.seq } }
}

@Suite("ListingStore against a dictionary model, on random operation sequences")
struct ListingStorePropertyTests {
    /// Ids clients use, including ones that look assigned.
    static let ids = ["a", "b", "c", "n1", "n2", "n3", "n5", "n5-2", "ÅÄÖ 1"]

    /// An item decoded from a number: an id (or none), a text, a reading, a pin, maybe a field.
    static func input(_ code: Int) -> ItemInput {
        ItemInput(id: code % 3 == 0 ? nil : ids[(code / 3) % ids.count], text: "t\(code % 97)",
                  reading: code % 5 == 0 ? "r\(code % 7)" : nil, pinned: code % 4 == 0,
                  fields: code % 6 == 0 ? ["f": "v\(code % 11)"] : [:])
    }

    @Test("every operation does to the store what it does to the model; refused ones do nothing")
    func randomOperations() async throws {
        await propertyCheck(count: 60, input: Gen.int(in: 0...1_000_000).array(of: 1...30)) { codes in
            do {
                try Self.check(codes)
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    private static func check(_ codes: [Int]) throws {
        var store = try freshStore()
        var model = Model(nextSeq: 1)
        _ = try store.replaceListing(name: "l", locale: "en", columns: ListingColumns(order: ["text", "f"]), items: [])
        var version = try #require(try store.version(listing: "l"))
        var replica = ChangeLogReplica()
        for code in codes {
            let id = ids[(code / 7) % ids.count]
            var wrote = true
            switch code % 7 {
            case 0, 1:  // upsert a batch of 1…3 items (duplicate ids in it are refused)
                let batch = (0...(code / 11) % 3).map { input(code / 13 + $0 * 101) }
                let clientIDs = batch.compactMap(\.id)
                if Set(clientIDs).count < clientIDs.count {
                    #expect(storeError { try store.upsertItems(listing: "l", items: batch) } != nil)
                    wrote = false
                } else {
                    let changes = try store.upsertItems(listing: "l", items: batch)
                    let before = model.items
                    model.upsert(batch)
                    #expect(changes.map(\.old) == changes.map { before[$0.new.id] })
                    #expect(changes.map(\.new) == changes.map { model.items[$0.new.id]! })
                }
            case 2:  // patch
                let patch = ItemPatch(text: code % 2 == 0 ? "p\(code % 13)" : nil, reading: code % 3 == 0 ? .some(nil) : nil, pinned: code % 5 == 0)
                let change = try store.patchItem(listing: "l", id: id, patch: patch)
                if var item = model.items[id] {
                    #expect(change?.old == item)
                    item.text = patch.text ?? item.text
                    if let reading = patch.reading { item.reading = reading }
                    item.pinned = patch.pinned ?? item.pinned
                    model.items[id] = item
                    #expect(change?.new == item)
                } else {
                    #expect(change == nil)
                    wrote = false
                }
            case 3:  // delete
                let removed = model.items.removeValue(forKey: id)
                #expect(try store.deleteItem(listing: "l", id: id)?.item == removed)
                wrote = removed != nil
            case 4:  // replace every item
                let batch = (0..<(code / 11) % 4).map { input(code / 17 + $0 * 103) }
                let clientIDs = batch.compactMap(\.id)
                if Set(clientIDs).count < clientIDs.count {
                    #expect(storeError { try store.replaceListing(name: "l", locale: "en", columns: ListingColumns(order: ["text", "f"]), items: batch) } != nil)
                    wrote = false
                } else {
                    let stored = try store.replaceListing(name: "l", locale: "en", columns: ListingColumns(order: ["text", "f"]), items: batch).items
                    model.items = [:]
                    model.upsert(batch)
                    #expect(stored == model.inSeqOrder)
                }
            case 5:  // a batch with one invalid item: refused whole
                let batch = [input(code), ItemInput(id: id, text: "bad\ttext")]
                #expect(storeError { try store.upsertItems(listing: "l", items: batch) }?.itemPosition == 1)
                wrote = false
            default:  // reopen
                store = try reopened(store)
                wrote = false
            }
            #expect(try allItems(store, "l") == model.inSeqOrder)
            #expect(try store.listing(named: "l")?.itemCount == model.items.count)
            let now = try #require(try store.version(listing: "l"))
            #expect(wrote ? now > version : now == version, "code \(code)")
            version = now
            // A reader that follows the change log holds what the store holds, at the store's version.
            try replica.catchUp(store, batchLimit: 1 + code % 3)
            #expect(replica.items["l"].map { $0.values.sorted { $0.seq < $1.seq } } == model.inSeqOrder, "code \(code)")
            #expect(replica.applied == (try store.currentVersion()))
        }
    }
}

/// What a server replica does with the change log, restated on dictionaries: items put and removed
/// by seq, a replaced listing read again from the store.
struct ChangeLogReplica {
    var items: [String: [Int64: StoredItem]] = [:]
    var applied: Int64 = 0

    mutating func catchUp(_ store: any ListingStore, batchLimit: Int) throws {
        while true {
            let batch = try store.changes(after: applied, limit: batchLimit)
            #expect(batch.reachesBack)
            #expect(batch.changes.allSatisfy { $0.version > applied && $0.version <= batch.through })
            #expect(batch.changes.map(\.version) == batch.changes.map(\.version).sorted())
            for change in batch.changes {
                switch change.kind {
                case let .put(item): items[change.listing, default: [:]][item.seq] = item
                case let .remove(seq, _): items[change.listing]?[seq] = nil
                case .listingDeleted: items[change.listing] = nil
                case .listingReplaced:
                    var fresh: [Int64: StoredItem] = [:]
                    try store.forEachItem(listing: change.listing) { fresh[$0.seq] = $0 }
                    items[change.listing] = fresh
                }
            }
            applied = batch.through
            if applied == batch.storeVersion { return }
        }
    }
}
