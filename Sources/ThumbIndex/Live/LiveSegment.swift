/// One immutable sorted run of a live listing: a searchable listing of some of its items, whose
/// elements are the items' sequence numbers, with their ids and readings in display order.
///
/// A segment never changes once built; a live listing hides its removed rows with tombstones and
/// builds new segments for what is added (see ``LiveListing``). Shared by reference: any number of
/// snapshots and threads read one segment at once.
final class LiveSegment: Sendable {
    /// The listing and its search index; `listing.elements[row]` is the row's `seq`.
    let searchable: SearchableListing<Int>
    /// The items' ids, in display order.
    let ids: TextColumn
    /// The items' readings in display order (empty: none), or nil when no item has one.
    let readings: TextColumn?
    /// The rows in ascending `seq`: the way from an item's `seq` to its row.
    let rowsBySeq: [Int32]
    /// The rows by id, made on the first lookup by id (see `LiveSegment+IDs.swift`).
    let idTable = LazyValue<IDTable>()

    var listing: Listing<Int> { searchable.listing }
    var count: Int { listing.count }

    /// Builds the segment of the items given as columns, in ascending `seq` (the order of equal items).
    ///
    /// - Parameters:
    ///   - pinned: whether the item at an input position is pinned.
    ///   - fields: the searched columns, row for row with `seqs` (the listing's schema).
    ///
    /// The columns are consumed: once laid out in display order they are let go of, before the
    /// search index is built (at a start-up from a store or a file they are every item's).
    /// - Throws: `LimitError`, `ICUError` (see ``Listing``).
    init(seqs: [Int], ids: TextColumn, texts: TextColumn, readings: TextColumn?,
         pinned: BitSet, fields: [FieldColumn] = [], collation: IndexedCollation,
         progress: ((Double) -> Void)? = nil) throws {
        precondition(zip(seqs, seqs.dropFirst()).allSatisfy { $0 < $1 }, "LiveSegment: seqs must ascend")
        let listing = try Listing(elements: seqs, texts: texts, readings: readings, pinned: { pinned[$0] },
                                  collation: collation, descending: false, fullIndex: false, fields: fields,
                                  progress: progress.map { p in { p(0.5 * $0) } })
        // Input position of each display row: its seq's place among the ascending seqs.
        let order = listing.elements.map { seq in
            Int32(BinarySearch.first(in: seqs.indices) { seqs[$0] >= seq })
        }
        var rowsBySeq = [Int32](repeating: 0, count: order.count)
        for (row, position) in order.enumerated() { rowsBySeq[Int(position)] = Int32(row) }
        self.ids = ids.permuted(by: order)
        // The listing has laid the readings out in display order already: shared, not permuted again.
        self.readings = listing.readings
        self.rowsBySeq = rowsBySeq
        _ = consume seqs; _ = consume ids; _ = consume texts; _ = consume readings; _ = consume fields
        searchable = try SearchableListing(listing, progress: progress.map { p in { p(0.5 + 0.5 * $0) } })
    }

    /// Builds the segment of items given as columns already in display order, with
    /// `labelCounts[p]` of them under the label at position `p` (see
    /// ``Listing/init(orderedElements:texts:readings:fields:labelCounts:collation:)``): a merge of
    /// levels, which know their rows' order, makes no sort key.
    ///
    /// The columns become the segment's and its listing's, shared, not copied. The search index is
    /// merged from `sources`' when they are given (the levels merged, with each row's new row),
    /// its big arrays into `scratch` when given (see ``ScratchFolder``).
    /// - Throws: `LimitError`, `ICUError` (see ``SearchableListing``).
    init(orderedSeqs seqs: [Int], ids: TextColumn, texts: TextColumn, readings: TextColumn?, labelCounts: [Int],
         fields: [FieldColumn] = [], collation: IndexedCollation, merging sources: [SearchIndex.MergeSource]? = nil,
         scratch: ScratchFolder? = nil, progress: ((Double) -> Void)? = nil) throws {
        let listing = try Listing(orderedElements: seqs, texts: texts, readings: readings, fields: fields,
                                  labelCounts: labelCounts, collation: collation)
        guard let rowsBySeq = Self.rowsBySeq(listing.elements) else { preconditionFailure("LiveSegment: two rows have one seq") }
        self.ids = ids
        self.readings = readings
        self.rowsBySeq = rowsBySeq
        searchable = try sources.map { try SearchableListing(listing, merging: $0, scratch: scratch, progress: progress) }
            ?? SearchableListing(listing, progress: progress)
    }

    /// A segment of a searchable listing whose elements are seqs (as saved), with its ids and
    /// readings in display order; nil when two elements are one seq.
    init?(searchable: SearchableListing<Int>, ids: TextColumn, readings: TextColumn?) {
        guard let rowsBySeq = Self.rowsBySeq(searchable.listing.elements) else { return nil }
        self.searchable = searchable
        self.ids = ids
        self.readings = readings
        self.rowsBySeq = rowsBySeq
    }

    /// The rows sorted by their seq, or nil when two rows have one seq: a counting pass when the
    /// seqs are dense enough (a store's are), else a sort. Complexity: O(n + range), or O(n log n).
    static func rowsBySeq(_ seqs: [Int]) -> [Int32]? {
        guard var low = seqs.first else { return [] }
        var high = low
        for seq in seqs {
            low = min(low, seq)
            high = max(high, seq)
        }
        if high - low < 4 * seqs.count + 1024 {
            // A saved index is loaded through here: one pass to place, one to close the gaps in place.
            var rowOfSeq = [Int32](repeating: -1, count: high - low + 1)
            let placed = rowOfSeq.withUnsafeMutableBufferPointer { rowOfSeq in
                for (row, seq) in seqs.enumerated() {
                    guard rowOfSeq[seq - low] < 0 else { return false }
                    rowOfSeq[seq - low] = Int32(row)
                }
                return true
            }
            guard placed else { return nil }
            rowOfSeq.removeAll { $0 < 0 }
            return rowOfSeq
        }
        let sorted = seqs.indices.sorted { seqs[$0] < seqs[$1] }
        guard zip(sorted, sorted.dropFirst()).allSatisfy({ seqs[$0] != seqs[$1] }) else { return nil }
        return sorted.map(Int32.init)
    }

    /// Builds the segment of `items`, which must be in ascending `seq`, searching the columns of `schema`.
    convenience init(items: some Collection<LiveItem>, schema: LiveFieldSchema = .none, collation: IndexedCollation) throws {
        var ids = TextColumn(), texts = TextColumn(), readings = TextColumn()
        var pinned = BitSet(count: items.count)
        var seqs: [Int] = []
        seqs.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            seqs.append(item.seq)
            ids.append(item.id)
            texts.append(item.text)
            readings.append(item.reading ?? "")
            if item.pinned { pinned[i] = true }
        }
        let anyReading = items.contains { !($0.reading ?? "").isEmpty }
        try self.init(seqs: seqs, ids: ids, texts: texts, readings: anyReading ? readings : nil, pinned: pinned,
                      fields: schema.columns(of: items), collation: collation)
    }

    /// A segment with no items (and the columns of `schema`, empty).
    static func empty(_ collation: IndexedCollation, schema: LiveFieldSchema = .none) throws -> LiveSegment {
        try LiveSegment(items: [LiveItem](), schema: schema, collation: collation)
    }

    /// The `seq` of the item at `row`.
    func seq(ofRow row: Int) -> Int { listing.elements[row] }

    /// The row of the item with `seq`, or nil when the segment has none.
    func row(ofSeq seq: Int) -> Int? {
        let k = BinarySearch.first(in: rowsBySeq.indices) { listing.elements[Int(rowsBySeq[$0])] >= seq }
        guard k < rowsBySeq.count, listing.elements[Int(rowsBySeq[k])] == seq else { return nil }
        return Int(rowsBySeq[k])
    }

    /// The label position (0: Favorites) of the section holding `row`.
    func labelPosition(ofRow row: Int) -> Int {
        listing.sections[listing.sectionIndex(containingRow: row)!].labelPosition
    }

    /// The item at `row`.
    func item(atRow row: Int) -> LiveItem {
        var fields: [String: String] = [:]
        for column in listing.fields where !column.values.isEmpty(row: row) {
            fields[column.name] = column.values[row]
        }
        let region = listing.fields.lazy.compactMap(\.regions).first.flatMap { $0.isEmpty(row: row) ? nil : $0[row] }
        return LiveItem(seq: seq(ofRow: row), id: ids[row], text: listing.texts[row], reading: reading(ofRow: row),
                        pinned: labelPosition(ofRow: row) == 0, fields: fields, region: region)
    }

    /// The reading of the item at `row`, or nil when it has none.
    private func reading(ofRow row: Int) -> String? {
        readings.flatMap { $0.isEmpty(row: row) ? nil : $0[row] }
    }

    /// What orders the item at `row` (``LiveItem/sortText``): its reading when it has one, else its text.
    private func sortText(ofRow row: Int) -> String { reading(ofRow: row) ?? listing.texts[row] }

    /// The position of the item at `row` in the listing's order, its label made by ICU as for a new
    /// item (not read from its section: the invariants hold ``rank(of:)``, which reads the sections, to it).
    func sortPosition(ofRow row: Int) throws -> SortPosition {
        try SortPosition(sortText: sortText(ofRow: row), pinned: labelPosition(ofRow: row) == 0, seq: seq(ofRow: row),
                         collation: listing.collation)
    }

    /// How many rows of the segment (removed or not) come before `position`.
    ///
    /// The sections are in label order and a row's section is its label, so the rows of earlier
    /// labels come first and those of later ones after, with no sort key made; within the section
    /// of `position`'s label the rows are ordered by sort key, then `seq`, and only those are compared.
    /// Complexity: O(log count) sort keys of the section's rows.
    func rank(of position: SortPosition) throws -> Int {
        let sections = listing.sections
        let s = BinarySearch.first(in: sections.indices) { sections[$0].labelPosition >= position.labelPosition }
        guard s < sections.count else { return count }
        let rows = sections[s].rows
        guard sections[s].labelPosition == position.labelPosition else { return rows.lowerBound }
        var failure: (any Error)?
        let rank = BinarySearch.first(in: rows) { row in
            do { return try SortPosition.Key(key: sortKey(ofRow: row), seq: seq(ofRow: row)) > position.orderInLabel } catch {
                failure = error
                return true
            }
        }
        if let failure { throw failure }
        return rank
    }

    /// The collation sort key of the item at `row` (of its reading, when it has one).
    private func sortKey(ofRow row: Int) throws -> [UInt8] {
        try SortPosition.sortKey(of: sortText(ofRow: row), collation: listing.collation)
    }
}

/// The removed rows of one segment: a bit per row, in chunks of 32,768 rows.
///
/// A snapshot shares its tombstones with the one it came from; removing a row copies the one chunk
/// that holds it (4 KB) and the list of chunks, not every bit (172 KB at 1.4M rows, 1.25 MB at 10M,
/// which each write to a base row copied before).
struct Tombstones: Sendable {
    /// Words of bits per chunk: 64 rows each.
    private static let chunkWords = 512
    /// Bit `row % 64` of word `(row / 64) % chunkWords` of chunk `row / (64 × chunkWords)`.
    /// Each chunk is an array of its own, so it is copied on write alone.
    private var chunks: [[UInt64]]
    /// How many rows are removed.
    private(set) var count = 0

    init(count rows: Int) {
        let words = (rows + 63) / 64
        chunks = stride(from: 0, to: words, by: Self.chunkWords).map { [UInt64](repeating: 0, count: min(Self.chunkWords, words - $0)) }
    }

    var isEmpty: Bool { count == 0 }

    subscript(row: Int) -> Bool {
        chunks[row / (64 * Self.chunkWords)][(row / 64) % Self.chunkWords] & (1 << UInt64(row % 64)) != 0
    }

    /// Marks `row` removed.
    mutating func insert(_ row: Int) {
        guard !self[row] else { return }
        chunks[row / (64 * Self.chunkWords)][(row / 64) % Self.chunkWords] |= 1 << UInt64(row % 64)
        count += 1
    }

    /// `words` (a bit per row, as a ``RowBitmap`` holds them) with the removed rows cleared.
    private func clearing(_ words: inout [UInt64]) {
        for (c, chunk) in chunks.enumerated() {
            let first = c * Self.chunkWords
            for (i, removed) in chunk.enumerated() { words[first + i] &= ~removed }
        }
    }

    /// `rows` without the removed ones.
    func removed(from rows: SearchResult.Rows) -> SearchResult.Rows {
        guard !isEmpty else { return rows }
        switch rows.storage {
        case .all(let count):
            var words = [UInt64](repeating: ~0, count: (count + 63) / 64)
            if count % 64 != 0 { words[words.count - 1] = (1 << UInt64(count % 64)) - 1 }
            clearing(&words)
            return SearchResult.Rows(storage: .bitmap(RowBitmap(words: words)))
        case .bitmap(let bitmap):
            var words = bitmap.words
            clearing(&words)
            return SearchResult.Rows(storage: .bitmap(RowBitmap(words: words)))
        case .ids(let ids):
            return SearchResult.Rows(storage: .ids(ids.filter { !self[Int($0)] }))
        }
    }
}
