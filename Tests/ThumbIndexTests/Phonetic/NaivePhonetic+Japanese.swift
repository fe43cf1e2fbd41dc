import CThumbIndexICUTestSupport
@testable import ThumbIndex

/// The Japanese rules through the reading, from the article: a kana query found in the reading, an
/// ASCII query found in a romaji key of the reading. (The other Japanese rule, katakana and hiragana
/// as one in the ordinary match, is ``NaivePhonetic/ordinaryRanges(_:in:mode:)`` on kana-folded text.)
extension NaivePhonetic {
    /// Hiragana, katakana (Script=Hiragana, Script=Katakana) and the prolonged sound mark ー.
    static func isKana(_ s: Unicode.Scalar) -> Bool {
        let script = ti_script(s.value)
        return script == 20 || script == 22 || s == "ー"  // USCRIPT_HIRAGANA, USCRIPT_KATAKANA
    }

    /// The Kunrei and Nihon-shiki spellings read as Hepburn, in the article's order.
    static let hepburn: [(String, String)] = [
        ("sya", "sha"), ("syu", "shu"), ("syo", "sho"), ("tya", "cha"), ("tyu", "chu"), ("tyo", "cho"),
        ("zya", "ja"), ("zyu", "ju"), ("zyo", "jo"), ("si", "shi"), ("ti", "chi"), ("tu", "tsu"),
        ("hu", "fu"), ("zi", "ji"), ("nn", "n"),
    ]

    /// The long vowels of the second key, in the article's order.
    static let longVowels: [(String, String)] = [("ou", "o"), ("oo", "o"), ("uu", "u")]

    /// `s` with every occurrence of `pattern` replaced, scanning left to right without overlaps.
    static func replacingAll(_ s: [Unicode.Scalar], _ pattern: String, _ replacement: String) -> [Unicode.Scalar] {
        let p = scalars(pattern), r = scalars(replacement)
        var result: [Unicode.Scalar] = []
        var i = 0
        while i < s.count {
            if Naive.occurs(p, in: s, at: i) {
                result += r
                i += p.count
            } else {
                result.append(s[i])
                i += 1
            }
        }
        return result
    }

    /// Keys and queries alike: each replacement of ``hepburn`` applied everywhere, in order.
    static func normalizedRomaji(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        hepburn.reduce(s) { replacingAll($0, $1.0, $1.1) }
    }

    /// The two romaji keys of a reading, normalized: romanized, lowercased, without apostrophes
    /// (key 0); the same with the long vowels shortened (key 1).
    static func romajiKeys(_ reading: [Unicode.Scalar], romanize: (String) -> String) -> [[Unicode.Scalar]] {
        let first = scalars(romanize(string(reading)).lowercased()).filter { $0 != "'" }
        let second = longVowels.reduce(first) { replacingAll($0, $1.0, $1.1) }
        return [normalizedRomaji(first), normalizedRomaji(second)]
    }

    static func string(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var s = String()
        s.unicodeScalars.append(contentsOf: scalars)
        return s
    }

    /// An item's reading, as the Japanese rules see it.
    struct JapaneseItem {
        /// The reading folded with `.diacritics`, without white space; nil when the item has none
        /// (no reading, or an empty one, and a text that is not kana).
        let reading: [Unicode.Scalar]?
        /// The same with katakana folded to hiragana.
        let kanaReading: [Unicode.Scalar]
        /// Offsets in ``reading`` where a word of the reading (split at its white space) starts.
        let wordStarts: [Int]
        /// When the text is its reading: for each scalar of ``reading``, the UTF-16 range of the text
        /// it stands for (a match highlights the matched characters); nil otherwise (a match
        /// highlights the whole item).
        let origin: [Range<Int>]?
        /// The UTF-16 length of the text.
        let textLength: Int
        /// The normalized romaji keys of the part of the reading from each word start on (from 0:
        /// the keys of the whole reading).
        let keys: [Int: [[Unicode.Scalar]]]
        let romanize: @Sendable (String) -> String

        init(text: String, ruleText: Folded, reading given: String?, using dependencies: Dependencies) {
            textLength = text.utf16.count
            romanize = dependencies.romanize
            let isWhiteSpace = { (s: Unicode.Scalar) in s.properties.isWhitespace }
            let textLetters = ruleText.scalars.indices.filter { !isWhiteSpace(ruleText.scalars[$0]) }
            let source: [Unicode.Scalar]
            let textIsReading: Bool
            if let given, !given.isEmpty {
                source = Naive.fold(given, .diacritics)
                textIsReading = source.filter { !isWhiteSpace($0) } == textLetters.map { ruleText.scalars[$0] }
            } else if !textLetters.isEmpty, ruleText.scalars.allSatisfy({ NaivePhonetic.isKana($0) || isWhiteSpace($0) }) {
                source = ruleText.scalars
                textIsReading = true
            } else {
                (reading, kanaReading, wordStarts, origin, keys) = (nil, [], [], nil, [:])
                return
            }
            let reading = source.filter { !isWhiteSpace($0) }
            var starts: [Int] = []
            var count = 0
            for (i, s) in source.enumerated() where !isWhiteSpace(s) {
                if i == 0 || isWhiteSpace(source[i - 1]) { starts.append(count) }
                count += 1
            }
            self.reading = reading
            kanaReading = NaivePhonetic.kanaFold(reading)
            wordStarts = starts
            origin = textIsReading ? textLetters.map { ruleText.origin[$0] } : nil
            var keys: [Int: [[Unicode.Scalar]]] = [0: NaivePhonetic.romajiKeys(reading, romanize: romanize)]
            for start in starts where start > 0 {
                keys[start] = NaivePhonetic.romajiKeys(Array(reading[start...]), romanize: romanize)
            }
            self.keys = keys
        }

        /// The characters of the reading (from `from` on) that the key range `range` of key
        /// `variant` comes from: from the last character boundary at or before its start to the
        /// first at or after its end, where a boundary is a `k` whose first `k` characters have a key
        /// that is a prefix of the whole key.
        func readingSpan(ofKeyRange range: Range<Int>, variant: Int, from: Int) -> Range<Int> {
            let part = Array(reading![from...])
            let whole = keys[from]![variant]
            var boundaries: [(characters: Int, key: Int)] = []
            for k in 0...part.count {
                let prefix = NaivePhonetic.romajiKeys(Array(part[..<k]), romanize: romanize)[variant]
                if Naive.occurs(prefix, in: whole, at: 0) { boundaries.append((k, prefix.count)) }
            }
            let start = boundaries.filter { $0.key <= range.lowerBound }.map(\.characters).max() ?? 0
            let end = boundaries.filter { $0.key >= range.upperBound }.map(\.characters).min() ?? part.count
            return from + start..<from + max(end, start + 1)
        }
    }

    /// A query the Japanese reading rules apply to.
    struct JapaneseQuery {
        /// The query with katakana folded to hiragana, when it is all kana.
        let kana: [Unicode.Scalar]?
        /// The query normalized like the romaji keys, when it is all ASCII letters.
        let romaji: [Unicode.Scalar]?

        init(_ q: [Unicode.Scalar]) {
            kana = !q.isEmpty && q.allSatisfy(NaivePhonetic.isKana) ? NaivePhonetic.kanaFold(q) : nil
            let isLetter = { (s: Unicode.Scalar) in ("a"..."z").contains(s) || ("A"..."Z").contains(s) }
            romaji = !q.isEmpty && q.allSatisfy(isLetter) ? NaivePhonetic.normalizedRomaji(q) : nil
        }
    }

    /// Every match through the reading (kana in the reading, ASCII in a romaji key; in prefix mode
    /// at the start of the reading or key, in words mode at a word of the reading); nil when there is
    /// none. Ranges: the matched characters when the text is its reading, else the whole text.
    static func japaneseRanges(_ item: Item, _ query: Query, mode: MatchMode) -> [Range<Int>]? {
        let j = item.japanese
        guard let reading = j.reading else { return nil }
        // Matches as (variant, word start, key range); a kana match as variant -1 and a reading range.
        var matches: [(variant: Int, from: Int, range: Range<Int>)] = []
        if let q = query.japanese.kana, q.count <= reading.count {
            let starts: [Int] = switch mode {
            case .contains: Array(0...(reading.count - q.count))
            case .prefix: [0]
            case .words: j.wordStarts
            }
            for start in starts where Naive.occurs(q, in: j.kanaReading, at: start) {
                matches.append((-1, 0, start..<start + q.count))
            }
        }
        if let q = query.japanese.romaji {
            for variant in 0..<2 {
                switch mode {
                case .contains:
                    let key = j.keys[0]![variant]
                    for start in key.indices where Naive.occurs(q, in: key, at: start) {
                        matches.append((variant, 0, start..<start + q.count))
                    }
                case .prefix, .words:
                    for from in mode == .prefix ? [0] : j.wordStarts where Naive.occurs(q, in: j.keys[from]![variant], at: 0) {
                        matches.append((variant, from, 0..<q.count))
                    }
                }
            }
        }
        guard !matches.isEmpty else { return nil }
        guard let origin = j.origin else { return merged([0..<j.textLength]) }
        let spans = matches.map { match in
            match.variant < 0 ? match.range : j.readingSpan(ofKeyRange: match.range, variant: match.variant, from: match.from)
        }
        return merged(spans.flatMap { span in span.map { origin[$0] } })
    }
}
