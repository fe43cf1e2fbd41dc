import ThumbIndex

/// The locales the target builds listings in, and their collations, opened once (opening a
/// collator costs more than a small listing).
let locales = ["en", "sv", "cs", "ja", "zh", "ar", "el"]
let collations: [IndexedCollation] = locales.map { try! IndexedCollation(locale: $0) }
