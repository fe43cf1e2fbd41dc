extension SearchIndex {
    /// The rows that match `query`, in row order.
    ///
    /// The query is trimmed of leading and trailing white space (inner spaces count), then folded with
    /// `fold`; an item matches when its folded text contains the folded query (``MatchMode/contains``),
    /// starts with it (``MatchMode/prefix``) or has a word that starts with it (``MatchMode/words``),
    /// or when a phonetic rule of `rules` matches it (see <doc:PhoneticSearch>).
    /// An empty query matches every row.
    ///
    /// - Complexity: O(|query| log n) to find the matches, plus O(k) for k occurrences of the query (or
    ///   O(n / 64) when k is large) to list the distinct rows.
    /// - Throws: `ICUError` when ICU cannot fold the query.
    func search(_ query: String, fold: Fold = .diacritics, mode: MatchMode = .contains, rules: PhoneticRules = []) throws -> SearchResult {
        result(query: query, foldedQuery: try Folding.foldQuery(query, fold), fold: fold, mode: mode,
               phonetic: try PhoneticQuery(query, rules: rules), refining: nil)
    }

    /// The result for an already folded query, refining `previous` when that is cheaper than a fresh
    /// search: `previous` (same fold and mode) must have a non-empty folded query that is a prefix of
    /// `foldedQuery`, and phonetic keys that this query's extend, so its rows are a superset of the answer.
    func result(query: String, foldedQuery q: [UInt8], fold: Fold, mode: MatchMode, phonetic: PhoneticQuery? = nil,
                refining previous: SearchResult?) -> SearchResult {
        guard !q.isEmpty else {
            return SearchResult(query: query, fold: fold, mode: mode, foldedQuery: q, rows: .init(storage: .all(count)))
        }
        if let previous, previous.fold == fold, previous.mode == mode, !previous.foldedQuery.isEmpty,
           q.starts(with: previous.foldedQuery), phonetic == nil ? previous.phonetic == nil : phonetic!.narrows(previous.phonetic),
           let candidates = previous.rows.ids,
           candidates.count * 16 < hitCount(q, fold: fold, mode: mode, phonetic: phonetic) {
            let rows = candidates.filter { row(Int($0), matches: q, fold: fold, mode: mode, phonetic: phonetic) }
            return SearchResult(query: query, fold: fold, mode: mode, foldedQuery: q, rows: .init(storage: .ids(rows)),
                                phonetic: phonetic)
        }
        var rows = matchingRows(q, fold: fold, mode: mode)
        if let phonetic {
            let extra = storage.phonetic.rows(phonetic, mode: mode, main: storage.main)
            rows = RowSet.union(rows, extra)
        }
        return SearchResult(query: query, fold: fold, mode: mode, foldedQuery: q, rows: .init(storage: rows), phonetic: phonetic)
    }

    /// The rows that match the non-empty folded query `q`, ascending.
    ///
    /// Rows whose text differs under `fold` are answered by the variant index instead of the main one.
    /// A dense main result stays a bitmap: the variant rows are cleared a word at a time and the
    /// matching ones set again, so no list of every matching row is made.
    func matchingRows(_ q: [UInt8], fold: Fold, mode: MatchMode) -> SearchResult.Rows.Storage {
        let found = storage.main.entries(matching: q, mode: mode)
        guard let variant = storage.variant(fold), !variant.rows.isEmpty else { return found }
        let differing = variant.index.entries(matching: q, mode: mode).idList.map { variant.rows[Int($0)] }
        if case .bitmap(let bitmap) = found {
            var words = bitmap.words
            let isVariant = variant.isVariant.words
            precondition(words.count == isVariant.count, "SearchIndex: a result bitmap has a bit per row")
            for w in words.indices { words[w] &= ~isVariant[w] }
            RowSet.set(differing, in: &words)
            return .bitmap(RowBitmap(words: words))
        }
        let kept = found.idList.filter { !variant.isVariant[Int($0)] }
        return .ids(RowSet.union(kept, differing))
    }

    /// How many suffixes start with `q` (and the phonetic keys): the work of a fresh search.
    func hitCount(_ q: [UInt8], fold: Fold, mode: MatchMode, phonetic: PhoneticQuery? = nil) -> Int {
        var hits = storage.main.hitCount(q)
        if let variant = storage.variant(fold), !variant.rows.isEmpty { hits += variant.index.hitCount(q) }
        if let phonetic { hits += storage.phonetic.hitCount(phonetic, main: storage.main) }
        return hits
    }

    /// Whether `row` matches the non-empty folded query `q` (or a phonetic rule), checked on its texts.
    func row(_ row: Int, matches q: [UInt8], fold: Fold, mode: MatchMode, phonetic: PhoneticQuery? = nil) -> Bool {
        let ordinary: Bool
        if let variant = storage.variant(fold), variant.isVariant[row] {
            ordinary = variant.index.entry(variant.entry(ofRow: row), matches: q, mode: mode)
        } else {
            ordinary = storage.main.entry(row, matches: q, mode: mode)
        }
        if ordinary { return true }
        guard let phonetic else { return false }
        return storage.phonetic.row(row, matches: phonetic, mode: mode, main: storage.main)
    }

    /// Where `result`'s query matches the text of `row`: UTF-16 offsets into the original text, widened
    /// to whole grapheme clusters.
    ///
    /// Lists every non-overlapping occurrence of the folded query in the folded text, left to right
    /// (in ``MatchMode/prefix`` mode only the one at the start; in ``MatchMode/words`` mode only those at
    /// word starts), maps each back to the original, widens it to grapheme clusters, adds where the
    /// phonetic rules matched, and merges ranges that then overlap or touch. Empty when the query is
    /// empty or the row does not match.
    ///
    /// - Complexity: O(length of the row's text): the row is folded again, with an offset map.
    /// - Throws: `ICUError` when ICU cannot fold or break the row's text.
    func matchRanges(ofRow row: Int, in result: SearchResult) throws -> [Range<Int>] {
        guard !result.foldedQuery.isEmpty else { return [] }
        let text = text(ofRow: row)
        let ordinary = try MatchRanges.ranges(of: result.foldedQuery, in: text, fold: result.fold, mode: result.mode)
        guard let phonetic = result.phonetic else { return ordinary }
        let extra = try storage.phonetic.ranges(ofRow: row, text: text, phonetic, mode: result.mode, main: storage.main)
        return MatchRanges.merged(ordinary + extra)
    }
}
