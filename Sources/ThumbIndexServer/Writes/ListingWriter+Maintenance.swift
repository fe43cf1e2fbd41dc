import Dispatch
import Foundation
import Synchronization
import ThumbIndex
import ThumbIndexStore

extension ListingWriter {
    /// Starts a merge of `name` when one is due and none runs, and a compaction likewise: a
    /// compaction goes on while a merge runs (on a thread of its own), so that the tail stays small
    /// however long the merge takes. On `queue`.
    ///
    /// Nor does a merge start while the last one is followed up (its old base let go of, then its
    /// result saved, both on threads of their own): it would take the maintenance thread first,
    /// and the save would run after it, of a base already replaced, holding that base beside the
    /// new one while it reads every page of it. With merges back to back at 10M items that kept
    /// two bases resident through every save (3.3 GiB against 1.9 idle) and each save a merge behind.
    func scheduleMaintenance(_ name: String) {
        guard let listing = catalog[name]?.listing else { return }
        if jobs[.merge(name)] == nil && !mergesFollowedUp.contains(name) && listing.pendingEdits >= mergeAfter(listing.count) {
            start(.merge(name), of: listing, on: background)
        }
        if jobs[.compaction(name)] == nil && listing.tailCount >= compactAfter {
            start(.compaction(name), of: listing, on: compactions)
        }
    }

    /// Runs the job `key` from `listing` on `thread`, then publishes its result with the edits
    /// made since. On `queue`.
    private func start(_ key: JobKey, of listing: LiveListing, on thread: ThreadQueue) {
        let job = Job(), name = key.name, merge = key.merge
        jobs[key] = job
        // The store version of the listing's snapshot.
        let version = listingVersions[name]
        // A merge writes the new base's big arrays beside the saved indexes and maps them, so that
        // it holds little more than the old base meanwhile (see `ScratchFolder`).
        let scratch = merge && mergesInFiles ? savedIndexes?.scratchFolder() : nil
        thread.async { [self] in
            let started = ContinuousClock.now
            let result = Result { merge ? try listing.merged(scratch: scratch) : try listing.compactingTail() }
            // The edits made meanwhile are applied here, in rounds, while there are more than a tail's
            // worth: under writes a merge at 10M items takes a minute or two, thousands of edits,
            // which the write queue would apply before the swap while writes wait, and the writes
            // after it would each rebuild a tail of all of them (see `LiveListing.caughtUp`).
            let caughtUp = result.flatMap { built in
                Result {
                    try built.caughtUp(compactAfter: compactAfter) { moreThan in
                        queue.sync { takeBacklog(key, job, moreThan: moreThan) }
                    }
                }
            }
            queue.async { [self] in
                // Gone when the listing was replaced or deleted meanwhile, or (a compaction) a merge was published.
                guard jobs[key] === job else { return }
                jobs[key] = nil
                // A compaction running now works on the lineage this merge replaces: of no use any more.
                if merge { jobs[.compaction(name)] = nil }
                do {
                    let (caught, backlogs) = try caughtUp.get()
                    let built = try caught.applying(job.edits)
                    catalog.publish(ListingCatalog.Entry(name: name, listing: built))
                    if !merge { metrics?.compacted(in: ContinuousClock.now - started) }
                    if merge {
                        metrics?.merged(in: ContinuousClock.now - started)
                        let rounds = backlogs.map(String.init).joined(separator: ", ")
                        let meanwhile = backlogs.isEmpty ? ""
                            : "; the edits made meanwhile applied in rounds of \(rounds), then \(job.edits.count) on the write queue"
                        logger.info("""
                            \(name): merged \(listing.pendingEdits) pending edits into a new base of \(built.count) items \
                            in \(ContinuousClock.now - started)\(meanwhile)
                            """)
                        if let failure = scratch?.failure {
                            logger.warning("\(name): part of the new base stayed in memory, because \(failure)")
                        }
                        // The old base is let go of on `releases`, as soon as the reads in flight
                        // that took it are done (a millisecond or so): not by this queue or by the
                        // last of those readers, since freeing a 10M base unmaps about 1.8 GiB
                        // (0.1–0.3 s on the 2-core VM), which a write or a keystroke would wait for;
                        // and at once, since the keystrokes after the swap bring the new base's pages
                        // in while the old base is still there (at 1.4M items the first few brought
                        // in 70–80 MiB in the 20 ms that a fixed delay used to wait).
                        // Another holder may let go of it later (a compaction that took it): the
                        // save, which reads every page of the new base, waits for it (at most 10 s),
                        // and for the heap's free memory to be given back (``MemoryTrim``): the old
                        // base's arrays under glibc's mmap threshold stay in its arenas when freed
                        // (160 MiB at 1.4M items, where the save then made the peak). Then what the
                        // merge built, the listing at `version`, is saved on the maintenance thread,
                        // and the heap trimmed again (of what the save freed). When the old base had
                        // a dial-pad index (the listing is typed into on the dial pad), the merge
                        // carried it over to the new base; when it could not, the new base's is made
                        // there before the save, after the old base is gone, not beside it (see
                        // `LiveListing.makeBaseDialpadIndex()`).
                        let retired = RetiredBase(listing), oldBase = Gone.Watch(listing.baseStorage)
                        let makeDialpad = listing.baseHasDialpadIndex
                        mergesFollowedUp.insert(name)
                        releases.async { [self, background, savedIndexes, logger] in
                            let releasing = ContinuousClock.now
                            let readersDone = retired.release(waitingAtMost: .milliseconds(20))
                            oldBase.wait(atMost: .seconds(10))
                            MemoryTrim.now()
                            let released = ContinuousClock.now - releasing
                            let freed = readersDone.map { "freed here once the reads in flight were done (after \($0))" }
                                ?? "still held after 20 ms, freed by its last holder"
                            background.async { [self] in
                                let making = ContinuousClock.now
                                // The merge's result has the published listing's base (the edits since went to its tail).
                                let madeDialpad = !makeDialpad ? ""
                                    : (try? result.get().baseHasDialpadIndex) == true
                                    ? "; the new base's dial-pad index merged before the swap"
                                    : (try? result.get().makeBaseDialpadIndex()) == nil
                                    ? "; the new base's dial-pad index could not be made: the first dial-pad query makes it"
                                    : "; the new base's dial-pad index made in \(ContinuousClock.now - making)"
                                if let savedIndexes, let version, let base = try? result.get() {
                                    savedIndexes.save(base, name: name, version: version)
                                }
                                let trimming = ContinuousClock.now
                                MemoryTrim.now()
                                logger.info("""
                                    \(name): the old base \(freed), and the heap trimmed, in \(released); \
                                    the heap trimmed after the save in \(ContinuousClock.now - trimming)\(madeDialpad)
                                    """)
                                // The next merge may start now (it may be due already).
                                queue.async { [self] in
                                    mergesFollowedUp.remove(name)
                                    scheduleMaintenance(name)
                                }
                            }
                        }
                    }
                } catch {
                    logger.error("\(name): \(merge ? "merge" : "compaction") failed: \(error); the listing stays as it is")
                }
                scheduleMaintenance(name)
            }
        }
    }

    /// The edits made since `job`'s snapshot (or its last round), taken from it, when there are
    /// more than `moreThan` and the job still counts; otherwise nil. On `queue`.
    private func takeBacklog(_ key: JobKey, _ job: Job, moreThan: Int) -> [LiveEdit]? {
        guard jobs[key] === job, job.edits.count > moreThan else { return nil }
        defer { job.edits = [] }
        return job.edits
    }

    /// Waits until no compaction or merge runs, and no merge is followed up (for tests and benchmarks).
    package func waitForMaintenance() async throws {
        while try await serialized({ [self] in !jobs.isEmpty || !mergesFollowedUp.isEmpty }) {
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Saves every listing that changed since it was saved (merging its pending edits first): for a
    /// graceful stop, so that the next start loads instead of building.
    package func saveAll() async throws {
        guard let savedIndexes else { return }
        let snapshots = try await serialized { [self] in
            jobs = [:]  // no merge result is published any more
            return catalog.entries.map { ($0, listingVersions[$0.name]) }
        }
        for (entry, version) in snapshots {
            if let version { savedIndexes.save(entry.listing, name: entry.name, version: version) }
        }
    }
}

/// Waiting for an object to be deallocated.
private enum Gone {
    /// A weak reference to an object, to wait for it to be deallocated.
    final class Watch: Sendable {
        private weak let object: (AnyObject & Sendable)?

        init(_ object: AnyObject & Sendable) { self.object = object }

        /// Blocks until the object is deallocated, or `limit` has passed (polling every 10 ms).
        func wait(atMost limit: Duration) {
            let deadline = ContinuousClock.now + limit
            while object != nil && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        }
    }
}

/// The listing a merge replaced, held until ``release(waitingAtMost:)``, which decides which thread
/// pays for freeing its base.
private final class RetiredBase: Sendable {
    private let listing: Mutex<LiveListing?>

    init(_ listing: LiveListing) { self.listing = Mutex(listing) }

    /// Drops the listing here, then waits for the other holders of its base (the reads in flight
    /// that took it before the swap) to let go of it, polling every 0.5 ms for at most `limit`: the
    /// base is then freed here. Returns how long that took, or nil when the base was still held
    /// after `limit` (its last holder frees it).
    ///
    /// A base held by this thread alone stays so: the catalog no longer hands it out, so no one can
    /// take a new reference to it.
    func release(waitingAtMost limit: Duration) -> Duration? {
        let started = ContinuousClock.now
        guard var base = listing.withLock({ slot -> (AnyObject & Sendable)? in
            defer { slot = nil }
            return slot?.baseStorage
        }) else { return nil }
        while !isKnownUniquelyReferenced(&base) {
            guard ContinuousClock.now - started < limit else { return nil }
            Thread.sleep(forTimeInterval: 0.0005)
        }
        return ContinuousClock.now - started
    }
}
