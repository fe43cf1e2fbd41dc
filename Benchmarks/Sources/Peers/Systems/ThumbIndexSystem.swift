@_spi(Benchmarks) import ThumbIndex

/// ThumbIndex: `Listing` + `SearchableListing`; a keystroke is the filter for the text typed so
/// far plus the first page of `matches` (with their UTF-16 match ranges), as the library's callers do.
///
/// The listing's elements are the corpus table's rows, so a match's text is read from the table
/// (bytes, no `String`), as an app holding its own records would.
///
/// By default it types through a `FilterSession` (one per query), which refines the previous
/// keystroke's result; `refining: false` calls `SearchableListing.filter` afresh every keystroke.
public final class ThumbIndexSystem: KeystrokeSystem {
    public let searchable: SearchableListing<Int>
    public let refining: Bool
    /// The displayed texts by table row (the listing's element).
    private let texts: PackedStrings
    private var session: FilterSession<Int>
    /// Whether queries are read as dial-pad digits (`filter(…, dialpad: true)`); takes effect at
    /// the next `beginQuery()`.
    public var dialpad = false

    /// Builds the listing (sort + buckets) and the search index of `table`, timing each.
    public convenience init(corpus: Corpus, table: CorpusTable, refining: Bool = true, report: inout BuildReport) throws {
        try self.init(corpus: corpus, table: table, fields: [], phones: [], region: nil, refining: refining, report: &report)
    }

    /// The same with columns searched besides the name (issue 23): `fields` as text, `phones` as
    /// phone numbers, each row's region from the column `region`.
    public init(corpus: Corpus, table: CorpusTable, fields: [String], phones: [String], region: String?,
                refining: Bool = true, report: inout BuildReport) throws {
        let listing = try report.measure("listing") {
            fields.isEmpty && phones.isEmpty
                ? try corpus.listing(of: table)
                : try corpus.listing(of: table, fields: fields, phones: phones, region: region)
        }
        let searchable = try report.measure("index") { try SearchableListing(listing) }
        self.searchable = searchable
        self.refining = refining
        texts = table.texts
        session = FilterSession(searchable, fold: .diacritics, mode: .contains)
    }

    /// The search index's bytes (not counting the listing's texts).
    public var indexBytes: Int? { searchable.indexByteCount }

    /// `textBytes`: the listing's texts, counted as the library stores them: their UTF-8 bytes plus
    /// one 8-byte offset per row and one more (the library keeps this count internal; the texts are
    /// the same bytes as the table's, in another order). `phoneticBytes`: the phonetic keys' share
    /// of `indexBytes`.
    public var extraInfo: [String: Double] {
        ["textBytes": Double(texts.bytes.count + texts.offsets.count * 8),
         "phoneticBytes": Double(searchable.phoneticKeyByteCount)]
    }

    public func beginQuery() {
        session = FilterSession(searchable, fold: .diacritics, mode: .contains, dialpad: dialpad)
    }

    /// The one place that reaches ThumbIndex's search. ICU failing to fold a query is a broken
    /// setup, not a result: it stops the run.
    private func filter(_ text: String) -> FilteredListing<Int> {
        guard refining else { return fresh(text) }
        do { return try session.type(text) } catch { fatalError("ThumbIndex could not filter \(text): \(error)") }
    }

    /// `SearchableListing.filter` afresh, without the session.
    private func fresh(_ text: String) -> FilteredListing<Int> {
        do {
            return try searchable.filter(text, fold: .diacritics, mode: .contains, dialpad: dialpad)
        } catch {
            fatalError("ThumbIndex could not filter \(text): \(error)")
        }
    }

    private func firstPage(_ result: FilteredListing<Int>) -> [FilteredListing<Int>.Match] {
        do {
            return try result.matches(offset: 0, limit: pageSize)
        } catch {
            fatalError("ThumbIndex could not compute the match ranges for \(result.query): \(error)")
        }
    }

    /// One keystroke (stateless, or typed in the session when `inSession`) split in two: the filter (search + per-section counts) and the
    /// first page (`matches` with match ranges), in seconds; plus the number of matches.
    public func split(_ text: String, inSession: Bool = false) -> (filter: Double, page: Double, total: Int) {
        let clock = ContinuousClock()
        let start = clock.now
        let result = inSession ? filter(text) : fresh(text)
        let filtered = clock.now
        let page = firstPage(result)
        let end = clock.now
        precondition(page.count <= pageSize)
        return ((filtered - start).seconds, (end - filtered).seconds, result.total)
    }

    public func keystroke(_ text: String) -> Answer {
        let result = filter(text)
        var answer = AnswerBuilder()
        for section in result.sections { answer.section(section.listingSectionIndex, count: section.count) }
        for match in firstPage(result) { answer.pageText(texts.utf8(match.element)) }
        return answer.answer
    }
}
