import Dispatch
import Foundation
import GRDB
import Synchronization

/// Copies a SQLite store's write-ahead log into its database file on a connection and a queue of
/// its own, so that no write waits for it.
///
/// SQLite's default runs that copy (a *checkpoint*) inside the commit that takes the log past 1,000
/// pages: that write then also copies every page and, with `synchronous = FULL`, `fsync`s the whole
/// database file. At 10M items and 200 writes/s that came every few seconds, and the `fsync`s took
/// up to 0.2 s, during which every write waited on the write queue behind it (perf trace,
/// Benchmarks/results/scale/2026-11-29-session20/). The store turns the automatic checkpoint off
/// (`wal_autocheckpoint = 0`), marks every commit here, and this copies what was committed every
/// ``interval``, in `PASSIVE` mode: it never waits for a writer or a reader, and writers go on
/// appending to the log meanwhile. Once every frame is copied, the next write starts the log again
/// from its beginning, as with the automatic checkpoint.
///
/// When a checkpoint fails (the disk is full, another process's checkpoint runs), the log stays
/// as it is and the next one tries again; SQLite copies what is left when the store closes.
///
/// `@unchecked Sendable`: the timer is set up in `init` and only cancelled after (dispatch sources
/// may be cancelled from any thread); the rest is atomic or a GRDB queue.
final class SQLiteCheckpointer: @unchecked Sendable {
    /// How often what was committed is copied: a few hundred commits' pages at a time at 200 writes/s.
    static let interval: TimeInterval = 0.5

    private let connection: DatabaseQueue
    private let timer: DispatchSourceTimer
    /// Commits since the last checkpoint began.
    private let dirty = Atomic<Bool>(false)
    /// Checkpoints run so far, for tests.
    private let runs = Atomic<Int>(0)

    /// A checkpointer of the store file at `path` (in WAL mode already), every `interval` seconds,
    /// or never on its own with nil (tests call ``checkpoint()``).
    init(path: String, interval: TimeInterval? = SQLiteCheckpointer.interval) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)  // to open; a PASSIVE checkpoint never waits
        configuration.label = "checkpointer"
        configuration.prepareDatabase { db in
            // Copied pages are on disk before the log says so (what the store's writes ask for).
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        connection = try DatabaseQueue(path: path, configuration: configuration)
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "thumbindex.store-checkpoints", qos: .utility))
        timer.setEventHandler { [weak self] in
            guard let self, self.dirty.exchange(false, ordering: .acquiringAndReleasing) else { return }
            self.checkpoint()
        }
        // (A dispatch source must be resumed before it is let go of: without an interval it never fires.)
        let every = interval.map { DispatchTimeInterval.milliseconds(Int($0 * 1000)) } ?? .never
        timer.schedule(deadline: interval.map { .now() + $0 } ?? .distantFuture, repeating: every, leeway: .milliseconds(50))
        timer.resume()
    }

    /// Notes a commit: the next tick copies it.
    func committed() { dirty.store(true, ordering: .releasing) }

    /// Copies the frames committed so far that no reader still needs; returns at once when another
    /// checkpoint runs.
    func checkpoint() {
        _ = try? connection.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        runs.add(1, ordering: .relaxed)
    }

    /// Checkpoints run so far (on the timer or by ``checkpoint()``).
    var checkpoints: Int { runs.load(ordering: .relaxed) }

    /// Stops the timer and closes the connection; waits for a checkpoint that runs.
    func stop() {
        timer.cancel()
        try? connection.close()
    }

    deinit { timer.cancel() }
}
