/// The rows that match one query, in row order.
///
/// A result is a sorted set of row ids (row i is the i-th text given to ``SearchIndex``, which is the
/// listing's display order): per-section counts are two binary searches (``count(inRows:)``) and a page is
/// a slice of ``rows``. Nothing about the items is copied.
struct SearchResult: Sendable {
    /// The query, parsed: its terms, phrase, phone or dial-pad digits.
    let parsed: ParsedQuery
    /// The matching rows, ascending.
    let rows: Rows
    /// Nil for exact matches; for close matches (see ``Typos``), the most edits a term was allowed.
    let approximate: Int?

    init(parsed: ParsedQuery, rows: Rows, approximate: Int? = nil) {
        self.parsed = parsed
        self.rows = rows
        self.approximate = approximate
    }

    /// The query as typed.
    var query: String { parsed.query }
    /// The fold the query was matched with.
    var fold: Fold { parsed.fold }
    /// Where in an item the query had to occur.
    var mode: MatchMode { parsed.mode }

    /// How many rows match.
    var count: Int { rows.count }

    /// How many matching rows fall in `range` (for example a section's rows).
    ///
    /// - Complexity: O(log ``count``).
    func count(inRows range: Range<Int>) -> Int {
        rows.partitionPoint(below: range.upperBound) - rows.partitionPoint(below: range.lowerBound)
    }

    /// Matching row ids, ascending, without repeats.
    ///
    /// Every row of the index (an empty query), a shared array of ids, or — when most rows match — a
    /// `RowBitmap` with block ranks; indexing is O(1) (a bitmap: O(log n) select) and
    /// copying a `Rows` never copies the ids.
    struct Rows: RandomAccessCollection, Sendable {
        enum Storage: Sendable {
            case all(Int)
            case ids([UInt32])
            case bitmap(RowBitmap)

            /// How many rows.
            var count: Int {
                switch self {
                case .all(let count): count
                case .ids(let ids): ids.count
                case .bitmap(let bitmap): bitmap.count
                }
            }

            /// The rows as a sorted list of ids (listing a bitmap's rows: O(n / 64 + count)).
            var idList: [UInt32] {
                switch self {
                case .all(let count): (0..<count).map(UInt32.init)
                case .ids(let ids): ids
                case .bitmap(let bitmap): bitmap.ids
                }
            }
        }

        let storage: Storage

        /// The first position.
        var startIndex: Int { 0 }

        /// One past the last position.
        var endIndex: Int {
            switch storage {
            case .all(let count): count
            case .ids(let ids): ids.count
            case .bitmap(let bitmap): bitmap.count
            }
        }

        /// The row at `position`.
        subscript(position: Int) -> Int {
            switch storage {
            case .all(let count):
                precondition(position >= 0 && position < count, "Rows index out of range")
                return position
            case .ids(let ids): return Int(ids[position])
            case .bitmap(let bitmap): return bitmap.row(atRank: position)
            }
        }

        /// The position of the first row ≥ `row`.
        ///
        /// - Complexity: O(log n).
        func partitionPoint(below row: Int) -> Int {
            switch storage {
            case .all(let count): return Swift.min(Swift.max(row, 0), count)
            case .ids(let ids):
                return BinarySearch.first(in: ids.indices) { Int(ids[$0]) >= row }
            case .bitmap(let bitmap): return bitmap.rank(below: row)
            }
        }

        /// Iterates in order; a bitmap walks its words instead of selecting each position.
        func makeIterator() -> Iterator { Iterator(storage: storage) }

        /// Iterates in order from `position` on (a bitmap selects it once, then walks its words).
        /// - Precondition: `0 <= position <= count`.
        func makeIterator(from position: Int) -> Iterator { Iterator(storage: storage, from: position) }

        /// The rows in ascending order.
        struct Iterator: IteratorProtocol, Sendable {
            private let storage: Storage
            /// Next position (`.all`, `.ids`), or next word to load (`.bitmap`).
            private var position = 0
            /// `.bitmap`: the set bits of word `position - 1` not yet returned.
            private var bits: UInt64 = 0

            init(storage: Storage) { self.storage = storage }

            init(storage: Storage, from start: Int) {
                self.storage = storage
                guard case .bitmap(let bitmap) = storage else { position = start; return }
                precondition(start >= 0 && start <= bitmap.count, "Rows iterator start out of range")
                guard start < bitmap.count else { position = bitmap.words.count; return }
                let row = bitmap.row(atRank: start)
                position = row / 64 + 1
                bits = bitmap.words[row / 64] & ~((1 << UInt64(row % 64)) &- 1)
            }

            mutating func next() -> Int? {
                switch storage {
                case .all(let count):
                    guard position < count else { return nil }
                    defer { position += 1 }
                    return position
                case .ids(let ids):
                    guard position < ids.count else { return nil }
                    defer { position += 1 }
                    return Int(ids[position])
                case .bitmap(let bitmap):
                    while bits == 0 {
                        guard position < bitmap.words.count else { return nil }
                        bits = bitmap.words[position]
                        position += 1
                    }
                    let row = (position - 1) * 64 + bits.trailingZeroBitCount
                    bits &= bits &- 1
                    return row
                }
            }
        }

        /// The ids when they are stored as a list (nil when every row matches or they are a bitmap).
        var ids: [UInt32]? {
            if case .ids(let ids) = storage { return ids }
            return nil
        }
    }
}
