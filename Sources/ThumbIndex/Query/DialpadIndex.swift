/// The dial-pad keys of a listing's rows, indexed (see ``Dialpad``): built the first time a dial-pad
/// query comes, so listings never searched that way do not pay for it.
///
/// Three parts, each a key text per row (per choice of spellings, for Han polyphones) searched at
/// word starts, and the initials of the words searched for two digits or more:
/// - `latin`: the item's own keys (Han and kana are letters with no key there);
/// - `han`: the same with Han characters read as pinyin (the Chinese rules);
/// - `romaji`: the romaji of the reading (the Japanese rules).
struct DialpadIndex: Sendable {
    /// One way of reading items as keys.
    struct Part: Sendable {
        /// Key texts: rule (a), a query at a word start.
        let keys: KeyTextIndex
        /// Initials: rule (b), a query of two digits or more anywhere.
        let initials: KeyTextIndex
        /// Rows with too many spellings to list (more than ``spellingLimit``): checked one by one.
        let overflow: [UInt32]

        var byteCount: Int { keys.byteCount + initials.byteCount + 4 * overflow.count }

        /// The rows whose keys match `digits` (non-empty); `words(row)` gives an overflow row's words.
        func rows(matching digits: [UInt8], words: (Int) -> [Dialpad.Word]) -> SearchResult.Rows.Storage {
            var rows = keys.rows(matching: digits, mode: .words)
            if digits.count >= 2 { rows = RowSet.union(rows, initials.rows(matching: digits, mode: .contains)) }
            let extra = overflow.filter { !Dialpad.matchedSources(digits, in: words(Int($0))).isEmpty }
            return extra.isEmpty ? rows : RowSet.union(rows, extra)
        }

        func hitCount(_ digits: [UInt8]) -> Int {
            keys.hitCount(digits) + (digits.count >= 2 ? initials.hitCount(digits) : 0) + overflow.count
        }

        /// Collects a part row by row.
        struct Builder {
            var keys = KeyTextIndex.Builder(), initials = KeyTextIndex.Builder()
            var overflow: [UInt32] = []

            /// Adds `row`'s words (rows in ascending order).
            mutating func add(row: Int, words: [Dialpad.Word]) {
                guard words.contains(where: \.hasKeys) else { return }
                guard Dialpad.spellingCount(words, limit: DialpadIndex.spellingLimit) <= DialpadIndex.spellingLimit else {
                    overflow.append(UInt32(row))
                    return
                }
                var seenKeys = Set<[UInt8]>(), seenInitials = Set<[UInt8]>()
                for choice in Dialpad.choices(words) {
                    let text = Dialpad.keyText(words, choice: choice)
                    if seenKeys.insert(text.bytes).inserted { keys.add(row: row, key: text.bytes, wordStarts: text.wordStarts) }
                    let initialsText = Dialpad.initialsText(words, choice: choice)
                    if initialsText.count >= 2, seenInitials.insert(initialsText).inserted {
                        initials.add(row: row, key: initialsText, wordStarts: [])
                    }
                }
            }

            func build(rowCount: Int) throws -> Part {
                Part(keys: try keys.build(rowCount: rowCount), initials: try initials.build(rowCount: rowCount), overflow: overflow)
            }
        }
    }

    /// At most this many key texts per row (choices of Han spellings); rows with more are checked directly.
    static let spellingLimit = 32

    let latin: Part
    let han: Part
    let romaji: Part

    var byteCount: Int { latin.byteCount + han.byteCount + romaji.byteCount }

    /// The keys of every row: `allFold(row)` is the row's ``Fold/all`` fold, `readingWords(row)`
    /// the romaji of its reading's words (empty: none).
    init(rowCount: Int, allFold: (Int) -> [Unicode.Scalar], readingRomaji: (Int) throws -> [[UInt8]]) throws {
        var latin = Part.Builder(), han = Part.Builder(), romaji = Part.Builder()
        for row in 0..<rowCount {
            let scalars = allFold(row)
            latin.add(row: row, words: Dialpad.words(scalars, han: false))
            if scalars.contains(where: { Pinyin.isHan($0) && HanReadings.shared.hasReadings($0) }) {
                han.add(row: row, words: Dialpad.words(scalars, han: true))
            }
            let r = try readingRomaji(row)
            if !r.isEmpty { romaji.add(row: row, words: Dialpad.romajiWords(r)) }
        }
        self.latin = try latin.build(rowCount: rowCount)
        self.han = try han.build(rowCount: rowCount)
        self.romaji = try romaji.build(rowCount: rowCount)
    }
}
