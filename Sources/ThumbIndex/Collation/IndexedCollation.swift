
/// A locale's alphabetic index: its labels, and which label a string goes under.
///
/// The labels are ICU's `AlphabeticIndex` labels for the locale (its index exemplars filtered
/// through the locale's collator: Czech "CH", Swedish "Å Ä Ö", Chinese pinyin letters or stroke
/// counts), with the Latin A–Z labels added for a locale whose script is not Latin (so Latin names
/// land under letters, as Android's contacts do), and "#" last for strings that start with a digit.
///
/// ```swift
/// let sv = try IndexedCollation(locale: "sv")
/// sv.label(for: "Åsa").title   // "Å"
/// sv.label(for: "123abc").title // "#"
/// ```
///
/// Immutable and `Sendable`: share one instance across threads.
public struct IndexedCollation: Sendable {
    /// Whether to add the Latin A–Z labels to the locale's own.
    public enum LatinLabels: String, Sendable, CaseIterable {
        /// Add them when the locale's likely script is not Latin (ru, el, ja, zh, ...).
        case automatic
        /// Always add them.
        case always
        /// Never add them: Latin names go to a "…" bucket in non-Latin locales.
        case never
    }

    /// The locale as ICU names it (canonicalized, e.g. "zh_Hant").
    public let locale: String
    /// Whether the Latin A–Z labels were added.
    public let addsLatinLabels: Bool
    /// Every label in index order: ICU's buckets (including its "…" ones), then "#".
    public let labels: [IndexLabel]
    /// ICU's collator version; sort keys are comparable only within one version.
    public let collatorVersion: String
    let icu: ICU.Collation

    /// Opens the index for `locale` (ICU or BCP 47 form: "sv", "zh_Hant", "zh-Hant", "de@collation=phonebook").
    ///
    /// - Throws: `LocaleError` when ICU has no data for the locale (it would silently fall back to
    ///   root); the error lists close locales that do exist.
    /// With `names`, the texts are personal names: a leading Han character is read as a surname
    /// for order and section (曾国藩 under Z, 单田芳 under S, where the locale's collation alone puts
    /// them under C and D; see <doc:PhoneticSearch>).
    public init(locale: String, latinLabels: LatinLabels = .automatic, names: Bool = false) throws {
        let addLatin: Bool
        switch latinLabels {
        case .always: addLatin = true
        case .never: addLatin = false
        case .automatic: addLatin = (ICU.script(of: locale) ?? "Latn") != "Latn"
        }
        icu = try ICU.Collation(locale: locale, addLatinLabels: addLatin)
        self.locale = icu.locale
        addsLatinLabels = addLatin
        collatorVersion = icu.version
        labels = icu.labels.map { IndexLabel(title: $0.title, kind: $0.kind) } + [.digits]
        readsNames = names
    }

    /// Whether a leading Han character is read as a surname (the `names` of ``init(locale:latinLabels:names:)``).
    public let readsNames: Bool

    /// What is collated for a trimmed text: the text itself, or, when reading names, the text with
    /// a leading surname character replaced by one that has the surname's reading as its ordinary
    /// one (曾 → a character read zēng), from the readings table.
    func sortingForm(ofTrimmed text: Substring) -> Substring {
        guard readsNames, let first = text.unicodeScalars.first,
              let replacement = HanReadings.shared.surnameSortScalar(for: first) else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(replacement)
        scalars.append(contentsOf: text.unicodeScalars.dropFirst())
        return Substring(String(scalars))
    }

    /// The position in `labels` of the label that `text` goes under.
    /// Complexity: O(log labels) after computing one sort key.
    public func labelIndex(for text: String) -> Int {
        let trimmed = sortingForm(ofTrimmed: Self.trimmed(text))
        if Self.startsWithDigit(trimmed) { return labels.count - 1 }
        return icu.bucket(of: String(trimmed))
    }

    /// The label that `text` goes under.
    public func label(for text: String) -> IndexLabel { labels[labelIndex(for: text)] }
}
