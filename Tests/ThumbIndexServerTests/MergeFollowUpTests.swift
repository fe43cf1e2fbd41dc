import Dispatch
import Foundation
import Testing
import ThumbIndex
@testable import ThumbIndexServer

/// A merge's follow-up (its old base let go of, then its result saved) comes before the next merge:
/// otherwise the next merge takes the maintenance thread first, and the save runs after it, of a
/// base already replaced, holding it beside the new one.
struct MergeFollowUpTests {
    @Test func noMergeStartsUntilTheLastOnesOldBaseIsLetGoOfAndItsResultSaved() async throws {
        let server = try WriteServer(compactAfter: 4, mergeAfter: 6, saved: true)
        let writer = server.writer
        try await server.run { client in
            #expect(try await client.send(.put, "/api/listings/people", #"{"locale":"en","items":[]}"#).status == .created)
            try await writer.waitForMaintenance()
            // The release thread held: the first merge's follow-up waits behind this until `gate` opens.
            let gate = DispatchSemaphore(value: 0)
            writer.releases.async { gate.wait() }
            func post(_ text: String) async throws {
                #expect(try await client.send(.post, "/api/listings/people/items", #"{"items":[{"text":"\#(text)"}]}"#).status == .created)
            }
            func merges() async throws -> Double { try await client.scrapeMetrics().value("thumbindex_merges_total") ?? -1 }
            func pending() -> Int { server.catalog["people"]?.listing.pendingEdits ?? -1 }

            for i in 0..<6 { try await post("First \(i)") }
            // The first merge is published, and its follow-up is held.
            let deadline = ContinuousClock.now + .seconds(120)
            while try await merges() < 1 {
                guard ContinuousClock.now < deadline else {
                    gate.signal()
                    Issue.record("the first merge was not published within 120 s")
                    return
                }
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(try await writer.serialized { writer.mergesFollowedUp.contains("people") })

            // A merge is due again, but none starts while the follow-up is held.
            for i in 0..<8 { try await post("Second \(i)") }
            try await Task.sleep(for: .milliseconds(300))  // time enough for a tiny merge, were one started
            #expect(try await writer.serialized { writer.jobs[.merge("people")] == nil })
            #expect(try await merges() == 1)
            #expect(pending() >= 6, "pending edits \(pending())")

            // Released: the first merge's result is saved, then the second merge starts and folds the rest in.
            gate.signal()
            try await writer.waitForMaintenance()
            #expect(try await merges() == 2)
            #expect(pending() < 6, "pending edits \(pending())")
            #expect(try await writer.serialized { writer.mergesFollowedUp.isEmpty })
            let saved = try #require(writer.savedIndexes)
            let (listing, _, _) = try LiveListing.load(from: saved.path(for: "people"), locale: "en")
            #expect(listing.count == 14)
        }
    }

    /// After a merge of a listing typed into on the dial pad, the new base has a dial-pad index
    /// (merged before the swap, or made in the follow-up when it could not be); a merge of one
    /// never typed into that way makes none.
    @Test(arguments: [false, true])
    func theNewBaseHasADialpadIndexAfterAMergeWhenTheOldBaseHadOne(typedOnTheDialpad: Bool) async throws {
        let server = try WriteServer(compactAfter: 4, mergeAfter: 6)
        let writer = server.writer, dialpad = "/api/listings/people/sections?q=6263&dialpad=1"  // "name"
        try await server.run { client in
            let items = (0..<8).map { #"{"text":"Name \#($0)"}"# }.joined(separator: ",")
            #expect(try await client.send(.put, "/api/listings/people", #"{"locale":"en","items":[\#(items)]}"#).status == .created)
            try await writer.waitForMaintenance()
            if typedOnTheDialpad {
                #expect(try await client.getJSON(dialpad, as: LiveSectionsAnswer.self).total == 8)
            }
            #expect(server.catalog["people"]?.listing.baseHasDialpadIndex == typedOnTheDialpad)
            for i in 8..<16 {
                #expect(try await client.send(.post, "/api/listings/people/items", #"{"items":[{"text":"Name \#(i)"}]}"#).status == .created)
            }
            try await writer.waitForMaintenance()
            #expect(try await client.scrapeMetrics().value("thumbindex_merges_total") ?? 0 >= 1)
            let listing = try #require(server.catalog["people"]?.listing)
            #expect(listing.count == 16)
            #expect(listing.baseHasDialpadIndex == typedOnTheDialpad)
            #expect(try await client.getJSON(dialpad, as: LiveSectionsAnswer.self).total == 16)
        }
    }
}
