extension EditableListing {
    /// An ``EditableListing`` at one moment: an immutable value that any number of readers filter
    /// at once, from any thread, while the listing goes on changing.
    ///
    /// It answers exactly as a ``SearchableListing`` built afresh from its items would, and it never
    /// changes: take a new ``EditableListing/snapshot`` to see later writes.
    ///
    /// ```swift
    /// let snapshot = book.snapshot
    /// let result = try snapshot.filter("an")
    /// for match in try result.matches(offset: 0, limit: 50) {
    ///     print(result.sections[match.sectionIndex].title, match.item.text, match.ranges)
    /// }
    /// ```
    public struct Snapshot: Sendable {
        /// The levels.
        let live: LiveListing

        /// How many batches had been applied to the listing when this snapshot was taken, since it
        /// was made or loaded: a later snapshot with the same version holds the same items (a
        /// merge does not count), one with a higher version holds more edits.
        public let version: Int

        init(_ live: LiveListing, version: Int) {
            self.live = live
            self.version = version
        }

        /// Number of items.
        public var count: Int { live.count }

        /// The collation that orders and sections the items.
        public var collation: IndexedCollation { live.collation }

        /// The columns searched besides the items' texts, in the order field matches list them.
        public var fields: [Field] { live.schema.fields.map { Field(name: $0.name, kind: $0.kind) } }

        /// The field that holds each item's region for its phone numbers, or nil.
        public var regionField: String? { live.schema.regionColumn }

        /// Edits not yet merged into the base: items written since the last merge plus items
        /// removed from the base. Queries search one level more, and hide removed rows, for them;
        /// ``EditableListing/MergePolicy`` says when they are merged.
        public var pendingEdits: Int { live.pendingEdits }

        /// The item with `id`, or nil.
        /// - Complexity: O(1) expected; the first lookup after a merge or a load hashes the base's
        ///   ids, O(n), and keeps the table for later lookups (of this and later snapshots).
        public func item(id: String) -> Item? {
            live.item(id: id).map { Item($0, schema: live.schema) }
        }

        /// Filters the snapshot: the items that match `query`, in their sections, exactly as
        /// ``SearchableListing/filter(_:fold:mode:phonetic:dialpad:typos:)`` would answer on a listing
        /// built afresh from the items (terms in any order, fields, phone numbers, the dial pad,
        /// phonetic search, close matches with ``Typos/auto``: see <doc:FindingPeople>,
        /// <doc:PhoneticSearch> and <doc:TypoTolerance>), with the same defaults: the
        /// ``Fold/locale`` fold, ``MatchMode/contains``, ``Phonetic/auto``, ``Typos/off``.
        ///
        /// - Throws: ``ICUError`` when ICU cannot fold the query.
        /// - Complexity: a search of each level (the base, a few runs and the tail); pages are
        ///   computed on demand, merging the levels' matches from where the page starts.
        public func filter(_ query: String, fold: Fold = .locale, mode: MatchMode = .contains,
                           phonetic: Phonetic = .auto, dialpad: Bool = false, typos: Typos = .off) throws -> FilteredSnapshot {
            FilteredSnapshot(try live.filter(query, fold: fold, mode: mode, phonetic: phonetic, dialpad: dialpad, typos: typos),
                             schema: live.schema)
        }

        /// The sections of the whole listing (those of ``filter(_:fold:mode:phonetic:dialpad:typos:)`` of "").
        /// - Throws: ``ICUError``.
        public func sections() throws -> [FilteredSnapshot.Section] { try filter("").sections }
    }
}
