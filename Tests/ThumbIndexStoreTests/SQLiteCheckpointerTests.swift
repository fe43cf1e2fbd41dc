import Foundation
import Testing
@testable import ThumbIndexStore

/// A write never copies the write-ahead log into the database file itself: the checkpointer does,
/// on its own connection and queue (``SQLiteCheckpointer``).
@Suite("SQLiteStore: the log copied off the write path")
struct SQLiteCheckpointerTests {
    /// The size of the database file itself (not its log).
    static func fileSize(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }

    /// Makes a listing and `count` single writes to it: a few thousand pages of log in all, past
    /// SQLite's automatic checkpoint (1,000 pages).
    static func write(_ count: Int, to store: SQLiteStore) throws {
        _ = try store.replaceListing(name: "people", locale: "en", columns: ListingColumns(text: "name"),
                                     items: (0..<1_000).map { ItemInput(id: "p\($0)", text: "Person \($0)") })
        for i in 0..<count {
            _ = try store.upsertItems(listing: "people", items: [ItemInput(id: "n\(i)", text: "Name \(i) \(String(repeating: "x", count: 200))")])
        }
    }

    @Test("writes leave the database file as it was until a checkpoint copies the log into it")
    func writesDoNotCheckpoint() throws {
        let path = try temporaryStorePath()
        let store = try SQLiteStore(path: path, checkpointEvery: nil)
        let before = try Self.fileSize(path)
        try Self.write(400, to: store)
        #expect(try Self.fileSize(path) == before, "a write copied the log into the file")
        store.checkpointer.checkpoint()
        #expect(try Self.fileSize(path) > before + 100_000)
        #expect(store.checkpointer.checkpoints == 1)
        try store.close()
        let reopened = try SQLiteStore(path: path)
        #expect(try reopened.listing(named: "people")?.itemCount == 1_400)
    }

    @Test("the checkpointer copies what was committed on its own, soon after")
    func checkpointsOnATimer() async throws {
        let path = try temporaryStorePath()
        let store = try SQLiteStore(path: path, checkpointEvery: 0.05)
        let before = try Self.fileSize(path)
        try Self.write(50, to: store)
        let deadline = ContinuousClock.now + .seconds(10)
        while try Self.fileSize(path) <= before + 100_000, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try Self.fileSize(path) > before + 100_000)
        #expect(store.checkpointer.checkpoints >= 1)
        // Nothing committed since: the timer runs no more checkpoints.
        try await Task.sleep(for: .milliseconds(200))
        let runs = store.checkpointer.checkpoints
        try await Task.sleep(for: .milliseconds(300))
        #expect(store.checkpointer.checkpoints == runs)
    }

    @Test("under steady writes the log starts again once it is long, instead of growing without end")
    func theLogStartsAgain() throws {
        let path = try temporaryStorePath()
        let store = try SQLiteStore(path: path, checkpointEvery: 0.01, restartLogAfter: 256 << 10)
        // About 10 pages of log a write: 24 MB over the 600 writes if it never started again.
        try Self.write(600, to: store)
        let log = try Self.fileSize(path + "-wal")
        #expect(store.checkpointer.restartsOfTheLog >= 1)
        #expect(log < 1_600_000, "the log grew to \(log) bytes")
        try store.close()
        #expect(try SQLiteStore(path: path).listing(named: "people")?.itemCount == 1_600)
    }
}
