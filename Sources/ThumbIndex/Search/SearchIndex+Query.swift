extension SearchIndex {
    /// The rows that match `query`, in row order.
    ///
    /// The query is cut into terms (see ``ParsedQuery``); an item matches when every term matches it,
    /// in any order: the folded term is contained in its folded text or in a searched text column
    /// (``MatchMode/contains``), or begins a word there (``MatchMode/words``); or the term matches by a
    /// phonetic rule of `rules` (see <doc:PhoneticSearch>); or, for a term of digits, it is contained
    /// in a digit form of a phone column. The whole query also matches by the phonetic rules and, when
    /// it is all phone characters, by its digits. In ``MatchMode/prefix`` mode the whole query must
    /// begin the text (or match it phonetically). With `dialpad`, see ``Dialpad``. An empty query
    /// matches every row.
    ///
    /// - Complexity: per term, O(|term| log n) to find the matches plus O(k) for its k occurrences;
    ///   terms after the rarest are checked on its rows when that is cheaper.
    /// - Throws: `ICUError` when ICU cannot fold the query.
    func search(_ query: String, fold: Fold = .locale, mode: MatchMode = .contains, rules: PhoneticRules = [],
                dialpad: Bool = false) throws -> SearchResult {
        try result(for: ParsedQuery(query, fold: fold, locale: storage.locale, mode: mode, rules: rules, dialpad: dialpad),
                   refining: nil)
    }

    /// The result for a parsed query, refining `previous` when that is cheaper than a fresh search and
    /// exact (`parsed` narrows `previous.parsed`: its rows are a subset of `previous`'s).
    /// - Throws: `ICUError` or `LimitError` when the dial-pad keys, made on first use, cannot be made.
    func result(for parsed: ParsedQuery, refining previous: SearchResult?) throws -> SearchResult {
        if parsed.isEmpty { return SearchResult(parsed: parsed, rows: .init(storage: .all(count))) }
        if let digits = parsed.dialpad {
            return SearchResult(parsed: parsed, rows: .init(storage: try dialpadRows(digits, rules: parsed.rules)))
        }
        if let previous, previous.approximate == nil, parsed.narrows(previous.parsed) {
            if let candidates = previous.rows.ids,
               candidates.count * checkCost(parsed) < parsed.terms.map({ hitCount($0, fold: parsed.fold, mode: parsed.mode) }).min()! {
                let rows = checked(candidates) { row($0, matches: parsed) }
                return SearchResult(parsed: parsed, rows: .init(storage: .ids(rows)))
            }
            if let rows = narrowedRows(parsed, from: previous) { return SearchResult(parsed: parsed, rows: .init(storage: rows)) }
        }
        return SearchResult(parsed: parsed, rows: .init(storage: matchingRows(parsed)))
    }

    /// What checking one row against `parsed` on its texts costs (``row(_:matches:)``), in the units
    /// of ``hitCount(_:fold:mode:)``: sixteen for its texts and its first phonetic rule, eight more
    /// for each further rule (a Korean query is checked by its keys, then by its initials).
    ///
    /// Fitted on the Korean sessions: with sixteen alone, `강ㅇㅇ` after `강ㅇ` checked 10,800 rows
    /// by both rules (2.7 ms) where a fresh search takes 0.3 ms; counting eight for every rule sent
    /// some IME keystrokes, whose rows mostly match by the first rule, to fresh searches 30% slower.
    private func checkCost(_ parsed: ParsedQuery) -> Int {
        parsed.phoneticKeys.reduce(16) { $0 + 8 * max(0, PhoneticIndex.checkCount($1) - 1) }
    }

    /// The rows of `parsed`, which narrows `previous`'s query, from `previous`'s rows: those rows
    /// intersected with (or checked against) the terms that changed, the added ones and the one
    /// typed further. Exact when neither query has phonetic keys or phone digits of its own as a
    /// whole: every row of `parsed` is one of `previous`'s (it narrows), and each term that did not
    /// change matches every row of `previous`. So `el di` after `el d` searches `di` only, not the
    /// two characters `el` again. Nil when that does not hold.
    private func narrowedRows(_ parsed: ParsedQuery, from previous: SearchResult) -> SearchResult.Rows.Storage? {
        let before = previous.parsed
        guard parsed.wholePhonetic == nil, parsed.wholePhoneDigits == nil, before.wholePhonetic == nil,
              before.wholePhoneDigits == nil else { return nil }
        let changed = parsed.terms.indices.filter { $0 >= before.terms.count || parsed.terms[$0] != before.terms[$0] }
        guard !changed.isEmpty, changed.count < parsed.terms.count else { return nil }
        return rows(allOf: changed.map { parsed.terms[$0] }, fold: parsed.fold, mode: parsed.mode, within: previous.rows.storage)
    }

    /// The rows of a query with terms: the rarest term's rows, then each other term's, intersected
    /// (or checked row by row, when the rows so far are few against its occurrences); then the whole
    /// query's phonetic and phone matches added.
    func matchingRows(_ parsed: ParsedQuery) -> SearchResult.Rows.Storage {
        let mode = parsed.mode
        var rows = rows(allOf: parsed.terms, fold: parsed.fold, mode: mode, within: nil)
        if let phonetic = parsed.wholePhonetic {
            rows = RowSet.union(rows, storage.phonetic.rows(phonetic, mode: mode, main: storage.main))
        }
        if let digits = parsed.wholePhoneDigits {
            for field in storage.fields { if case .phone(let phone) = field.kind { rows = RowSet.union(rows, phone.rows(matching: digits)) } }
        }
        return rows
    }

    /// The rows that every one of the non-empty `terms` matches, among the rows `within` (all rows
    /// when nil): the rarest term's rows first (unless `within` is given), then each other term's,
    /// joined with the rows so far or checked on their texts (a plain term, see
    /// `keyRows(_:fold:mode:among:hits:)`), else intersected, or checked row by row when the rows so
    /// far are few against its occurrences.
    private func rows(allOf terms: [ParsedQuery.Term], fold: Fold, mode: MatchMode,
                      within: SearchResult.Rows.Storage?) -> SearchResult.Rows.Storage {
        // One term from all rows needs no plan (and no counting: each count is a binary search or more).
        let ordered = terms.count == 1 && within == nil ? [(term: terms[0], hits: 0)]
            : terms.map { (term: $0, hits: hitCount($0, fold: fold, mode: mode)) }.sorted { $0.hits < $1.hits }
        var rows = within ?? termRows(ordered[0].term, fold: fold, mode: mode)
        for (term, hits) in within == nil ? ordered.dropFirst() : ordered[...] {
            let count = rows.count
            if count == 0 { break }
            if let kept = keyRows(term, fold: fold, mode: mode, among: rows, hits: hits) {
                rows = kept
            } else if count * 16 < hits && !hasKeptRows(term, fold: fold, mode: mode) {
                rows = .ids(checked(rows.idList) { row($0, matches: term, fold: fold, mode: mode) })
            } else {
                rows = RowSet.intersection(rows, termRows(term, fold: fold, mode: mode))
            }
        }
        return rows
    }

    /// The rows of `ids` (ascending) that `matches`, checked one after another on their texts. The texts
    /// lie anywhere in memory: each row's is asked for some rows ahead of its check, so that its
    /// misses overlap the checks before it instead of following them.
    func checked(_ ids: [UInt32], _ matches: (Int) -> Bool) -> [UInt32] {
        let main = storage.main, ahead = 16
        var kept: [UInt32] = []
        for (i, id) in ids.enumerated() {
            if i + 2 * ahead < ids.count { main.prefetch(entry: Int(ids[i + 2 * ahead]), stage: 0) }
            if i + ahead < ids.count { main.prefetch(entry: Int(ids[i + ahead]), stage: 1) }
            if matches(Int(id)) { kept.append(id) }
        }
        return kept
    }

    /// The rows one term matches: in the text, by its phonetic keys, in the text columns and (a term
    /// of digits) in the phone columns. Columns are not searched in ``MatchMode/prefix`` mode.
    func termRows(_ term: ParsedQuery.Term, fold: Fold, mode: MatchMode) -> SearchResult.Rows.Storage {
        var rows = keyRows(term.folded, fold: fold, mode: mode)
        if let phonetic = term.phonetic {
            rows = RowSet.union(rows, storage.phonetic.rows(phonetic, mode: mode, main: storage.main))
        }
        guard mode != .prefix else { return rows }
        for field in storage.fields {
            switch field.kind {
            case .text(let index):
                rows = RowSet.union(rows, index.keyRows(term.folded, fold: fold, mode: mode))
            case .phone(let phone):
                if let digits = term.phoneDigits { rows = RowSet.union(rows, phone.rows(matching: digits)) }
            }
        }
        return rows
    }

    /// The rows whose text matches the non-empty folded query `q`, ascending.
    ///
    /// Rows whose text differs under `fold` are answered by the variant index instead of the main one.
    /// A dense main result stays a bitmap: the variant rows are cleared a word at a time and the
    /// matching ones set again, so no list of every matching row is made. A dense one-byte query's
    /// bitmap is kept for the next (``DenseResults``).
    func keyRows(_ q: [UInt8], fold: Fold, mode: MatchMode) -> SearchResult.Rows.Storage {
        guard q.count == 1 else { return searchedKeyRows(q, fold: fold, mode: mode) }
        prepareDenseResults(fold: fold, mode: mode)
        return storage.denseResults.rows(.init(byte: q[0], fold: fold, mode: mode)) { searchedKeyRows(q, fold: fold, mode: mode) }
    }

    /// ``keyRows(_:fold:mode:)`` searched in the index (no kept result is read or kept).
    func searchedKeyRows(_ q: [UInt8], fold: Fold, mode: MatchMode) -> SearchResult.Rows.Storage {
        guard let variant = storage.variant(fold), !variant.rows.isEmpty else { return storage.main.entries(matching: q, mode: mode) }
        let differing = variant.index.entries(matching: q, mode: mode).idList.map { variant.rows[Int($0)] }
        let found = storage.main.entries(matching: q, mode: mode) { words in
            let isVariant = variant.isVariant.words
            precondition(words.count == isVariant.count, "SearchIndex: a result bitmap has a bit per row")
            for w in words.indices { words[w] &= ~isVariant[w] }
            RowSet.set(differing, in: &words)
        }
        if case .bitmap = found { return found }
        let kept = found.idList.filter { !variant.isVariant[Int($0)] }
        return .ids(RowSet.union(kept, differing))
    }

    /// How many suffixes start with the term, in every place a search with `fold` looks for it: the
    /// work of a fresh search.
    func hitCount(_ term: ParsedQuery.Term, fold: Fold, mode: MatchMode) -> Int {
        var hits = keyHitCount(term.folded, fold: fold)
        if let phonetic = term.phonetic { hits += storage.phonetic.hitCount(phonetic, main: storage.main) }
        guard mode != .prefix else { return hits }
        for field in storage.fields {
            switch field.kind {
            case .text(let index): hits += index.keyHitCount(term.folded, fold: fold)
            case .phone(let phone): if let digits = term.phoneDigits { hits += phone.hitCount(digits) }
            }
        }
        return hits
    }

    /// How many suffixes of the text start with `q`, in the main index and the variant of `fold`.
    func keyHitCount(_ q: [UInt8], fold: Fold) -> Int {
        var hits = storage.main.hitCount(q)
        if let variant = storage.variant(fold), !variant.rows.isEmpty { hits += variant.index.hitCount(q) }
        return hits
    }

    /// Whether `row` matches the query (every term, or the whole query phonetically or by its phone
    /// digits), checked on its texts.
    func row(_ row: Int, matches parsed: ParsedQuery) -> Bool {
        if parsed.terms.allSatisfy({ self.row(row, matches: $0, fold: parsed.fold, mode: parsed.mode) }) { return true }
        if let phonetic = parsed.wholePhonetic, storage.phonetic.row(row, matches: phonetic, mode: parsed.mode, main: storage.main) {
            return true
        }
        if let digits = parsed.wholePhoneDigits {
            for field in storage.fields {
                if case .phone(let phone) = field.kind, phone.row(row, matches: digits) { return true }
            }
        }
        return false
    }

    /// Whether `row` matches one term (see ``termRows(_:fold:mode:)``), checked on its texts.
    func row(_ row: Int, matches term: ParsedQuery.Term, fold: Fold, mode: MatchMode) -> Bool {
        if keyRow(row, matches: term.folded, fold: fold, mode: mode) { return true }
        if let phonetic = term.phonetic, storage.phonetic.row(row, matches: phonetic, mode: mode, main: storage.main) {
            return true
        }
        guard mode != .prefix else { return false }
        for field in storage.fields {
            switch field.kind {
            case .text(let index):
                if index.keyRow(row, matches: term.folded, fold: fold, mode: mode) { return true }
            case .phone(let phone):
                if let digits = term.phoneDigits, phone.row(row, matches: digits) { return true }
            }
        }
        return false
    }

    /// Whether the text of `row` matches the non-empty folded query `q`.
    func keyRow(_ row: Int, matches q: [UInt8], fold: Fold, mode: MatchMode) -> Bool {
        if let variant = storage.variant(fold), variant.isVariant[row] {
            return variant.index.entry(variant.entry(ofRow: row), matches: q, mode: mode)
        }
        return storage.main.entry(row, matches: q, mode: mode)
    }

    /// Whether the dial-pad index is made (it is on the first dial-pad query).
    var hasDialpadIndex: Bool { storage.dialpad.ifBuilt != nil }

    /// Takes `dialpad` as the dial-pad index, unless one is made already: a saved one loaded back,
    /// or one merged from a live listing's levels. It must be this index's rows' (what
    /// ``dialpadIndex()`` would make).
    func adoptDialpadIndex(_ dialpad: DialpadIndex) { _ = try? storage.dialpad.value { dialpad } }

    /// The dial-pad index, made on first use.
    func dialpadIndex() throws -> DialpadIndex {
        try storage.dialpad.value { try DialpadIndex(of: self) }
    }

    /// The rows a dial-pad query of `digits` matches: by the keys of their words (with pinyin under
    /// the Chinese rules, the romaji of the reading under the Japanese ones) or in a phone column.
    ///
    /// The first one makes the dial-pad index, and waits for it: on every core, at the calling
    /// thread's priority (``Parallel/atCallerPriority(_:)``), a server's read worker's too.
    func dialpadRows(_ digits: [UInt8], rules: PhoneticRules) throws -> SearchResult.Rows.Storage {
        guard !digits.isEmpty else { return .ids([]) }
        let dialpad = try Parallel.atCallerPriority { try dialpadIndex() }
        var rows = dialpad.latin.rows(matching: digits) { Dialpad.words(allFoldScalars(ofRow: $0), han: false) }
        if rules.contains(.chinese) {
            rows = RowSet.union(rows, dialpad.han.rows(matching: digits) { Dialpad.words(allFoldScalars(ofRow: $0), han: true) })
        }
        if rules.contains(.japanese) {
            rows = RowSet.union(rows, dialpad.romaji.rows(matching: digits) { _ in [] })
        }
        for field in storage.fields {
            if case .phone(let phone) = field.kind { rows = RowSet.union(rows, phone.rows(matching: digits)) }
        }
        return rows
    }

    /// The ``Fold/all`` fold of `row`'s text, as scalars.
    func allFoldScalars(ofRow row: Int) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        forEachAllFoldUTF8(rows: row..<row + 1) { _, utf8 in scalars = Array(String(decoding: utf8, as: UTF8.self).unicodeScalars) }
        return scalars
    }

    /// Calls `body` with each row of `rows`, in order, and the UTF-8 of the ``Fold/all`` fold of its
    /// text, where the index keeps it: the fold variant's text for a row whose fold differs, else
    /// the main text.
    func forEachAllFoldUTF8(rows: Range<Int>, _ body: (Int, Slice<UnsafeBufferPointer<UInt8>>) throws -> Void) rethrows {
        let main = storage.main, variant = storage.allVariant
        var entry = variant.entry(ofRow: rows.lowerBound)  // the variant entry of the next variant row
        try main.text.withUnsafeBufferPointer { mainText in
            try main.starts.withUnsafeBufferPointer { mainStarts in
                try variant.index.text.withUnsafeBufferPointer { variantText in
                    try variant.index.starts.withUnsafeBufferPointer { variantStarts in
                        for row in rows {
                            if variant.isVariant[row] {
                                try body(row, variantText[Int(variantStarts[entry])..<Int(variantStarts[entry + 1])])
                                entry += 1
                            } else {
                                try body(row, mainText[Int(mainStarts[row])..<Int(mainStarts[row + 1])])
                            }
                        }
                    }
                }
            }
        }
    }

    /// The romaji of the words of `row`'s reading (its kana text when it has no reading); empty when none.
    func readingRomaji(ofRow row: Int, cache: Romaji.Cache) throws -> [[UInt8]] {
        let start = Int(storage.main.starts[row]), end = Int(storage.main.starts[row + 1])
        let reading = storage.readings.flatMap { $0.isEmpty(row: row) ? nil : $0.utf8(row) }
        // Without a reading, only a text of kana has one, and kana (U+3041–U+30FF) are three bytes
        // led by 0xE3: a text without that byte has none.
        if reading == nil, !storage.main.text.withUnsafeBufferPointer({ $0[start..<end].contains(0xE3) }) { return [] }
        let scalars = Array(String(decoding: storage.main.text[start..<end], as: UTF8.self).unicodeScalars)
        return try ReadingKeys.words(text: scalars, reading: reading).map { word in
            try cache.romanized(String(String.UnicodeScalarView(word)))
        }
    }
}
