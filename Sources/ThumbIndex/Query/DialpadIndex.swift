/// The dial-pad keys of a listing's rows, indexed (see ``Dialpad``): built the first time a dial-pad
/// query comes, so listings never searched that way do not pay for it.
///
/// An entry is a row's key text (rule (a)), a separator, then the keys of its words' initials (rule
/// (b)), one entry per choice of spellings (Han polyphones). Only word starts are indexed: the start
/// of each word's keys and every initial. A query is then a ``MatchMode/words`` search: at a word's
/// keys it runs on across the following words (rule (a)); at an initial it runs on across the
/// following initials (rule (b)); a one-digit match at an initial is also a match at that word's keys,
/// so the two rules need no separate index. Three parts:
/// - `latin`: the item's own keys (Han and kana are letters with no key there);
/// - `han`: the same with Han characters read as pinyin (the Chinese rules);
/// - `romaji`: the romaji of the reading (the Japanese rules).
struct DialpadIndex: Sendable {
    /// One way of reading items as keys.
    struct Part: Sendable {
        /// The entries: key text, separator, initials.
        let keys: KeyTextIndex
        /// Rows with too many spellings to list (more than ``spellingLimit``): checked one by one.
        let overflow: [UInt32]

        var byteCount: Int { keys.byteCount + 4 * overflow.count }

        /// The rows whose keys match `digits` (non-empty); `words(row)` gives an overflow row's words.
        func rows(matching digits: [UInt8], words: (Int) -> [Dialpad.Word]) -> SearchResult.Rows.Storage {
            let rows = keys.rows(matching: digits, mode: .words)
            let extra = overflow.filter { !Dialpad.matchedSources(digits, in: words(Int($0))).isEmpty }
            return extra.isEmpty ? rows : RowSet.union(rows, extra)
        }

        func hitCount(_ digits: [UInt8]) -> Int { keys.hitCount(digits) + overflow.count }

        /// Collects a part row by row.
        struct Builder {
            private var keys = KeyTextIndex.Builder()
            private var overflow: [UInt32] = []
            /// Whether every row gets an entry (an empty one when it has no keys), so that entries are rows.
            let everyRow: Bool

            init(everyRow: Bool) { self.everyRow = everyRow }

            /// Adds `row`'s words (rows in ascending order).
            mutating func add(row: Int, words: [Dialpad.Word]) {
                guard words.contains(where: \.hasKeys) else {
                    if everyRow { keys.add(row: row, key: [], wordStarts: []) }
                    return
                }
                guard Dialpad.spellingCount(words, limit: DialpadIndex.spellingLimit) <= DialpadIndex.spellingLimit else {
                    overflow.append(UInt32(row))
                    if everyRow { keys.add(row: row, key: [], wordStarts: []) }
                    return
                }
                var seen = Set<[UInt8]>()
                for choice in Dialpad.choices(words) {
                    let (bytes, starts) = Dialpad.entry(words, choice: choice)
                    if seen.insert(bytes).inserted { keys.add(row: row, key: bytes, wordStarts: starts) }
                    if everyRow { break }  // the plain rule has one spelling per word
                }
            }

            /// Adds `row`'s plain-rule entry (every row has one; see ``Dialpad/plainEntry(_:into:)``):
            /// `allFold` is the UTF-8 of its ``Fold/all`` fold, `entry` a buffer reused from row to row.
            mutating func addPlain<Bytes: Collection<UInt8>>(row: Int, allFold: Bytes, entry: inout Dialpad.Entry) {
                precondition(everyRow, "DialpadIndex: the plain rule gives every row an entry")
                if Dialpad.plainEntry(allFold, into: &entry) {
                    keys.add(row: row, key: entry.bytes, wordStarts: entry.wordStarts)
                } else {
                    keys.add(row: row, key: [], wordStarts: [])
                }
            }

            /// The rows of `chunks` in turn, whose rows ascend from chunk to chunk (see
            /// ``KeyTextIndex/Builder/joined(_:)``).
            static func joined(_ chunks: inout [Builder]) -> Builder {
                if chunks.count == 1 { return chunks.removeLast() }
                var all = Builder(everyRow: chunks.first?.everyRow ?? false)
                all.overflow = chunks.flatMap(\.overflow)
                var keys = chunks.map(\.keys)
                chunks = []
                all.keys = KeyTextIndex.Builder.joined(&keys)
                return all
            }

            func build(rowCount: Int) throws -> Part {
                Part(keys: try keys.build(rowCount: rowCount, wordStartsOnly: true), overflow: overflow)
            }
        }
    }

    /// At most this many key texts per row (choices of Han spellings); rows with more are checked directly.
    static let spellingLimit = 32

    let latin: Part
    let han: Part
    let romaji: Part

    var byteCount: Int { latin.byteCount + han.byteCount + romaji.byteCount }

    /// An index of its three parts as they are (merged, or a saved index loaded back).
    init(latin: Part, han: Part, romaji: Part) {
        self.latin = latin
        self.han = han
        self.romaji = romaji
    }
}
