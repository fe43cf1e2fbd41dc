extension LiveListing {
    /// A run is merged with the newer runs while it has fewer than this many times their live rows.
    ///
    /// With 64-item tails this keeps at most 5 runs up to 140,000 pending items, and rewrites each
    /// item about 10 times on its way there (the sizes grow geometrically).
    static let runRatio = 4

    /// The listing with its tail made a run, and the newest runs merged with it by size: a run
    /// joins while it has fewer than ``runRatio`` times the live rows of what comes after it. The
    /// base, and the runs too large to join, are kept as they are, tombstones and all.
    ///
    /// Cost: the merged runs' live items laid out in order by their ranks (O(m × levels) for m
    /// items, no sort key: see ``gathered(from:scratch:progress:)``), and the index of the new run.
    /// - Throws: `ICUError`, `LimitError`.
    package func compactingTail() throws -> LiveListing {
        guard tailCount > 0 else { return self }
        // The first level merged: the oldest run with fewer than `runRatio` times the live rows after it.
        var first = tail, newer = levels[tail].liveCount
        while first - 1 > Self.base && levels[first - 1].liveCount < Self.runRatio * newer {
            first -= 1
            newer += levels[first].liveCount
        }
        var next = self
        next.levels.replaceSubrange(first..., with: [
            try gathered(from: first).level,
            Level(segment: try .empty(collation, schema: schema), ranks: Array(repeating: [], count: first + 1)),
        ])
        next.tailEntries = [:]
        return next
    }

    /// The most rounds of ``caughtUp(compactAfter:taking:)``: each round takes the edits made
    /// during the last, fewer while the rounds apply faster than writes come.
    static let catchUpRounds = 8

    /// The result of a compaction or merge caught up, off the writers' path, with the edits made
    /// while it was built, round after round (at most ``catchUpRounds``), while they are more than
    /// `compactAfter`: what is left for the writers' lock or queue to apply before the swap is a
    /// tail's worth (unless the writes outpace the rounds).
    ///
    /// `take(compactAfter)` runs where the writers do (under their lock, on their queue): it
    /// returns the edits made since the job's snapshot or its last call, and forgets them, when
    /// there are more than `compactAfter` (and the job still counts); otherwise nil.
    /// - Returns: the listing, and how many edits each round applied.
    /// - Throws: `ICUError`, `LimitError`.
    package func caughtUp(compactAfter: Int, taking take: (Int) -> [LiveEdit]?) throws -> (listing: LiveListing, rounds: [Int]) {
        var listing = self, rounds: [Int] = []
        while rounds.count < Self.catchUpRounds, let backlog = take(compactAfter) {
            listing = try listing.catchingUp(with: backlog, compactAfter: compactAfter)
            rounds.append(backlog.count)
        }
        return (listing, rounds)
    }

    /// The listing after `edits` that were made while a compaction or merge built it from an older
    /// snapshot: applied as one batch and, when they leave more than `compactAfter` items in the
    /// tail, the tail made a run, as the same edits written one at a time would have left it.
    ///
    /// Without the compaction every write after the swap would rebuild a tail of all of them: a
    /// merge at 10M items takes a minute or two under writes, which is thousands of edits.
    /// Cost: placing each edit (O(log n) sort keys per level), indexing the tail, and, past
    /// `compactAfter`, indexing it again as a run (see ``compactingTail()``).
    /// - Throws: `ICUError`, `LimitError`.
    package func catchingUp(with edits: [LiveEdit], compactAfter: Int) throws -> LiveListing {
        let next = try applying(edits)
        return next.tailCount > compactAfter ? try next.compactingTail() : next
    }

    /// The listing rebuilt as one base of every live item: what a background merge builds.
    ///
    /// The order comes from the levels' ranks, with no sort key (see ``gathered(from:scratch:progress:)``);
    /// the new base's search index is then merged from the levels' (their folded texts and sorted
    /// suffixes), while the old snapshot stays readable, and the old base's kept one-letter results
    /// and dial-pad index are carried over to it (see `SearchIndex.takeDenseResults(of:mergedFrom:)`
    /// and `SearchIndex.takeDialpadIndex(of:mergedFrom:scratch:)`).
    ///
    /// With `scratch`, the new base's columns and its search index's big arrays are written to
    /// scratch files as they are made, and mapped (see ``ScratchFolder``): the merge then holds
    /// little more memory than the old base, instead of a second base beside it.
    /// - Throws: `ICUError`, `LimitError`.
    package func merged(scratch: ScratchFolder? = nil, progress: ((Double) -> Void)? = nil) throws -> LiveListing {
        let (level, sources) = try gathered(from: Self.base, scratch: scratch, progress: progress)
        let base = level.segment
        // The old base's dense one-letter results, ready before the swap, not made by the first
        // keystrokes after it: carried over from the levels' rows, not searched in the new base.
        base.searchable.index.takeDenseResults(of: levels[Self.base].segment.searchable.index, mergedFrom: sources)
        // Likewise its dial-pad index, when the old base had one: merged from the levels' keys, not
        // made from the new base's rows (see ``makeBaseDialpadIndex()``).
        try base.searchable.index.takeDialpadIndex(of: levels[Self.base].segment.searchable.index, mergedFrom: sources,
                                                   scratch: scratch)
        return try LiveListing(base: base, schema: schema)
    }

    /// Whether the base's dial-pad index is made: the listing has been typed into on the dial pad.
    /// A merge's caller asks the old listing, and then has the new base's made with
    /// ``makeBaseDialpadIndex()``.
    package var baseHasDialpadIndex: Bool { levels[Self.base].segment.searchable.index.hasDialpadIndex }

    /// Makes the base's dial-pad index now, when it is not made yet: after a merge whose old base
    /// had one but whose keys could not be merged, so that the first dial-pad keystroke after the
    /// merge does not make it (2.7 s at 1.4M items). A dial-pad query meanwhile waits for it, or
    /// makes it itself (see `LazyValue`). Nothing when the base has one.
    ///
    /// ``merged(scratch:progress:)`` merges the new base's from the levels' keys, and then this
    /// finds it made. Made there from the new base's rows instead, beside the old base and its own
    /// dial-pad index, reading every page of the new base, it lifted a merge's peak to 1.50–1.52×
    /// idle at 1.4M items, against 1.28× without it; made after the swap, 1.22–1.25×, and ready
    /// 3.3–5.4 s after it under 200 writes/s, which a dial-pad query in between waited for
    /// (Benchmarks/results/2026-11-26-scale.md, sessions 29–31).
    /// - Throws: `ICUError`, `LimitError`.
    package func makeBaseDialpadIndex() throws {
        _ = try levels[Self.base].segment.searchable.index.dialpadIndex()
    }

    /// The live rows of `levels[first...]` as one level (its segment, and each row's ranks in the
    /// levels before `first`, which it keeps), and the merged levels' indexes with each row's new row.
    ///
    /// The rows are gathered as columns (no `String` or ``LiveItem`` per row) in display order, by
    /// merging the levels by their ranks: every row knows how many rows of each older level come
    /// before it, so the order costs O(m × levels) for m rows and makes no sort key. The segment's
    /// search index is then merged from the levels' indexes: their folded texts are copied and their
    /// sorted suffixes merged, nothing is folded or sorted again (see
    /// `SearchIndex.init(merging:texts:readings:phoneticKeys:fields:defaultRegion:locale:)`). The
    /// text columns and the index's big arrays go to `scratch` when it is given.
    /// - Throws: `ICUError`, `LimitError`.
    private func gathered(from first: Int, scratch: ScratchFolder? = nil,
                          progress: ((Double) -> Void)? = nil) throws -> (level: Level, sources: [SearchIndex.MergeSource]) {
        let merging = levels[first...]
        // Room for the live rows at once (the bytes of the dead ones too, at most a tenth more):
        // the columns reach their size without a copy or room to spare.
        let rows = merging.reduce(0) { $0 + $1.liveCount }
        func bytes(_ column: (LiveSegment) -> TextColumn?) -> Int {
            merging.reduce(0) { $0 + (column($1.segment)?.bytes.count ?? 0) }
        }
        var seqs: [Int] = []
        seqs.reserveCapacity(rows)
        let ids = TextColumnStream(scratch: scratch, rows: rows, bytes: bytes(\.ids))
        let texts = TextColumnStream(scratch: scratch, rows: rows, bytes: bytes(\.listing.texts))
        // Made at the first item with a reading, with an empty one for each item before it.
        var readings: TextColumnStream? = nil
        // The searched columns, in the schema's order (every level's listing lays them out so).
        let fieldValues = schema.fields.indices.map { f in
            TextColumnStream(scratch: scratch, rows: rows, bytes: bytes { $0.listing.fields[f].values })
        }
        let regions = TextColumnStream(scratch: scratch, rows: schema.hasRegions ? rows : 0,
                                       bytes: schema.hasRegions ? bytes { $0.listing.fields.lazy.compactMap(\.regions).first } : 0)
        var ranks = (0..<first).map { _ in
            var column: [Int32] = []
            column.reserveCapacity(rows)
            return column
        }
        // Rows under each label position (0: Favorites), which the merged order visits in turn.
        var labelCounts = [Int](repeating: 0, count: 1 + collation.labels.count)
        var lastLabel = 0
        // Each merged level's rows' places in the new segment (dead rows: none).
        var newRows = merging.map { [UInt32](repeating: TextIndex.droppedEntry, count: $0.segment.count) }
        var cursors = merging.map(OrderCursor.init)
        while let c = Self.firstInOrder(cursors, levels: merging) {
            let row = cursors[c].row, label = cursors[c].labelPosition
            newRows[c][row] = UInt32(seqs.count)
            precondition(label >= lastLabel, "LiveListing: a merge met label \(label) after \(lastLabel)")
            lastLabel = label
            labelCounts[label] += 1
            let level = levels[first + c], segment = level.segment
            seqs.append(segment.seq(ofRow: row))
            ids.append(utf8: segment.ids.utf8(row))
            texts.append(utf8: segment.listing.texts.utf8(row))
            if let column = segment.readings, !column.isEmpty(row: row) {
                if readings == nil {
                    readings = TextColumnStream(scratch: scratch, rows: rows, bytes: bytes(\.readings))
                    for _ in 1..<seqs.count { readings!.append(utf8: EmptyCollection()) }
                }
                readings!.append(utf8: column.utf8(row))
            } else {
                readings?.append(utf8: EmptyCollection())
            }
            let fields = segment.listing.fields
            for f in fieldValues.indices { fieldValues[f].append(utf8: fields[f].values.utf8(row)) }
            if schema.hasRegions, let column = fields.lazy.compactMap(\.regions).first {
                regions.append(utf8: column.utf8(row))
            }
            for k in ranks.indices { ranks[k].append(level.ranks[k][row]) }
            cursors[c].advance()
        }
        let regionColumn = regions.finish()
        let fields = zip(schema.fields, fieldValues).map { field, values in
            FieldColumn(name: field.name, kind: field.kind, values: values.finish(),
                        regions: field.kind == .phone && schema.hasRegions ? regionColumn : nil)
        }
        let sources = zip(merging, newRows).map { SearchIndex.MergeSource(index: $0.segment.searchable.index, newRows: $1) }
        let segment = try LiveSegment(orderedSeqs: consume seqs, ids: ids.finish(), texts: texts.finish(),
                                      readings: readings?.finish(), labelCounts: labelCounts, fields: consume fields,
                                      collation: collation, merging: sources, scratch: scratch, progress: progress)
        return (Level(segment: segment, ranks: ranks), sources)
    }

    /// The position in `cursors` (one per level of `levels`, oldest first) of the one whose row
    /// comes first in the listing's order, or nil when every cursor is at its end.
    ///
    /// Two levels' rows are ordered by the newer one's rank in the older: the newer row comes
    /// first exactly when no more of the older level's rows come before it than the older row's
    /// own position (a seq is live once, so no two live rows are equal).
    private static func firstInOrder(_ cursors: [OrderCursor], levels: ArraySlice<Level>) -> Int? {
        var first: Int? = nil
        for c in cursors.indices where !cursors[c].isAtEnd {
            guard let f = first else {
                first = c
                continue
            }
            // f < c: level c is the newer one.
            let older = levels.startIndex + f, newer = levels.startIndex + c
            if Int(levels[newer].ranks[older][cursors[c].row]) <= cursors[f].row { first = c }
        }
        return first
    }
}

/// Walks the live rows of one level in display order, with the label position of each.
private struct OrderCursor {
    let level: LiveListing.Level
    /// The current row (the level's count at the end).
    private(set) var row = 0
    /// The section of the current row.
    private var section = 0

    init(level: LiveListing.Level) {
        self.level = level
        skipDead()
    }

    var isAtEnd: Bool { row >= level.segment.count }

    /// The label position of the current row's section (0: Favorites).
    var labelPosition: Int { level.segment.listing.sections[section].labelPosition }

    mutating func advance() {
        row += 1
        skipDead()
    }

    private mutating func skipDead() {
        while !isAtEnd, level.dead[row] { row += 1 }
        let sections = level.segment.listing.sections
        while section < sections.count, sections[section].rows.upperBound <= row { section += 1 }
    }
}
