/// A search box's state: the keystrokes typed so far, so that one more character refines the
/// previous result and a backspace returns to a remembered one.
///
/// ```swift
/// var session = FilterSession(searchable, fold: .locale, mode: .contains)
/// try session.type("s").total
/// try session.type("st").total     // refines the result for "s"
/// try session.type("s").total      // backspace: the remembered result
/// ```
///
/// Every answer is exactly ``SearchableListing/filter(_:fold:mode:phonetic:dialpad:typos:)`` of the same query.
public struct FilterSession<Element> {
    /// The listing and index being searched.
    public let searchable: SearchableListing<Element>
    private var search: SearchSession
    /// Whether a query with no exact match is answered with close matches.
    public let typos: Typos

    /// A session with nothing typed yet.
    ///
    /// With `typos` ``Typos/auto``, a query that matches nothing exactly is answered with close matches
    /// (see <doc:TypoTolerance>); the session remembers only exact results, so typing on from a close
    /// answer refines the exact one.
    public init(_ searchable: SearchableListing<Element>, fold: Fold = .locale, mode: MatchMode = .contains,
                phonetic: Phonetic = .auto, dialpad: Bool = false, typos: Typos = .off) {
        self.searchable = searchable
        self.typos = typos
        search = SearchSession(index: searchable.index, fold: fold, mode: mode, rules: searchable.phoneticRules(phonetic),
                               dialpad: dialpad)
    }

    /// The fold of every query of the session.
    public var fold: Fold { search.fold }
    /// The match mode of every query of the session.
    public var mode: MatchMode { search.mode }

    /// The answer for the search box now holding `query`.
    ///
    /// - Complexity: O(1) when the query asks what a remembered one asked (backspace); when it extends
    ///   one (one term typed further), the cheaper of refining that result (a check per remembered row)
    ///   and a fresh search; plus, with no exact match and ``Typos/auto``, the search for close matches.
    /// - Throws: `ICUError` when ICU cannot fold the query.
    public mutating func type(_ query: String) throws -> FilteredListing<Element> {
        FilteredListing(searchable, result: searchable.index.withTypos(try search.type(query), typos))
    }
}

extension FilterSession: Sendable where Element: Sendable {}
