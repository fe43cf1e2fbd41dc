extension Listing {
    /// Builds the listing of `elements`, each shown as `text(element)`.
    ///
    /// Sorting is one pass of ICU sort keys (on two threads) and a byte sort; bucketing is one
    /// merge of the sorted keys against the label boundaries; sections then form by a stable
    /// counting sort on the label. White space at either end of a text does not count.
    /// Complexity: O(n log n) byte comparisons.
    ///
    /// ```swift
    /// let listing = try Listing(contacts, collation: IndexedCollation(locale: "sv"), text: \.name,
    ///                           pinned: \.isFavorite)
    /// ```
    ///
    /// - Parameters:
    ///   - elements: the elements, in input order (equal texts keep it).
    ///   - collation: the locale's index.
    ///   - text: the text an element is shown as, searched by, and (without a reading) sorted by.
    ///   - reading: a reading that replaces the text for order and section when it is neither nil
    ///     nor empty (Japanese 山田 with reading やまだ goes under や).
    ///   - pinned: whether an element belongs in the leading "Favorites" section (index title "★").
    ///   - descending: reverse the order of elements and of sections (Favorites stay first).
    ///   - fullIndex: list every label in ``indexTitles``, even those whose section is empty.
    ///   - fields: columns searched besides the text (a company, a phone number): see ``SearchField``.
    ///   - progress: called now and then with the fraction of the sort done, in [0, 1].
    /// - Throws: `LimitError` past ``Limits``; `ICUError` if ICU fails; whatever the closures throw.
    public init(_ elements: some Sequence<Element>, collation: IndexedCollation,
                text: (Element) throws -> String, reading: ((Element) throws -> String?)? = nil,
                pinned: ((Element) throws -> Bool)? = nil, descending: Bool = false, fullIndex: Bool = false,
                fields: [SearchField<Element>] = [], progress: ((Double) -> Void)? = nil) throws {
        let elements = Array(elements)
        try Limits.check(rows: elements.count, bytes: 0)
        var texts = TextColumn()
        var readings = reading.map { _ in TextColumn() }
        var pins = pinned.map { _ in BitSet(count: elements.count) }
        for (i, element) in elements.enumerated() {
            texts.append(try text(element))
            if let reading { readings?.append(try reading(element) ?? "") }
            if let pinned, try pinned(element) { pins?[i] = true }
        }
        var columns: [FieldColumn] = []
        for field in fields {
            precondition(!columns.contains { $0.name == field.name }, "Listing: two fields named '\(field.name)'")
            var values = TextColumn()
            var regions = field.region.map { _ in TextColumn() }
            for element in elements {
                values.append(try field.value(element))
                if let region = field.region { regions?.append(try region(element) ?? "") }
            }
            columns.append(FieldColumn(name: field.name, kind: field.kind, values: values, regions: regions))
        }
        try self.init(elements: elements, texts: texts, readings: readings, pinned: pins.map { pins in { pins[$0] } },
                      collation: collation, descending: descending, fullIndex: fullIndex, fields: columns,
                      progress: progress)
    }

    /// The one builder every entry point ends in: elements whose texts (and readings) are already
    /// laid out as columns, row `i` for `elements[i]`. The closure-based initializers above collect
    /// the columns and call it; front ends that read records into columns (TSV files) call it
    /// directly and skip making a `String` per row.
    ///
    /// - Parameters:
    ///   - readings: a reading per element, used for order and section when not empty.
    ///   - pinned: whether the element at an input position is pinned; nil when nothing can be.
    /// - Throws: `LimitError` past ``Limits``; `ICUError` if ICU fails.
    package init(elements: [Element], texts: TextColumn, readings: TextColumn?, pinned: ((Int) -> Bool)?,
                 collation: IndexedCollation, descending: Bool, fullIndex: Bool, fields: [FieldColumn] = [],
                 progress: ((Double) -> Void)?) throws {
        precondition(texts.count == elements.count && (readings?.count ?? elements.count) == elements.count)
        precondition(fields.allSatisfy { $0.values.count == elements.count }, "Listing: a field value per element")
        try Limits.check(rows: elements.count, bytes: texts.bytes.count)
        // What is sorted: the reading when there is one, else the text; trimmed of white space. When
        // that is every text as it is (no readings, no names to read, nothing to trim: the usual
        // case), the text column itself, shared, not copied.
        let sortsTextsAsTheyAre = readings == nil && !collation.readsNames
            && Parallel.allRows(of: texts) { texts.utf8($0).count == IndexedCollation.trimmedRange(texts.utf8($0)).count }
        var sortTexts = sortsTextsAsTheyAre ? texts : TextColumn()
        for row in 0..<texts.count where !sortsTextsAsTheyAre {
            let source = readings.map { $0.isEmpty(row: row) ? texts : $0 } ?? texts
            let utf8 = source.utf8(row)
            let trimmed = IndexedCollation.trimmedRange(utf8)
            let sortUTF8 = utf8[utf8.startIndex + trimmed.lowerBound..<utf8.startIndex + trimmed.upperBound]
            if collation.readsNames {
                let text = Substring(String(decoding: sortUTF8, as: UTF8.self))
                sortTexts.append(utf8: collation.sortingForm(ofTrimmed: text).utf8)
            } else {
                sortTexts.append(utf8: sortUTF8)
            }
        }
        let layout = try Layout(sortTexts: sortTexts, pinned: pinned, collation: collation,
                                descending: descending, fullIndex: fullIndex, progress: progress)
        self.collation = collation
        // A loop over buffers, not `map`: in code generic over `Element`, `map` steps an iterator
        // through its metadata for every element.
        self.elements = elements.withUnsafeBufferPointer { elements in
            [Element](capacity: layout.order.count) { permuted in
                // Invariant: `order` is a permutation of the rows, so every slot is initialized once.
                for (i, row) in layout.order.enumerated() { (permuted.baseAddress! + i).initialize(to: elements[Int(row)]) }
                return layout.order.count
            }
        }
        self.texts = texts.permuted(by: layout.order)
        self.readings = readings.map { $0.permuted(by: layout.order) }
        self.fields = fields.map { $0.permuted(by: layout.order) }
        self.sections = layout.sections
        self.indexTitles = layout.indexTitles
        self.indexTargets = layout.indexTargets
        isDescending = descending
        hasFullIndex = fullIndex
    }

    /// Builds the ascending listing of elements already in its order, with `labelCounts[p]` rows
    /// under the label at position `p` (0: Favorites, `1 + i`: `collation.labels[i]`), in that
    /// order: what a live listing's merge gives, whose levels know each row's place without a sort
    /// key. The columns are row for row with `elements` and shared, not copied.
    ///
    /// The caller vouches for the order: it is the one ``init(elements:texts:readings:pinned:collation:descending:fullIndex:fields:progress:)``
    /// would give (equal keys in ascending element order), with no full index.
    /// - Throws: `LimitError` past ``Limits``.
    package init(orderedElements elements: [Element], texts: TextColumn, readings: TextColumn?, fields: [FieldColumn],
                 labelCounts: [Int], collation: IndexedCollation) throws {
        precondition(texts.count == elements.count && (readings?.count ?? elements.count) == elements.count)
        precondition(fields.allSatisfy { $0.values.count == elements.count }, "Listing: a field value per element")
        try Limits.check(rows: elements.count, bytes: texts.bytes.count)
        let labels = [IndexLabel.favorites] + collation.labels
        precondition(labelCounts.count == labels.count && labelCounts.reduce(0, +) == elements.count,
                     "Listing: \(labelCounts.reduce(0, +)) rows counted under \(labelCounts.count) labels")
        let layout = Layout(counts: labelCounts, ordinals: Array(labels.indices), labels: labels, hasPins: true, fullIndex: false)
        self.collation = collation
        self.elements = elements
        self.texts = texts
        self.readings = readings
        self.fields = fields
        sections = layout.sections
        indexTitles = layout.indexTitles
        indexTargets = layout.indexTargets
        isDescending = false
        hasFullIndex = false
    }

    /// Builds the listing of `elements` in `locale` (see
    /// ``init(_:collation:text:reading:pinned:descending:fullIndex:fields:progress:)``).
    ///
    /// - Throws: `LocaleError` for a locale ICU has no data for; `LimitError`; `ICUError`.
    ///
    /// With `names`, the elements are personal names: a leading Han character is read as a surname
    /// for order and section (see ``IndexedCollation/init(locale:latinLabels:names:)``).
    public init(_ elements: some Sequence<Element>, locale: String,
                text: (Element) throws -> String, reading: ((Element) throws -> String?)? = nil,
                pinned: ((Element) throws -> Bool)? = nil, descending: Bool = false, fullIndex: Bool = false,
                names: Bool = false) throws {
        try self.init(elements, collation: IndexedCollation(locale: locale, names: names), text: text, reading: reading,
                      pinned: pinned, descending: descending, fullIndex: fullIndex)
    }
}

extension Listing where Element == String {
    /// Builds the listing of a list of strings, each its own text.
    ///
    /// ```swift
    /// let listing = try Listing(texts: ["Zoë", "Åsa", "Anna"], locale: "sv")
    /// listing.sections.map(\.title)   // ["A", "Z", "Å"]
    /// ```
    /// - Throws: `LocaleError` for a locale ICU has no data for; `LimitError`; `ICUError`.
    public init(texts: some Sequence<String>, locale: String, descending: Bool = false, fullIndex: Bool = false,
                names: Bool = false) throws {
        try self.init(texts, locale: locale, text: { $0 }, descending: descending, fullIndex: fullIndex, names: names)
    }
}

/// The order, sections and side index of a listing, computed from the sort texts alone.
private struct Layout {
    /// `order[k]`: the input position of the element shown at row `k`.
    var order: [Int32] = []
    var sections: [ListingSection] = []
    var indexTitles: [String] = []
    var indexTargets: [IndexTarget] = []

    /// - Parameters:
    ///   - sortTexts: what each element is sorted by (trimmed), in input order.
    ///   - pinned: whether the element at an input position is pinned; nil when the listing has no pins at all.
    init(sortTexts: TextColumn, pinned: ((Int) -> Bool)?, collation: IndexedCollation, descending: Bool, fullIndex: Bool,
         progress: ((Double) -> Void)?) throws {
        let (sorted, buckets) = try collation.icu.sort(sortTexts, progress: progress)
        // Which texts start with a digit, read in the column's order (one pass over its bytes), not
        // in the sorted order below, where every text would be a cache miss or two.
        let startsWithDigit = Parallel.rows(of: sortTexts) { IndexedCollation.startsWithDigit(utf8: sortTexts.utf8($0)) }

        // Section ordinals: 0 = Favorites, 1 + i = collation.labels[i] (its last is "#").
        let labels = [IndexLabel.favorites] + collation.labels
        let digits = labels.count - 1
        var members = [[Int32]](repeating: [], count: labels.count)
        for (k, row) in sorted.enumerated() {
            let r = Int(row)
            let ordinal: Int
            if let pinned, pinned(r) {
                ordinal = 0
            } else if startsWithDigit[r] {
                ordinal = digits
            } else {
                ordinal = 1 + Int(buckets[k])
            }
            members[ordinal].append(row)
        }
        var ordinals = Array(labels.indices)
        if descending {
            ordinals = [0] + ordinals.dropFirst().reversed()
            for i in members.indices { members[i].reverse() }
        }
        self.init(counts: members.map(\.count), ordinals: ordinals, labels: labels, hasPins: pinned != nil,
                  fullIndex: fullIndex)
        order.reserveCapacity(sortTexts.count)
        for ordinal in ordinals { order += members[ordinal] }
    }

    /// The sections and side index of rows laid out by label: `counts[ordinal]` rows under each of
    /// `labels` (ordinal 0: Favorites), the labels in the order `ordinals`; ``order`` is left empty.
    ///
    /// - Parameter hasPins: whether elements can be pinned (with `fullIndex`, Favorites is then listed).
    init(counts: [Int], ordinals: [Int], labels: [IndexLabel], hasPins: Bool, fullIndex: Bool) {
        // The side index: sentinel, then the titles; an empty label leads to the next section.
        var sectionOfOrdinal = [Int?](repeating: nil, count: labels.count)
        var sectionCount = 0
        for ordinal in ordinals where counts[ordinal] > 0 {
            sectionOfOrdinal[ordinal] = sectionCount
            sectionCount += 1
        }
        let shown = fullIndex ? ordinals.filter { $0 != 0 || hasPins } : ordinals.filter { sectionOfOrdinal[$0] != nil }
        indexTitles = [IndexTarget.searchSentinel]
        indexTargets = [.search]
        var positions = [Int](repeating: 0, count: sectionCount)
        for (i, ordinal) in shown.enumerated() {
            if let own = sectionOfOrdinal[ordinal] { positions[own] = indexTitles.count }
            guard let section = sectionOfOrdinal[ordinal]
                ?? shown[(i + 1)...].lazy.compactMap({ sectionOfOrdinal[$0] }).first
                ?? (sectionCount == 0 ? nil : sectionCount - 1) else { continue }
            indexTitles.append(labels[ordinal].indexTitle)
            indexTargets.append(.section(section))
        }

        var start = 0
        for ordinal in ordinals where counts[ordinal] > 0 {
            sections.append(ListingSection(label: labels[ordinal], rows: start..<start + counts[ordinal],
                                           indexPosition: positions[sections.count], labelPosition: ordinal))
            start += counts[ordinal]
        }
    }
}
