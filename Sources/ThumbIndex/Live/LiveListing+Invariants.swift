extension LiveListing {
    /// Traps unless the levels agree with each other as every answer assumes; a no-op in release
    /// builds, so callers need no `#if`.
    ///
    /// - At least two levels (the base and the tail); level `l` has a rank column for each older
    ///   level, a rank per row.
    /// - Ranks never decrease down a level (its rows are in listing order) and stay within the
    ///   older level; and they are exact: the older level's row just before the rank sorts at or
    ///   before the row, the one at the rank after it (for listings of up to 4096 rows: this makes
    ///   sort keys).
    /// - Tombstones list exactly their marked rows, ascending; the tail has none, and holds exactly
    ///   the items of `tailEntries`.
    /// - A `seq` is live in one level at most. (Ids are the caller's: a file's id column may repeat
    ///   one; ``EditableListing`` checks that its own are unique.)
    ///
    /// Complexity: O(n) (O(n) sort keys up to 4096 rows).
    func _checkInvariants() {
        #if DEBUG
        precondition(levels.count >= 2, "LiveListing: \(levels.count) levels")
        var liveSeqs = Set<Int>()
        for (l, level) in levels.enumerated() {
            let segment = level.segment
            precondition(level.ranks.count == l, "LiveListing: level \(l) has \(level.ranks.count) rank columns")
            precondition(segment.rowsBySeq.count == segment.count, "LiveListing: level \(l) maps \(segment.rowsBySeq.count) seqs")
            precondition((0..<segment.count).filter({ level.dead[$0] }).count == level.dead.count,
                         "LiveListing: level \(l)'s tombstones disagree with their count")
            for (k, ranks) in level.ranks.enumerated() {
                let older = levels[k].segment
                precondition(ranks.count == segment.count, "LiveListing: level \(l) has \(ranks.count) ranks in level \(k)")
                precondition(zip(ranks, ranks.dropFirst()).allSatisfy { $0 <= $1 } && ranks.allSatisfy { 0 <= $0 && Int($0) <= older.count },
                             "LiveListing: level \(l)'s ranks in level \(k) are out of order or range")
                if segment.count + older.count <= 4096 {
                    for row in 0..<segment.count {
                        let position = try! segment.sortPosition(ofRow: row), rank = Int(ranks[row])
                        // At or before: a row put again with the same text is at its dead old row's place.
                        precondition(rank == 0 || !(position < (try! older.sortPosition(ofRow: rank - 1))),
                                     "LiveListing: level \(l) row \(row) comes before its rank \(rank) in level \(k)")
                        precondition(rank == older.count || position < (try! older.sortPosition(ofRow: rank)),
                                     "LiveListing: level \(l) row \(row) comes after its rank \(rank) in level \(k)")
                    }
                }
            }
            for row in 0..<segment.count where !level.dead[row] {
                precondition(liveSeqs.insert(segment.seq(ofRow: row)).inserted, "LiveListing: seq \(segment.seq(ofRow: row)) is live twice")
            }
        }
        let tail = levels[self.tail]
        precondition(tail.dead.isEmpty, "LiveListing: the tail has tombstones")
        precondition(Set((0..<tail.segment.count).map(tail.segment.seq(ofRow:))) == Set(tailEntries.keys),
                     "LiveListing: the tail's items are not its entries'")
        #endif
    }
}
