import CThumbIndexICUTestSupport
@testable import ThumbIndex

/// Phonetic search restated plainly from its definition (the DocC article `PhoneticSearch.md`), for
/// holding the library against: prepare one item, then try every rule on it by brute force.
///
/// Written from the article alone, on arrays of Unicode scalars. It uses nothing of
/// `Sources/ThumbIndex/Phonetic/`: the folds and the ordinary match come from the naive scan
/// (``Naive``), the readings of Han characters and the romanization of kana are injected
/// (``Dependencies``), and everything else (runs, keystrokes, romaji keys, ranges) is restated here.
///
/// The rules, in the order of the article:
/// - ordinary: the query folded with the search's fold occurs in the item folded alike (``Naive``);
/// - Chinese (`NaivePhonetic+Chinese.swift`): pinyin prefixes and Han characters along a run;
/// - Korean (`NaivePhonetic+Korean.swift`): 2-set keystrokes, and initial consonants;
/// - Japanese (`NaivePhonetic+Japanese.swift`): the ordinary match with katakana folded to hiragana,
///   and kana or romaji through the reading.
///
/// An item matches when the ordinary match or an enabled rule does; its ranges are the union of the
/// ranges of every match of every rule that matched, merged where they overlap or touch.
///
/// Where the article leaves room, this oracle reads it so (each is one short piece of code):
/// - Ranges: each rule, like the ordinary match, reports its matches from the left, each past the
///   end of the one before and the shortest at its start (曾国藩 by `zeng`: 曾, not also 曾国 cut as
///   `zen|g`; 张张张 by `zz`: 张张). A match covers one stretch of the text, from its first character
///   to its last, white space between them included (张 三 by `zs`, 김 민준 by `ㄱㅁㅈ`, やまだ たろう
///   by `だた`: one range each).
/// - Korean keys under `contains` may start anywhere, even inside a syllable (`ㅣㅁ` finds 김민준); under
///   `prefix` and `words` a match starts at the first key of the character where it must start.
/// - The text "is its reading" when the item has no reading (nil or empty) and its text is kana; a
///   reading given, even one equal to the text, makes every match through it highlight the whole item.
/// - In `words` mode a romaji match starts where a word of the reading starts: the key of the
///   reading from that word on starts with the query.
/// - The long vowels are shortened one after the other, each at every non-overlapping occurrence
///   from the left, once; the Hepburn list is then applied in one pass from the left, `sh` and `ch`
///   passed over whole (issue 19 §2: `fu` does not find しゅう).
/// - Korean: the finals of the query's syllables may each be detached or not, independently: a query
///   has every such reading, and the initial-consonant rule matches when one of them does.
enum NaivePhonetic {
    /// A set of phonetic rules (restated here; the library's own set is not used).
    struct Rules: OptionSet, Hashable, Sendable, CustomStringConvertible {
        let rawValue: Int
        static let chinese = Rules(rawValue: 1)
        static let korean = Rules(rawValue: 2)
        static let japanese = Rules(rawValue: 4)
        static let all: Rules = [.chinese, .korean, .japanese]

        var description: String {
            let names = [(Rules.chinese, "chinese"), (.korean, "korean"), (.japanese, "japanese")]
            return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
        }
    }

    /// The rules `phonetic` applies to a listing in `locale`: with `auto`, those of the locale's
    /// language (`zh`, `ko`, `ja`: the part of the ICU locale name before `_`, `-` or `@`).
    static func rules(_ phonetic: Phonetic, locale: String) -> Rules {
        switch phonetic {
        case .off: return []
        case .on: return .all
        case .auto:
            switch locale.prefix(while: { $0 != "_" && $0 != "-" && $0 != "@" }).lowercased() {
            case "zh": return .chinese
            case "ko": return .korean
            case "ja": return .japanese
            default: return []
            }
        }
    }

    /// What the oracle is given rather than restating: data from ICU and Unihan.
    struct Dependencies: Sendable {
        /// R(c): the readings of a Han character, toneless lowercase pinyin; `startsRun` when the
        /// character is the first unit of its run (where `Han-Latin/Names` also counts).
        /// Spellings of `ü` with `v` and `u` are added by the oracle when missing.
        var readings: @Sendable (Unicode.Scalar, _ startsRun: Bool) -> [String]
        /// Whether a scalar is a Han character (Script=Han).
        var isHan: @Sendable (Unicode.Scalar) -> Bool = { ti_script($0.value) == 17 }  // USCRIPT_HAN
        /// ICU's `Hiragana-Latin` and `Katakana-Latin`, then `Latin-ASCII`, of a reading.
        var romanize: @Sendable (String) -> String
    }

    // MARK: One item, prepared

    /// The item folded one way, with where each folded scalar came from.
    struct Folded {
        /// The folded text.
        let scalars: [Unicode.Scalar]
        /// For each folded scalar, the UTF-16 range of the displayed text it came from: its grapheme
        /// cluster (clusters are folded one by one), or the whole text in the rare case where folding
        /// cluster by cluster differs from folding the whole text.
        let origin: [Range<Int>]
        /// Scalar offsets where ICU starts a word in ``scalars``.
        let wordStarts: Set<Int>
        /// Whether ``origin`` is cluster by cluster (false: the fallback to the whole text).
        let byClusters: Bool

        /// `text` folded with `fold`.
        init(_ text: String, fold: Fold) {
            var scalars: [Unicode.Scalar] = []
            var origin: [Range<Int>] = []
            var offset = 0
            for character in text {
                let length = character.utf16.count
                let folded = Naive.fold(String(character), fold)
                scalars += folded
                origin += Array(repeating: offset..<offset + length, count: folded.count)
                offset += length
            }
            let whole = Naive.fold(text, fold)
            let byClusters = whole == scalars
            if !byClusters {
                scalars = whole
                origin = Array(repeating: 0..<offset, count: whole.count)
            }
            self.init(scalars: scalars, origin: origin, byClusters: byClusters)
        }

        private init(scalars: [Unicode.Scalar], origin: [Range<Int>], byClusters: Bool) {
            self.scalars = scalars
            self.origin = origin
            self.byClusters = byClusters
            wordStarts = Naive.wordStarts(scalars)
        }

        /// The same with katakana folded to hiragana (word starts found again).
        var kanaFolded: Folded { Folded(scalars: NaivePhonetic.kanaFold(scalars), origin: origin, byClusters: byClusters) }

        /// The UTF-16 range that the folded scalars `range` (non-empty) came from.
        func originalRange(_ range: Range<Int>) -> Range<Int> {
            origin[range.lowerBound].lowerBound..<origin[range.upperBound - 1].upperBound
        }

        /// The offset of the first scalar that is not white space.
        var firstNonWhiteSpace: Int? { scalars.firstIndex { !$0.properties.isWhitespace } }

        /// Whether a rule's match may start at scalar offset `start` in `mode`: anywhere, at the
        /// first character that is not white space, or at a word start.
        func ruleMayStart(at start: Int, _ mode: MatchMode) -> Bool {
            switch mode {
            case .contains: return true
            case .prefix: return start == firstNonWhiteSpace
            case .words: return wordStarts.contains(start)
            }
        }
    }

    /// An item (text and optional reading) prepared for every rule.
    struct Item {
        let text: String
        let reading: String?
        /// The text under each fold, for the ordinary match.
        let folded: [Fold: Folded]
        /// The text under each fold with katakana folded to hiragana (the Japanese rules' first part).
        let kanaFolded: [Fold: Folded]
        /// What the rules see: the text folded with the default fold, `.diacritics`.
        var ruleText: Folded { folded[.diacritics]! }
        let chinese: ChineseItem
        let korean: KoreanItem
        let japanese: JapaneseItem

        init(text: String, reading: String? = nil, using dependencies: Dependencies) {
            self.text = text
            self.reading = reading
            var folded: [Fold: Folded] = [:]
            var kanaFolded: [Fold: Folded] = [:]
            for fold in Fold.naiveCases {
                folded[fold] = Folded(text, fold: fold)
                kanaFolded[fold] = folded[fold]!.kanaFolded
            }
            self.folded = folded
            self.kanaFolded = kanaFolded
            let ruleText = folded[.diacritics]!
            chinese = ChineseItem(ruleText, using: dependencies)
            korean = KoreanItem(ruleText)
            japanese = JapaneseItem(text: text, ruleText: ruleText, reading: reading, using: dependencies)
        }
    }

    // MARK: One query, prepared

    /// A query prepared for every rule.
    struct Query {
        let text: String
        /// The query as the ordinary match sees it: trimmed and folded, per fold.
        let ordinary: [Fold: [Unicode.Scalar]]
        /// The same with katakana folded to hiragana.
        let kanaOrdinary: [Fold: [Unicode.Scalar]]
        /// What the rules see: the query folded with `.diacritics`, then without white space.
        let rule: [Unicode.Scalar]
        let korean: KoreanQuery?
        let japanese: JapaneseQuery

        init(_ text: String) {
            self.text = text
            var ordinary: [Fold: [Unicode.Scalar]] = [:]
            var kanaOrdinary: [Fold: [Unicode.Scalar]] = [:]
            for fold in Fold.naiveCases {
                ordinary[fold] = Naive.foldQuery(text, fold)
                kanaOrdinary[fold] = NaivePhonetic.kanaFold(ordinary[fold]!)
            }
            self.ordinary = ordinary
            self.kanaOrdinary = kanaOrdinary
            rule = Naive.fold(text, .diacritics).filter { !$0.properties.isWhitespace }
            korean = KoreanQuery(rule)
            japanese = JapaneseQuery(rule)
        }
    }

    // MARK: The answer

    /// What each rule finds in one item for one query and mode: nil when it does not match, else
    /// the UTF-16 ranges of its matches (empty for the ordinary match of an empty query).
    struct Findings {
        var ordinary: [Range<Int>]?
        var kana: [Range<Int>]?
        var chinese: [Range<Int>]?
        var korean: [Range<Int>]?
        var japanese: [Range<Int>]?

        /// The findings of the rules in `rules`, with the ordinary match always.
        func enabled(_ rules: Rules) -> [[Range<Int>]?] {
            [ordinary,
             rules.contains(.japanese) ? kana : nil,
             rules.contains(.chinese) ? chinese : nil,
             rules.contains(.korean) ? korean : nil,
             rules.contains(.japanese) ? japanese : nil]
        }

        func matches(_ rules: Rules) -> Bool { enabled(rules).contains { $0 != nil } }

        /// The merged ranges under `rules` (empty when the item does not match).
        func ranges(_ rules: Rules) -> [Range<Int>] { merged(enabled(rules).flatMap { $0 ?? [] }) }
    }

    /// Every rule tried on `item`: the ordinary match with `fold`, the others with `.diacritics`.
    static func findings(_ item: Item, _ query: Query, mode: MatchMode, fold: Fold = .diacritics) -> Findings {
        Findings(ordinary: ordinaryRanges(query.ordinary[fold]!, in: item.folded[fold]!, mode: mode),
                 kana: ordinaryRanges(query.kanaOrdinary[fold]!, in: item.kanaFolded[fold]!, mode: mode),
                 chinese: chineseRanges(item, query, mode: mode),
                 korean: koreanRanges(item, query, mode: mode),
                 japanese: japaneseRanges(item, query, mode: mode))
    }

    /// Whether the item matches the query in `mode` under `rules` (the ordinary match, or a rule).
    static func matches(_ item: Item, _ query: Query, mode: MatchMode, rules: Rules, fold: Fold = .diacritics) -> Bool {
        findings(item, query, mode: mode, fold: fold).matches(rules)
    }

    /// The match ranges: UTF-16 offsets into the text, the ordinary ranges and those of every match
    /// of every rule, merged where they overlap or touch, sorted; empty when the item does not match.
    static func ranges(_ item: Item, _ query: Query, mode: MatchMode, rules: Rules, fold: Fold = .diacritics) -> [Range<Int>] {
        findings(item, query, mode: mode, fold: fold).ranges(rules)
    }

    /// ``matches(_:_:mode:rules:fold:)`` of an item and a query prepared on the spot.
    static func matches(text: String, reading: String? = nil, query: String, mode: MatchMode, rules: Rules,
                        fold: Fold = .diacritics, using dependencies: Dependencies) -> Bool {
        matches(Item(text: text, reading: reading, using: dependencies), Query(query), mode: mode, rules: rules, fold: fold)
    }

    /// ``ranges(_:_:mode:rules:fold:)`` of an item and a query prepared on the spot.
    static func ranges(text: String, reading: String? = nil, query: String, mode: MatchMode, rules: Rules,
                       fold: Fold = .diacritics, using dependencies: Dependencies) -> [Range<Int>] {
        ranges(Item(text: text, reading: reading, using: dependencies), Query(query), mode: mode, rules: rules, fold: fold)
    }

    // MARK: Shared pieces

    /// The ordinary match of the folded query `q` in `item` (``Naive/matches(item:query:mode:)``), with
    /// its ranges as the library reports them: the non-overlapping occurrences from left to right
    /// (contains), the one at offset 0 (prefix), or those at word starts past the previous one (words).
    static func ordinaryRanges(_ q: [Unicode.Scalar], in item: Folded, mode: MatchMode) -> [Range<Int>]? {
        guard Naive.matches(item: item.scalars, query: q, mode: mode) else { return nil }
        guard !q.isEmpty else { return [] }
        var found: [Range<Int>] = []
        switch mode {
        case .prefix:
            found = [0..<q.count]
        case .contains:
            var from = 0
            while let p = (from..<max(from, item.scalars.count)).first(where: { Naive.occurs(q, in: item.scalars, at: $0) }) {
                found.append(p..<p + q.count)
                from = p + q.count
            }
        case .words:
            for start in item.wordStarts.sorted() where start >= (found.last?.upperBound ?? 0) {
                if Naive.occurs(q, in: item.scalars, at: start) { found.append(start..<start + q.count) }
            }
        }
        return merged(found.map(item.originalRange))
    }

    /// `ranges` sorted, those that overlap or touch merged into one.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// Katakana folded to hiragana, as `Fold.all` does (U+30A1…U+30F6 down by 0x60; ヽ ヾ to ゝ ゞ).
    static func kanaFold(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        scalars.map { s in
            switch s.value {
            case 0x30A1...0x30F6: Unicode.Scalar(s.value - 0x60)!
            case 0x30FD: "ゝ"
            case 0x30FE: "ゞ"
            default: s
            }
        }
    }

    /// `s` as an array of scalars.
    static func scalars(_ s: String) -> [Unicode.Scalar] { Array(s.unicodeScalars) }
}

// MARK: Terms (issue 23)

extension NaivePhonetic {
    /// What the rules find for a query cut into terms (issue 23): each term (``Naive/termTexts(_:mode:)``,
    /// those that fold to nothing dropped) tried as a query of its own, the ordinary match and every
    /// rule; and, when there is more than one term, the whole query tried by the rules (not by the
    /// ordinary match: pinyin runs across white space, `jon sumisu`).
    struct TermFindings {
        let terms: [Findings]
        let whole: Findings?

        /// Whether every term matches (no term: every item does), or the whole query does by a rule.
        func matches(_ rules: Rules) -> Bool {
            terms.allSatisfy { $0.matches(rules) } || (whole.map { $0.enabled(rules).dropFirst().contains { $0 != nil } } ?? false)
        }

        /// The ranges of every term's findings and of the whole query's rules, merged; empty when the
        /// item does not match.
        func ranges(_ rules: Rules) -> [Range<Int>] {
            guard matches(rules) else { return [] }
            return merged(terms.flatMap { $0.ranges(rules) } + (whole.map { $0.enabled(rules).dropFirst().flatMap { $0 ?? [] } } ?? []))
        }
    }

    /// The queries of `query`'s terms in `mode` under `fold`, and of the whole query when it has more than one.
    static func termQueries(_ query: String, mode: MatchMode, fold: Fold) -> (terms: [Query], whole: Query?) {
        let terms = Naive.termTexts(query, mode: mode).filter { !Naive.fold($0, fold).isEmpty }.map(Query.init)
        return (terms, terms.count > 1 ? Query(string(trimmedScalars(query))) : nil)
    }

    /// `text` without White_Space at either end, as scalars.
    static func trimmedScalars(_ text: String) -> [Unicode.Scalar] {
        var scalars = Array(text.unicodeScalars)[...]
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return Array(scalars)
    }

    /// Every rule tried on `item` for each term of `queries` and for the whole query.
    static func termFindings(_ item: Item, _ queries: (terms: [Query], whole: Query?), mode: MatchMode, fold: Fold = .diacritics) -> TermFindings {
        TermFindings(terms: queries.terms.map { findings(item, $0, mode: mode, fold: fold) },
                     whole: queries.whole.map { findings(item, $0, mode: mode, fold: fold) })
    }
}
