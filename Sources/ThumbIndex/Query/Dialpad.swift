/// The dial pad: the keys of ITU E.161 (2 abc, 3 def, 4 ghi, 5 jkl, 6 mno, 7 pqrs, 8 tuv, 9 wxyz)
/// and the keys of an item's words (see <doc:FindingPeople>).
///
/// A *word* is a run of characters between white space that holds a letter or a digit. Its keys are
/// read from the text after the ``Fold/all`` fold: a letter a–z is its key, a decimal digit is
/// itself, any other character that is neither a letter nor a digit (`'`, `-`, a mark) is skipped,
/// and a letter with no key (Cyrillic, Greek, Han, kana) ends the word's keys and any run through
/// it. A Han character that has pinyin readings is a word of its own, whose keys are those of its
/// readings (a polyphone has several); kana items are read through the romaji of their reading.
public enum Dialpad {
    /// Whether `query` can be typed on a phone keypad: decimal digits, white space and `+ - ( ) . * #`
    /// only. A dial-pad filter of any other query matches nothing; front ends refuse it with a message.
    public static func canType(_ query: String) -> Bool {
        let trimmed = IndexedCollation.trimmed(query)
        return trimmed.isEmpty || !ParsedQuery.dialpadDigits(trimmed).isEmpty
    }

    /// The key of an ASCII lowercase letter or digit (as an ASCII digit), or nil.
    static func key(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte
        case 0x61...0x63: 0x32  // abc
        case 0x64...0x66: 0x33  // def
        case 0x67...0x69: 0x34  // ghi
        case 0x6A...0x6C: 0x35  // jkl
        case 0x6D...0x6F: 0x36  // mno
        case 0x70...0x73: 0x37  // pqrs
        case 0x74...0x76: 0x38  // tuv
        case 0x77...0x7A: 0x39  // wxyz
        default: nil
        }
    }

    /// Separates runs in a key text: a run of keys never crosses it (not a digit, so no query has it).
    static let separator: UInt8 = 0x2E  // "."

    /// Whether `s` is a letter (general category L).
    static func isLetter(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }

    /// One word of an item for the dial pad.
    struct Word: Equatable {
        /// The word's keys; a Han character with several readings has several (distinct) spellings.
        var spellings: [[UInt8]]
        /// For each key of a Latin word, the scalar it came from; a Han word's keys all came from `source`.
        var keySources: [Int]
        /// The scalar position (in the folded text) of a Han word; -1 for a Latin word.
        var source: Int
        /// Whether a letter with no key ended the word: no run goes on past it.
        var isCut: Bool

        /// Whether the word has keys (a word cut at its first letter has none: it stops every run).
        var hasKeys: Bool { !(spellings.first?.isEmpty ?? true) }
        /// The scalar positions the keys `range` of spelling `spelling` came from.
        func sources(ofKeys range: Range<Int>) -> [Int] {
            source >= 0 ? [source] : Array(keySources[range])
        }
    }

    /// The words of an item's ``Fold/all`` fold (`scalars`); with `han`, Han characters are words
    /// read through their pinyin, else they are letters with no key.
    static func words(_ scalars: [Unicode.Scalar], han: Bool) -> [Word] {
        var words: [Word] = []
        var current = Word(spellings: [[]], keySources: [], source: -1, isCut: false)
        func finish() {
            if current.hasKeys || current.isCut { words.append(current) }
            current = Word(spellings: [[]], keySources: [], source: -1, isCut: false)
        }
        var startsRun = true
        for (i, s) in scalars.enumerated() {
            if s.isWhiteSpace {
                finish()
                continue
            }
            if han, Pinyin.isHan(s), HanReadings.shared.hasReadings(s) {
                if current.hasKeys || current.isCut { current.isCut = true }
                finish()
                let spellings = Set(HanReadings.shared.readings(of: s, startsRun: startsRun).compactMap { reading -> [UInt8]? in
                    let keys = reading.utf8.compactMap(key)
                    return keys.count == reading.utf8.count ? keys : nil  // the ü spelling has no key
                })
                words.append(Word(spellings: spellings.sorted { $0.lexicographicallyPrecedes($1) },
                                  keySources: [], source: i, isCut: false))
                startsRun = false
                continue
            }
            startsRun = true
            if s.isASCII, let k = key(UInt8(s.value)) {
                if !current.isCut {
                    current.spellings[0].append(k)
                    current.keySources.append(i)
                }
            } else if let d = ParsedQuery.decimalDigit(s) {
                if !current.isCut {
                    current.spellings[0].append(d)
                    current.keySources.append(i)
                }
            } else if isLetter(s) {
                current.isCut = true  // a letter with no key
            }
        }
        finish()
        return words
    }

    /// The words of a reading's romaji: one Latin word per reading word (its letters and digits).
    static func romajiWords(_ romaji: [[UInt8]]) -> [Word] {
        romaji.compactMap { r in
            let keys = r.compactMap(key)
            return keys.isEmpty ? nil : Word(spellings: [keys], keySources: Array(repeating: -1, count: keys.count),
                                            source: -1, isCut: false)
        }
    }

    /// How many key texts `words` make: the product of their spellings (capped at `limit + 1`).
    static func spellingCount(_ words: [Word], limit: Int) -> Int {
        var n = 1
        for w in words where w.spellings.count > 1 {
            n *= w.spellings.count
            if n > limit { return limit + 1 }
        }
        return n
    }

    /// Every choice of one spelling per word (at most `spellingCount` of them).
    static func choices(_ words: [Word]) -> [[Int]] {
        var choices: [[Int]] = [[]]
        for w in words {
            let n = max(w.spellings.count, 1)
            choices = choices.flatMap { c in (0..<n).map { c + [$0] } }
        }
        return choices
    }

    /// The key text of `words` under `choice`: each word's keys, a separator after a cut word and for
    /// a word with none; with the byte offsets where words start.
    static func keyText(_ words: [Word], choice: [Int]) -> (bytes: [UInt8], wordStarts: [Int]) {
        var bytes: [UInt8] = [], starts: [Int] = []
        for (w, word) in words.enumerated() {
            let keys = word.spellings.isEmpty ? [] : word.spellings[choice[w]]
            if !keys.isEmpty {
                starts.append(bytes.count)
                bytes += keys
            }
            if word.isCut || keys.isEmpty { bytes.append(separator) }
        }
        return (bytes, starts)
    }

    /// The initials of `words` under `choice`: the first key of each word, a separator for a word
    /// with none.
    static func initialsText(_ words: [Word], choice: [Int]) -> [UInt8] {
        words.enumerated().map { w, word in
            let keys = word.spellings.isEmpty ? [] : word.spellings[choice[w]]
            return keys.first ?? separator
        }
    }

    /// A row's entry under `choice`: the key text of `words`, then, when there are two words or
    /// more, a separator and their initials; with the byte offsets of the words' keys and of the
    /// initials (the starts a ``DialpadIndex`` indexes).
    static func entry(_ words: [Word], choice: [Int]) -> (bytes: [UInt8], wordStarts: [Int]) {
        var (bytes, starts) = keyText(words, choice: choice)
        let initials = initialsText(words, choice: choice)
        if initials.count >= 2 {
            bytes.append(separator)
            for (i, k) in initials.enumerated() where k != separator { starts.append(bytes.count + i) }
            bytes += initials
        }
        return (bytes, starts)
    }

    /// Where `digits` (non-empty) match `words`: the scalar positions of the keys matched, by rule
    /// (a), the digits begin the keys at a word start and run on across the following words, or (b),
    /// at least two digits are the initials of as many consecutive words. Empty: no match.
    ///
    /// The definition, checked directly (every spelling is tried): the oracle of the index, and
    /// what match ranges are computed from.
    static func matchedSources(_ digits: [UInt8], in words: [Word]) -> Set<Int> {
        var found = Set<Int>()
        // (a) Runs: from each word start, through spellings, across words that are not cut.
        func run(word w: Int, at d: Int, sources: [Int]) {
            guard w < words.count, words[w].hasKeys else { return }
            let word = words[w]
            for keys in word.spellings {
                let n = min(keys.count, digits.count - d)
                guard keys[0..<n].elementsEqual(digits[d..<d + n]) else { continue }
                let s = sources + word.sources(ofKeys: 0..<n)
                if d + n == digits.count {
                    found.formUnion(s)
                } else if !word.isCut {
                    run(word: w + 1, at: d + n, sources: s)
                }
            }
        }
        // (b) Initials of consecutive words.
        func initials(word w: Int, at d: Int, sources: [Int]) {
            guard w < words.count, words[w].hasKeys else { return }
            let word = words[w]
            for keys in word.spellings where keys[0] == digits[d] {
                let s = sources + word.sources(ofKeys: 0..<1)
                if d + 1 == digits.count { found.formUnion(s) } else { initials(word: w + 1, at: d + 1, sources: s) }
            }
        }
        for w in words.indices {
            run(word: w, at: 0, sources: [])
            if digits.count >= 2 { initials(word: w, at: 0, sources: []) }
        }
        return found
    }
}
