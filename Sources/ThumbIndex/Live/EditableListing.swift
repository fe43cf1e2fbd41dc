/// A searchable listing that takes edits while it is being read: an address book that changes all day.
///
/// Items are named by their ``Item/id``. Edits come one at a time (``insert(_:)``,
/// ``rename(id:to:reading:)``, ``replace(_:)``, ``delete(id:)``) or as a ``Batch``, which is applied
/// all or nothing: when one of its edits names an id that is missing (or already there), none of
/// them is applied and an ``EditError`` says which edit and which id.
///
/// ```swift
/// let book = try EditableListing(locale: "sv", fields: [.phone("phone")])
/// try book.insert(.init(id: "1", text: "Åsa Berg", fields: ["phone": "+46 8 123 456"]))
/// try book.insert(.init(id: "2", text: "Anna Ek"))
/// try book.rename(id: "2", to: "Anna Eklund")
///
/// let snapshot = book.snapshot                 // what readers search
/// let result = try snapshot.filter("ek")
/// result.total                                 // 1
/// try result.matches(offset: 0, limit: 20)     // Anna Eklund, with her match ranges
/// ```
///
/// ### Readers and writers
///
/// Readers never search the listing itself: they take a ``snapshot``, an immutable value that
/// answers every query exactly as a ``SearchableListing`` built afresh from its items would. A
/// snapshot never changes, whatever happens to the listing after it was taken, so a reader may
/// keep one for a whole screen and search it from any thread.
///
/// - **During a write**, readers go on with the snapshot they hold, and ``snapshot`` still gives
///   the one before the write. A write builds the next snapshot beside the current one and
///   publishes it at once when it is complete: a reader sees all of a batch or none of it, never
///   a part. ``snapshot`` only waits for that swap, never for the work of a write. Writes run one
///   at a time, in the order they take the listing's write lock.
/// - **During a merge**, nothing changes for readers. A merge (``merge()``, or one the
///   ``mergePolicy`` starts) makes a snapshot's items one new index, merged from its levels'
///   indexes (nothing is folded or sorted again), while writes go on
///   against the current snapshot; when the merge is done, the edits made meanwhile are applied
///   to its result again and that is published. The merged snapshot holds the same items in the
///   same order as the one it replaces, so every answer (totals, sections, matches, ranges) is the
///   same before and after: a merge changes how fast queries are, not what they find. The snapshot
///   ``Snapshot/version`` does not change either.
///
/// ### Why a class
///
/// The listing is shared state, written by some and read by others, so it is a `final class`: one
/// place that serializes writes and publishes snapshots. Everything it hands out, ``Snapshot``
/// and ``FilteredSnapshot``, is an immutable value. It is `Sendable` without `@unchecked`: its
/// state is held behind two `Mutex`es (the published snapshot, swapped in O(1); the writers' state).
///
/// ### Inside
///
/// A snapshot is made of immutable sorted levels: the *base* (every item as of the last merge),
/// the *runs* (what was added since, each indexed by a compaction, older runs larger) and the
/// *tail* (what was added since the last compaction, rebuilt on every write; it is small). A
/// removed or renamed item of an older level is hidden by a tombstone and its new version goes to
/// the tail. So a write costs O(log n) sort-key comparisons per edit plus rebuilding the tail,
/// however big the listing is; ``MergePolicy`` says when the tail becomes a run (merged with the
/// newest runs by size, so that a compaction costs what it merges) and when everything is merged
/// into a new base. The order is the one ``Listing`` gives the items in the order they
/// were first inserted: ascending, Favorites first, "#" last, equal texts in insertion order.
public final class EditableListing: Sendable {
    /// The snapshot readers get. Replaced (under the lock, in O(1)) by writes and merges, which
    /// hold ``writer`` while they do so.
    let published: Locked<Snapshot>
    /// What writers share; holding its lock is what makes a write or a merge's swap the only one.
    let writer: Locked<WriterState>

    /// When compactions and merges run (see ``MergePolicy``).
    public let mergePolicy: MergePolicy

    /// The writers' state.
    struct WriterState: Sendable {
        /// The `seq` the next inserted item gets: larger than every item's so far (its order among equal texts).
        var nextSeq: Int
        /// The edits applied since each running compaction or merge took its snapshot, by job.
        var runningJobs: [Int: [LiveEdit]] = [:]
        var nextJob = 0
        /// The compaction and the merge started by the policy that are running (at most one of each).
        var policyJobsRunning: Set<Maintenance> = []
        /// Merges published so far: a compaction that saw one published meanwhile drops its result.
        var mergesPublished = 0
    }

    /// A listing of `items` under `collation`, searching `fields` besides the items' texts.
    ///
    /// ```swift
    /// let book = try EditableListing([.init(id: "a1", text: "Åsa")],
    ///                                collation: IndexedCollation(locale: "sv", names: false))
    /// ```
    ///
    /// - Parameters:
    ///   - items: the first items, in the order they count as inserted (the order of equal texts).
    ///   - collation: the locale's order and letters.
    ///   - fields: the columns searched besides the texts (names must be unique).
    ///   - regionField: the field that holds each item's region for its phone numbers (a locale
    ///     such as `es_ES` or a region code such as `ES`); nil: every number is read in the region
    ///     of the collation's locale. Only with a phone field, and not one of `fields`.
    ///   - mergePolicy: when compactions and merges run.
    /// - Throws: ``EditError`` when two items have one id, an id is empty or an item has a field
    ///   the listing does not search; ``LimitError`` or ``ICUError`` from building the index.
    /// - Complexity: building a ``SearchableListing`` of the items, O(n log n).
    public convenience init(_ items: [Item] = [], collation: IndexedCollation, fields: [Field] = [],
                            regionField: String? = nil, mergePolicy: MergePolicy = .automatic) throws {
        precondition(Set(fields.map(\.name)).count == fields.count, "EditableListing: two fields have one name")
        precondition(regionField == nil || fields.contains { $0.kind == .phone },
                     "EditableListing: a region field needs a phone field (it says where phone numbers are dialled)")
        precondition(regionField.map { region in !fields.contains { $0.name == region } } ?? true,
                     "EditableListing: the region field is not one of the searched fields")
        let schema = LiveFieldSchema(fields: fields.map { .init(name: $0.name, kind: $0.kind) }, regionColumn: regionField)
        var seen = Set<String>()
        var live: [LiveItem] = []
        live.reserveCapacity(items.count)
        for (position, item) in items.enumerated() {
            try Self.check(item, schema: schema, position: position, edit: .insert(item))
            guard seen.insert(item.id).inserted else {
                throw EditError(.duplicateID, id: item.id, position: position, edit: .insert(item))
            }
            live.append(item.liveItem(seq: position, schema: schema))
        }
        let listing = try LiveListing(items: live, schema: schema, collation: collation)
        self.init(listing, nextSeq: items.count, mergePolicy: mergePolicy)
    }

    /// A listing of `items` in `locale`: ``init(_:collation:fields:regionField:mergePolicy:)`` with
    /// `IndexedCollation(locale: locale)`.
    /// - Throws: ``LocaleError`` when ICU has no data for `locale`; otherwise as
    ///   ``init(_:collation:fields:regionField:mergePolicy:)``.
    public convenience init(_ items: [Item] = [], locale: String, fields: [Field] = [], regionField: String? = nil,
                            mergePolicy: MergePolicy = .automatic) throws {
        try self.init(items, collation: IndexedCollation(locale: locale), fields: fields, regionField: regionField,
                      mergePolicy: mergePolicy)
    }

    /// A listing that starts as `listing`, whose items' `seq`s are all below `nextSeq`.
    init(_ listing: LiveListing, nextSeq: Int, mergePolicy: MergePolicy) {
        published = Locked(Snapshot(listing, version: 0))
        writer = Locked(WriterState(nextSeq: nextSeq))
        self.mergePolicy = mergePolicy
    }

    /// The listing as it is now: an immutable value that readers filter while writers go on.
    ///
    /// It holds every batch applied before the call, and none of any batch applied after. Taking
    /// it waits for no write or merge: only, at worst, for the O(1) swap of one being published.
    public var snapshot: Snapshot { published.withLock { $0 } }

    // MARK: Writes

    /// Applies the edits of `batch` in order, all or nothing, and publishes the result.
    ///
    /// Every edit is checked against the listing as the edits before it in the batch left it: a
    /// batch may insert an item and rename it, or delete one and insert another with its id.
    /// When an edit cannot be applied, nothing of the batch is: the listing and its ``snapshot``
    /// stay as they were, and the error names the edit and the id.
    ///
    /// ```swift
    /// var batch = EditableListing.Batch()
    /// batch.insert(.init(id: "3", text: "Bo Ek"))
    /// batch.delete(id: "1")
    /// try book.apply(batch)
    /// ```
    ///
    /// - Returns: the snapshot with the batch (later writes may already have replaced it as ``snapshot``).
    /// - Throws: ``EditError`` when an edit names a missing id (rename, replace, delete), an id that
    ///   is already there (insert), an empty id or a field the listing does not search;
    ///   ``ICUError`` or ``LimitError`` when the new items cannot be indexed. Nothing is applied then.
    /// - Complexity: O(log n) sort-key comparisons and an O(1) id lookup per edit, plus
    ///   rebuilding the tail (the items written since the last compaction, at most
    ///   ``MergePolicy/compactAfter`` plus the batch with the automatic policy). The first lookup
    ///   by id after a merge or a load hashes the base's ids once, O(n).
    @discardableResult
    public func apply(_ batch: Batch) throws -> Snapshot {
        let (snapshot, due) = try writer.withLock { state throws -> (Snapshot, [Maintenance]) in
            let current = published.withLock { $0 }
            var nextSeq = state.nextSeq
            let edits = try Self.liveEdits(of: batch.edits, on: current.live, nextSeq: &nextSeq)
            guard !edits.isEmpty else { return (current, []) }
            let next = Snapshot(try current.live.applying(edits), version: current.version + 1)
            state.nextSeq = nextSeq
            for job in state.runningJobs.keys { state.runningJobs[job]!.append(contentsOf: edits) }
            published.withLock { $0 = next }
            return (next, claimMaintenance(for: next.live, &state))
        }
        run(due)
        return snapshot
    }

    /// Inserts `item`: a batch of one ``Edit/insert(_:)``.
    /// - Throws: ``EditError`` (``EditError/Reason/duplicateID`` when an item has its id); as ``apply(_:)``.
    @discardableResult
    public func insert(_ item: Item) throws -> Snapshot { try apply([.insert(item)]) }

    /// Gives the item with `id` the text `text` and the reading `reading`: a batch of one
    /// ``Edit/rename(id:to:reading:)``. Its other properties stay.
    /// - Throws: ``EditError`` (``EditError/Reason/noSuchID`` when no item has `id`); as ``apply(_:)``.
    @discardableResult
    public func rename(id: String, to text: String, reading: String? = nil) throws -> Snapshot {
        try apply([.rename(id: id, to: text, reading: reading)])
    }

    /// Replaces the item with `item.id` by `item`: a batch of one ``Edit/replace(_:)``.
    /// - Throws: ``EditError`` (``EditError/Reason/noSuchID`` when no item has its id); as ``apply(_:)``.
    @discardableResult
    public func replace(_ item: Item) throws -> Snapshot { try apply([.replace(item)]) }

    /// Deletes the item with `id`: a batch of one ``Edit/delete(id:)``.
    /// - Throws: ``EditError`` (``EditError/Reason/noSuchID`` when no item has `id`); as ``apply(_:)``.
    @discardableResult
    public func delete(id: String) throws -> Snapshot { try apply([.delete(id: id)]) }

    /// The listing's edits for `edits`, checked against `listing` as the edits before each leave
    /// it; inserted items take `seq`s from `nextSeq` on.
    static func liveEdits(of edits: [Edit], on listing: LiveListing, nextSeq: inout Int) throws -> [LiveEdit] {
        // The items this batch has touched so far, by id (nil: deleted), over the listing's.
        var touched: [String: LiveItem?] = [:]
        func item(_ id: String) -> LiveItem? { touched[id] ?? listing.item(id: id) }
        var result: [LiveEdit] = []
        result.reserveCapacity(edits.count)
        for (position, edit) in edits.enumerated() {
            let id = edit.id
            guard !id.isEmpty else { throw EditError(.emptyID, id: id, position: position, edit: edit) }
            let existing = item(id)
            let new: LiveItem?
            switch edit {
            case .insert(let inserted):
                guard existing == nil else { throw EditError(.duplicateID, id: id, position: position, edit: edit) }
                try check(inserted, schema: listing.schema, position: position, edit: edit)
                new = inserted.liveItem(seq: nextSeq, schema: listing.schema)
                nextSeq += 1
            case .replace(let replacement):
                guard let existing else { throw EditError(.noSuchID, id: id, position: position, edit: edit) }
                try check(replacement, schema: listing.schema, position: position, edit: edit)
                new = replacement.liveItem(seq: existing.seq, schema: listing.schema)
            case .rename(_, let text, let reading):
                guard var renamed = existing else { throw EditError(.noSuchID, id: id, position: position, edit: edit) }
                renamed.text = text
                renamed.reading = reading?.isEmpty == true ? nil : reading
                new = renamed
            case .delete:
                guard let existing else { throw EditError(.noSuchID, id: id, position: position, edit: edit) }
                result.append(.remove(seq: existing.seq))
                touched[id] = .some(nil)
                continue
            }
            result.append(.put(new!))
            touched[id] = .some(new)
        }
        return result
    }

    /// Throws when `item` has a field that `schema` does not search (nor hold the regions of).
    static func check(_ item: Item, schema: LiveFieldSchema, position: Int, edit: Edit) throws {
        guard !item.id.isEmpty else { throw EditError(.emptyID, id: item.id, position: position, edit: edit) }
        for name in item.fields.keys.sorted() where name != schema.regionColumn && !schema.fields.contains(where: { $0.name == name }) {
            throw EditError(.unknownField(name), id: item.id, position: position, edit: edit)
        }
    }
}
