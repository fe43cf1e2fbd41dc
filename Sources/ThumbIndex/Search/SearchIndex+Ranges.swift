extension SearchIndex {
    /// Where `result`'s query matches the text of `row`: UTF-16 offsets into the original text, widened
    /// to whole grapheme clusters, merged where they overlap or touch, in order.
    ///
    /// Every term's non-overlapping occurrences in the folded text, left to right (in
    /// ``MatchMode/prefix`` mode only the one at the start; in ``MatchMode/words`` mode only those at
    /// word starts), mapped back to the original, plus where the phonetic rules matched; for a
    /// dial-pad query, the characters whose keys matched; for close matches (``SearchResult/approximate``),
    /// see ``approximateMatchRanges(ofRow:in:edits:)``. Empty when the query is empty or matched
    /// only in other columns.
    ///
    /// - Complexity: O(terms × length of the row's text): the row is folded again, with an offset map.
    /// - Throws: `ICUError` when ICU cannot fold or break the row's text.
    func matchRanges(ofRow row: Int, in result: SearchResult) throws -> [Range<Int>] {
        try matchRanges(ofRow: row, parsed: result.parsed, in: result)
    }

    /// ``matchRanges(ofRow:in:)`` with `result`'s query passed on, not copied (a copy is a retain and
    /// a release of each of its parts, for every row of a page).
    private func matchRanges(ofRow row: Int, parsed: ParsedQuery, in result: SearchResult) throws -> [Range<Int>] {
        guard !parsed.isEmpty else { return [] }
        if let edits = result.approximate { return try approximateMatchRanges(ofRow: row, in: result, edits: edits) }
        if let digits = parsed.dialpad { return try dialpadRanges(ofRow: row, text: text(ofRow: row), digits, rules: parsed.rules) }
        // The parts the closure needs, taken out first: a closure that reads `parsed` itself copies
        // the whole query (a retain and a release of each of its parts) for every row of a page.
        let terms = parsed.foldedTerms, fold = parsed.fold, locale = parsed.locale, mode = parsed.mode
        var ranges = try storage.texts.withUTF8(ofRow: row) {
            try MatchRanges.ranges(of: terms, inUTF8: $0, fold: fold, locale: locale, mode: mode)
        }
        let phoneticKeys = parsed.phoneticKeys
        guard !phoneticKeys.isEmpty else { return ranges }
        let text = text(ofRow: row)
        for phonetic in phoneticKeys {
            ranges += try storage.phonetic.ranges(ofRow: row, text: text, phonetic, mode: mode, main: storage.main)
        }
        return MatchRanges.merged(ranges)
    }

    /// Where `result`'s query matches `row` in the searched columns: the columns with a match, in the
    /// listing's order, each with its value and UTF-16 ranges of it (a phone number's matched digits).
    /// - Throws: `ICUError` when ICU cannot fold or break a value.
    func fieldMatches(ofRow row: Int, in result: SearchResult) throws -> [FieldMatch] {
        guard !storage.fields.isEmpty else { return [] }
        return try fieldMatches(ofRow: row, parsed: result.parsed, in: result)
    }

    /// ``fieldMatches(ofRow:in:)`` with `result`'s query passed on, not copied.
    private func fieldMatches(ofRow row: Int, parsed: ParsedQuery, in result: SearchResult) throws -> [FieldMatch] {
        guard !parsed.isEmpty else { return [] }
        if let edits = result.approximate { return try approximateFieldMatches(ofRow: row, in: result, edits: edits) }
        var matches: [FieldMatch] = []
        for field in storage.fields {
            var ranges: [Range<Int>] = []
            switch field.kind {
            case .text(let index):
                guard parsed.mode != .prefix, parsed.dialpad == nil else { continue }
                // Fold the value only when a term is in it (most page rows match in their text alone).
                let terms = parsed.terms.map(\.folded).filter { index.keyRow(row, matches: $0, fold: parsed.fold, mode: parsed.mode) }
                if !terms.isEmpty {
                    ranges = try index.storage.texts.withUTF8(ofRow: row) {
                        try MatchRanges.ranges(of: terms, inUTF8: $0, fold: parsed.fold, locale: parsed.locale, mode: parsed.mode)
                    }
                }
            case .phone(let phone):
                let digits = parsed.dialpad.map { [$0] }
                    ?? (parsed.mode == .prefix ? [] : parsed.terms.compactMap(\.phoneDigits) + [parsed.wholePhoneDigits].compactMap { $0 })
                ranges = phone.ranges(ofRow: row, digits)
            }
            if !ranges.isEmpty { matches.append(FieldMatch(field: field.name, text: field.value(ofRow: row), ranges: ranges)) }
        }
        return matches
    }

    /// The characters of `text` (row `row`) whose dial-pad keys `digits` matched.
    private func dialpadRanges(ofRow row: Int, text: String, _ digits: [UInt8], rules: PhoneticRules) throws -> [Range<Int>] {
        guard !digits.isEmpty else { return [] }
        let scalars = allFoldScalars(ofRow: row)
        var sources = Dialpad.matchedSources(digits, in: Dialpad.words(scalars, han: false))
        if rules.contains(.chinese) { sources.formUnion(Dialpad.matchedSources(digits, in: Dialpad.words(scalars, han: true))) }
        if sources.isEmpty && rules.contains(.japanese) {
            let words = Dialpad.romajiWords(try readingRomaji(ofRow: row, cache: Romaji.Cache()))
            if !Dialpad.matchedSources(digits, in: words).isEmpty { return [0..<text.utf16.count] }  // as romaji matches are shown
        }
        guard !sources.isEmpty else { return [] }
        let folded = try FoldedText(text, fold: .all, locale: "", withMap: true)
        var offsets: [Int] = [], offset = 0
        for s in scalars { offsets.append(offset); offset += UTF8.width(s) }
        offsets.append(offset)
        let byteRanges = sources.sorted().map { offsets[$0]..<offsets[$0 + 1] }
        return MatchRanges.originalRanges(byteRanges, of: folded, in: text)
    }
}
