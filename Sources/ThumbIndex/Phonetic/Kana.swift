/// Kana, and katakana folded to hiragana (as ``Fold/all`` folds them).
enum Kana {
    /// Hiragana, katakana (with the prolonged sound mark and the voicing marks); not the separators
    /// of the katakana block (゠ ・).
    static func isKana(_ s: Unicode.Scalar) -> Bool {
        ((0x3041...0x309F).contains(s.value) || (0x30A0...0x30FF).contains(s.value)) && !isSeparator(s)
    }

    /// The separators written inside katakana names, after the default fold: the middle dots ・
    /// (also the halfwidth ･, which the fold makes ・) and ·, and the double hyphens ゠ and = (the
    /// fold makes ＝ =): ジョン・スミス, ジャン＝ポール.
    static func isSeparator(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x30FB, 0xFF65, 0x00B7, 0x30A0, 0x003D, 0xFF1D: true
        default: false
        }
    }

    /// What splits a reading into words and is no part of it: white space and the separators.
    static func breaksReading(_ s: Unicode.Scalar) -> Bool { s.isWhiteSpace || isSeparator(s) }

    /// `s` with katakana folded to hiragana.
    static func folded(_ s: Unicode.Scalar) -> Unicode.Scalar {
        switch s.value {
        case 0x30A1...0x30F6: Unicode.Scalar(s.value - 0x60)!
        case 0x30FD, 0x30FE: Unicode.Scalar(s.value - 0x60)!  // ヽ ヾ → ゝ ゞ
        default: s
        }
    }

    /// UTF-8 with katakana folded to hiragana. Katakana and hiragana are three bytes each in
    /// UTF-8, so byte offsets do not move.
    static func folded(_ utf8: [UInt8]) -> [UInt8] {
        // Katakana U+30A1…U+30FE are E3 82 A1…E3 83 BE; only those bytes change.
        guard utf8.contains(0xE3) else { return utf8 }
        var scalars = String.UnicodeScalarView()
        for s in String(decoding: utf8, as: UTF8.self).unicodeScalars { scalars.append(folded(s)) }
        return Array(String(scalars).utf8)
    }

    /// Whether `utf8` holds a character that ``folded(_:)-swift.type.method`` changes.
    static func hasKatakana(_ utf8: some Sequence<UInt8>) -> Bool {
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for b in utf8 {
            if beforePrevious == 0xE3 {
                let value = (UInt32(previous & 0x3F) << 6) | UInt32(b & 0x3F) | 0x3000
                if (0x30A1...0x30F6).contains(value) || value == 0x30FD || value == 0x30FE { return true }
            }
            beforePrevious = previous
            previous = b
        }
        return false
    }
}

/// Romaji keys of kana readings, and the normalization that makes Kunrei and Nihon-shiki spellings
/// count as Hepburn (see <doc:PhoneticSearch>).
enum Romaji {
    /// The replacements: a Kunrei or Nihon-shiki spelling and its Hepburn one.
    static let replacements: [([UInt8], [UInt8])] = [
        ("sya", "sha"), ("syu", "shu"), ("syo", "sho"), ("tya", "cha"), ("tyu", "chu"), ("tyo", "cho"),
        ("zya", "ja"), ("zyu", "ju"), ("zyo", "jo"), ("si", "shi"), ("ti", "chi"), ("tu", "tsu"),
        ("hu", "fu"), ("zi", "ji"), ("nn", "n"),
    ].map { (Array($0.0.utf8), Array($0.1.utf8)) }

    /// Hepburn's own digraphs, passed over whole: `hu` is never read inside `shu` or `chu` (else
    /// しゅう's key would be `sfuu`, found by `fu`).
    static let digraphs: [[UInt8]] = [Array("sh".utf8), Array("ch".utf8)]

    /// `key` normalized in one pass from left to right: at each position, a digraph of ``digraphs`` is
    /// kept, or the first spelling of ``replacements`` that starts there is replaced, and the pass
    /// goes on after it (a replacement's output is not read again); otherwise the letter is kept.
    static func normalized(_ key: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(key.count + key.count / 2)
        var i = 0
        scan: while i < key.count {
            func startsHere(_ spelling: [UInt8]) -> Bool {
                i + spelling.count <= key.count && key[i..<i + spelling.count].elementsEqual(spelling)
            }
            if let digraph = digraphs.first(where: startsHere) {
                out += digraph
                i += digraph.count
                continue scan
            }
            if let (from, to) = replacements.first(where: { startsHere($0.0) }) {
                out += to
                i += from.count
                continue scan
            }
            out.append(key[i])
            i += 1
        }
        return out
    }

    /// A romaji query's key: its letters, lowercased, normalized (``normalized(_:)``), when it is
    /// made of ASCII letters and apostrophes with at least one letter; else nil. An apostrophe is a
    /// syllable break (`shin'ichi`) and writes no letter, as in the keys, where ICU's is dropped.
    static func queryKey(_ scalars: [Unicode.Scalar]) -> [UInt8]? {
        var letters: [UInt8] = []
        for s in scalars {
            if s.isASCII && s.properties.isAlphabetic {
                letters.append(UInt8(s.value) | 0x20)
            } else if !isApostrophe(s) {
                return nil
            }
        }
        return letters.isEmpty ? nil : normalized(letters)
    }

    /// The apostrophe, typed or typographic.
    static func isApostrophe(_ s: Unicode.Scalar) -> Bool { s == "'" || s == "\u{2019}" }

    /// The long vowels `ou`, `oo`, `uu` shortened to `o`, `o`, `u` (each everywhere, in this order).
    static func shortened(_ key: [UInt8]) -> [UInt8] {
        var key = key
        for (from, to) in [("ou", "o"), ("oo", "o"), ("uu", "u")] {
            key = replacing(Array(from.utf8), with: Array(to.utf8), in: key)
        }
        return key
    }

    /// Replaces the non-overlapping occurrences of `from`, left to right.
    private static func replacing(_ from: [UInt8], with to: [UInt8], in text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var i = 0
        while i < text.count {
            if i + from.count <= text.count && text[i..<i + from.count].elementsEqual(from) {
                out.append(contentsOf: to)
                i += from.count
            } else {
                out.append(text[i])
                i += 1
            }
        }
        return out
    }

    /// ICU's romaji of a kana word: `Katakana-Latin`, `Hiragana-Latin`, then `Latin-ASCII` (each
    /// its own call: in a compound ID, `Latin-ASCII` leaves the macron of ー), lowercased, keeping
    /// only letters and digits (no apostrophe, no `~` that ICU writes for a small kana without a base).
    /// Katakana first: `Hiragana-Latin` would read the katakana ジョ as `ji~yo`.
    static func romanized(_ word: String) throws -> [UInt8] {
        var latin = try ICU.transliterate(word, id: "Katakana-Latin")
        latin = try ICU.transliterate(latin, id: "Hiragana-Latin")
        latin = try ICU.transliterate(latin, id: "Latin-ASCII")
        return Array(latin.lowercased().utf8).filter { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }
    }
}

/// The Japanese keys of one reading: the kana (katakana folded) and the two romaji keys, each with
/// the byte offsets where the reading's words start.
struct ReadingKeys {
    typealias Key = (bytes: [UInt8], wordStarts: [Int])
    var kana: Key = ([], [])
    var romaji: Key = ([], [])
    var shortRomaji: Key = ([], [])

    /// The reading of an item, as words: its folded `reading` when it has one, else its folded text
    /// `text` when that is kana (with white space and separators); empty when neither. White space
    /// and the separators inside names (ジョン・スミス) split it into words (``Kana/breaksReading(_:)``).
    static func words<Reading: Collection<UInt8>>(text: [Unicode.Scalar], reading: Reading?) throws -> [[Unicode.Scalar]] {
        let scalars: [Unicode.Scalar]
        if let reading {
            let folded = try Folding.fold(String(decoding: reading, as: UTF8.self), .diacritics, locale: "")
            scalars = Array(String(decoding: folded, as: UTF8.self).unicodeScalars)
        } else if text.contains(where: Kana.isKana), text.allSatisfy({ Kana.isKana($0) || Kana.breaksReading($0) }) {
            scalars = text
        } else {
            return []
        }
        return scalars.split(whereSeparator: Kana.breaksReading).map(Array.init)
    }

    /// The keys of a reading's words; `cache` keeps the romaji of words already seen.
    init(words: [[Unicode.Scalar]], cache: inout [String: [UInt8]]) throws {
        for word in words {
            let text = String(String.UnicodeScalarView(word))
            kana.wordStarts.append(kana.bytes.count)
            kana.bytes += Kana.folded(Array(text.utf8))
            let raw: [UInt8]
            if let cached = cache[text] { raw = cached } else {
                raw = try Romaji.romanized(text)
                cache[text] = raw
            }
            romaji.wordStarts.append(romaji.bytes.count)
            romaji.bytes += Romaji.normalized(raw)
            shortRomaji.wordStarts.append(shortRomaji.bytes.count)
            shortRomaji.bytes += Romaji.normalized(Romaji.shortened(raw))
        }
    }
}
