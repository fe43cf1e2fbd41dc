/// A search box's state: the keystrokes typed so far, so that one more character refines the
/// previous result and a backspace returns to a remembered one (see `SearchSession`).
///
/// ```swift
/// var session = FilterSession(searchable, fold: .diacritics, mode: .contains)
/// session.type("s").total
/// session.type("st").total     // refines the result for "s"
/// session.type("s").total      // backspace: the remembered result
/// ```
public struct FilterSession: Sendable {
    /// The listing and index being searched.
    public let searchable: SearchableListing
    private var session: SearchSession

    /// A session with nothing typed yet.
    public init(_ searchable: SearchableListing, fold: Fold = .diacritics, mode: MatchMode = .contains) {
        self.searchable = searchable
        session = SearchSession(index: searchable.index, fold: fold, mode: mode)
    }

    /// The fold of every query of the session.
    public var fold: Fold { session.fold }
    /// The match mode of every query of the session.
    public var mode: MatchMode { session.mode }

    /// The answer for the search box now holding `query`.
    public mutating func type(_ query: String) -> ListingFilter {
        ListingFilter(searchable: searchable, result: session.type(query))
    }
}
