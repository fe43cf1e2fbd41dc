/// Whether a query that matches nothing is answered with close matches (see <doc:TypoTolerance>).
///
/// With ``auto``, when no item matches a query exactly, the answer is the items that match it
/// within a few edits — an insertion, deletion or substitution of one character, or the
/// transposition of two adjacent ones, counted on the folded text and query, characters being
/// Unicode scalars — marked by ``FilteredListing/approximate``. Exact and approximate matches never
/// mix: an answer is all exact or all approximate.
///
/// Each term may take edits by its folded length: none under 4 characters, 1 from 4, 2 from 8. The
/// answer first allows every term at most 1 edit; only when that finds nothing are the terms of
/// 8 characters and more allowed 2. Phonetic keys, phone digits and dial-pad queries are never
/// fuzzed.
public enum Typos: String, Sendable, CaseIterable, Codable {
    /// Close matches when nothing matches exactly. The front ends' default (`thumbindex filter`,
    /// the API, the page).
    case auto
    /// Exact matches only. The library's default, so that an answer is exact unless asked otherwise.
    case off

    /// The most edits a term of `length` folded characters (Unicode scalars) may take: 0 under 4,
    /// 1 from 4, 2 from 8.
    public static func editBudget(forLength length: Int) -> Int {
        length >= 8 ? 2 : length >= 4 ? 1 : 0
    }
}
