import CThumbIndexICUTestSupport
@testable import ThumbIndex

/// The Japanese rules through the reading, from the article: a kana query found in the reading, an
/// ASCII query found in a romaji key of the reading. Issue 19 §2: the separators inside katakana
/// names (ジョン・スミス) split a reading as white space does; an apostrophe in a romaji query is a
/// syllable break; the Hepburn spellings are normalized in one pass, so that `fu` does not find しゅう. (The other Japanese rule, katakana and hiragana
/// as one in the ordinary match, is ``NaivePhonetic/ordinaryRanges(_:in:mode:)`` on kana-folded text.)
extension NaivePhonetic {
    /// Hiragana, katakana (Script=Hiragana, Script=Katakana) and the prolonged sound mark ー.
    static func isKana(_ s: Unicode.Scalar) -> Bool {
        let script = ti_script(s.value)
        return script == 20 || script == 22 || s == "ー"  // USCRIPT_HIRAGANA, USCRIPT_KATAKANA
    }

    /// The separators written inside katakana names: the middle dots ・ ･ ·, the double hyphens ゠ ＝ =.
    static let separators: Set<Unicode.Scalar> = Set(scalars("・･·゠＝="))

    /// What splits a reading into words and is dropped from it: white space, or a separator.
    static func breaksReading(_ s: Unicode.Scalar) -> Bool { s.properties.isWhitespace || separators.contains(s) }

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

    /// Keys and queries alike, read once from the left: where `sh` or `ch` starts, those two letters
    /// are kept and reading goes on after them; else, where a spelling of ``hepburn`` starts (the first
    /// in the list), it is replaced and reading goes on after it; else the letter is kept.
    static func normalizedRomaji(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        var i = 0
        while i < s.count {
            if Naive.occurs(scalars("sh"), in: s, at: i) || Naive.occurs(scalars("ch"), in: s, at: i) {
                result += s[i..<i + 2]
                i += 2
            } else if let (spelling, hepburn) = hepburn.first(where: { Naive.occurs(scalars($0.0), in: s, at: i) }) {
                result += scalars(hepburn)
                i += spelling.count
            } else {
                result.append(s[i])
                i += 1
            }
        }
        return result
    }

    /// The two romaji keys of a reading, normalized: romanized, lowercased, without apostrophes
    /// (key 0); the same with the long vowels shortened (key 1).
    static func romajiKeys(_ reading: [Unicode.Scalar], romanize: (String) -> String) -> [[Unicode.Scalar]] {
        let first = scalars(romanize(string(reading)).lowercased()).filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
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
        /// The reading folded with `.diacritics`, without white space and separators; nil when the
        /// item has none (no reading, or an empty one, and a text that is not kana with white space
        /// and separators).
        let reading: [Unicode.Scalar]?
        /// The same with katakana folded to hiragana.
        let kanaReading: [Unicode.Scalar]
        /// Offsets in ``reading`` where a word of the reading (split at its white space and
        /// separators) starts.
        let wordStarts: [Int]
        /// When the text is its reading (no reading given, a kana text): for each scalar of
        /// ``reading``, the UTF-16 range of the text it stands for (a kana match highlights the
        /// matched characters); nil otherwise.
        let origin: [Range<Int>]?
        /// The UTF-16 length of the text.
        let textLength: Int
        /// The normalized romaji keys of the part of the reading from each word start on (from 0:
        /// the keys of the whole reading).
        let keys: [Int: [[Unicode.Scalar]]]

        init(text: String, ruleText: Folded, reading given: String?, using dependencies: Dependencies) {
            textLength = text.utf16.count
            let romanize = dependencies.romanize
            let breaks = NaivePhonetic.breaksReading
            let textLetters = ruleText.scalars.indices.filter { !breaks(ruleText.scalars[$0]) }
            let source: [Unicode.Scalar]
            let textIsReading: Bool
            if let given, !given.isEmpty {
                source = Naive.fold(given, .diacritics)
                textIsReading = false
            } else if ruleText.scalars.contains(where: NaivePhonetic.isKana),
                      ruleText.scalars.allSatisfy({ NaivePhonetic.isKana($0) || breaks($0) }) {
                source = ruleText.scalars
                textIsReading = true
            } else {
                (reading, kanaReading, wordStarts, origin, keys) = (nil, [], [], nil, [:])
                return
            }
            let reading = source.filter { !breaks($0) }
            var starts: [Int] = []
            var count = 0
            for (i, s) in source.enumerated() where !breaks(s) {
                if i == 0 || breaks(source[i - 1]) { starts.append(count) }
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
    }

    /// A query the Japanese reading rules apply to.
    struct JapaneseQuery {
        /// The query without separators, with katakana folded to hiragana, when that is all kana.
        let kana: [Unicode.Scalar]?
        /// The query's letters normalized like the romaji keys, when it is ASCII letters and
        /// apostrophes (' or ’: a syllable break, which writes no letter) with at least one letter.
        let romaji: [Unicode.Scalar]?

        init(_ q: [Unicode.Scalar]) {
            let kanaPart = q.filter { !NaivePhonetic.separators.contains($0) }
            kana = !kanaPart.isEmpty && kanaPart.allSatisfy(NaivePhonetic.isKana) ? NaivePhonetic.kanaFold(kanaPart) : nil
            let isLetter = { (s: Unicode.Scalar) in ("a"..."z").contains(s) || ("A"..."Z").contains(s) }
            let isApostrophe = { (s: Unicode.Scalar) in s == "'" || s == "’" }
            let letters = q.filter(isLetter)
            romaji = !letters.isEmpty && q.allSatisfy({ isLetter($0) || isApostrophe($0) })
                ? NaivePhonetic.normalizedRomaji(letters) : nil
        }
    }

    /// The matches through the reading (kana in the reading, ASCII in a romaji key; in prefix mode
    /// at the start of the reading or key, in words mode at a word of the reading); nil when there is
    /// none. Ranges: the whole text, except for a kana query in a text that is its reading, where
    /// the matches from the left, each past the one before, from their first to last character.
    static func japaneseRanges(_ item: Item, _ query: Query, mode: MatchMode) -> [Range<Int>]? {
        let j = item.japanese
        guard let reading = j.reading else { return nil }
        let whole = [0..<j.textLength]
        var found: [Range<Int>] = []
        if let q = query.japanese.kana, q.count <= reading.count {
            let starts: [Int] = switch mode {
            case .contains: Array(0...(reading.count - q.count))
            case .prefix: [0]
            case .words: j.wordStarts
            }
            var next = 0
            for start in starts where start >= next && Naive.occurs(q, in: j.kanaReading, at: start) {
                found += j.origin.map { origin in [origin[start].lowerBound..<origin[start + q.count - 1].upperBound] } ?? whole
                next = start + q.count
            }
        }
        if let q = query.japanese.romaji {
            let froms = switch mode {
            case .contains: [0]
            case .prefix: [0]
            case .words: j.wordStarts
            }
            let matches = froms.contains { from in
                j.keys[from]!.contains { key in
                    mode == .contains ? key.indices.contains { Naive.occurs(q, in: key, at: $0) } : Naive.occurs(q, in: key, at: 0)
                }
            }
            if matches { found += whole }
        }
        return found.isEmpty ? nil : merged(found)
    }
}
