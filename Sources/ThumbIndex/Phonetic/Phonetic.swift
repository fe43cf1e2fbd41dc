/// Whether a search also finds items by how they sound: pinyin for Chinese, keystrokes and initial
/// consonants for Korean, kana and romaji readings for Japanese (see <doc:PhoneticSearch>).
///
/// Phonetic matching only adds matches: an item that the query matches as written is always found.
public enum Phonetic: String, Sendable, CaseIterable, Codable {
    /// The rules of the listing's language: Chinese rules for `zh`, Korean for `ko`, Japanese for
    /// `ja`, none for other locales. The default.
    case auto
    /// The Chinese, Korean and Japanese rules, whatever the listing's locale.
    case on
    /// No phonetic matching: only the ordinary match.
    case off

    /// The rules this setting applies to a listing in `locale` (an ICU locale name such as "zh_Hant").
    func rules(forLocale locale: String) -> PhoneticRules {
        switch self {
        case .off: return []
        case .on: return .all
        case .auto:
            let language = locale.prefix { $0 != "_" && $0 != "-" && $0 != "@" }.lowercased()
            switch language {
            case "zh": return .chinese
            case "ko": return .korean
            case "ja": return .japanese
            default: return []
            }
        }
    }
}

/// The phonetic rules a search applies (see <doc:PhoneticSearch>).
struct PhoneticRules: OptionSet, Sendable, Hashable {
    let rawValue: UInt8
    /// Pinyin readings of Han characters and their initials.
    static let chinese = PhoneticRules(rawValue: 1)
    /// 2-set keystrokes of Hangul, and initial consonants.
    static let korean = PhoneticRules(rawValue: 2)
    /// Kana as one script, and kana and romaji through readings.
    static let japanese = PhoneticRules(rawValue: 4)
    static let all: PhoneticRules = [.chinese, .korean, .japanese]
}
