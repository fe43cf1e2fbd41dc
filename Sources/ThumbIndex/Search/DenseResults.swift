/// The rows of one-byte queries that match many rows, kept for the life of an index.
///
/// Every search session starts with one character, and a one-character query that matches most
/// rows costs a bit set per suffix: milliseconds at 10M rows. The first such query makes the
/// bitmap; later ones (from any session or thread) answer from it. The first one-byte query in a
/// fold and mode also has the densest ones made ahead, on a thread of their own
/// (`SearchIndex.prepareDenseResults(fold:mode:)`). Lists of few rows are cheap to
/// make again and are not kept; at most ``limit`` bitmaps are (a search box asks for a few dozen
/// letters and digits, under one fold and mode).
final class DenseResults: Sendable {
    /// A one-byte folded query, with the fold and mode it was asked in.
    struct Key: Hashable, Sendable {
        let byte: UInt8
        let fold: Fold
        let mode: MatchMode
    }

    /// A fold and a mode whose dense one-byte queries are made ahead (see ``startPreparing(fold:mode:)``).
    struct Prepared: Hashable, Sendable {
        let fold: Fold
        let mode: MatchMode
    }

    /// The most bitmaps kept: at 10M rows, 32 of 1.25 MB.
    static let limit = 32
    private let bitmaps = Locked<[Key: RowBitmap]>([:])
    private let prepared = Locked<Set<Prepared>>([])

    init() {}

    /// The rows of `key`: the kept bitmap, or `make()` (outside the lock: readers never wait for a
    /// search), kept when it is a bitmap and there is room.
    func rows(_ key: Key, make: () -> SearchResult.Rows.Storage) -> SearchResult.Rows.Storage {
        if let kept = bitmaps.withLock({ $0[key] }) { return .bitmap(kept) }
        let made = make()
        if case .bitmap(let bitmap) = made { keep(key, bitmap) }
        return made
    }

    /// Keeps `bitmap` as the rows of `key`, when there is room.
    func keep(_ key: Key, _ bitmap: RowBitmap) {
        bitmaps.withLock { kept in if kept.count < Self.limit { kept[key] = bitmap } }
    }

    /// Whether the caller is the first to ask for `fold` and `mode`: then it makes their dense
    /// one-byte queries ahead (each is then kept, or was already). True once per fold and mode.
    func startPreparing(fold: Fold, mode: MatchMode) -> Bool {
        prepared.withLock { $0.insert(Prepared(fold: fold, mode: mode)).inserted }
    }

    /// The keys of the kept bitmaps.
    var keptKeys: [Key] { bitmaps.withLock { Array($0.keys) } }

    /// The folds and modes whose dense one-byte queries are made ahead, or being made (see ``takeOver(_:)``).
    var preparedFoldsAndModes: Set<Prepared> { prepared.withLock { $0 } }

    /// Counts `preparedFoldsAndModes` as made ahead here too: no first query starts making them.
    func takeOver(_ preparedFoldsAndModes: Set<Prepared>) {
        prepared.withLock { $0.formUnion(preparedFoldsAndModes) }
    }

    /// How many more bitmaps there is room for.
    var room: Int { bitmaps.withLock { Self.limit - $0.count } }

    /// The kept bitmap of `key`, if any (nothing is made).
    func kept(_ key: Key) -> RowBitmap? { bitmaps.withLock { $0[key] } }

    /// Bytes held by the kept bitmaps.
    var byteCount: Int {
        bitmaps.withLock { kept in kept.values.reduce(0) { $0 + $1.words.count * 8 + $1.blockRanks.count * 4 } }
    }
}
