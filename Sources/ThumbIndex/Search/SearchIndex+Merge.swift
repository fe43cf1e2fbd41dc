/// Merging search indexes: the index of the rows kept from several, in a new order, made from
/// their folded texts and sorted suffixes instead of folding and sorting again (a live listing's
/// merge of its levels, see `LiveListing+Merge.swift`).
extension SearchIndex {
    /// One index given to ``init(merging:texts:readings:phoneticKeys:fields:defaultRegion:locale:)``,
    /// with the new row of each of its rows.
    struct MergeSource: Sendable {
        let index: SearchIndex
        /// `newRows[r]`: the merged index's row for row `r`, or ``TextIndex/droppedEntry`` when the
        /// merge leaves it out.
        let newRows: [UInt32]
    }

    /// The index of `texts`, whose rows are the rows `sources` keep (row `newRows[r]` is a source's
    /// row `r`): it answers every query as ``init(texts:readings:phoneticKeys:fields:defaultRegion:locale:progress:)``
    /// over the same columns would.
    ///
    /// The main fold and the three fold variants are merged (``TextIndex/init(merging:entryCount:code:)``):
    /// no row is folded, broken into words or suffix-sorted again. The phonetic keys and the phone
    /// fields are built again from the merged texts; a text field is merged as the text is.
    /// `DenseResults` start empty (see ``takeDenseResults(of:)``).
    ///
    /// Nil when a part cannot be merged (a source of another locale or other fields, or see
    /// ``TextIndex/init(merging:entryCount:code:)``): the caller then builds the index afresh.
    /// - Precondition: each row of `texts` is the new row of exactly one source row, and holds its text.
    /// - Throws: `ICUError`, `LimitError` (the phonetic keys and phone fields, as a build).
    init?(merging sources: [MergeSource], texts: TextColumn, readings: TextColumn?, phoneticKeys: Bool = true,
          fields: [FieldColumn] = [], defaultRegion: String? = nil, locale: String = "") throws {
        guard sources.allSatisfy({ $0.index.storage.locale == locale && $0.index.storage.fields.count == fields.count }),
              let main = TextIndex(merging: sources.map { TextIndex.MergePart(index: $0.index.storage.main, newEntries: $0.newRows) },
                                   entryCount: texts.count) else { return nil }
        var variants: [FoldVariant] = []
        for fold in [Fold.case, .all, .locale] {
            guard let variant = Self.mergedVariant(sources.map { ($0.index.storage.variant(fold)!, $0.newRows) },
                                                   rowCount: texts.count) else { return nil }
            variants.append(variant)
        }
        var fieldIndexes: [FieldIndex] = []
        for (f, column) in fields.enumerated() {
            let merged: SearchIndex? = switch column.kind {
            case .text:
                try Self.mergedField(sources.map { ($0.index.storage.fields[f], $0.newRows) }, values: column.values, locale: locale)
            case .phone: nil
            }
            if let merged {
                fieldIndexes.append(FieldIndex(name: column.name, kind: .text(merged)))
            } else {
                fieldIndexes += try Self.fieldIndexes([column], rowCount: texts.count, defaultRegion: defaultRegion, locale: locale)
            }
        }
        let phonetic = try PhoneticIndex(text: main.text.array, starts: main.starts.array, wordStarts: main.wordStarts,
                                         readings: readings, keys: phoneticKeys)
        storage = Storage(texts: texts, main: main, caseVariant: variants[0], allVariant: variants[1], localeVariant: variants[2],
                          locale: locale, readings: readings, phonetic: phonetic, fields: fieldIndexes)
    }

    /// The variant of the merged rows: each source variant's rows renumbered (ascending again), and
    /// their texts' index merged. Nil when the index cannot be merged.
    private static func mergedVariant(_ parts: [(variant: FoldVariant, newRows: [UInt32])], rowCount: Int) -> FoldVariant? {
        // The new row of each kept variant entry, with where it comes from, in the new rows' order.
        var kept: [(row: UInt32, part: Int, entry: Int)] = []
        for (p, part) in parts.enumerated() {
            for (e, row) in part.variant.rows.enumerated() {
                let new = part.newRows[Int(row)]
                if new != TextIndex.droppedEntry { kept.append((new, p, e)) }
            }
        }
        kept.sort { $0.row < $1.row }
        var newEntries = parts.map { [UInt32](repeating: TextIndex.droppedEntry, count: $0.variant.rows.count) }
        for (k, origin) in kept.enumerated() { newEntries[origin.part][origin.entry] = UInt32(k) }
        let merging = zip(parts, newEntries).map { TextIndex.MergePart(index: $0.variant.index, newEntries: $1) }
        guard let index = TextIndex(merging: merging, entryCount: kept.count) else { return nil }
        return FoldVariant(rows: kept.map(\.row), rowCount: rowCount, index: index)
    }

    /// A text field's index merged from the sources' (no phonetic keys, as a field's build), or nil
    /// when a source's field is not a text index or cannot be merged.
    private static func mergedField(_ parts: [(field: FieldIndex, newRows: [UInt32])], values: TextColumn,
                                    locale: String) throws -> SearchIndex? {
        var sources: [MergeSource] = []
        for part in parts {
            guard case .text(let index) = part.field.kind else { return nil }
            sources.append(MergeSource(index: index, newRows: part.newRows))
        }
        return try SearchIndex(merging: sources, texts: values, readings: nil, phoneticKeys: false, locale: locale)
    }
}
