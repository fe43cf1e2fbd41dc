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

    /// The keys of a folded text, UTF-8, with, for every key byte, the index of the scalar it came
    /// from; white space has no keys, any other character is its own key.
    static func keyText(_ scalars: [Unicode.Scalar]) -> (bytes: [UInt8], source: [Int32]) {
        var bytes: [UInt8] = [], source: [Int32] = []
        for (i, s) in scalars.enumerated() where !s.isWhiteSpace {
            for key in keys(of: s) ?? [s.value] {
                let utf8 = Array(String(Unicode.Scalar(key)!).utf8)
                bytes.append(contentsOf: utf8)
                source.append(contentsOf: repeatElement(Int32(i), count: utf8.count))
            }
        }
        return (bytes, source)
    }

    /// Separates runs of syllables in an initials text (never in a query): three bytes, as long as a
    /// syllable or a jamo in UTF-8, so that the two texts stay aligned.
    static let runBreak: [UInt8] = [0x01, 0x01, 0x01]

    /// The initials text of a folded text: each syllable's initial consonant (UTF-8), white space
    /// skipped, any other run of characters a run break; with, aligned byte for byte, the syllables
    /// themselves (a run break again for a break), and, per three bytes, the scalar they came from.
    static func initialsText(_ scalars: [Unicode.Scalar]) -> (bytes: [UInt8], syllables: [UInt8], source: [Int32]) {
        var bytes: [UInt8] = [], syllables: [UInt8] = [], source: [Int32] = []
        for (i, s) in scalars.enumerated() where !s.isWhiteSpace {
            if isSyllable(s) {
                bytes.append(contentsOf: String(Unicode.Scalar(initial(ofSyllable: s))!).utf8)
                syllables.append(contentsOf: String(s).utf8)
                source.append(Int32(i))
            } else if bytes.suffix(3) != runBreak[...] {
                bytes.append(contentsOf: runBreak)
                syllables.append(contentsOf: runBreak)
                source.append(Int32(i))
            }
        }
        return (bytes, syllables, source)
    }
}
