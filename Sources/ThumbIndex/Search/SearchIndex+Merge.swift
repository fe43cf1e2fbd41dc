/// Merging search indexes: the index of the rows kept from several, in a new order, made from
/// their folded texts and sorted suffixes instead of folding and sorting again (a live listing's
/// merge of its levels, see `LiveListing+Merge.swift`).
extension SearchIndex {
    /// One index given to ``init(merging:texts:readings:phoneticKeys:fields:defaultRegion:locale:)``,
    /// with the new row of each of its rows.
    struct MergeSource: Sendable {
        let index: SearchIndex
        /// `newRows[r]`: the merged index's row for row `r`, or ``TextIndex/droppedEntry`` when the
        /// merge leaves it out. The rows kept keep their order (the new rows ascend), as a level's
        /// rows do in a merge.
        let newRows: [UInt32]
    }

    /// The index of `texts`, whose rows are the rows `sources` keep (row `newRows[r]` is a source's
    /// row `r`): it answers every query as ``init(texts:readings:phoneticKeys:fields:defaultRegion:locale:progress:)``
    /// over the same columns would.
    ///
    /// The main fold and the three fold variants are merged (``TextIndex/init(merging:entryCount:code:)``):
    /// no row is folded, broken into words or suffix-sorted again. The phonetic keys and the phone
    /// fields are built again from the merged texts; a text field is merged as the text is.
    /// `DenseResults` start empty (see ``takeDenseResults(of:mergedFrom:)``).
    ///
    /// Nil when a part cannot be merged (a source of another locale or other fields, or see
    /// ``TextIndex/init(merging:entryCount:code:scratch:)``): the caller then builds the index afresh.
    /// With `scratch`, the text indexes' texts, starts and suffixes are its files' mapped pages.
    /// - Precondition: each row of `texts` is the new row of exactly one source row, and holds its text.
    /// - Throws: `ICUError`, `LimitError` (the phonetic keys and phone fields, as a build).
    init?(merging sources: [MergeSource], texts: TextColumn, readings: TextColumn?, phoneticKeys: Bool = true,
          fields: [FieldColumn] = [], defaultRegion: String? = nil, locale: String = "", scratch: ScratchFolder? = nil) throws {
        guard sources.allSatisfy({ $0.index.storage.locale == locale && $0.index.storage.fields.count == fields.count }),
              var main = TextIndex(merging: sources.map { TextIndex.MergePart(index: $0.index.storage.main, newEntries: $0.newRows) },
                                   entryCount: texts.count, scratch: scratch) else { return nil }
        // The phonetic keys read the main text in memory; it goes to its scratch file after them.
        let phonetic = try PhoneticIndex(text: main.text.array, starts: main.starts.array, wordStarts: main.wordStarts,
                                         readings: readings, keys: phoneticKeys)
        main = main.kept(in: scratch)
        var variants: [FoldVariant] = []
        for fold in [Fold.case, .all, .locale] {
            guard let variant = Self.mergedVariant(sources.map { ($0.index.storage.variant(fold)!, $0.newRows) },
                                                   rowCount: texts.count, scratch: scratch) else { return nil }
            variants.append(variant)
        }
        var fieldIndexes: [FieldIndex] = []
        for (f, column) in fields.enumerated() {
            let merged: SearchIndex? = switch column.kind {
            case .text:
                try Self.mergedField(sources.map { ($0.index.storage.fields[f], $0.newRows) }, values: column.values,
                                     locale: locale, scratch: scratch)
            case .phone: nil
            }
            if let merged {
                fieldIndexes.append(FieldIndex(name: column.name, kind: .text(merged)))
            } else {
                fieldIndexes += try Self.fieldIndexes([column], rowCount: texts.count, defaultRegion: defaultRegion, locale: locale)
            }
        }
        storage = Storage(texts: texts, main: main, caseVariant: variants[0], allVariant: variants[1], localeVariant: variants[2],
                          locale: locale, readings: readings, phonetic: phonetic, fields: fieldIndexes)
    }

    /// Carries `replaced`'s dial-pad index over to this index, merged from `sources` (see
    /// ``DialpadIndex/init(merging:rowCount:scratch:)``), when `replaced` (a live listing's old
    /// base) has one: a listing typed into on the dial pad has it at the swap, instead of its first
    /// dial-pad query after the merge making it (2.7 s at 1.4M items) or waiting for it. A source
    /// without one yet (a newer level not searched on the dial pad since it was made) makes its own
    /// first. Nothing when `replaced` has none, or when the keys cannot be merged: then the first
    /// dial-pad query makes it, as before.
    /// - Throws: `ICUError`, `LimitError` (a source's dial-pad index made).
    func takeDialpadIndex(of replaced: SearchIndex, mergedFrom sources: [MergeSource], scratch: ScratchFolder? = nil) throws {
        guard replaced.hasDialpadIndex, !hasDialpadIndex else { return }
        let parts = try sources.map { (index: try $0.index.dialpadIndex(), newRows: $0.newRows) }
        guard let merged = try DialpadIndex(merging: parts, rowCount: count, scratch: scratch) else { return }
        adoptDialpadIndex(merged)
    }

    /// The variant of the merged rows: each source variant's rows renumbered and merged (a level's
    /// rows keep their order in a merge, so each source's kept rows ascend already), and their
    /// texts' index merged. Nil when the index cannot be merged.
    private static func mergedVariant(_ parts: [(variant: FoldVariant, newRows: [UInt32])], rowCount: Int,
                                      scratch: ScratchFolder?) -> FoldVariant? {
        // The new row of part p's variant entry e (dropped: `droppedEntry`).
        func newRow(_ p: Int, _ e: Int) -> UInt32 { parts[p].newRows[Int(parts[p].variant.rows[e])] }
        // The kept entries of all parts merged by new row, each given its entry in the merged variant.
        var newEntries = parts.map { [UInt32](repeating: TextIndex.droppedEntry, count: $0.variant.rows.count) }
        var rows: [UInt32] = []
        rows.reserveCapacity(parts.reduce(0) { $0 + $1.variant.rows.count })
        var next = [Int](repeating: 0, count: parts.count)
        while true {
            var first: Int? = nil
            for p in parts.indices {
                let count = parts[p].variant.rows.count
                while next[p] < count && newRow(p, next[p]) == TextIndex.droppedEntry { next[p] += 1 }
                guard next[p] < count else { continue }
                if first.map({ newRow(p, next[p]) < newRow($0, next[$0]) }) ?? true { first = p }
            }
            guard let p = first else { break }
            let row = newRow(p, next[p])
            precondition(rows.last.map { $0 < row } ?? true, "SearchIndex: a source's kept rows must keep their order")
            newEntries[p][next[p]] = UInt32(rows.count)
            rows.append(row)
            next[p] += 1
        }
        let merging = zip(parts, newEntries).map { TextIndex.MergePart(index: $0.variant.index, newEntries: $1) }
        guard let index = TextIndex(merging: merging, entryCount: rows.count, scratch: scratch) else { return nil }
        return FoldVariant(rows: rows, rowCount: rowCount, index: index.kept(in: scratch))
    }

    /// A text field's index merged from the sources' (no phonetic keys, as a field's build), or nil
    /// when a source's field is not a text index or cannot be merged.
    private static func mergedField(_ parts: [(field: FieldIndex, newRows: [UInt32])], values: TextColumn,
                                    locale: String, scratch: ScratchFolder?) throws -> SearchIndex? {
        var sources: [MergeSource] = []
        for part in parts {
            guard case .text(let index) = part.field.kind else { return nil }
            sources.append(MergeSource(index: index, newRows: part.newRows))
        }
        return try SearchIndex(merging: sources, texts: values, readings: nil, phoneticKeys: false, locale: locale,
                               scratch: scratch)
    }
}
