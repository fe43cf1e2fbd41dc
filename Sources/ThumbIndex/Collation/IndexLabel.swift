/// One label of an alphabetic index: a section header and its entry in the side index.
public struct IndexLabel: Sendable, Hashable, Codable {
    /// What kind of section the label heads.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// An ordinary letter (or letter group, such as Czech "CH" or a stroke count).
        case letter
        /// ICU's "…" bucket for what sorts before the first letter (punctuation, symbols, emoji).
        case underflow
        /// ICU's "…" bucket between two scripts.
        case inflow
        /// ICU's "…" bucket for scripts with no labels.
        case overflow
        /// "#": strings whose first non-space character is a digit. Always the last section.
        case digits
        /// "Favorites" (index title "★"): pinned items, before the alphabet.
        case favorites
    }

    /// The section header, e.g. "A", "CH", "12劃", "…", "#".
    public let title: String
    /// The entry in the side index; shorter than `title` for long labels ("12劃" → "12").
    public let indexTitle: String
    /// The kind of section.
    public let kind: Kind

    /// A label whose index title is derived from its title.
    public init(title: String, kind: Kind) {
        self.title = title
        self.kind = kind
        switch kind {
        case .favorites: indexTitle = "★"
        default: indexTitle = title.hasSuffix("劃") ? String(title.dropLast()) : title
        }
    }

    /// A label with every part given (a saved label loaded back).
    init(title: String, indexTitle: String, kind: Kind) {
        self.title = title
        self.indexTitle = indexTitle
        self.kind = kind
    }

    /// The "#" label for digits.
    public static let digits = IndexLabel(title: "#", kind: .digits)
    /// The "Favorites" label for pinned items.
    public static let favorites = IndexLabel(title: "Favorites", kind: .favorites)
}
