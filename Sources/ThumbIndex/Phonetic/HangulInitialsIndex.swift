/// The Korean initial-consonant rule's index: per row with Hangul, the initials of its syllables
/// (searched like any key text) and, aligned byte for byte, the syllables themselves, so that a
/// query mixing syllables and consonants (`김ㅁㅈ`) is checked at each occurrence of its initials by
/// comparing three bytes per syllable, without decoding any row.
struct HangulInitialsIndex: Sendable {
    let initials: KeyTextIndex
    /// `initials.index.text`'s syllables: the same length, a syllable's UTF-8 where its initial is.
    let syllables: [UInt8]

    var byteCount: Int { initials.byteCount + syllables.count }

    /// A query of the rule: its initials (UTF-8), and per unit a syllable's UTF-8 or nil (a consonant).
    struct Query {
        let pattern: [UInt8]
        let units: [[UInt8]?]

        init(_ pq: PhoneticQuery) {
            pattern = pq.hangulInitials ?? []
            units = pq.hangulUnits.map { $0 >= 0xAC00 ? Array(String(Unicode.Scalar($0)!).utf8) : nil }
        }
    }

    /// Whether the syllable units of `q` match the syllables at byte `p` of the text.
    private func syllablesMatch(_ q: Query, at p: Int) -> Bool {
        for (j, unit) in q.units.enumerated() {
            guard let unit else { continue }
            let at = p + 3 * j
            if syllables[at] != unit[0] || syllables[at + 1] != unit[1] || syllables[at + 2] != unit[2] { return false }
        }
        return true
    }

    /// The rows where the rule matches `q` in `mode`, ascending.
    func rows(_ q: Query, mode: MatchMode) -> [UInt32] {
        guard !initials.isEmpty, !q.pattern.isEmpty else { return [] }
        let index = initials.index
        let code = index.code
        var entries: [UInt32] = []
        for i in index.suffixRange(q.pattern) {
            let suffix = index.suffixes[i]
            switch mode {
            case .contains: break
            case .prefix: guard code.offset(suffix) == 0 else { continue }
            case .words: guard code.isWordStart(suffix) else { continue }
            }
            let e = code.entry(suffix)
            if syllablesMatch(q, at: Int(index.starts[e]) + code.offset(suffix)) { entries.append(UInt32(e)) }
        }
        // Entries too long for the suffix array's offsets are checked directly.
        for e in index.longEntries where mode != .prefix && !occurrences(q, inEntry: Int(e), mode: mode).isEmpty {
            entries.append(e)
        }
        entries.sort()
        var rows: [UInt32] = []
        for e in entries where rows.last != initials.row(ofEntry: Int(e)) { rows.append(initials.row(ofEntry: Int(e))) }
        return rows
    }

    /// Whether the rule matches `row`.
    func row(_ row: Int, matches q: Query, mode: MatchMode) -> Bool {
        initials.entries(ofRow: row).contains { !occurrences(q, inEntry: $0, mode: mode).isEmpty }
    }

    /// The non-overlapping matches in entry `e`, left to right, as offsets of their first unit
    /// (counted in units of three bytes).
    func occurrences(_ q: Query, inEntry e: Int, mode: MatchMode) -> [Int] {
        let index = initials.index
        let start = Int(index.starts[e]), end = Int(index.starts[e + 1])
        var found: [Int] = [], p = start
        while p + q.pattern.count <= end {
            let allowed = switch mode {
            case .contains: true
            case .prefix: p == start
            case .words: index.wordStarts[p]
            }
            if allowed && index.text[p..<p + q.pattern.count].elementsEqual(q.pattern) && syllablesMatch(q, at: p) {
                found.append((p - start) / 3)
                p += q.pattern.count
            } else {
                p += 3
            }
        }
        return found
    }

    /// Collects rows, then indexes them.
    struct Builder {
        private var initials = KeyTextIndex.Builder()
        private var syllables: [UInt8] = []

        init() {}

        mutating func add(row: Int, text: (bytes: [UInt8], syllables: [UInt8], source: [Int32]), wordStarts: [Int]) {
            initials.add(row: row, key: text.bytes, wordStarts: wordStarts)
            syllables += text.syllables
        }

        func build(rowCount: Int) throws -> HangulInitialsIndex {
            HangulInitialsIndex(initials: try initials.build(rowCount: rowCount), syllables: syllables)
        }
    }
}
