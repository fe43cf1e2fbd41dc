import Dispatch

extension EditableListing {
    /// When an ``EditableListing`` folds its newer levels into older ones.
    ///
    /// Every write rebuilds the *tail* (the items written since the last compaction), so the tail
    /// is kept small: past ``compactAfter`` items it is *compacted* into a *run* of its own, and
    /// merged with the newest runs by size, as a log-structured merge tree does: a run joins while
    /// it has fewer than 4 times the live items of the runs after it. A compaction costs indexing
    /// what it merges (O(m log m)), not the listing; an item is indexed again about 10 times on
    /// its way to a run of 100,000, and there are a handful of runs. Every query searches each
    /// level and hides removed rows, so the runs and the tombstones are kept from growing without
    /// end: past ``mergeThreshold(forCount:)`` pending edits everything is *merged* into a new
    /// base, which costs building the listing afresh (O(n log n); about a second for a million
    /// items), with the old and the new in memory until the swap. Neither changes any answer (see
    /// ``EditableListing``).
    ///
    /// The ``automatic`` policy (the default) runs both in the background; the ThumbIndex server
    /// uses the same thresholds. A compaction may run while a merge does, so that the tail stays
    /// small however long the merge takes; its result is dropped if the merge is published first.
    public struct MergePolicy: Sendable, Hashable {
        /// Tail items that start a compaction (64 in ``automatic``).
        public var compactAfter: Int
        /// The fewest pending edits that start a merge (4096 in ``automatic``).
        public var mergeAfterEdits: Int
        /// The fraction of the listing's items in pending edits that starts a merge, when that is
        /// more than ``mergeAfterEdits`` (0.1 in ``automatic``).
        public var mergeAfterFraction: Double
        /// Whether compactions and merges run on a background queue (`true`) or on the writing
        /// thread, after its write is published and before ``EditableListing/apply(_:)`` returns
        /// (`false`: simpler to reason about in a command-line tool, slower writes now and then).
        /// Either way other writers and readers go on meanwhile.
        public var inBackground: Bool

        /// A policy; see the properties.
        public init(compactAfter: Int, mergeAfterEdits: Int, mergeAfterFraction: Double, inBackground: Bool = true) {
            precondition(compactAfter >= 1 && mergeAfterEdits >= 1 && mergeAfterFraction >= 0,
                         "MergePolicy: thresholds must be positive")
            self.compactAfter = compactAfter
            self.mergeAfterEdits = mergeAfterEdits
            self.mergeAfterFraction = mergeAfterFraction
            self.inBackground = inBackground
        }

        /// Compacts after 64 tail items, merges after max(4096, 10% of the items) pending edits,
        /// both in the background. Writes then take well under a millisecond on a million items.
        public static let automatic = MergePolicy(compactAfter: 64, mergeAfterEdits: 4096, mergeAfterFraction: 0.1)

        /// Never compacts or merges by itself: call ``EditableListing/compact()`` and
        /// ``EditableListing/merge()`` yourself (``EditableListing/save(to:metadata:)`` merges too).
        public static let manual = MergePolicy(compactAfter: .max, mergeAfterEdits: .max, mergeAfterFraction: 0)

        /// Pending edits that start a merge of a listing of `count` items.
        public func mergeThreshold(forCount count: Int) -> Int {
            max(mergeAfterEdits, Int(Double(count) * mergeAfterFraction))
        }
    }

    /// What maintenance a job does.
    enum Maintenance: Sendable {
        case compaction, merge
    }

    /// Compacts the tail into a run now, on the calling thread (see ``MergePolicy``), and
    /// publishes the result; writes go on meanwhile and are applied to it again before the swap.
    /// - Returns: the snapshot published.
    /// - Throws: ``ICUError``, ``LimitError`` (the listing stays as it was).
    /// - Complexity: indexing the tail and the runs it merges with, O(m log m) for m items.
    @discardableResult
    public func compact() throws -> Snapshot { try runJob(.compaction) }

    /// Merges every pending edit into a new base now, on the calling thread, and publishes the
    /// result. Readers and writers go on meanwhile; the edits made during the merge are applied to
    /// its result again before the swap. Answers are the same before and after.
    ///
    /// When the listing has been searched with `dialpad: true`, the new base's dial-pad index is
    /// merged from the old one's keys and the newer items', and ready at the swap.
    ///
    /// - Returns: the snapshot published (it has pending edits only when writes came meanwhile).
    /// - Throws: ``ICUError``, ``LimitError`` (the listing stays as it was).
    /// - Complexity: building the listing afresh, O(n log n); nothing when no edit is pending.
    @discardableResult
    public func merge() throws -> Snapshot { try runJob(.merge) }

    /// Runs `kind` from the current snapshot and publishes its result with the edits made since.
    /// `built` is called once the result is built, before the edits made meanwhile are applied
    /// (tests hold a job there while others write and merge).
    ///
    /// After a merge whose old base had a dial-pad index, the new base has one too: merged with
    /// it, or, when the keys could not be merged, made once the job has let go of the old snapshot
    /// (see `LiveListing.makeBaseDialpadIndex()`).
    func runJob(_ kind: Maintenance, built whenBuilt: () -> Void = {}) throws -> Snapshot {
        let (snapshot, makeDialpad) = try publishJob(kind, built: whenBuilt)
        if makeDialpad { try? snapshot.live.makeBaseDialpadIndex() }  // else the first dial-pad query makes it
        return snapshot
    }

    /// ``runJob(_:built:)`` up to the swap: the snapshot published, and whether the new base's
    /// dial-pad index is to be made (a merge, whose old base had one).
    private func publishJob(_ kind: Maintenance, built whenBuilt: () -> Void) throws -> (Snapshot, makeDialpad: Bool) {
        let (start, job, mergesBefore) = writer.withLock { state in
            let job = state.nextJob
            state.nextJob += 1
            state.runningJobs[job] = []
            return (published.withLock { $0 }, job, state.mergesPublished)
        }
        let nothingToDo = kind == .merge ? start.live.pendingEdits == 0 : start.live.tailCount == 0
        let makeDialpad = kind == .merge && !nothingToDo && start.live.baseHasDialpadIndex
        var built = start.live
        do {
            if !nothingToDo {
                built = try kind == .merge ? start.live.merged() : start.live.compactingTail()
            }
        } catch {
            writer.withLock { _ = $0.runningJobs.removeValue(forKey: job) }
            throw error
        }
        whenBuilt()
        // The edits made meanwhile, while they are more than a tail's worth, are applied here in
        // rounds, outside the writers' lock (see `LiveListing.caughtUp`); the lock is held for the rest.
        if !nothingToDo {
            do {
                built = try built.caughtUp(compactAfter: mergePolicy.compactAfter) { moreThan in
                    writer.withLock { state -> [LiveEdit]? in
                        // A compaction whose levels a merge has replaced since is dropped at the end: no catching up.
                        guard kind == .merge || state.mergesPublished == mergesBefore,
                              let edits = state.runningJobs[job], edits.count > moreThan else { return nil }
                        state.runningJobs[job] = []
                        return edits
                    }
                }.listing
            } catch {
                writer.withLock { _ = $0.runningJobs.removeValue(forKey: job) }
                throw error
            }
        }
        let snapshot = try writer.withLock { state throws -> Snapshot in
            let edits = state.runningJobs.removeValue(forKey: job) ?? []
            if nothingToDo && edits.isEmpty { return published.withLock { $0 } }
            // A compaction that ran beside a merge published since works on the levels the merge
            // replaced: its result would bring them back (the same answers, the merge undone).
            if kind == .compaction && state.mergesPublished != mergesBefore { return published.withLock { $0 } }
            if kind == .merge { state.mergesPublished += 1 }
            let current = published.withLock { $0 }
            let next = Snapshot(try built.applying(edits), version: current.version)
            published.withLock { $0 = next }
            return next
        }
        return (snapshot, makeDialpad)
    }

    /// The jobs the policy wants for `listing` that are not running; marks them running. A merge
    /// and a compaction may run at once: the tail, which every write rebuilds, is then compacted
    /// while a long merge runs (minutes at 10M items), instead of growing with every write.
    func claimMaintenance(for listing: LiveListing, _ state: inout WriterState) -> [Maintenance] {
        var due: [Maintenance] = []
        if listing.pendingEdits >= mergePolicy.mergeThreshold(forCount: listing.count) { due.append(.merge) }
        if listing.tailCount >= mergePolicy.compactAfter { due.append(.compaction) }
        due.removeAll { !state.policyJobsRunning.insert($0).inserted }
        return due
    }

    /// Runs `jobs`, which the policy claimed, then whatever became due meanwhile: in the
    /// background or here, as the policy says. A failure leaves the listing as it is (correct,
    /// less compact); ``merge()`` reports it.
    func run(_ jobs: [Maintenance]) {
        for job in jobs {
            guard mergePolicy.inBackground else {
                runClaimed(job)
                continue
            }
            Self.background.enter()
            DispatchQueue.global(qos: .utility).async { [weak self] in
                self?.runClaimed(job)
                Self.background.leave()
            }
        }
    }

    private func runClaimed(_ job: Maintenance) {
        let succeeded = (try? runJob(job)) != nil
        let next = writer.withLock { state in
            state.policyJobsRunning.remove(job)
            // After a failure, the next write asks again (not here: it would fail again at once).
            return succeeded ? claimMaintenance(for: published.withLock { $0.live }, &state) : []
        }
        run(next)
    }

    /// Every background compaction and merge of every editable listing (tests wait for them).
    private static let background = DispatchGroup()

    /// Blocks until no background compaction or merge runs, in any listing (for tests).
    package static func waitForBackgroundMaintenance() {
        background.wait()
    }
}
