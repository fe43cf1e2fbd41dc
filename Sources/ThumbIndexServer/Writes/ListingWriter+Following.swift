import Dispatch
import Foundation
import ThumbIndex
import ThumbIndexStore

/// How a server follows its store's change log (`serve --poll-interval`, `--catch-up-timeout`,
/// `--max-lag`, `--change-log-retention`).
package struct FollowingSettings: Sendable {
    /// How often the change log is read when no notification comes (PostgreSQL's LISTEN/NOTIFY
    /// wakes the server sooner; SQLite has none, so this is how a second process sees writes).
    package var pollInterval: Duration = .seconds(1)
    /// How long a read with `minVersion` waits for the server to apply that version.
    package var catchUpTimeout: Duration = .seconds(2)
    /// How many versions the server may be behind the store and still call itself ready.
    package var maxLag: Int64 = 1000
    /// How long the change log keeps a write's entries (older ones are pruned).
    package var retention: Duration = .seconds(7 * 86_400)
    /// How long the store may go without answering before `/healthz` says so: three polls, and at
    /// least three seconds.
    package var silence: Duration { max(pollInterval * 3, .seconds(3)) }
    /// How many versions one read of the change log covers at most.
    package var batchVersions = 2_000

    package init() {}
}

/// What `/healthz` says of a replica: how far it has applied the store, and whether the store
/// answered the last time it was asked.
package struct ReplicaHealth: Sendable {
    /// The store version every listing has applied.
    package var applied: Int64 = 0
    /// The store's version when last read.
    package var storeVersion: Int64 = 0
    /// Whether the listings are loaded.
    package var loaded = false
    /// Why the store could not be read last time, or nil when it could.
    package var storeError: String?
    /// When the store last answered a read of its change log.
    package var lastAnswer = ContinuousClock.now

    mutating func reached(applied: Int64, store: Int64) {
        self.applied = applied
        storeVersion = max(storeVersion, store)
        storeError = nil
        lastAnswer = .now
    }

    /// Nil when ready within `maxLag`, else why not. `silence` is how long the store may go
    /// without answering a read (a call stuck on a dead connection answers nothing, not an error).
    package func problem(maxLag: Int64, silence: Duration) -> String? {
        if !loaded { return "the listings are loading" }
        if let storeError { return "the store is unreachable: \(storeError)" }
        let quiet = ContinuousClock.now - lastAnswer
        if quiet > silence { return "the store has not answered for \(quiet) (more than \(silence))" }
        if storeVersion - applied > maxLag {
            return "applied version \(applied) is \(storeVersion - applied) behind the store's \(storeVersion) (more than --max-lag \(maxLag))"
        }
        return nil
    }
}

/// The question out to the store from ``ListingWriter/probeStore(timeout:)``, and the last answer.
struct StoreProbe: Sendable {
    /// When the question out now was asked; nil when none is out.
    var since: ContinuousClock.Instant?
    /// When the last answer came.
    var answered = ContinuousClock.now - .seconds(3600)
    /// Why the last answer was a failure, or nil.
    var error: String?
}

extension ListingWriter {
    /// This replica's health now.
    package var health: ReplicaHealth { healthState.withLock { $0 } }

    /// Starts following the store: a poll every ``FollowingSettings/pollInterval``, a catch-up on
    /// every notification the store sends, and the change log's pruning now and then.
    package func startFollowing() {
        store.watchChanges { [weak self] in self?.requestCatchUp() }
        let interval = following.pollInterval
        // A thread of its own that holds the writer only while it ticks: it ends once the writer is gone.
        Thread.detachNewThread { [weak self] in
            var lastPrune = ContinuousClock.now - .seconds(3600)
            while true {
                do {
                    guard let writer = self else { return }
                    writer.requestCatchUp()
                    if ContinuousClock.now - lastPrune > .seconds(60) {
                        lastPrune = .now
                        writer.background.async { writer.prune() }
                    }
                }
                Thread.sleep(forTimeInterval: Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18)
            }
        }
    }

    /// Asks the store for its version, off the write queue (which may be waiting on the store
    /// itself): nil when it answered within `timeout`, else why not. One question at a time: a
    /// call while one is out waits for that one (so a dead store never piles up waiting threads).
    package func probeStore(timeout: Duration) async -> String? {
        let asked = ContinuousClock.now
        let start = storeProbe.withLock { probe -> Bool in
            guard probe.since == nil else { return false }
            probe.since = asked
            return true
        }
        if start {
            DispatchQueue.global().async { [self] in
                let outcome: String?
                do { _ = try store.currentVersion(); outcome = nil } catch { outcome = "\(error)" }
                storeProbe.withLock { $0 = StoreProbe(since: nil, answered: .now, error: outcome) }
            }
        }
        while true {
            let probe = storeProbe.withLock { $0 }
            if probe.since == nil, probe.answered >= asked { return probe.error.map { "the store is unreachable: \($0)" } }
            if ContinuousClock.now - asked >= timeout { return "the store has not answered for \(ContinuousClock.now - (probe.since ?? asked))" }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Queues a catch-up with the change log, unless one is queued already.
    package func requestCatchUp() {
        guard !catchUpQueued.exchange(true, ordering: .acquiringAndReleasing) else { return }
        queue.async { [self] in
            catchUpQueued.store(false, ordering: .releasing)
            do {
                try catchUp()
            } catch {
                metrics?.catchUpFailed()
                let message = "\(error)"
                let first = healthState.withLock { health in
                    defer { health.storeError = message }
                    return health.storeError == nil
                }
                if first { logger.error("cannot read the store's change log: \(message); retrying every \(following.pollInterval)") }
            }
        }
    }

    /// Waits until the listings include store version `version`, up to ``FollowingSettings/catchUpTimeout``.
    /// - Returns: whether they do.
    package func waitUntilApplied(_ version: Int64) async -> Bool {
        let deadline = ContinuousClock.now + following.catchUpTimeout
        while (catalog.version ?? 0) < version {
            if ContinuousClock.now >= deadline { return false }
            requestCatchUp()
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    /// Applies every change the store's log holds past the catalog's version, in version order,
    /// and raises the version. When the log no longer reaches back that far (pruned while this
    /// server was away), every listing is read again from the store. On `queue`.
    func catchUp() throws {
        while true {
            let applied = catalog.version ?? 0
            let batch = try store.changes(after: applied, limit: following.batchVersions)
            guard batch.reachesBack else {
                logger.notice("the store's change log no longer reaches back to version \(applied) (pruned by --change-log-retention): reading every listing again from the store")
                try reloadAll()
                return
            }
            if !batch.changes.isEmpty {
                try applyLog(batch.changes)
            }
            advance(to: batch.through, storeVersion: batch.storeVersion)
            if batch.through >= batch.storeVersion { return }
        }
    }

    /// Applies changes read from the log, skipping those a listing's snapshot includes already.
    /// On `queue`.
    func applyLog(_ changes: [StoreChange]) throws {
        var pending: [(name: String, edits: [LiveEdit], version: Int64)] = []
        func flush() throws {
            for (name, edits, version) in pending { try apply(edits, to: name, version: version) }
            pending = []
        }
        for change in changes {
            let name = change.listing
            if let held = listingVersions[name], change.version <= held { continue }
            switch change.kind {
            case .put, .remove:
                guard let entry = catalog[name] else { continue }  // a listing this server does not hold (yet)
                let edit: LiveEdit = switch change.kind {
                case let .put(item): .put(item.liveItem(regionColumn: entry.listing.schema.regionColumn))
                default: .remove(seq: Int(change.seq))
                }
                if let last = pending.indices.last, pending[last].name == name {
                    pending[last].edits.append(edit)
                    pending[last].version = change.version
                } else {
                    pending.append((name, [edit], change.version))
                }
            case .listingReplaced:
                try flush()
                if let (listing, info) = try Self.buildIfExists(name: name, from: store, names: names) {
                    logger.info("'\(name)' was replaced through another server: read again from the store (\(listing.count) items, version \(info.version))")
                    publishReplaced(name, listing: listing, version: info.version)
                }
            case .listingDeleted:
                try flush()
                logger.info("'\(name)' was deleted through another server")
                publishDeleted(name)
                listingVersions[name] = change.version
            }
        }
        try flush()
    }

    /// Reads every listing again from the store (the change log lost what this server missed).
    func reloadAll() throws {
        let version = try store.currentVersion()
        let infos = try store.listings()
        for entry in catalog.entries where !infos.contains(where: { $0.name == entry.name }) { publishDeleted(entry.name) }
        for info in infos {
            if let (listing, built) = try Self.buildIfExists(name: info.name, from: store, names: names) {
                publishReplaced(info.name, listing: listing, version: built.version)
            }
        }
        advance(to: version, storeVersion: version)
    }

    /// Prunes the change log's entries older than the retention. On `background`.
    func prune() {
        let cut = Date(timeIntervalSinceNow: -(Double(following.retention.components.seconds)))
        do {
            let pruned = try store.pruneChanges(before: cut)
            if pruned > 0 { logger.info("pruned \(pruned) change log entries older than \(following.retention)") }
        } catch {
            logger.warning("could not prune the change log: \(error)")
        }
    }
}

extension StoreChange {
    /// The seq of the item a put or remove is about (0 for a listing's change).
    var seq: Int64 {
        switch kind {
        case let .put(item): item.seq
        case let .remove(seq, _): seq
        case .listingReplaced, .listingDeleted: 0
        }
    }
}
