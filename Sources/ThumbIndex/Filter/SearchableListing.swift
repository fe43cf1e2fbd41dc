/// A listing together with its search index: what a filter-as-you-type screen holds.
///
/// The index is built over the listing's texts in display order, so a search result — a sorted
/// set of row ids — is already in listing order, and per-section counts are binary searches of
/// the section boundaries in it.
///
/// ```swift
/// let searchable = try SearchableListing(Listing(texts: names, locale: "sv"))
/// let result = try searchable.filter("ost")
/// result.total                              // matches in all sections
/// result.sections.map(\.count)              // per remaining section
/// try result.matches(offset: 0, limit: 50)  // the first page, with UTF-16 match ranges
/// ```
///
/// Immutable (and `Sendable` when its elements are): any number of queries may run on it at once.
public struct SearchableListing<Element> {
    /// The sectioned listing.
    public let listing: Listing<Element>
    /// The search index over `listing`'s texts (row i = listing row i).
    let index: SearchIndex

    /// Builds the search index over the listing's texts (in display order).
    /// - Parameters:
    ///   - listing: the listing to search; its texts are shared, not copied.
    ///   - progress: called now and then with the fraction done, possibly from another thread.
    /// - Throws: `LimitError` when the texts' folds exceed ``Limits``; `ICUError` if ICU fails.
    /// - Complexity: O(n log n) in the folded bytes.
    public init(_ listing: Listing<Element>, progress: ((Double) -> Void)? = nil) throws {
        try self.init(listing, phoneticKeys: true, progress: progress)
    }

    /// Builds the search index, with or without the phonetic keys (without: for measuring what they
    /// cost; the phonetic rules then find nothing). The benchmarks reach it through
    /// `SearchableListing+Benchmarks.swift`.
    init(_ listing: Listing<Element>, phoneticKeys: Bool, progress: ((Double) -> Void)?) throws {
        self.listing = listing
        index = try SearchIndex(texts: listing.texts, readings: listing.readings, phoneticKeys: phoneticKeys,
                                fields: listing.fields, defaultRegion: PhoneRegion.region(of: listing.collation.locale),
                                locale: listing.collation.locale, progress: progress)  // shares the texts
    }

    /// The listing with an index merged from `sources`' (see
    /// `SearchIndex.init(merging:texts:readings:phoneticKeys:fields:defaultRegion:locale:)`), or built
    /// afresh when they cannot be merged: a live listing's merge of its levels.
    /// With `scratch`, the merged index's big arrays are its files' mapped pages (see ``ScratchFolder``).
    /// - Precondition: each row of `listing` is the new row of exactly one source row, and holds its text.
    init(_ listing: Listing<Element>, merging sources: [SearchIndex.MergeSource], scratch: ScratchFolder? = nil,
         progress: ((Double) -> Void)?) throws {
        progress?(0)
        let merged = try SearchIndex(merging: sources, texts: listing.texts, readings: listing.readings,
                                     fields: listing.fields, defaultRegion: PhoneRegion.region(of: listing.collation.locale),
                                     locale: listing.collation.locale, scratch: scratch)
        guard let merged else {
            try self.init(listing, progress: progress)
            return
        }
        self.init(listing: listing, index: merged)
        progress?(1)
    }

    /// A listing with an index already built for it (a saved listing loaded back).
    /// - Precondition: `index` indexes `listing.texts`, row for row.
    init(listing: Listing<Element>, index: SearchIndex) {
        precondition(index.count == listing.count, "SearchableListing: the index must cover the listing's rows")
        self.listing = listing
        self.index = index
    }

    /// The same listing and index, searching `fields` too (a saved listing loaded back with its
    /// field values, in display order): only the fields' indexes are built.
    /// - Throws: `LimitError`, `ICUError`.
    func adding(fields: [FieldColumn]) throws -> SearchableListing {
        var listing = self.listing
        listing.fields = fields
        return SearchableListing(listing: listing, index: try index.adding(fields: fields,
                                                                             defaultRegion: PhoneRegion.region(of: listing.collation.locale)))
    }

    /// Bytes held by the search index (not counting the listing's own texts).
    public var indexByteCount: Int { index.byteCount }

    /// Filters the listing: the elements that match `query`, still in their sections.
    ///
    /// The query is trimmed of white space at either end and cut at white space into terms; an element
    /// matches when every term matches it, in any order (`acedo jessica` finds Jessica Acedo). A term
    /// matches when, folded with `fold`, it is contained in the element's folded text or in one of its
    /// text ``SearchField``s (``MatchMode/contains``), or begins a word there (``MatchMode/words``); a
    /// term of digits (and `+ - ( ) .`) also matches when it is contained in a digit form of a phone
    /// field. A query in double quotes is a phrase: one term, spaces and all. In ``MatchMode/prefix``
    /// mode the whole query must begin the element's text, as one term. An empty query matches every
    /// element. The exact rules: <doc:FindingPeople>.
    ///
    /// With `phonetic`, items are also found by how they sound (pinyin, Hangul keystrokes and
    /// initial consonants, kana and romaji readings), the whole query and each term on its own: see
    /// <doc:PhoneticSearch>. ``Phonetic/auto`` applies the rules of the listing's language.
    ///
    /// With `dialpad`, the query is digits typed on a phone keypad (2 abc … 9 wxyz): an element
    /// matches when they begin the keys of a word and run on across the following words (`5646`:
    /// John), are the keys of the initials of consecutive words (`53`: John Doe), or are contained in
    /// a phone number (see <doc:FindingPeople>).
    ///
    /// With `typos` ``Typos/auto``, a query that matches nothing exactly is answered with the elements
    /// that match it within a few edits, and ``FilteredListing/approximate`` says so (see
    /// <doc:TypoTolerance>).
    ///
    /// Nothing is copied: the result is the index's sorted set of matching rows plus, per
    /// non-empty section, its count. Complexity: the search, plus O(sections × log matches).
    /// - Throws: `ICUError` when ICU cannot fold the query.
    public func filter(_ query: String, fold: Fold = .locale, mode: MatchMode = .contains,
                       phonetic: Phonetic = .auto, dialpad: Bool = false, typos: Typos = .off) throws -> FilteredListing<Element> {
        let exact = try index.search(query, fold: fold, mode: mode, rules: phoneticRules(phonetic), dialpad: dialpad)
        return FilteredListing(self, result: index.withTypos(exact, typos))
    }

    /// The phonetic rules `phonetic` applies to this listing.
    func phoneticRules(_ phonetic: Phonetic) -> PhoneticRules {
        phonetic.rules(forLocale: listing.collation.locale)
    }
}

extension SearchableListing: Sendable where Element: Sendable {}
