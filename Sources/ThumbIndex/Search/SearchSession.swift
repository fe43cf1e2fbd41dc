/// The search half of a ``FilterSession``: remembers recent results so that typing one more
/// character can refine the previous result, and backspace can return an earlier one without searching again.
///
/// ```swift
/// var session = SearchSession(index: index)
/// _ = try session.type("b")
/// _ = try session.type("be")
/// let result = try session.type("ber")   // may refine the result for "be"
/// _ = try session.type("be")             // backspace: the remembered result
/// ```
///
/// Results are always exactly those of ``SearchIndex/search(_:fold:mode:)`` for the same query.
struct SearchSession: Sendable {
    /// The index searched.
    let index: SearchIndex
    /// The fold every query uses.
    let fold: Fold
    /// The match mode every query uses.
    let mode: MatchMode
    /// The phonetic rules every query applies.
    let rules: PhoneticRules
    /// Whether queries are dial-pad digits.
    let dialpad: Bool
    /// Recent results, each folded query a prefix of the next.
    private var history: [SearchResult] = []
    /// How many results the history keeps.
    private static let historyLimit = 64

    /// A session over `index` that matches with `fold` and `mode`.
    init(index: SearchIndex, fold: Fold = .locale, mode: MatchMode = .contains, rules: PhoneticRules = [],
         dialpad: Bool = false) {
        self.index = index
        self.fold = fold
        self.mode = mode
        self.rules = rules
        self.dialpad = dialpad
    }

    /// The result for the whole query text now in the search field.
    ///
    /// - Complexity: O(1) when the query asks what a remembered one asked (backspace); when it narrows
    ///   one (one term typed further), the cheaper of refining that result (a check per remembered
    ///   row) and a fresh search.
    /// - Throws: `ICUError` when ICU cannot fold the query.
    mutating func type(_ fullQuery: String) throws -> SearchResult {
        let parsed = try ParsedQuery(fullQuery, fold: fold, locale: index.storage.locale, mode: mode, rules: rules, dialpad: dialpad)
        while let last = history.last, !(parsed.asksTheSame(as: last.parsed) || parsed.narrows(last.parsed)) {
            history.removeLast()
        }
        if let last = history.last, parsed.asksTheSame(as: last.parsed) {
            return SearchResult(parsed: parsed, rows: last.rows)
        }
        let result = try index.result(for: parsed, refining: history.last)
        history.append(result)
        if history.count > Self.historyLimit { history.removeFirst() }
        return result
    }
}
