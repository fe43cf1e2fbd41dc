/// The phone numbers of one column, indexed by their digit forms (see ``PhoneForms``): the digits as
/// written, of the E.164 form and of the national format, each an entry of a substring index.
struct PhoneIndex: Sendable {
    /// Each row's digit forms (a row has up to three entries; a value without digits none).
    let forms: KeyTextIndex
    /// The values, row for row (for match ranges).
    let values: TextColumn
    /// Each row's region (a locale or a region code; empty: `defaultRegion`), or nil.
    let regions: TextColumn?
    /// The region of a row that gives none: the listing locale's.
    let defaultRegion: String?

    var byteCount: Int { forms.byteCount }

    /// Parses every value of `values` with its region (libphonenumber) and indexes the digit forms.
    /// A value that cannot be parsed is found by its digits as written.
    init(values: TextColumn, regions: TextColumn?, defaultRegion: String?) throws {
        self.values = values
        self.regions = regions
        self.defaultRegion = defaultRegion
        let chunks = Parallel.chunks(values.count, minimumSize: 2048)
        let parts: [[[[UInt8]]]] = Parallel.map(chunks.count) { c in
            var cache: [String: String?] = [:]
            return chunks[c].map { row in
                PhoneForms(value: values[row], region: Self.region(ofRow: row, regions: regions, defaultRegion: defaultRegion,
                                                                   cache: &cache)).digitForms
            }
        }
        var builder = KeyTextIndex.Builder()
        var row = 0
        for part in parts {
            for forms in part {
                for form in forms { builder.add(row: row, key: form, wordStarts: []) }
                row += 1
            }
        }
        forms = try builder.build(rowCount: values.count)
    }

    /// The ISO region a row's number is read in.
    static func region(ofRow row: Int, regions: TextColumn?, defaultRegion: String?,
                       cache: inout [String: String?]) -> String? {
        guard let regions, !regions.isEmpty(row: row) else { return defaultRegion }
        let given = regions[row]
        if let known = cache[given] { return known ?? defaultRegion }
        let region = PhoneRegion.region(of: given)
        cache[given] = region
        return region ?? defaultRegion
    }

    /// The rows with a digit form that contains `digits` (non-empty).
    func rows(matching digits: [UInt8]) -> SearchResult.Rows.Storage { forms.rows(matching: digits, mode: .contains) }

    func hitCount(_ digits: [UInt8]) -> Int { forms.hitCount(digits) }

    /// Whether a digit form of `row` contains `digits`.
    func row(_ row: Int, matches digits: [UInt8]) -> Bool { forms.row(row, matches: digits, mode: .contains) }

    /// Where any of `queries` (digit strings) occur in a digit form of `row`'s number: UTF-16 ranges
    /// of its value as written, merged.
    ///
    /// The written digits are read off the value; libphonenumber is asked again (for the national
    /// significant number that aligns a form with the written digits) only when a query occurs in
    /// the E.164 or national form and not in the written one.
    func ranges(ofRow row: Int, _ queries: [[UInt8]]) -> [Range<Int>] {
        let queries = queries.filter { !$0.isEmpty }
        guard !queries.isEmpty else { return [] }
        var cache: [String: String?] = [:]
        let value = values[row]
        let written = PhoneForms(value: value, region: nil, parsing: false)
        var ranges: [Range<Int>] = []
        var elsewhere: [[UInt8]] = []
        for q in queries {
            let found = Self.occurrences(of: q, in: written.written)
            ranges += found.flatMap { written.highlight(form: written.written, match: $0) }
            let inOtherForms = forms.entries(ofRow: row).contains { e in
                let start = Int(forms.index.starts[e]), end = Int(forms.index.starts[e + 1])
                let form = Array(forms.index.text[start..<end])
                return form != written.written && !Self.occurrences(of: q, in: form).isEmpty
            }
            if inOtherForms { elsewhere.append(q) }
        }
        if !elsewhere.isEmpty {
            let phone = PhoneForms(value: value, region: Self.region(ofRow: row, regions: regions, defaultRegion: defaultRegion,
                                                                    cache: &cache))
            for q in elsewhere {
                for form in phone.digitForms where form != phone.written {
                    ranges += Self.occurrences(of: q, in: form).flatMap { phone.highlight(form: form, match: $0) }
                }
            }
        }
        return MatchRanges.merged(ranges)
    }

    /// The non-overlapping occurrences of `q` (non-empty) in `text`, left to right (``ByteSearch``).
    static func occurrences(of q: [UInt8], in text: [UInt8]) -> [Range<Int>] {
        text.withUnsafeBufferPointer { text in
            q.withUnsafeBufferPointer { q in ByteSearch.occurrences(of: q, in: text) }
        }
    }
}
