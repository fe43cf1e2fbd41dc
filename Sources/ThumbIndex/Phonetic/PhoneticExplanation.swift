/// The phonetic keys one item gets, spelled out for people (`thumbindex explain`): what the rules of
/// <doc:PhoneticSearch> will find it by.
package struct PhoneticExplanation: Sendable {
    /// The rules of one language (see <doc:PhoneticSearch>).
    package enum Rules: String, Sendable, CaseIterable {
        /// Pinyin readings of Han characters and their initials.
        case chinese
        /// 2-set keystrokes of Hangul, and initial consonants.
        case korean
        /// Kana as one script, and kana and romaji through readings.
        case japanese
    }

    /// One line: the rules it belongs to, what the key is, and the key.
    package struct Line: Sendable, Equatable {
        package let rules: Rules
        package let rule: String
        package let key: String
    }

    /// The rules `phonetic` applies to a listing in `locale` (ICU's name), in the order of ``Rules``:
    /// under ``Phonetic/auto`` those of the locale's language, if any.
    package static func rules(_ phonetic: Phonetic, forLocale locale: String) -> [Rules] {
        let applied = phonetic.rules(forLocale: locale)
        return Rules.allCases.filter { applied.contains($0.option) }
    }

    /// The lines, rule by rule: a line per Han character (its readings), the Hangul keys and
    /// initials, the kana reading and the romaji keys. Empty when no rule applies to the item.
    package let lines: [Line]
    /// The character a leading surname sorts as with `names` (曾 → a character read zēng), or nil.
    package let surnameSortScalar: Unicode.Scalar?

    /// The keys of an item shown as `text`, with `reading` (nil or empty: none).
    package init(text: String, reading: String?) throws {
        let folded = try Folding.fold(text, .diacritics, locale: "")
        let scalars = Array(String(decoding: folded, as: UTF8.self).unicodeScalars)
        var lines: [Line] = []
        let table = HanReadings.shared
        var inRun = false
        for s in scalars where !s.isWhiteSpace {
            guard Pinyin.isHan(s) else { inRun = false; continue }
            let readings = table.readings(of: s, startsRun: !inRun)
            let note = inRun ? "" : " (starts a run)"
            lines.append(Line(rules: .chinese, rule: "pinyin \(s)\(note)", key: readings.isEmpty ? "(no reading)" : readings.joined(separator: " ")))
            inRun = true
        }
        if HangulKeys.containsHangul(scalars) {
            lines.append(Line(rules: .korean, rule: "hangul keys", key: String(String.UnicodeScalarView(HangulKeys.keyText(scalars).keys.compactMap(Unicode.Scalar.init)))))
            let initials = HangulKeys.initialsText(scalars).units.filter { $0 != HangulKeys.runBreak }
                .compactMap { Unicode.Scalar(HangulKeys.initial(ofSyllable: Unicode.Scalar($0)!)) }
            lines.append(Line(rules: .korean, rule: "hangul initials", key: String(String.UnicodeScalarView(initials))))
        }
        let readingBytes = reading.flatMap { $0.isEmpty ? nil : Array($0.utf8)[...] }
        let words = try ReadingKeys.words(text: scalars, reading: readingBytes)
        if !words.isEmpty {
            var cache: [String: [UInt8]] = [:]
            let keys = try ReadingKeys(words: words, cache: &cache)
            lines.append(Line(rules: .japanese, rule: "kana reading", key: String(decoding: keys.kana.bytes, as: UTF8.self)))
            lines.append(Line(rules: .japanese, rule: "romaji", key: String(decoding: keys.romaji.bytes, as: UTF8.self)))
            if keys.shortRomaji.bytes != keys.romaji.bytes {
                lines.append(Line(rules: .japanese, rule: "romaji, long vowels short", key: String(decoding: keys.shortRomaji.bytes, as: UTF8.self)))
            }
        }
        self.lines = lines
        surnameSortScalar = scalars.first(where: { !$0.isWhiteSpace }).flatMap(table.surnameSortScalar(for:))
    }

    /// Where the readings table came from.
    package static var dataVersion: String { HanReadings.dataVersion }
}

extension PhoneticExplanation.Rules {
    /// The rule set's flag in ``PhoneticRules``.
    var option: PhoneticRules {
        switch self {
        case .chinese: .chinese
        case .korean: .korean
        case .japanese: .japanese
        }
    }
}
