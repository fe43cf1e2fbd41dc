/// The rows that match one query, in row order.
///
/// A result is a sorted set of row ids (row i is the i-th text given to ``SearchIndex``, which is the
/// listing's display order): per-section counts are two binary searches (``count(inRows:)``) and a page is
/// a slice of ``rows``. Nothing about the items is copied.
public struct SearchResult: Sendable {
    /// The query as typed.
    public let query: String
    /// The fold the query was matched with.
    public let fold: Fold
    /// Where in an item the query had to occur.
    public let mode: MatchMode
    /// The matching rows, ascending.
    public let rows: Rows
    /// The trimmed, folded query (UTF-8); empty when every row matches.
    let foldedQuery: [UInt8]

    init(query: String, fold: Fold, mode: MatchMode, foldedQuery: [UInt8], rows: Rows) {
        self.query = query
        self.fold = fold
        self.mode = mode
        self.foldedQuery = foldedQuery
        self.rows = rows
    }

    /// How many rows match.
    public var count: Int { rows.count }

    /// How many matching rows fall in `range` (for example a section's rows).
    ///
    /// - Complexity: O(log ``count``).
    public func count(inRows range: Range<Int>) -> Int {
        rows.partitionPoint(below: range.upperBound) - rows.partitionPoint(below: range.lowerBound)
    }

    /// Matching row ids, ascending, without repeats.
    ///
    /// Either every row of the index (an empty query) or a shared array of ids; indexing is O(1) and
    /// copying a `Rows` never copies the ids.
    public struct Rows: RandomAccessCollection, Sendable {
        enum Storage: Sendable {
            case all(Int)
            case ids([UInt32])
        }

        let storage: Storage

        /// The first position.
        public var startIndex: Int { 0 }

        /// One past the last position.
        public var endIndex: Int {
            switch storage {
            case .all(let count): count
            case .ids(let ids): ids.count
            }
        }

        /// The row at `position`.
        public subscript(position: Int) -> Int {
            switch storage {
            case .all(let count):
                precondition(position >= 0 && position < count, "Rows index out of range")
                return position
            case .ids(let ids): return Int(ids[position])
            }
        }

        /// The position of the first row ≥ `row`.
        ///
        /// - Complexity: O(log n).
        func partitionPoint(below row: Int) -> Int {
            switch storage {
            case .all(let count): return Swift.min(Swift.max(row, 0), count)
            case .ids(let ids):
                var low = 0, high = ids.count
                while low < high {
                    let mid = (low + high) / 2
                    if Int(ids[mid]) < row { low = mid + 1 } else { high = mid }
                }
                return low
            }
        }

        /// The ids when they are stored (nil when every row matches).
        var ids: [UInt32]? {
            if case .ids(let ids) = storage { return ids }
            return nil
        }
    }
}
