extension SearchIndex {
    /// The rows of `rows` that the text of a plain term matches (no phonetic keys, and no text or
    /// phone columns searched in `mode`): `rows` ∩ ``keyRows(_:fold:mode:)``, found without listing
    /// every row of the term. Nil for a term that is not plain, for all rows, and for a one-byte term
    /// best intersected with its bitmap (kept by ``DenseResults``, or made and kept).
    ///
    /// - When the rows are few against the term's `hits` (its suffixes), each row's text is checked,
    ///   in one loop over the texts.
    /// - Otherwise the term's suffixes are joined with the rows: each suffix's row is kept when it is
    ///   one of `rows`, and only those are sorted. Intersecting with ``keyRows(_:fold:mode:)`` would
    ///   sort every row of the term first (25,591 suffixes for `di` at 1.4M names, against the 1,345
    ///   rows of `el di`).
    func keyRows(_ term: ParsedQuery.Term, fold: Fold, mode: MatchMode, among rows: SearchResult.Rows.Storage,
                 hits: Int) -> SearchResult.Rows.Storage? {
        guard term.phonetic == nil, storage.fields.isEmpty || mode == .prefix else { return nil }
        if case .all = rows { return nil }
        let q = term.folded
        if rows.count * 16 < hits && !hasKeptRows(term, fold: fold, mode: mode) {
            return .ids(checkedKeyRows(rows.idList, matching: q, fold: fold, mode: mode))
        }
        guard q.count > 1 else { return nil }
        return joinedKeyRows(q, fold: fold, mode: mode, among: rows)
    }

    /// Whether the rows of `term` are kept already (a one-byte term whose bitmap ``DenseResults``
    /// holds, with no phonetic keys or columns to add to it): then intersecting with them costs a bit
    /// test per row, less than reading every row's text to check it.
    func hasKeptRows(_ term: ParsedQuery.Term, fold: Fold, mode: MatchMode) -> Bool {
        guard term.folded.count == 1, term.phonetic == nil, storage.fields.isEmpty || mode == .prefix else { return false }
        return storage.denseResults.kept(.init(byte: term.folded[0], fold: fold, mode: mode)) != nil
    }

    /// The rows of `ids` (ascending) whose text matches `q` under `fold`, each checked on its text (a
    /// variant row on the fold's variant text).
    private func checkedKeyRows(_ ids: [UInt32], matching q: [UInt8], fold: Fold, mode: MatchMode) -> [UInt32] {
        guard let variant = storage.variant(fold), !variant.rows.isEmpty else {
            return storage.main.entries(among: ids, matching: q, mode: mode, deferring: nil).matching
        }
        let (matching, deferred) = storage.main.entries(among: ids, matching: q, mode: mode, deferring: variant.isVariant)
        let differing = deferred.filter { variant.index.entry(variant.entry(ofRow: Int($0)), matches: q, mode: mode) }
        return RowSet.union(matching, differing)
    }

    /// `rows` ∩ ``keyRows(_:fold:mode:)`` by a semi-join: the rows of `q`'s suffixes that `rows` holds.
    private func joinedKeyRows(_ q: [UInt8], fold: Fold, mode: MatchMode,
                               among rows: SearchResult.Rows.Storage) -> SearchResult.Rows.Storage {
        let marks: [UInt64]
        switch rows {
        case .bitmap(let bitmap): marks = bitmap.words
        default:
            var words = [UInt64](repeating: 0, count: (count + 63) / 64)
            RowSet.set(rows.idList, in: &words)
            marks = words
        }
        var found: [UInt32] = []
        let variant = storage.variant(fold).flatMap { $0.rows.isEmpty ? nil : $0 }
        marks.withUnsafeBufferPointer { marks in
            storage.main.entries(matching: q, mode: mode, marked: marks, into: &found)
            guard let variant else { return }
            // A variant row's text under `fold` is its variant's: its main text does not count.
            found.removeAll { variant.isVariant[Int($0)] }
            for entry in variant.index.entries(matching: q, mode: mode).idList {
                let row = Int(variant.rows[Int(entry)])
                if marks[row >> 6] & (1 << UInt64(row & 63)) != 0 { found.append(UInt32(row)) }
            }
        }
        return RowSet.sortedUnique(count: found.count, universe: count) { add in for row in found { add(row) } }
    }
}
