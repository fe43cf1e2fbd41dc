/// The Korean initial-consonant rule's index: per row with Hangul, the initials of its syllables
/// (searched like any key text) and, aligned byte for byte, the syllables themselves, so that a
/// query mixing syllables and consonants (`김ㅁㅈ`) is checked at each occurrence of its initials by
/// comparing three bytes per syllable, without decoding any row.
struct HangulInitialsIndex: Sendable {
    let initials: KeyTextIndex
    /// `initials.index.text`'s syllables: the same length, a syllable's UTF-8 where its initial is.
    let syllables: [UInt8]

    var byteCount: Int { initials.byteCount + syllables.count }

    /// A query of the rule: its units, each a syllable or an initial consonant. A syllable with a
    /// final may also be read as the syllable with less of it and initial consonants
    /// (``HangulKeys/finalsAsInitials(_:beforeMore:)``): so a query has one or more readings, and it
    /// matches where one of them does that has a consonant.
    struct Query {
        struct Unit {
            /// The unit's initial consonant (UTF-8): a consonant's own letter.
            let initial: [UInt8]
            /// A syllable's UTF-8; nil for a consonant.
            let syllable: [UInt8]?
            /// A syllable's other readings: the syllable with less of its final, and the initials
            /// that follow it (UTF-8 all).
            let alternatives: [(syllable: [UInt8], initials: [[UInt8]])]
        }
        let units: [Unit]

        init(_ pq: PhoneticQuery) {
            func utf8(_ value: UInt32) -> [UInt8] { Array(String(Unicode.Scalar(value)!).utf8) }
            let values = pq.hangulUnits
            units = values.indices.map { i in
                let s = Unicode.Scalar(values[i])!
                guard HangulKeys.isSyllable(s) else { return Unit(initial: utf8(values[i]), syllable: nil, alternatives: []) }
                let alternatives = HangulKeys.finalsAsInitials(s, beforeMore: i + 1 < values.count)
                return Unit(initial: utf8(HangulKeys.initial(ofSyllable: s)), syllable: utf8(values[i]),
                            alternatives: alternatives.map { (utf8($0.syllable), $0.initials.map(utf8)) })
            }
        }
    }

    /// One reading of a query, as the index searches it: the initials, and per unit of three bytes
    /// the syllable that must stand there (nil: only the initial is asked for).
    private struct Reading {
        var pattern: [UInt8] = []
        var syllables: [[UInt8]?] = []
        var hasConsonant = false

        mutating func append(initial: [UInt8], syllable: [UInt8]?) {
            pattern += initial
            syllables.append(syllable)
            if syllable == nil { hasConsonant = true }
        }
    }

    /// Whether the syllables a reading asks for stand at byte `p` of the text.
    private func syllablesMatch(_ r: Reading, at p: Int) -> Bool {
        for (j, unit) in r.syllables.enumerated() {
            guard let unit else { continue }
            let at = p + 3 * j
            if syllables[at] != unit[0] || syllables[at + 1] != unit[1] || syllables[at + 2] != unit[2] { return false }
        }
        return true
    }

    /// The readings of `q` with a consonant whose initials occur in the suffix array (a reading whose
    /// first units' initials occur nowhere is not pursued); nil when more than `limit` partial readings
    /// had to be looked at (a long query of syllables with finals over long runs of like initials).
    private func readings(_ q: Query, limit: Int = 512) -> [Reading]? {
        let index = initials.index
        var complete: [Reading] = [], pending = [(Reading(), 0)], looked = 0
        while let (reading, i) = pending.popLast() {
            if i == q.units.count {
                if reading.hasConsonant { complete.append(reading) }
                continue
            }
            looked += 1
            if looked > limit { return nil }
            let unit = q.units[i]
            var asTyped = reading
            asTyped.append(initial: unit.initial, syllable: unit.syllable)
            if !index.suffixRange(asTyped.pattern).isEmpty { pending.append((asTyped, i + 1)) }
            for alternative in unit.alternatives {
                var other = reading
                other.append(initial: unit.initial, syllable: alternative.syllable)
                for initial in alternative.initials { other.append(initial: initial, syllable: nil) }
                if !index.suffixRange(other.pattern).isEmpty { pending.append((other, i + 1)) }
            }
        }
        return complete
    }

    /// The rows where the rule matches `q` in `mode`, ascending.
    ///
    /// - Complexity: a suffix-array search per partial reading that occurs (two or three per syllable
    ///   with a final, most pruned at once), then a check of three bytes per syllable at each
    ///   occurrence; past 512 partial readings, ``occurrences(_:inEntry:mode:)`` over every entry
    ///   instead (linear in the units times the entry's syllables).
    func rows(_ q: Query, mode: MatchMode) -> [UInt32] {
        guard !initials.isEmpty, !q.units.isEmpty else { return [] }
        let index = initials.index
        let code = index.code
        var entries: [UInt32] = []
        if let readings = readings(q) {
            for reading in readings {
                for i in index.suffixRange(reading.pattern) {
                    let suffix = index.suffixes[i]
                    switch mode {
                    case .contains: break
                    case .prefix: guard code.offset(suffix) == 0 else { continue }
                    case .words: guard code.isWordStart(suffix) else { continue }
                    }
                    let e = code.entry(suffix)
                    if syllablesMatch(reading, at: Int(index.starts[e]) + code.offset(suffix)) { entries.append(UInt32(e)) }
                }
            }
            // Entries too long for the suffix array's offsets are checked directly.
            for e in index.longEntries where mode != .prefix && !occurrences(q, inEntry: Int(e), mode: mode).isEmpty {
                entries.append(e)
            }
        } else {
            // Too many readings to search one by one: every entry is checked directly.
            for e in 0..<index.entryCount where !occurrences(q, inEntry: e, mode: mode).isEmpty { entries.append(UInt32(e)) }
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

    /// For each unit of three bytes of entry `e` (a syllable or a run break), how many syllables the
    /// shortest reading of `q` with a consonant covers from there; nil where none matches.
    ///
    /// - Complexity: O(units × syllables of the entry): a dynamic program from the query's last unit
    ///   back to its first, which keeps per position the shortest rest of a match, once for a
    ///   reading that has had a consonant and once for one that has not.
    private func shortestMatches(_ q: Query, inEntry e: Int) -> [Int?] {
        let index = initials.index
        let start = Int(index.starts[e])
        let count = (Int(index.starts[e + 1]) - start) / 3
        func equal<Text: RandomAccessCollection<UInt8>>(_ bytes: [UInt8], _ text: Text, at k: Int) -> Bool where Text.Index == Int {
            let at = start + 3 * k
            return k < count && text[at] == bytes[0] && text[at + 1] == bytes[1] && text[at + 2] == bytes[2]
        }
        let none = Int.max
        func plus(_ n: Int, _ rest: Int) -> Int { rest == none ? none : n + rest }
        // After the last unit: a match when a consonant was read, none otherwise.
        var withConsonant = [Int](repeating: 0, count: count + 1)
        var withoutConsonant = [Int](repeating: none, count: count + 1)
        for unit in q.units.reversed() {
            var nextWith = [Int](repeating: none, count: count + 1), nextWithout = nextWith
            for k in 0..<count {
                if let syllable = unit.syllable {
                    if equal(syllable, syllables, at: k) {
                        nextWith[k] = plus(1, withConsonant[k + 1])
                        nextWithout[k] = plus(1, withoutConsonant[k + 1])
                    }
                    for alternative in unit.alternatives where equal(alternative.syllable, syllables, at: k)
                        && alternative.initials.indices.allSatisfy({ equal(alternative.initials[$0], index.text, at: k + 1 + $0) }) {
                        let covered = plus(1 + alternative.initials.count, withConsonant[k + 1 + alternative.initials.count])
                        nextWith[k] = min(nextWith[k], covered)
                        nextWithout[k] = min(nextWithout[k], covered)
                    }
                } else if equal(unit.initial, index.text, at: k) {
                    nextWith[k] = plus(1, withConsonant[k + 1])
                    nextWithout[k] = nextWith[k]
                }
            }
            (withConsonant, withoutConsonant) = (nextWith, nextWithout)
        }
        return withoutConsonant.dropLast().map { $0 == none ? nil : $0 }
    }

    /// The non-overlapping matches in entry `e`, left to right, each the shortest at its start, as
    /// ranges of units of three bytes (syllables and run breaks) from the entry's start.
    func occurrences(_ q: Query, inEntry e: Int, mode: MatchMode) -> [Range<Int>] {
        let index = initials.index
        let start = Int(index.starts[e])
        let lengths = shortestMatches(q, inEntry: e)
        var found: [Range<Int>] = [], k = 0
        while k < lengths.count {
            let allowed = switch mode {
            case .contains: true
            case .prefix: k == 0
            case .words: index.wordStarts[start + 3 * k]
            }
            if allowed, let length = lengths[k] {
                found.append(k..<k + length)
                k += length
            } else {
                k += 1
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
