import PostgresNIO
import ThumbIndexStore

/// Items (or change-log entries) as column arrays, to write many rows with one statement:
/// `INSERT … SELECT … FROM unnest($1::bigint[], $2::text[], …)`.
///
/// Arrays hold no NULLs here: a missing reading or fields is `''`, a missing seq `0`, which the
/// statements turn back into NULL (`NULLIF`). No stored reading or fields is ever `''` (an empty
/// reading is stored as none, and encoded fields hold at least a name), and seqs start at 1.
struct PostgresItemRows {
    var kinds: [Int16] = []
    var seqs: [Int64] = []
    var ids: [String] = []
    var texts: [String] = []
    var readings: [String] = []
    var pinned: [Bool] = []
    var fields: [String] = []

    var count: Int { seqs.count }

    init(capacity: Int = 0) {
        guard capacity > 0 else { return }
        kinds.reserveCapacity(capacity); seqs.reserveCapacity(capacity); ids.reserveCapacity(capacity)
        texts.reserveCapacity(capacity); readings.reserveCapacity(capacity); pinned.reserveCapacity(capacity)
        fields.reserveCapacity(capacity)
    }

    /// Appends an item.
    mutating func append(_ item: StoredItem) {
        append(kind: .put, seq: item.seq, id: item.id, text: item.text, reading: item.reading ?? "", pinned: item.pinned,
               fields: StoreRows.encodeFields(item.fields) ?? "")
    }

    /// Appends a change-log entry.
    mutating func append(_ change: StoreChange.Kind) {
        switch change {
        case let .put(item): append(item)
        case let .remove(seq, id): append(kind: .remove, seq: seq, id: id)
        case .listingReplaced: append(kind: .listingReplaced)
        case .listingDeleted: append(kind: .listingDeleted)
        }
    }

    private mutating func append(kind: StoreChange.Code, seq: Int64 = 0, id: String = "", text: String = "", reading: String = "",
                                 pinned: Bool = false, fields: String = "") {
        kinds.append(Int16(kind.rawValue))
        seqs.append(seq)
        ids.append(id)
        texts.append(text)
        readings.append(reading)
        self.pinned.append(pinned)
        self.fields.append(fields)
    }

    mutating func removeAll() {
        self = PostgresItemRows(capacity: seqs.capacity)
    }

    // MARK: Statements

    /// Inserts the rows as items of listing `key`.
    func insertItems(listing key: Int64) -> PostgresQuery {
        """
        INSERT INTO thumbindex_item (seq, listing, id, text, reading, pinned, fields)
        SELECT s, \(key), i, t, NULLIF(r, ''), p, NULLIF(f, '')
        FROM unnest(\(seqs)::bigint[], \(ids)::text[], \(texts)::text[], \(readings)::text[], \(pinned)::boolean[], \(fields)::text[])
            AS u (s, i, t, r, p, f)
        """
    }

    /// Replaces the text, reading, pin and fields of the items with the rows' seqs.
    func updateItems() -> PostgresQuery {
        """
        UPDATE thumbindex_item AS item SET text = u.t, reading = NULLIF(u.r, ''), pinned = u.p, fields = NULLIF(u.f, '')
        FROM unnest(\(seqs)::bigint[], \(texts)::text[], \(readings)::text[], \(pinned)::boolean[], \(fields)::text[])
            AS u (s, t, r, p, f)
        WHERE item.seq = u.s
        """
    }

    /// Inserts the rows as the change-log entries of `version` for `listing`, in order.
    func insertChanges(version: Int64, listing: String) -> PostgresQuery {
        """
        INSERT INTO thumbindex_change (version, listing, kind, seq, id, text, reading, pinned, fields)
        SELECT \(version), \(listing), k, NULLIF(s, 0), NULLIF(i, ''), NULLIF(t, ''), NULLIF(r, ''), CASE WHEN k = 0 THEN p END, NULLIF(f, '')
        FROM unnest(\(kinds)::smallint[], \(seqs)::bigint[], \(ids)::text[], \(texts)::text[], \(readings)::text[], \(pinned)::boolean[], \(fields)::text[])
            WITH ORDINALITY AS u (k, s, i, t, r, p, f, n)
        ORDER BY n
        """
    }
}
