extension EditableListing {
    /// Traps unless the published snapshot's levels agree (``LiveListing/_checkInvariants()``), its
    /// live ids are unique and every `seq` is below the next one to be given; a no-op in release
    /// builds. Complexity: O(n) (see the live listing's check).
    func _checkInvariants() {
        #if DEBUG
        let (live, nextSeq) = writer.withLock { state in (published.withLock { $0.live }, state.nextSeq) }
        live._checkInvariants()
        var ids = Set<String>()
        for level in live.levels {
            for row in 0..<level.segment.count where !level.dead[row] {
                precondition(ids.insert(level.segment.ids[row]).inserted, "EditableListing: id '\(level.segment.ids[row])' is live twice")
            }
        }
        precondition(live.largestSeq.map { $0 < nextSeq } ?? true, "EditableListing: a seq at or past the next one, \(nextSeq)")
        #endif
    }
}
