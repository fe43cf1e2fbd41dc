import Dispatch
import ThumbIndex
import ThumbIndexStore

extension ListingWriter {
    /// Starts a compaction or a merge of `name` when one is due and none runs. On `queue`.
    func scheduleMaintenance(_ name: String) {
        guard jobs[name] == nil, let listing = catalog[name]?.listing else { return }
        let merge = listing.pendingEdits >= mergeAfter(listing.count)
        guard merge || listing.tailCount >= compactAfter else { return }
        let job = Job()
        jobs[name] = job
        // The store version of the listing's snapshot.
        let version = listingVersions[name]
        background.async { [self] in
            let started = ContinuousClock.now
            let result = Result { merge ? try listing.merged() : try listing.compactingTail() }
            queue.async { [self] in
                guard jobs[name] === job else { return }  // the listing was replaced or deleted meanwhile
                jobs[name] = nil
                do {
                    let built = try result.get().applying(job.edits)
                    catalog.publish(ListingCatalog.Entry(name: name, listing: built))
                    if !merge { metrics?.compacted(in: ContinuousClock.now - started) }
                    if merge {
                        metrics?.merged(in: ContinuousClock.now - started)
                        logger.info("\(name): merged \(listing.pendingEdits) pending edits into a new base of \(built.count) items in \(ContinuousClock.now - started)")
                        // What the merge built is the listing at `version`: save it, off the write queue.
                        if let savedIndexes, let version, let base = try? result.get() {
                            background.async { savedIndexes.save(base, name: name, version: version) }
                        }
                        // The old base is freed once the readers that hold it are done (milliseconds):
                        // then give its memory back (``MemoryTrim``), after the save queued above.
                        background.async(after: .seconds(1)) { MemoryTrim.now() }
                    }
                } catch {
                    logger.error("\(name): \(merge ? "merge" : "compaction") failed: \(error); the listing stays as it is")
                }
                scheduleMaintenance(name)
            }
        }
    }

    /// Waits until no compaction or merge runs (for tests and benchmarks).
    package func waitForMaintenance() async throws {
        while try await serialized({ [self] in !jobs.isEmpty }) {
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
