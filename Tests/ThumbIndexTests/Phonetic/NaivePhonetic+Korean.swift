@testable import ThumbIndex

/// The Korean rules, from the article: the keys of the query a contiguous part of the keys of the
/// item (every state of the IME), or the query a sequence of syllables and initial consonants that
/// match consecutive syllables one by one. Issue 19 §2: a 2-set IME attaches a consonant typed after a
/// syllable to it (배, then ㅅ: 뱃; 박, then ㅅ: 밗; 고, then ㄱ and ㅅ: 곣), so a syllable's final,
/// when more of the query follows, may also be read as the next syllable's initial (a compound
/// final's second part: 밗 → 박 ㅅ), and a compound final as two initials (곣 → 고 ㄱ ㅅ: its first key
/// is followed by more of the query, its second key).
extension NaivePhonetic {
    /// The 2-set keystrokes of Hangul letters, written out. Keys are compatibility jamo (U+3131…U+3163).
    enum Hangul {
        /// The nineteen initial consonants, in the order of syllable composition (and of U+1100…U+1112).
        static let initials: [Unicode.Scalar] = scalars("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ")
        /// The 21 vowels (U+1161…U+1175, U+314F…U+3163), compound ones as the keys that type them.
        static let vowels: [[Unicode.Scalar]] = [
            "ㅏ", "ㅐ", "ㅑ", "ㅒ", "ㅓ", "ㅔ", "ㅕ", "ㅖ", "ㅗ", "ㅗㅏ", "ㅗㅐ", "ㅗㅣ", "ㅛ", "ㅜ", "ㅜㅓ", "ㅜㅔ",
            "ㅜㅣ", "ㅠ", "ㅡ", "ㅡㅣ", "ㅣ",
        ].map(scalars)
        /// The 27 finals after "none" (U+11A8…U+11C2), compound ones split; ㄲ ㅆ are one key each.
        static let finals: [[Unicode.Scalar]] = [
            "", "ㄱ", "ㄲ", "ㄱㅅ", "ㄴ", "ㄴㅈ", "ㄴㅎ", "ㄷ", "ㄹ", "ㄹㄱ", "ㄹㅁ", "ㄹㅂ", "ㄹㅅ", "ㄹㅌ", "ㄹㅍ",
            "ㄹㅎ", "ㅁ", "ㅂ", "ㅂㅅ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
        ].map(scalars)
        /// The 30 consonant letters of the compatibility block (U+3131…U+314E), compound ones split.
        static let compatibilityConsonants: [[Unicode.Scalar]] = [
            "ㄱ", "ㄲ", "ㄱㅅ", "ㄴ", "ㄴㅈ", "ㄴㅎ", "ㄷ", "ㄸ", "ㄹ", "ㄹㄱ", "ㄹㅁ", "ㄹㅂ", "ㄹㅅ", "ㄹㅌ", "ㄹㅍ",
            "ㄹㅎ", "ㅁ", "ㅂ", "ㅃ", "ㅂㅅ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
        ].map(scalars)

        static func isSyllable(_ s: Unicode.Scalar) -> Bool { (0xAC00...0xD7A3).contains(s.value) }

        /// A Hangul syllable or jamo (conjoining, compatibility, or the extended conjoining blocks).
        static func isHangul(_ s: Unicode.Scalar) -> Bool {
            isSyllable(s) || (0x1100...0x11FF).contains(s.value) || (0x3131...0x318E).contains(s.value)
                || (0xA960...0xA97F).contains(s.value) || (0xD7B0...0xD7FF).contains(s.value)
        }

        /// The keys of one character: a syllable's initial, vowel and final (U+AC00 +
        /// (initial × 21 + vowel) × 28 + final), a jamo's letter, nothing for white space, else itself.
        static func keys(_ s: Unicode.Scalar) -> [Unicode.Scalar] {
            let v = s.value
            switch v {
            case 0xAC00...0xD7A3:
                let index = Int(v - 0xAC00)
                return [initials[index / (21 * 28)]] + vowels[index % (21 * 28) / 28] + finals[index % 28]
            case 0x1100...0x1112: return [initials[Int(v - 0x1100)]]
            // The compatibility letters ㅀ and ㅄ fold (NFKC) to these old initial forms, not to finals.
            case 0x111A: return scalars("ㄹㅎ")
            case 0x1121: return scalars("ㅂㅅ")
            case 0x1161...0x1175: return vowels[Int(v - 0x1161)]
            case 0x11A8...0x11C2: return finals[Int(v - 0x11A8) + 1]
            case 0x3131...0x314E: return compatibilityConsonants[Int(v - 0x3131)]
            case 0x314F...0x3163: return vowels[Int(v - 0x314F)]
            default: return s.properties.isWhitespace ? [] : [s]
            }
        }

        /// The keys of a syllable's final (none, one, or two for a compound final).
        static func finalKeys(_ s: Unicode.Scalar) -> [Unicode.Scalar] { finals[Int(s.value - 0xAC00) % 28] }

        /// The syllable `s` with the final whose keys are `keys` instead of its own (none: no final).
        static func syllable(_ s: Unicode.Scalar, withFinal keys: [Unicode.Scalar]) -> Unicode.Scalar {
            Unicode.Scalar(s.value - UInt32(Int(s.value - 0xAC00) % 28) + UInt32(finals.firstIndex(of: keys)!))!
        }

        /// The initial consonant a syllable starts with.
        static func initial(ofSyllable s: Unicode.Scalar) -> Unicode.Scalar {
            initials[Int(s.value - 0xAC00) / (21 * 28)]
        }

        /// The letter of a jamo that is one of the nineteen initial consonants (compatibility,
        /// choseong or jongseong form), else nil.
        static func initialConsonant(_ s: Unicode.Scalar) -> Unicode.Scalar? {
            guard !isSyllable(s), isHangul(s) else { return nil }
            let letter = keys(s)
            return letter.count == 1 && initials.contains(letter[0]) ? letter[0] : nil
        }
    }

    /// An item's keys and syllable runs.
    struct KoreanItem {
        /// The keys of the folded text, in order, each with the offset of the character it came from.
        let keys: [(key: Unicode.Scalar, offset: Int)]
        /// Offsets of consecutive Hangul syllables of the folded text (white space between them
        /// ignored, any other character ends a run).
        let syllableRuns: [[Int]]

        init(_ text: Folded) {
            keys = text.scalars.enumerated().flatMap { offset, s in Hangul.keys(s).map { (key: $0, offset: offset) } }
            var runs: [[Int]] = []
            var run: [Int] = []
            for (offset, s) in text.scalars.enumerated() {
                if Hangul.isSyllable(s) {
                    run.append(offset)
                } else if !s.properties.isWhitespace, !run.isEmpty {
                    runs.append(run)
                    run = []
                }
            }
            if !run.isEmpty { runs.append(run) }
            syllableRuns = runs
        }
    }

    /// A query the Korean rules apply to: one that holds a Hangul syllable or jamo.
    struct KoreanQuery {
        let keys: [Unicode.Scalar]
        /// For the initial-consonant rule, the readings of the query: each unit a syllable or an
        /// initial consonant (its letter), at least one a consonant. Each syllable with a final is read
        /// as it is, and, independently of the others:
        /// - when it is not the query's last character, as the syllable without the last key of its
        ///   final, followed by that key as a consonant (뱃 → 배 ㅅ, 밗 → 박 ㅅ);
        /// - when its final is a compound, as the syllable without a final, followed by both keys as
        ///   consonants (곣 → 고 ㄱ ㅅ).
        /// Empty when the query is not a sequence of syllables and initial consonants.
        let readings: [[Unit]]

        enum Unit: Equatable {
            case syllable(Unicode.Scalar)
            case consonant(Unicode.Scalar)
        }

        init?(_ q: [Unicode.Scalar]) {
            guard q.contains(where: Hangul.isHangul) else { return nil }
            keys = q.flatMap(Hangul.keys)
            let units = q.map { s -> Unit? in
                if Hangul.isSyllable(s) { return .syllable(s) }
                return Hangul.initialConsonant(s).map(Unit.consonant)
            }
            guard units.allSatisfy({ $0 != nil }) else {
                readings = []
                return
            }
            var readings: [[Unit]] = [[]]
            for (i, unit) in units.enumerated() {
                var next = readings.map { $0 + [unit!] }
                if Hangul.isSyllable(q[i]), let last = Hangul.finalKeys(q[i]).last {
                    let keys = Hangul.finalKeys(q[i])
                    if i < q.count - 1 {
                        let rest = Hangul.syllable(q[i], withFinal: Array(keys.dropLast()))
                        next += readings.map { $0 + [.syllable(rest), .consonant(last)] }
                    }
                    if keys.count == 2 {
                        let bare = Hangul.syllable(q[i], withFinal: [])
                        next += readings.map { $0 + [.syllable(bare), .consonant(keys[0]), .consonant(keys[1])] }
                    }
                }
                readings = next
            }
            self.readings = readings.filter { $0.contains { if case .consonant = $0 { true } else { false } } }
        }
    }

    /// The matches of either Korean rule from the left, each past the one before, each covering the
    /// characters from the first to the last whose keys it touches; nil when there is none.
    static func koreanRanges(_ item: Item, _ query: Query, mode: MatchMode) -> [Range<Int>]? {
        guard let q = query.korean, !q.keys.isEmpty else { return nil }
        let text = item.ruleText
        let keys = item.korean.keys
        var found: [Range<Int>] = []
        // Keystrokes: a contiguous part, anywhere (contains), or from the first key of a character
        // where the mode lets a match start (prefix, words).
        var start = 0
        while start + q.keys.count <= keys.count {
            let startsCharacter = start == 0 || keys[start - 1].offset != keys[start].offset
            let mayStart = mode == .contains || (startsCharacter && text.ruleMayStart(at: keys[start].offset, mode))
            if mayStart, (0..<q.keys.count).allSatisfy({ keys[start + $0].key == q.keys[$0] }) {
                found.append(text.originalRange(keys[start].offset..<keys[start + q.keys.count - 1].offset + 1))
                start += q.keys.count
            } else {
                start += 1
            }
        }
        // Initial consonants: for some reading, as many consecutive syllables, one by one; at each
        // start the shortest reading that matches there.
        if !q.readings.isEmpty {
            for run in item.korean.syllableRuns {
                var start = 0
                while start < run.count {
                    let lengths = q.readings.filter { units in
                        start + units.count <= run.count && text.ruleMayStart(at: run[start], mode)
                            && zip(units, run[start..<start + units.count]).allSatisfy { unit, offset in
                                let syllable = text.scalars[offset]
                                switch unit {
                                case .syllable(let s): return s == syllable
                                case .consonant(let c): return Hangul.initial(ofSyllable: syllable) == c
                                }
                            }
                    }.map(\.count)
                    if let length = lengths.min() {
                        found.append(text.originalRange(run[start]..<run[start + length - 1] + 1))
                        start += length
                    } else {
                        start += 1
                    }
                }
            }
        }
        return found.isEmpty ? nil : merged(found)
    }
}
