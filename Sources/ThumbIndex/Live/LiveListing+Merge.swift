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
    /// Cost: building a listing and index of the merged runs' live items (O(m log m) for m items);
    /// no sort key of an older level is needed, since every item already knows its rank in each.
    /// - Throws: `ICUError`, `LimitError`.
    package func compactingTail() throws -> LiveListing {
        guard tailCount > 0 else { return self }
        // The first level merged: the oldest run with fewer than `runRatio` times the live rows after it.
        var first = tail, newer = levels[tail].liveCount
        while first - 1 > Self.base && levels[first - 1].liveCount < Self.runRatio * newer {
            first -= 1
            newer += levels[first].liveCount
        }
        // Every item keeps its ranks in the levels older than the merged ones.
        var entries = tailEntries.values.map { TailEntry(item: $0.item, ranks: Array($0.ranks.prefix(first))) }
        for l in first..<tail {
            let level = levels[l]
            for row in 0..<level.segment.count where !level.dead[row] {
                entries.append(TailEntry(item: level.segment.item(atRow: row), ranks: level.ranks.prefix(first).map { $0[row] }))
            }
        }
        var next = self
        next.levels.replaceSubrange(first..., with: [
            try Self.level(of: entries, olderLevels: first, schema: schema, collation: collation),
            Level(segment: try .empty(collation, schema: schema), ranks: Array(repeating: [], count: first + 1)),
        ])
        next.tailEntries = [:]
        return next
    }

    /// The listing rebuilt as one base of every live item: what a background merge builds.
    ///
    /// Items are gathered as columns in ascending `seq` (no `String` per base item), then sorted and
    /// indexed as a fresh listing: the cost of building the listing from scratch, while the old
    /// snapshot stays readable.
    /// - Throws: `ICUError`, `LimitError`.
    package func merged(progress: ((Double) -> Void)? = nil) throws -> LiveListing {
        // Room for the live rows at once (the bytes of the dead ones too, at most a tenth more):
        // the columns reach their size without a copy or room to spare.
        let rows = count
        func bytes(_ column: (LiveSegment) -> TextColumn?) -> Int {
            levels.reduce(0) { $0 + (column($1.segment)?.bytes.count ?? 0) }
        }
        var seqs: [Int] = []
        seqs.reserveCapacity(rows)
        var ids = TextColumn(), texts = TextColumn()
        ids.reserveCapacity(rows: rows, bytes: bytes(\.ids))
        texts.reserveCapacity(rows: rows, bytes: bytes(\.listing.texts))
        // Made at the first item with a reading, with an empty one for each item before it.
        var readings: TextColumn? = nil
        var pinned: [Bool] = []
        pinned.reserveCapacity(rows)
        // The searched columns, in the schema's order (every level's listing lays them out so).
        var fieldValues = schema.fields.indices.map { f in
            var column = TextColumn()
            column.reserveCapacity(rows: rows, bytes: bytes { $0.listing.fields[f].values })
            return column
        }
        var regions = TextColumn()
        // The live rows of each level in ascending seq, merged by seq (a seq is live in one level at most).
        var cursors = levels.indices.map { LevelCursor(level: levels[$0]) }
        while true {
            var next: Int? = nil
            for l in cursors.indices {
                guard let seq = cursors[l].seq else { continue }
                if next.map({ seq < cursors[$0].seq! }) ?? true { next = l }
            }
            guard let l = next else { break }
            let level = levels[l], row = cursors[l].row!
            let segment = level.segment
            seqs.append(segment.seq(ofRow: row))
            ids.append(utf8: segment.ids.utf8(row))
            texts.append(utf8: segment.listing.texts.utf8(row))
            if let column = segment.readings, !column.isEmpty(row: row) {
                if readings == nil {
                    readings = TextColumn()
                    readings!.reserveCapacity(rows: rows, bytes: bytes(\.readings))
                    for _ in 1..<seqs.count { readings!.append(utf8: EmptyCollection()) }
                }
                readings!.append(utf8: column.utf8(row))
            } else {
                readings?.append(utf8: EmptyCollection())
            }
            pinned.append(segment.labelPosition(ofRow: row) == 0)
            let fields = segment.listing.fields
            for f in fieldValues.indices { fieldValues[f].append(utf8: fields[f].values.utf8(row)) }
            if schema.hasRegions, let column = fields.lazy.compactMap(\.regions).first {
                regions.append(utf8: column.utf8(row))
            }
            cursors[l].advance()
        }
        let fields = zip(schema.fields, consume fieldValues).map { [regions] field, values in
            FieldColumn(name: field.name, kind: field.kind, values: values,
                        regions: field.kind == .phone && schema.hasRegions ? regions : nil)
        }
        _ = consume regions
        // Handed on, not copied: the new base lets go of these columns (every item's, in seq order)
        // once it has laid them out, before it builds its index.
        return try LiveListing(seqs: consume seqs, ids: consume ids, texts: consume texts,
                               readings: consume readings,
                               pinned: { pinned[$0] }, fields: consume fields, regionColumn: schema.regionColumn,
                               collation: collation, progress: progress)
    }
}

/// Walks the live rows of one level in ascending `seq`.
private struct LevelCursor {
    let level: LiveListing.Level
    private var position = 0

    init(level: LiveListing.Level) {
        self.level = level
        skipDead()
    }

    /// The current row, or nil at the end.
    var row: Int? { position < level.segment.rowsBySeq.count ? Int(level.segment.rowsBySeq[position]) : nil }
    /// The current row's seq, or nil at the end.
    var seq: Int? { row.map { level.segment.seq(ofRow: $0) } }

    mutating func advance() {
        position += 1
        skipDead()
    }

    private mutating func skipDead() {
        while let row, level.dead[row] { position += 1 }
    }
}
