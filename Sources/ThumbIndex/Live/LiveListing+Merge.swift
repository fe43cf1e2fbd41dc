extension LiveListing {
    /// The listing with its tail folded into a new delta: the delta's live items and the tail's,
    /// indexed together. The base is kept, tombstones and all.
    ///
    /// Cost: building a listing and index of the delta and tail (O(d log d)); no sort key of the
    /// base is needed, since every item already knows its rank in the base.
    /// - Throws: `ICUError`, `LimitError`.
    package func compactingTail() throws -> LiveListing {
        let delta = levels[Self.delta]
        // Every entry keeps only its rank in the base: the delta is the newest level but the tail.
        var entries = tailEntries.values.map { TailEntry(item: $0.item, ranks: [$0.ranks[Self.base]]) }
        for row in 0..<delta.segment.count where !delta.dead[row] {
            entries.append(TailEntry(item: delta.segment.item(atRow: row), ranks: [delta.ranks[Self.base][row]]))
        }
        var next = self
        next.levels[Self.delta] = try Self.level(of: entries, olderLevels: 1, schema: schema, collation: collation)
        next.levels[Self.tail] = Level(segment: try .empty(collation, schema: schema), ranks: [[], []])
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
        var seqs: [Int] = []
        seqs.reserveCapacity(count)
        var ids = TextColumn(), texts = TextColumn(), readings = TextColumn()
        var pinned: [Bool] = []
        pinned.reserveCapacity(count)
        var anyReading = false
        // The searched columns, in the schema's order (every level's listing lays them out so).
        var fieldValues = [TextColumn](repeating: TextColumn(), count: schema.fields.count)
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
                readings.append(utf8: column.utf8(row))
                anyReading = true
            } else {
                readings.append(utf8: EmptyCollection())
            }
            pinned.append(segment.labelPosition(ofRow: row) == 0)
            let fields = segment.listing.fields
            for f in fieldValues.indices { fieldValues[f].append(utf8: fields[f].values.utf8(row)) }
            if schema.hasRegions, let column = fields.lazy.compactMap(\.regions).first {
                regions.append(utf8: column.utf8(row))
            }
            cursors[l].advance()
        }
        let fields = zip(schema.fields, fieldValues).map { field, values in
            FieldColumn(name: field.name, kind: field.kind, values: values,
                        regions: field.kind == .phone && schema.hasRegions ? regions : nil)
        }
        return try LiveListing(seqs: seqs, ids: ids, texts: texts, readings: anyReading ? readings : nil,
                               pinned: { pinned[$0] }, fields: fields, regionColumn: schema.regionColumn,
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
