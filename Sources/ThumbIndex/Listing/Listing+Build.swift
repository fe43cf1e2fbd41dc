extension Listing {
    /// Builds the listing of a one-column list of strings.
    ///
    /// - Throws: `LocaleError` for a locale ICU has no data for.
    public init(texts: some Sequence<String>, locale: String, options: ListingOptions = ListingOptions()) throws {
        try self.init(table: Table(texts: texts), collation: IndexedCollation(locale: locale), options: options)
    }

    /// Builds the listing of a table of records.
    ///
    /// Sorting is one pass of ICU sort keys (on two threads) and a byte sort; bucketing is one
    /// merge of the sorted keys against the label boundaries; sections then form by a stable
    /// counting sort on the label. Complexity: O(n log n) byte comparisons.
    ///
    /// - Parameters:
    ///   - table: the records, in input order.
    ///   - collation: the locale's index.
    ///   - options: key, reading and pin columns; order; full index.
    ///   - source: the input's name, for errors about columns.
    ///   - progress: called now and then with the fraction done, in [0, 1].
    /// - Throws: `InputError` for an unknown column; `ICUError` if ICU fails.
    public init(table: Table, collation: IndexedCollation, options: ListingOptions = ListingOptions(),
                source: String = "<input>", progress: ((Double) -> Void)? = nil) throws {
        let key = try table.columnIndex(options.keyColumn ?? table.columnNames[0], option: "--key", source: source)
        let reading = try options.readingColumn.map { try table.columnIndex($0, option: "--reading", source: source) }
        let pin = try options.pinColumn.map { try table.columnIndex($0, option: "--pin", source: source) }

        // What is sorted: the reading when there is one, else the text; trimmed of white space.
        var sortTexts = TextColumn()
        for row in 0..<table.count {
            let useReading = reading.map { !table.columns[$0].isEmpty(row: row) } ?? false
            let text = table.columns[useReading ? reading! : key].utf8(row)
            let trimmed = IndexedCollation.trimmedRange(text)
            sortTexts.append(utf8: text[text.startIndex + trimmed.lowerBound..<text.startIndex + trimmed.upperBound])
        }
        let (sorted, buckets) = try collation.icu.sort(sortTexts, progress: progress)

        // Section ordinals: 0 = Favorites, 1 + i = collation.labels[i] (its last is "#").
        let labels = [IndexLabel.favorites] + collation.labels
        let digits = labels.count - 1
        var members = [[Int32]](repeating: [], count: labels.count)
        for (k, row) in sorted.enumerated() {
            let r = Int(row)
            let ordinal: Int
            if let pin, !table.columns[pin].isEmpty(row: r) {
                ordinal = 0
            } else if IndexedCollation.startsWithDigit(utf8: sortTexts.utf8(r)) {
                ordinal = digits
            } else {
                ordinal = 1 + Int(buckets[k])
            }
            members[ordinal].append(row)
        }
        var ordinals = Array(labels.indices)
        if options.descending {
            ordinals = [0] + ordinals.dropFirst().reversed()
            for i in members.indices { members[i].reverse() }
        }

        var order: [Int32] = []
        order.reserveCapacity(table.count)
        var sections: [Section] = []
        var sectionOfOrdinal = [Int?](repeating: nil, count: labels.count)
        for ordinal in ordinals where !members[ordinal].isEmpty {
            sectionOfOrdinal[ordinal] = sections.count
            sections.append(Section(label: labels[ordinal], rows: order.count..<order.count + members[ordinal].count))
            order += members[ordinal]
        }

        // The side index: sentinel, then the titles; an empty label leads to the next section.
        let shown = options.fullIndex ? ordinals.filter { $0 != 0 || pin != nil } : ordinals.filter { sectionOfOrdinal[$0] != nil }
        var titles = [Listing.searchSentinel]
        var targets: [IndexTarget] = [.search]
        var positions = [Int](repeating: 0, count: sections.count)
        for (i, ordinal) in shown.enumerated() {
            if let own = sectionOfOrdinal[ordinal] { positions[own] = titles.count }
            guard let section = sectionOfOrdinal[ordinal]
                ?? shown[(i + 1)...].lazy.compactMap({ sectionOfOrdinal[$0] }).first
                ?? (sections.isEmpty ? nil : sections.count - 1) else { continue }
            titles.append(labels[ordinal].indexTitle)
            targets.append(.section(section))
        }

        self.collation = collation
        self.table = table.permuted(by: order)
        self.keyColumn = key
        self.sections = sections
        self.indexTitles = titles
        self.indexTargets = targets
        self.sectionIndexPositions = positions
        self.inputRows = order
    }
}
