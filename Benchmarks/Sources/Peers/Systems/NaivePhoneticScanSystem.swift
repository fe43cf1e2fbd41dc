import Foundation
@_spi(Benchmarks) import ThumbIndex

/// The baseline of the phonetic figures: the definitions of ThumbIndex's PhoneticSearch.md (Chinese
/// and Korean rules, plus the ordinary contains match) restated as a plain scan over every item on
/// every keystroke, written for clarity, not speed.
///
/// Built once: every item's text folded (NFKC + lowercase, which is the default fold for these
/// names), and the readings R(c) of the Han characters the items hold, from ThumbIndex's own table
/// (`HanReadingsTable`, the same data the index uses), as a dictionary. Per keystroke, per item:
/// the ordinary match (the folded query in the folded item), the pinyin rule (a walk over the item's
/// runs of Han characters, cutting the query into pieces), the Korean keys rule (the item's 2-set
/// keys, computed from its syllables, searched for the query's) and the initial-consonants rule.
/// Nothing about an item is precomputed beyond its folded text.
public final class NaivePhoneticScanSystem: KeystrokeSystem {
    private let texts: PackedStrings
    private let sectionEnds: [Int]
    /// Every item folded, as scalar values.
    private let items: [[UInt32]]
    /// R(c) as ASCII (a folded query never holds ü), in a run and at a run's start.
    private let readings: [UInt32: (inRun: [[UInt32]], runStart: [[UInt32]])]
    private let chinese: Bool
    private let korean: Bool

    public init(snapshot: ListingSnapshot, locale: String, report: inout BuildReport) {
        texts = snapshot.texts
        sectionEnds = snapshot.sectionEnds
        chinese = locale.hasPrefix("zh")
        korean = locale.hasPrefix("ko")
        let items = report.measure("fold") {
            (0..<snapshot.count).map { Self.fold(snapshot.texts[$0]).map(\.value) }
        }
        self.items = items
        readings = report.measure("readings") {
            var table: [UInt32: (inRun: [[UInt32]], runStart: [[UInt32]])] = [:]
            for item in items {
                for c in item where table[c] == nil && Self.isHan(c) {
                    func ascii(_ rs: [String]) -> [[UInt32]] {
                        rs.filter { $0.allSatisfy(\.isASCII) }.map { $0.unicodeScalars.map(\.value) }
                    }
                    let scalar = Unicode.Scalar(c)!
                    table[c] = (ascii(HanReadingsTable.readings(of: scalar, startsRun: false)),
                                ascii(HanReadingsTable.readings(of: scalar, startsRun: true)))
                }
            }
            return table
        }
    }

    public var indexBytes: Int? { nil }

    /// The default fold of these corpora's texts: NFKC, lowercase.
    static func fold(_ text: String) -> [Unicode.Scalar] {
        Array(text.precomposedStringWithCompatibilityMapping.lowercased().unicodeScalars)
    }

    public func keystroke(_ text: String) -> Answer {
        let query = Self.fold(text.trimmingWhitespace()).map(\.value)
        let compact = query.filter { !Unicode.Scalar($0)!.properties.isWhitespace }
        let pinyin = chinese && !compact.isEmpty && compact.allSatisfy { Self.isHan($0) || (0x61...0x7A).contains($0) }
        let hangul = korean && compact.contains { Self.hangulLetters($0) != nil }
        let queryKeys = hangul ? Self.keys(compact) : []
        let readings = hangul ? Self.initialReadings(compact) : []

        var answer = AnswerBuilder()
        var page: [Int] = []
        var section = 0, count = 0
        for (row, item) in items.enumerated() {
            while row == sectionEnds[section] {
                if count > 0 { answer.section(section, count: count) }
                section += 1
                count = 0
            }
            let match = query.isEmpty || Self.contains(item, query)
                || (pinyin && matchesPinyin(item, compact))
                || (hangul && (Self.contains(Self.keys(item), queryKeys)
                               || readings.contains { Self.matchesInitials(item, $0) }))
            guard match else { continue }
            count += 1
            if page.count < pageSize { page.append(row) }
        }
        if count > 0 { answer.section(section, count: count) }
        for row in page { answer.pageText(texts.utf8(row)) }
        return answer.answer
    }

    // MARK: The ordinary match

    /// Whether `needle` occurs in `haystack` (both non-empty or needle empty).
    static func contains(_ haystack: [UInt32], _ needle: [UInt32]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }

    // MARK: Chinese

    static func isHan(_ c: UInt32) -> Bool {
        (0x3400...0x4DBF).contains(c) || (0x4E00...0x9FFF).contains(c) || (0xF900...0xFAFF).contains(c)
            || (0x20000...0x323AF).contains(c)
    }

    /// The definition: q cut into pieces p1…pn, n consecutive units of one run (white space between
    /// them ignored; anything else ends a run) with each piece the unit itself or a non-empty prefix
    /// of one of its readings (its names readings too when it starts its run).
    func matchesPinyin(_ item: [UInt32], _ q: [UInt32]) -> Bool {
        // The units, each with whether it starts its run.
        var units: [(c: UInt32, runStart: Bool)] = []
        var inRun = false
        for c in item {
            if Unicode.Scalar(c)!.properties.isWhitespace { continue }
            if Self.isHan(c) {
                units.append((c, !inRun))
                inRun = true
            } else {
                inRun = false
                units.append((0, true))  // a run break
            }
        }
        for start in units.indices where units[start].c != 0 {
            // Positions of q reachable after the units start…u.
            var reach: Set<Int> = [0]
            var u = start
            while u < units.count, units[u].c != 0, u == start || !units[u].runStart {
                var next: Set<Int> = []
                let unit = units[u]
                let rs = unit.runStart ? readings[unit.c]?.runStart ?? [] : readings[unit.c]?.inRun ?? []
                for p in reach {
                    if q[p] == unit.c { next.insert(p + 1) }
                    for r in rs {
                        var k = 0
                        while p + k < q.count, k < r.count, q[p + k] == r[k] {
                            k += 1
                            next.insert(p + k)
                        }
                    }
                }
                if next.contains(q.count) { return true }
                reach = next
                if reach.isEmpty { break }
                u += 1
            }
        }
        return false
    }

    // MARK: Korean

    /// The nineteen initial consonants, by their index in a syllable (compatibility jamo).
    static let initials: [UInt32] = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ".unicodeScalars.map(\.value))
    /// The finals, by index − 1.
    static let finals: [UInt32] = Array("ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ".unicodeScalars.map(\.value))
    /// Compound vowels and finals, and the keys that type them.
    static let compounds: [UInt32: [UInt32]] = {
        let pairs = ["ㅘ": "ㅗㅏ", "ㅙ": "ㅗㅐ", "ㅚ": "ㅗㅣ", "ㅝ": "ㅜㅓ", "ㅞ": "ㅜㅔ", "ㅟ": "ㅜㅣ", "ㅢ": "ㅡㅣ",
                     "ㄳ": "ㄱㅅ", "ㄵ": "ㄴㅈ", "ㄶ": "ㄴㅎ", "ㄺ": "ㄹㄱ", "ㄻ": "ㄹㅁ", "ㄼ": "ㄹㅂ", "ㄽ": "ㄹㅅ",
                     "ㄾ": "ㄹㅌ", "ㄿ": "ㄹㅍ", "ㅀ": "ㄹㅎ", "ㅄ": "ㅂㅅ"]
        var table: [UInt32: [UInt32]] = [:]
        for (letter, keys) in pairs { table[letter.unicodeScalars.first!.value] = keys.unicodeScalars.map(\.value) }
        return table
    }()

    /// The letters (compatibility jamo) of a syllable or a jamo (compatibility or conjoining), or nil.
    static func hangulLetters(_ c: UInt32) -> [UInt32]? {
        switch c {
        case 0xAC00...0xD7A3:
            let i = Int(c - 0xAC00)
            let vowel = 0x314F + UInt32(i % 588 / 28)
            return i % 28 == 0 ? [initials[i / 588], vowel] : [initials[i / 588], vowel, finals[i % 28 - 1]]
        case 0x1100...0x1112: return [initials[Int(c - 0x1100)]]
        case 0x1161...0x1175: return [0x314F + c - 0x1161]
        case 0x11A8...0x11C2: return [finals[Int(c - 0x11A8)]]
        case 0x3131...0x3163: return [c]
        default: return nil
        }
    }

    /// The 2-set keys of a text: white space has none, other characters are their own key.
    static func keys(_ text: [UInt32]) -> [UInt32] {
        var keys: [UInt32] = []
        for c in text where !Unicode.Scalar(c)!.properties.isWhitespace {
            guard let letters = hangulLetters(c) else { keys.append(c); continue }
            for letter in letters { keys.append(contentsOf: compounds[letter] ?? [letter]) }
        }
        return keys
    }

    /// The readings of the query for the initials rule, each a list of units (a syllable, or an
    /// initial consonant as a compatibility jamo) with at least one consonant; empty unless every
    /// character is a syllable or an initial consonant. A syllable with a final is read as it is and,
    /// each independently (issue 19 §2, the 2-set IME attaching what is typed next to a syllable):
    /// when more of the query follows, as the syllable without its final's last key, then that key
    /// (뱃 → 배 ㅅ, 밗 → 박 ㅅ); with a compound final, as the syllable without a final, then both keys
    /// (곣 → 고 ㄱ ㅅ).
    static func initialReadings(_ q: [UInt32]) -> [[UInt32]] {
        var readings: [[UInt32]] = [[]]
        for (i, c) in q.enumerated() {
            if (0xAC00...0xD7A3).contains(c) {
                var next = readings.map { $0 + [c] }
                let f = Int(c - 0xAC00) % 28
                if f > 0 {
                    let keys = compounds[finals[f - 1]] ?? [finals[f - 1]]
                    let bare = c - UInt32(f)
                    if i < q.count - 1 {
                        let rest = keys.count == 2 ? bare + UInt32(finals.firstIndex(of: keys[0])! + 1) : bare
                        next += readings.map { $0 + [rest, keys[keys.count - 1]] }
                    }
                    if keys.count == 2 { next += readings.map { $0 + [bare] + keys } }
                }
                readings = next
            } else if (0x1100...0x1112).contains(c) {
                readings = readings.map { $0 + [initials[Int(c - 0x1100)]] }
            } else if initials.contains(c) {
                readings = readings.map { $0 + [c] }
            } else {
                return []
            }
        }
        return readings.filter { $0.contains { $0 < 0xAC00 } }
    }

    /// Consecutive syllables of the item (white space between them ignored) matching the units one
    /// by one: a syllable itself, a consonant the syllable's initial.
    static func matchesInitials(_ item: [UInt32], _ units: [UInt32]) -> Bool {
        let chars = item.filter { !Unicode.Scalar($0)!.properties.isWhitespace }
        guard chars.count >= units.count else { return false }
        for start in 0...(chars.count - units.count) {
            let hit = units.indices.allSatisfy { j in
                let c = chars[start + j]
                guard (0xAC00...0xD7A3).contains(c) else { return false }
                return units[j] >= 0xAC00 ? c == units[j] : initials[Int(c - 0xAC00) / 588] == units[j]
            }
            if hit { return true }
        }
        return false
    }
}
