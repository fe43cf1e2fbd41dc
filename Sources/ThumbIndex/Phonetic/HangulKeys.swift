/// The 2-set (두벌식) keystrokes of Hangul: the keys that type a syllable or a jamo, as compatibility
/// jamo (see <doc:PhoneticSearch>).
enum HangulKeys {
    /// The nineteen initial consonants, by their index in a syllable (compatibility jamo).
    static let initials: [UInt32] = [0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143,
                                     0x3145, 0x3146, 0x3147, 0x3148, 0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E]
    /// The 27 finals, by their index in a syllable minus one (compatibility jamo).
    static let finals: [UInt32] = [0x3131, 0x3132, 0x3133, 0x3134, 0x3135, 0x3136, 0x3137, 0x3139, 0x313A,
                                   0x313B, 0x313C, 0x313D, 0x313E, 0x313F, 0x3140, 0x3141, 0x3142, 0x3144,
                                   0x3145, 0x3146, 0x3147, 0x3148, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E]
    /// Compound letters and the keys that type them.
    static let compounds: [UInt32: [UInt32]] = [
        0x3133: [0x3131, 0x3145], 0x3135: [0x3134, 0x3148], 0x3136: [0x3134, 0x314E], 0x313A: [0x3139, 0x3131],
        0x313B: [0x3139, 0x3141], 0x313C: [0x3139, 0x3142], 0x313D: [0x3139, 0x3145], 0x313E: [0x3139, 0x314C],
        0x313F: [0x3139, 0x314D], 0x3140: [0x3139, 0x314E], 0x3144: [0x3142, 0x3145],
        0x3158: [0x3157, 0x314F], 0x3159: [0x3157, 0x3150], 0x315A: [0x3157, 0x3163], 0x315D: [0x315C, 0x3153],
        0x315E: [0x315C, 0x3154], 0x315F: [0x315C, 0x3163], 0x3162: [0x3161, 0x3163],
    ]

    static func isSyllable(_ s: Unicode.Scalar) -> Bool { (0xAC00...0xD7A3).contains(s.value) }

    /// The initial consonant of a syllable, as a compatibility jamo.
    static func initial(ofSyllable s: Unicode.Scalar) -> UInt32 { initials[Int(s.value - 0xAC00) / 588] }

    /// The compatibility jamo a syllable's or a jamo's letters are; nil when `s` is neither.
    static func letters(of s: Unicode.Scalar) -> [UInt32]? {
        let v = s.value
        switch v {
        case 0xAC00...0xD7A3:
            let i = Int(v - 0xAC00)
            let final = i % 28
            var letters = [initials[i / 588], 0x314F + UInt32((i % 588) / 28)]
            if final > 0 { letters.append(finals[final - 1]) }
            return letters
        case 0x1100...0x1112: return [initials[Int(v - 0x1100)]]
        case 0x1161...0x1175: return [0x314F + (v - 0x1161)]
        case 0x11A8...0x11C2: return [finals[Int(v - 0x11A8)]]
        case 0x3131...0x3163: return [v]
        // NFKC folds the compatibility ㅀ and ㅄ to these old initials, not to finals.
        case 0x111A: return [0x3140]
        case 0x1121: return [0x3144]
        default: return nil
        }
    }

    /// The other readings of a query's syllable whose final a 2-set IME may have taken from what was
    /// typed next (see <doc:PhoneticSearch>): a consonant typed after a syllable without a final
    /// becomes its final (배, then ㅅ, shows 뱃), and one typed after a single final may join it into a
    /// compound final (박, then ㅅ, shows 밗; 고, then ㄱ and ㅅ, shows 곣). Each reading is the
    /// syllable with less of its final and the consonants that were taken, as initials of the next
    /// syllables:
    /// - followed by more of the query (`beforeMore`), the final (or a compound final's second part)
    ///   as the next syllable's initial: 뱃 → 배 ㅅ, 밗 → 박 ㅅ;
    /// - a compound final, wherever the syllable is, as two initials: 곣 → 고 ㄱ ㅅ (its first part
    ///   is followed by more of the query: its second part).
    /// Empty when `s` is not a syllable or has no final. Every consonant returned is one of the
    /// nineteen initials.
    static func finalsAsInitials(_ s: Unicode.Scalar, beforeMore: Bool) -> [(syllable: UInt32, initials: [UInt32])] {
        guard isSyllable(s) else { return [] }
        let final = Int(s.value - 0xAC00) % 28
        guard final > 0 else { return [] }
        let letter = finals[final - 1]
        let bare = s.value - UInt32(final)
        guard let parts = compounds[letter] else { return beforeMore ? [(bare, [letter])] : [] }
        // The first part alone as a final: its index among the finals, plus one.
        let firstPartOnly = bare + UInt32(finals.firstIndex(of: parts[0])! + 1)
        return (beforeMore ? [(firstPartOnly, [parts[1]])] : []) + [(bare, parts)]
    }

    /// The keys of `s`, compounds split; nil when `s` is not Hangul.
    static func keys(of s: Unicode.Scalar) -> [UInt32]? {
        letters(of: s).map { $0.flatMap { compounds[$0] ?? [$0] } }
    }

    /// Whether `s` is one of the nineteen initial consonants (as a compatibility or conjoining jamo).
    static func initialConsonant(_ s: Unicode.Scalar) -> UInt32? {
        switch s.value {
        case 0x1100...0x1112: return initials[Int(s.value - 0x1100)]
        case let v where initials.contains(v): return v
        default: return nil
        }
    }

    /// Whether a folded text holds Hangul.
    static func containsHangul(_ scalars: some Sequence<Unicode.Scalar>) -> Bool {
        scalars.contains { letters(of: $0) != nil }
    }

    /// The keys of every precomposed syllable, packed: up to five keys, each its offset from U+3130
    /// (1–51) in six bits, the first lowest; the first zero group ends them.
    private static let syllableKeys: [UInt32] = (0xAC00...0xD7A3).map { v in
        keys(of: Unicode.Scalar(v)!)!.enumerated().reduce(0) { $0 | ($1.element - 0x3130) << (6 * UInt32($1.offset)) }
    }

    /// Calls `body` with each key of `s`: a syllable's or a jamo's 2-set keys (compounds split),
    /// any other scalar itself. What the keys rule and its index read a text as, one place for all.
    /// At most two keys a byte of `s`'s UTF-8 (a syllable has up to five in three bytes).
    @inline(__always)
    static func forEachKey(of s: Unicode.Scalar, _ body: (UInt32) -> Void) {
        let v = s.value
        if isSyllable(s) {
            var packed = syllableKeys[Int(v - 0xAC00)]
            while packed != 0 {
                body(0x3130 + packed & 0x3F)
                packed >>= 6
            }
        } else if (0x1100...0x11FF).contains(v) || (0x3131...0x3163).contains(v), let letters = self.keys(of: s) {
            letters.forEach(body)
        } else {
            body(v)
        }
    }

    /// Appends the keys of `s` (``forEachKey(of:_:)``) to `keys`.
    static func appendKeys(of s: Unicode.Scalar, to keys: inout [UInt32]) {
        forEachKey(of: s) { keys.append($0) }
    }

    /// The keys of a folded text (each a scalar value), with the index of the scalar each came from;
    /// white space has no keys, any other character is its own key.
    static func keyText(_ scalars: [Unicode.Scalar]) -> (keys: [UInt32], source: [Int32]) {
        var keys: [UInt32] = [], source: [Int32] = []
        for (i, s) in scalars.enumerated() where !s.isWhiteSpace {
            appendKeys(of: s, to: &keys)
            source += repeatElement(Int32(i), count: keys.count - source.count)
        }
        return (keys, source)
    }

    /// Stands for a run of characters other than syllables in an initials text (never in a query).
    static let runBreak: UInt32 = 0

    /// The initials text of a folded text, as its units: each syllable (its scalar value; its
    /// initial consonant is what the rule reads), white space skipped, any other run of characters
    /// a ``runBreak``; with, per unit, the scalar it came from.
    static func initialsText(_ scalars: [Unicode.Scalar]) -> (units: [UInt32], source: [Int32]) {
        var units: [UInt32] = [], source: [Int32] = []
        for (i, s) in scalars.enumerated() where !s.isWhiteSpace {
            if isSyllable(s) {
                units.append(s.value)
                source.append(Int32(i))
            } else if units.last != runBreak {
                units.append(runBreak)
                source.append(Int32(i))
            }
        }
        return (units, source)
    }

    /// The index among the nineteen initials of a syllable's initial consonant.
    @inline(__always)
    static func initialIndex(ofSyllable value: UInt32) -> Int { Int(value - 0xAC00) / 588 }
}
