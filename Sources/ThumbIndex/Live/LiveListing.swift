/// A searchable listing that takes edits: a snapshot of an address book that changes all day.
///
/// A live listing is a value made of immutable levels, oldest first:
/// - the *base*: everything as of the last merge (the bulk of the items);
/// - the *runs*: what was added since, each run indexed by one compaction, older runs larger;
/// - the *tail*: what was added since the last compaction, rebuilt (it is small) on every edit.
///
/// A removed or replaced item of the base or a run is hidden by a tombstone; its new version
/// goes to the tail. Every level keeps, for each of its rows, how many rows of each older level come
/// before it in the listing's order, so answers merge the levels without comparing any text:
/// sections add their counts up, and a page is a merge of sorted runs. See ``filter(_:fold:mode:phonetic:dialpad:typos:)``.
///
/// Editing returns a new snapshot (``applying(_:)``); readers holding the old one are never
/// disturbed, and no reader waits for a writer. ``compactingTail()`` makes the tail a run and merges
/// the newest runs by size, as a log-structured merge tree does: its cost is bounded by what it
/// merges, not by the listing. ``merged(progress:)`` builds a new base of everything, as a fresh
/// build does. Both are meant to run in the background, after which the edits made meanwhile are
/// applied again to their result.
///
/// The order is the one a ``Listing`` built from all the items in ascending `seq` gives: ascending
/// (descending listings are not live), Favorites first, "#" last, equal keys in `seq` order.
package struct LiveListing: Sendable {
    /// The collation that orders and sections the items.
    package let collation: IndexedCollation
    /// The columns searched besides the items' texts; every level indexes them.
    package let schema: LiveFieldSchema
    /// The base, the runs (oldest first) and the tail: at least the base and the tail.
    var levels: [Level]
    /// The tail's items by `seq`, with their ranks in every older level.
    var tailEntries: [Int: TailEntry]

    /// One level: a segment, its tombstones, and its rows' ranks in the older levels.
    struct Level: Sendable {
        let segment: LiveSegment
        var dead: Tombstones
        /// `ranks[l][row]`: how many rows of level `l` (older than this one), removed or not, come
        /// before this level's `row` in the listing's order.
        let ranks: [[Int32]]

        init(segment: LiveSegment, ranks: [[Int32]]) {
            self.segment = segment
            dead = Tombstones(count: segment.count)
            self.ranks = ranks
        }

        /// Live rows.
        var liveCount: Int { segment.count - dead.count }
    }

    /// An item of the tail, with how many rows of each older level come before it.
    struct TailEntry: Sendable {
        let item: LiveItem
        let ranks: [Int32]
    }

    /// The base's position in ``levels``.
    static let base = 0

    /// The tail's position in ``levels``: the last.
    var tail: Int { levels.count - 1 }

    /// A live listing whose base is `base` (whose fields are laid out as `schema` says), with
    /// nothing added since.
    init(base: LiveSegment, schema: LiveFieldSchema = .none) throws {
        precondition(schema.matches(base.listing.fields), "LiveListing: the base's fields are not the schema's")
        let collation = base.listing.collation
        self.collation = collation
        self.schema = schema
        levels = [Level(segment: base, ranks: []), Level(segment: try .empty(collation, schema: schema), ranks: [[]])]
        tailEntries = [:]
    }

    /// A live listing of `items` (in any order; `seq`s must be unique), searching the columns of
    /// `schema` besides their texts.
    /// - Throws: `LimitError`, `ICUError` (see ``Listing``).
    package init(items: [LiveItem], schema: LiveFieldSchema = .none, collation: IndexedCollation) throws {
        let sorted = items.sorted { $0.seq < $1.seq }
        precondition(zip(sorted, sorted.dropFirst()).allSatisfy { $0.seq < $1.seq }, "LiveListing: seqs must be unique")
        try self.init(base: LiveSegment(items: sorted, schema: schema, collation: collation), schema: schema)
    }

    /// A live listing of items given as columns in ascending `seq` (no `String` per item: the way
    /// to load a million items from a file or a store).
    ///
    /// - Parameters:
    ///   - readings: a reading per item (empty: none), or nil when none has one.
    ///   - pinned: whether the item at a position is pinned.
    ///   - fields: the columns searched besides the texts, row for row (the listing's schema).
    ///     Phone columns have regions exactly when `regionColumn` is given.
    ///   - regionColumn: the name of the column the phone columns' regions come from, or nil.
    ///   - progress: called now and then with the fraction done.
    package init(seqs: [Int], ids: TextColumn, texts: TextColumn, readings: TextColumn?,
                 pinned: (Int) -> Bool, fields: [FieldColumn] = [], regionColumn: String? = nil,
                 collation: IndexedCollation, progress: ((Double) -> Void)? = nil) throws {
        var pins = BitSet(count: seqs.count)
        for i in seqs.indices where pinned(i) { pins[i] = true }
        let schema = LiveFieldSchema(columns: fields, regionColumn: regionColumn)
        // The columns are handed on, not copied: the segment lets go of them before it builds its index.
        try self.init(base: LiveSegment(seqs: consume seqs, ids: consume ids, texts: consume texts, readings: consume readings,
                                        pinned: pins, fields: consume fields, collation: collation, progress: progress),
                      schema: schema)
    }

    /// A live listing whose base is `searchable`, as built, whose elements are the items' `seq`s:
    /// a built index taking edits with no second build (`ids` and the listing's readings in
    /// display order). Nil when two elements are one `seq`, `ids` is of another length, or the
    /// listing is descending or searches fields (a live listing's fields come with a schema).
    ///
    /// The listing must be ordered as a live listing is: ascending, equal keys in ascending
    /// element order (what ``Listing`` gives elements in that order).
    package init?(searchable: SearchableListing<Int>, ids: TextColumn) throws {
        guard ids.count == searchable.listing.count, !searchable.listing.isDescending, searchable.listing.fields.isEmpty,
              let base = LiveSegment(searchable: searchable, ids: ids, readings: searchable.listing.readings) else { return nil }
        try self.init(base: base)
    }

    /// Number of items.
    package var count: Int { levels.reduce(0) { $0 + $1.liveCount } }

    /// Rows of the runs and the tail plus removed rows of the base: how far the listing is from a
    /// fresh build (what a merge folds in).
    package var pendingEdits: Int {
        levels[Self.base].dead.count + levels.dropFirst().reduce(0) { $0 + $1.segment.count }
    }

    /// Items in the tail (what a compaction makes a run).
    package var tailCount: Int { levels[tail].segment.count }

    /// The number of runs between the base and the tail.
    package var runCount: Int { levels.count - 2 }

    /// Rows of the levels whose dial-pad index is not made yet: what the next dial-pad query makes
    /// first (about 2 µs a row: 2.7 s for the base of 1.4M GeoNames names).
    package var rowsWithoutDialpadIndex: Int {
        levels.reduce(0) { $0 + ($1.segment.searchable.index.hasDialpadIndex ? 0 : $1.segment.count) }
    }

    /// The base's memory, as an object to watch: a weak reference to it is nil once nothing holds
    /// the base any more (the server saves a merged base only after the old one is gone).
    package var baseStorage: AnyObject & Sendable { levels[Self.base].segment }

    /// The listing after `edits`, applied in order (a batch: the result has all of them).
    ///
    /// The old snapshot is untouched. Each edit costs O(log n) sort keys to place the item, and the
    /// batch rebuilds the tail once (O(tail) work).
    /// - Throws: `ICUError` when ICU cannot make a sort key or index the tail; `LimitError`.
    package func applying(_ edits: some Sequence<LiveEdit>) throws -> LiveListing {
        var next = self
        var tailChanged = false
        for edit in edits {
            let seq = edit.seq
            if next.tailEntries.removeValue(forKey: seq) != nil {
                tailChanged = true
            } else {
                for l in (Self.base..<tail).reversed() {
                    if let row = levels[l].segment.row(ofSeq: seq), !next.levels[l].dead[row] {
                        next.levels[l].dead.insert(row)
                        break
                    }
                }
            }
            if case .put(let item) = edit {
                let position = try SortPosition(sortText: item.sortText, pinned: item.pinned, seq: item.seq,
                                                collation: collation)
                let ranks = try (Self.base..<tail).map { Int32(try levels[$0].segment.rank(of: position)) }
                next.tailEntries[seq] = TailEntry(item: item, ranks: ranks)
                tailChanged = true
            }
        }
        if tailChanged {
            next.levels[tail] = try Self.level(of: Array(next.tailEntries.values), olderLevels: tail, schema: schema,
                                               collation: collation)
        }
        return next
    }

    /// The level of `entries`, each with its ranks in the older levels.
    static func level(of entries: [TailEntry], olderLevels rankCount: Int, schema: LiveFieldSchema,
                      collation: IndexedCollation) throws -> Level {
        let sorted = entries.sorted { $0.item.seq < $1.item.seq }
        let segment = try LiveSegment(items: sorted.map(\.item), schema: schema, collation: collation)
        var ranks = [[Int32]](repeating: [Int32](repeating: 0, count: segment.count), count: rankCount)
        for row in 0..<segment.count {
            let seq = segment.seq(ofRow: row)
            let entry = sorted[BinarySearch.first(in: sorted.indices) { sorted[$0].item.seq >= seq }]
            for l in 0..<rankCount { ranks[l][row] = entry.ranks[l] }
        }
        return Level(segment: segment, ranks: ranks)
    }
}

extension LiveListing {
    /// The live item with `id`, or nil.
    ///
    /// Complexity: O(1) expected per level; the first lookup in a segment hashes its ids (O(n)),
    /// see `LiveSegment.IDTable`.
    package func item(id: String) -> LiveItem? {
        let target = Array(id.utf8)
        // Newest level first: an item replaced since is dead in the older levels anyway.
        for level in levels.reversed() {
            for row in level.segment.rows(withID: target) where !level.dead[row] {
                return level.segment.item(atRow: row)
            }
        }
        return nil
    }

    /// The largest `seq` of any item the listing has held since its last merge (live or removed),
    /// or nil when it has held none: a new item's `seq` must be larger.
    package var largestSeq: Int? {
        levels.compactMap { level in level.segment.rowsBySeq.last.map { level.segment.seq(ofRow: Int($0)) } }.max()
    }
}
