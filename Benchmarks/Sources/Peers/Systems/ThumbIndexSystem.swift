import ThumbIndex

/// ThumbIndex: `Listing` + `SearchableListing`; a keystroke is the filter for the text typed so
/// far plus the first page of `matches` (with their UTF-16 match ranges), as the library's callers do.
///
/// By default it types through a `FilterSession` (one per query), which refines the previous
/// keystroke's result; `refining: false` calls `SearchableListing.filter` afresh every keystroke.
public final class ThumbIndexSystem: KeystrokeSystem {
    public let searchable: SearchableListing
    public let refining: Bool
    private var session: FilterSession

    /// Builds the listing (sort + buckets) and the search index of `table`, timing each.
    public init(corpus: Corpus, table: Table, refining: Bool = true, report: inout BuildReport) throws {
        let listing = try report.measure("listing") {
            try Listing(table: table, collation: IndexedCollation(locale: corpus.locale), options: corpus.options,
                        source: corpus.itemsPath)
        }
        let searchable = report.measure("index") { SearchableListing(listing: listing) }
        self.searchable = searchable
        self.refining = refining
        session = FilterSession(searchable, fold: .diacritics, mode: .contains)
    }

    /// The search index's bytes (not counting the listing's texts).
    public var indexBytes: Int? { searchable.indexByteCount }

    public var extraInfo: [String: Double] { ["textBytes": Double(searchable.listing.texts.byteCount)] }

    public func beginQuery() {
        session = FilterSession(searchable, fold: .diacritics, mode: .contains)
    }

    /// The one place that reaches ThumbIndex's search.
    private func filter(_ text: String) -> ListingFilter {
        refining ? session.type(text) : searchable.filter(text, fold: .diacritics, mode: .contains)
    }

    /// One stateless keystroke split in two: the filter (search + per-section counts) and the
    /// first page (`matches` with match ranges), in seconds; plus the number of matches.
    public func split(_ text: String) -> (filter: Double, page: Double, total: Int) {
        let clock = ContinuousClock()
        let start = clock.now
        let result = searchable.filter(text, fold: .diacritics, mode: .contains)
        let filtered = clock.now
        let page = result.matches(offset: 0, limit: pageSize)
        let end = clock.now
        precondition(page.count <= pageSize)
        return ((filtered - start).seconds, (end - filtered).seconds, result.total)
    }

    public func keystroke(_ text: String) -> Answer {
        let result = filter(text)
        var answer = AnswerBuilder()
        for section in result.sections { answer.section(section.section, count: section.count) }
        let texts = searchable.listing.texts
        for match in result.matches(offset: 0, limit: pageSize) { answer.pageText(texts.utf8(match.row)) }
        return answer.answer
    }
}
