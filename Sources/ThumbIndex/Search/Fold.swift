import Dispatch

/// How much of the difference between two spellings search ignores.
///
/// Search compares the folded item with the folded query, so "cafe" finds "Café" under ``diacritics``
/// but not under ``case``. ``case``, ``diacritics`` and ``all`` each include the one before them and
/// are the same for every locale; ``locale``, the default, is what the listing's language equates
/// (see <doc:SearchInEveryLanguage>).
///
/// - ``locale``: the listing's locale's CLDR `search` collation at primary strength, as ICU's
///   StringSearch decides: in Swedish "ost" does not find "Östlund", in German "mueller" finds
///   "Müller", in Turkish "ı" and "i" stay apart.
/// - ``case``: NFKC_Casefold (ICU's `nfkc_cf`). Folds case, width ("ＡＢＣ" = "abc"), compatibility
///   forms and ligatures ("ﬁ" = "fi"), "ß" = "ss", final sigma ("ς" = "σ").
/// - ``diacritics``: ``case``, then the nonspacing marks (general category Mn) of every combining
///   sequence whose base is a Latin, Greek or Cyrillic letter are removed after canonical
///   decomposition, as are the Arabic tashkeel (U+064B–U+065F, U+0670) and the Hebrew points (the Mn
///   characters of U+0591–U+05C7) wherever they stand; the result is recomposed (NFC). The base of a
///   mark is the nearest code point before it that is not a mark (general category M); a mark with no
///   base stays. "ł" and "ø" have no decomposition and stay.
/// - ``all``: ``diacritics``, plus katakana = hiragana and the letters read as their base letter:
///   ø = o, ł = l, đ = d, ħ = h, æ = ae, œ = oe, ı = i.
public enum Fold: String, Sendable, CaseIterable, Codable {
    /// What the listing's locale equates when searching (its CLDR `search` collation at primary
    /// strength). The default.
    case locale
    /// Case, width and compatibility forms (NFKC_Casefold).
    case `case`
    /// ``case`` plus the diacritics of Latin, Greek and Cyrillic letters, Arabic tashkeel and Hebrew
    /// points, whatever the locale.
    case diacritics
    /// ``diacritics`` plus kana and letters read as their base letter (ø, ł, đ, ħ, æ, œ, ı).
    case all

}

/// Where in an item the query must occur.
public enum MatchMode: String, Sendable, CaseIterable, Codable {
    /// Anywhere in the item. The default.
    case contains
    /// At the start of the item.
    case prefix
    /// At the start of a word of the item, as ICU's word-break iterator finds words in the folded item.
    case words
}

/// The folding routine: every piece of search text, indexed item or query, goes through here.
enum Folding {
    /// Makes, on another thread, what the first query in `locale` folds with: the locale's fold
    /// (built once per process, in tens of milliseconds) and the character fold table. A load
    /// calls it first, so that the tables are ready by the time it is, on a second core; nothing
    /// waits for it (a query that comes sooner waits for the fold's own lock). A deprioritized
    /// caller (a server's maintenance thread) does not: it would take a core from the reads.
    static func prepareInBackground(locale: String) {
        guard !Parallel.callerIsDeprioritized else { return }
        DispatchQueue.global().async {
            for fold in Fold.allCases { _ = try? FoldedText("aé", fold: fold, locale: locale, withMap: true) }
        }
    }

    /// The folded UTF-8 of `text`, without an offset map. `locale` (an ICU locale ID, "" for root)
    /// is read by the ``Fold/locale`` fold only.
    static func fold(_ text: String, _ fold: Fold, locale: String) throws -> [UInt8] {
        try FoldedText(text, fold: fold, locale: locale, withMap: false).bytes
    }

    /// The whitespace-trimmed, folded query: leading and trailing Unicode White_Space is dropped
    /// before folding.
    static func foldQuery(_ query: String, _ fold: Fold, locale: String) throws -> [UInt8] {
        let trimmed = IndexedCollation.trimmed(query)
        return trimmed.isEmpty ? [] : try Folding.fold(String(trimmed), fold, locale: locale)
    }
}
