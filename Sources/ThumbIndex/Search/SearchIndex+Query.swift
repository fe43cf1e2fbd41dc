extension SearchIndex {
    /// The rows that match `query`, in row order.
    ///
    /// The query is trimmed of leading and trailing white space (inner spaces count), then folded with
    /// `fold`; an item matches when its folded text contains the folded query (``MatchMode/contains``),
    /// starts with it (``MatchMode/prefix``) or has a word that starts with it (``MatchMode/words``).
    /// An empty query matches every row.
    ///
    /// - Complexity: O(|query| log n) to find the matches, plus O(k) for k occurrences of the query (or
    ///   O(n / 64) when k is large) to list the distinct rows.
    /// - Throws: `ICUError` when ICU cannot fold the query.
    func search(_ query: String, fold: Fold = .diacritics, mode: MatchMode = .contains) throws -> SearchResult {
        result(query: query, foldedQuery: try Folding.foldQuery(query, fold), fold: fold, mode: mode, refining: nil)
    }

    /// The result for an already folded query, refining `previous` when that is cheaper than a fresh
    /// search: `previous` (same fold and mode) must have a non-empty folded query that is a prefix of
    /// `foldedQuery`, so its rows are a superset of the answer.
    func result(query: String, foldedQuery q: [UInt8], fold: Fold, mode: MatchMode, refining previous: SearchResult?) -> SearchResult {
        guard !q.isEmpty else {
            return SearchResult(query: query, fold: fold, mode: mode, foldedQuery: q, rows: .init(storage: .all(count)))
        }
        if let previous, previous.fold == fold, previous.mode == mode, !previous.foldedQuery.isEmpty,
           q.starts(with: previous.foldedQuery), let candidates = previous.rows.ids,
           candidates.count * 16 < hitCount(q, fold: fold, mode: mode) {
            let rows = candidates.filter { row(Int($0), matches: q, fold: fold, mode: mode) }
            return SearchResult(query: query, fold: fold, mode: mode, foldedQuery: q, rows: .init(storage: .ids(rows)))
        }
        return SearchResult(query: query, fold: fold, mode: mode, foldedQuery: q,
                            rows: .init(storage: matchingRows(q, fold: fold, mode: mode)))
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

    /// How many suffixes start with `q`: the work of a fresh search.
    func hitCount(_ q: [UInt8], fold: Fold, mode: MatchMode) -> Int {
        var hits = storage.main.hitCount(q)
        if let variant = storage.variant(fold), !variant.rows.isEmpty { hits += variant.index.hitCount(q) }
        return hits
    }

    /// Whether `row` matches the non-empty folded query `q`, checked on its folded text.
    func row(_ row: Int, matches q: [UInt8], fold: Fold, mode: MatchMode) -> Bool {
        if let variant = storage.variant(fold), variant.isVariant[row] {
            return variant.index.entry(variant.entry(ofRow: row), matches: q, mode: mode)
        }
        return storage.main.entry(row, matches: q, mode: mode)
    }

    /// Where `result`'s query matches the text of `row`: UTF-16 offsets into the original text, widened
    /// to whole grapheme clusters.
    ///
    /// Lists every non-overlapping occurrence of the folded query in the folded text, left to right
    /// (in ``MatchMode/prefix`` mode only the one at the start; in ``MatchMode/words`` mode only those at
    /// word starts), maps each back to the original, widens it to grapheme clusters, and merges ranges
    /// that then overlap or touch. The first range holds the first occurrence. Empty when the query is
    /// empty or the row does not match.
    ///
    /// - Complexity: O(length of the row's text): the row is folded again, with an offset map.
    /// - Throws: `ICUError` when ICU cannot fold or break the row's text.
    func matchRanges(ofRow row: Int, in result: SearchResult) throws -> [Range<Int>] {
        guard !result.foldedQuery.isEmpty else { return [] }
        return try MatchRanges.ranges(of: result.foldedQuery, in: text(ofRow: row), fold: result.fold, mode: result.mode)
    }
}
