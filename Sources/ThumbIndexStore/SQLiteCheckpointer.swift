import Dispatch
import Foundation
import GRDB
import Synchronization

/// Copies a SQLite store's write-ahead log into its database file on a connection and a queue of
/// its own, so that no write waits for the copy.
///
/// SQLite's default runs that copy (a *checkpoint*) inside the commit that takes the log past 1,000
/// pages: that write then also copies every page and, with `synchronous = FULL`, `fsync`s the whole
/// database file. At 10M items and 200 writes/s that came every second or so, and the `fsync`s
/// took up to 0.2 s when the disk was busy, every write waiting behind them on the write queue
/// (perf trace, Benchmarks/results/scale/2026-11-29-session20/). The store turns the automatic
/// checkpoint off (`wal_autocheckpoint = 0`) and marks every commit here, and this copies what was
/// committed every ``interval``, in `PASSIVE` mode: it waits for no writer and no reader, and
/// writers go on appending to the log meanwhile.
///
/// The log starts again from its beginning only when a write begins after a checkpoint that copied
/// every frame, and under steady writes some always land during the copy: the log would grow
/// without end (416 MB a minute at 10M items in a first version). So once the log passes
/// ``restartAfter`` bytes, the checkpointer copies the rest on the store's write queue, where
/// nothing commits meanwhile: only the frames committed during its own copy are left (a fraction
/// of a second's), and the next write starts the log again.
///
/// When a checkpoint fails (the disk is full, another process's checkpoint runs), the log stays
/// as it is and the next one tries again; SQLite copies what is left when the store closes.
///
/// `@unchecked Sendable`: the timer is set up in `init` and only cancelled after (dispatch sources
/// may be cancelled from any thread); the rest is atomic or GRDB's queues.
final class SQLiteCheckpointer: @unchecked Sendable {
    /// How often what was committed is copied: a few hundred commits' pages at a time at 200 writes/s.
    static let interval: TimeInterval = 0.5
    /// The log's length past which a checkpoint finishes on the write queue, so that it starts again.
    static let restartAfter = 64 << 20

    private let connection: DatabaseQueue
    /// The store's own connections: its writer finishes a checkpoint when the log is long.
    private let pool: DatabasePool
    private let restartAfter: Int
    private let pageSize: Int
    private let timer: DispatchSourceTimer
    /// Commits since the last checkpoint began.
    private let dirty = Atomic<Bool>(false)
    /// Checkpoints run so far, and those finished on the write queue, for tests.
    private let runs = Atomic<Int>(0), restarts = Atomic<Int>(0)

    /// A checkpointer of `pool`'s file at `path` (in WAL mode already), every `interval` seconds,
    /// or never on its own with nil (tests call ``checkpoint()``).
    init(path: String, pool: DatabasePool, interval: TimeInterval? = SQLiteCheckpointer.interval,
         restartAfter: Int = SQLiteCheckpointer.restartAfter) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)  // to open; a PASSIVE checkpoint never waits
        configuration.label = "checkpointer"
        configuration.prepareDatabase { db in
            // Copied pages are on disk before the log says so (what the store's writes ask for).
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        connection = try DatabaseQueue(path: path, configuration: configuration)
        self.pool = pool
        self.restartAfter = restartAfter
        pageSize = try connection.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") } ?? 4096
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
        let copied = try? connection.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        runs.add(1, ordering: .relaxed)
        guard let copied, copied.walFrameCount * pageSize > restartAfter else { return }
        _ = try? pool.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        restarts.add(1, ordering: .relaxed)
    }

    /// Checkpoints run so far (on the timer or by ``checkpoint()``).
    var checkpoints: Int { runs.load(ordering: .relaxed) }
    /// Checkpoints finished on the write queue so far, so that the log starts again.
    var restartsOfTheLog: Int { restarts.load(ordering: .relaxed) }

    /// Stops the timer and closes the connection; waits for a checkpoint that runs.
    func stop() {
        timer.cancel()
        try? connection.close()
    }

    deinit { timer.cancel() }
}
