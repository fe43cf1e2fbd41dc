extension SearchIndex {
    /// `exact`, or with `typos` ``Typos/auto`` and no row in it, the close matches when the query
    /// takes edits and there are some (``approximateResult(for:)``): an empty answer is never marked
    /// approximate.
    func withTypos(_ exact: SearchResult, _ typos: Typos) -> SearchResult {
        guard typos == .auto, exact.count == 0, let close = approximateResult(for: exact.parsed), close.count > 0 else { return exact }
        return close
    }

    /// The close matches of `parsed`, for a query that matches nothing exactly (see ``Typos``): the
    /// answer within 1 edit per term when it has rows, else within 2 for the terms of 8 characters
    /// and more. Nil when the query takes no edits (no term of 4 folded characters or more, or a
    /// dial-pad query).
    ///
    /// The caller checks that the exact answer is empty: this answer does not.
    func approximateResult(for parsed: ParsedQuery) -> SearchResult? {
        var result: SearchResult? = nil
        for edits in parsed.typoTiers {
            result = approximateResult(for: parsed, edits: edits)
            if result!.count > 0 { break }
        }
        return result
    }

    /// The rows that match `parsed` with each term within its edits when at most `edits` are
    /// allowed (``ParsedQuery/termEdits(atMost:)``), marked approximate.
    ///
    /// A term matches a row when a stretch of the row's folded text, or of a searched text column
    /// (not in ``MatchMode/prefix`` mode), beginning where the mode allows, is within its edits of
    /// the folded term (a term that takes no edit: contains it exactly). Every term must match, in
    /// any order. Phonetic keys and phone digits play no part.
    ///
    /// - Complexity: per term, the index lookups of ``TextIndex/approximateEntries(_:edits:mode:)``;
    ///   a term after the first is checked row by row when the rows so far are few.
    func approximateResult(for parsed: ParsedQuery, edits: Int) -> SearchResult {
        let termEdits = parsed.termEdits(atMost: edits)
        // The fewest rows to carry along first: exact terms with few hits (one lookup each), then the
        // terms with edits, longest first, then the exact terms with many hits (checked row by row).
        func rank(_ term: ParsedQuery.Term, _ edits: Int) -> (Int, Int) {
            if edits > 0 { return (1, -term.folded.count) }
            let hits = keyHitCount(term.folded, fold: parsed.fold)
            return hits <= 2048 ? (0, hits) : (2, hits)
        }
        let ordered = zip(parsed.terms, termEdits).map { (term: $0.0, edits: $0.1, rank: rank($0.0, $0.1)) }
            .sorted { $0.rank < $1.rank }.map { ($0.term, $0.edits) }
        var rows: SearchResult.Rows.Storage? = nil
        for (term, termEdits) in ordered {
            let scalars = term.foldedScalars
            guard let current = rows else {
                rows = approximateTermRows(scalars, term.folded, edits: termEdits, fold: parsed.fold, mode: parsed.mode)
                continue
            }
            if current.count == 0 { break }
            if current.count <= 2048 {
                rows = .ids(current.idList.filter {
                    row(Int($0), approximatelyMatches: scalars, term.folded, edits: termEdits, fold: parsed.fold, mode: parsed.mode)
                })
            } else {
                rows = RowSet.intersection(current, approximateTermRows(scalars, term.folded, edits: termEdits,
                                                                         fold: parsed.fold, mode: parsed.mode))
            }
        }
        return SearchResult(parsed: parsed, rows: .init(storage: rows ?? .ids([])), approximate: edits)
    }

    /// The rows one term matches within `edits` (0: exactly) in the text or a searched text column.
    func approximateTermRows(_ q: [UInt32], _ folded: [UInt8], edits: Int, fold: Fold, mode: MatchMode) -> SearchResult.Rows.Storage {
        var rows = approximateKeyRows(q, folded, edits: edits, fold: fold, mode: mode)
        guard mode != .prefix else { return rows }
        for field in storage.fields {
            if case .text(let index) = field.kind {
                rows = RowSet.union(rows, index.approximateKeyRows(q, folded, edits: edits, fold: fold, mode: mode))
            }
        }
        return rows
    }

    /// The rows whose text under `fold` has a stretch within `edits` of `q` (0: contains `folded`).
    ///
    /// As ``keyRows(_:fold:mode:)``: the rows whose text differs under `fold` are answered by the
    /// fold's variant index instead of the main one.
    func approximateKeyRows(_ q: [UInt32], _ folded: [UInt8], edits: Int, fold: Fold, mode: MatchMode) -> SearchResult.Rows.Storage {
        guard edits > 0 else { return keyRows(folded, fold: fold, mode: mode) }
        let found = storage.main.approximateEntries(q, edits: edits, mode: mode)
        guard let variant = storage.variant(fold), !variant.rows.isEmpty else { return found }
        let differing = variant.index.approximateEntries(q, edits: edits, mode: mode).idList.map { variant.rows[Int($0)] }
        let kept = found.idList.filter { !variant.isVariant[Int($0)] }
        return .ids(RowSet.union(kept, differing))
    }

    /// Whether `row` matches one term within `edits` (see ``approximateTermRows(_:_:edits:fold:mode:)``),
    /// checked on its texts.
    func row(_ row: Int, approximatelyMatches q: [UInt32], _ folded: [UInt8], edits: Int, fold: Fold, mode: MatchMode) -> Bool {
        if keyRow(row, approximatelyMatches: q, folded, edits: edits, fold: fold, mode: mode) { return true }
        guard mode != .prefix else { return false }
        for field in storage.fields {
            if case .text(let index) = field.kind,
               index.keyRow(row, approximatelyMatches: q, folded, edits: edits, fold: fold, mode: mode) { return true }
        }
        return false
    }

    /// Whether the text of `row` under `fold` has a stretch within `edits` of `q` (0: contains `folded`).
    func keyRow(_ row: Int, approximatelyMatches q: [UInt32], _ folded: [UInt8], edits: Int, fold: Fold, mode: MatchMode) -> Bool {
        guard edits > 0 else { return keyRow(row, matches: folded, fold: fold, mode: mode) }
        var matcher = ApproximateMatcher(pattern: q, limit: edits)
        if let variant = storage.variant(fold), variant.isVariant[row] {
            return variant.index.entry(variant.entry(ofRow: row), isWithin: &matcher, mode: mode)
        }
        return storage.main.entry(row, isWithin: &matcher, mode: mode)
    }

    /// Where an approximate `result` matched the text of `row`: for each term that takes edits, the
    /// stretch of ``ApproximateMatcher/bestStretch(in:starts:)``; for the others, their exact
    /// occurrences; mapped back to the original text and widened to whole grapheme clusters.
    /// - Throws: `ICUError` when ICU cannot fold or break the text.
    func approximateMatchRanges(ofRow row: Int, in result: SearchResult, edits: Int) throws -> [Range<Int>] {
        let parsed = result.parsed
        let terms = zip(parsed.terms, parsed.termEdits(atMost: edits)).map { ($0.0.folded, $0.1) }
        return try MatchRanges.approximateRanges(of: terms, in: text(ofRow: row), fold: parsed.fold, locale: parsed.locale,
                                                 mode: parsed.mode)
    }

    /// Where an approximate `result` matched `row` in the searched text columns, as
    /// ``approximateMatchRanges(ofRow:in:edits:)`` finds it in the text.
    /// - Throws: `ICUError` when ICU cannot fold or break a value.
    func approximateFieldMatches(ofRow row: Int, in result: SearchResult, edits: Int) throws -> [FieldMatch] {
        let parsed = result.parsed
        guard parsed.mode != .prefix else { return [] }
        let terms = zip(parsed.terms, parsed.termEdits(atMost: edits)).map { (term: $0.0, edits: $0.1) }
        var matches: [FieldMatch] = []
        for field in storage.fields {
            guard case .text(let index) = field.kind else { continue }
            let matched = terms.filter {
                index.keyRow(row, approximatelyMatches: $0.term.foldedScalars, $0.term.folded, edits: $0.edits,
                             fold: parsed.fold, mode: parsed.mode)
            }
            guard !matched.isEmpty else { continue }
            let value = index.text(ofRow: row)
            let ranges = try MatchRanges.approximateRanges(of: matched.map { ($0.term.folded, $0.edits) }, in: value,
                                                           fold: parsed.fold, locale: parsed.locale, mode: parsed.mode)
            if !ranges.isEmpty { matches.append(FieldMatch(field: field.name, text: value, ranges: ranges)) }
        }
        return matches
    }
}
