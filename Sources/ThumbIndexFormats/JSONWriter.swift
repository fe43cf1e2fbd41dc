import ThumbIndex

/// A small streaming JSON writer: appends UTF-8 to a byte buffer.
///
/// `JSONEncoder` builds a tree of boxed values first, which costs seconds for a million items;
/// listings are flat and their shape is fixed, so they are written directly.
package struct JSONWriter: Sendable {
    /// The JSON written so far.
    package private(set) var bytes: [UInt8] = []

    package init() {}

    /// Appends raw JSON syntax (a brace, a comma, a number) as is.
    package mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends `text` as a JSON string literal, escaping quotes, backslashes and control characters.
    package mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { string(buffer: $0) }
    }

    /// Appends UTF-8 bytes (valid UTF-8) as a JSON string literal.
    package mutating func string(utf8: ArraySlice<UInt8>) {
        utf8.withUnsafeBufferPointer { string(buffer: $0) }
    }

    /// Appends UTF-8 bytes (valid UTF-8) as a JSON string literal.
    package mutating func string(utf8: some Collection<UInt8>) {
        if utf8.withContiguousStorageIfAvailable({ string(buffer: $0) }) != nil { return }
        let copy = Array(utf8)
        copy.withUnsafeBufferPointer { string(buffer: $0) }
    }

    /// Copies runs of bytes that need no escape in one append each; escapes quotes, backslashes
    /// and control characters.
    private mutating func string(buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(0x22)
        var start = 0
        for (i, byte) in buffer.enumerated() where byte == 0x22 || byte == 0x5C || byte < 0x20 {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<i]))
            start = i + 1
            switch byte {
            case 0x22: bytes += [0x5C, 0x22]
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x0A: bytes += [0x5C, 0x6E]
            case 0x0D: bytes += [0x5C, 0x72]
            case 0x09: bytes += [0x5C, 0x74]
            default:
                let hex = Array("0123456789abcdef".utf8)
                bytes += [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        bytes.append(0x22)
    }

    /// Appends `"key":`.
    package mutating func key(_ name: String) {
        string(name)
        bytes.append(0x3A)
    }

    /// Appends `"key":"value"` followed by a comma unless `last`.
    package mutating func pair(_ key: String, _ value: String, last: Bool = false) {
        self.key(key)
        string(value)
        if !last { bytes.append(0x2C) }
    }

    /// Appends the object of one section of a listing:
    /// `{"title","indexTitle","index","count","offset","items":[...]}`, where `items` writes the
    /// items (comma-separated) and `index` is the section's position in the index titles.
    package mutating func section(title: String, indexTitle: String, index: Int, count: Int, offset: Int,
                                 items: (inout JSONWriter) -> Void) {
        raw("{")
        pair("title", title)
        pair("indexTitle", indexTitle)
        raw("\"index\":\(index),\"count\":\(count),\"offset\":\(offset),\"items\":[")
        items(&self)
        raw("]}")
    }

    /// Appends `"sections":[...]` of a filtered listing: every section with its count, and as its
    /// items the matches of `page` that fall in it (`page` in order, `sectionOf` a match's position
    /// in `sections`), each as `item` writes it.
    package mutating func filteredSections<Section, Match>(
        _ sections: [Section], page: [Match],
        describe: (Section) -> (title: String, indexTitle: String, index: Int, count: Int, offset: Int),
        sectionOf: (Match) -> Int, item: (inout JSONWriter, Match) -> Void
    ) {
        raw("\"sections\":[")
        var next = 0
        for (s, section) in sections.enumerated() {
            if s > 0 { raw(",") }
            let d = describe(section)
            self.section(title: d.title, indexTitle: d.indexTitle, index: d.index, count: d.count, offset: d.offset) { json in
                let first = next
                while next < page.count && sectionOf(page[next]) == s {
                    if next > first { json.raw(",") }
                    item(&json, page[next])
                    next += 1
                }
            }
        }
        raw("]")
    }

    /// Appends match ranges as `[[start,end],...]`.
    package mutating func ranges(_ ranges: [Range<Int>]) {
        array(ranges) { json, range in json.raw("[\(range.lowerBound),\(range.upperBound)]") }
    }

    /// Appends `,"columnMatches":{<column>:{"text":<value>,"matches":[[start,end],...]},...}` when
    /// `matches` is not empty: where a query matched in searched columns (each with its value, so the
    /// answer is complete whichever columns an item carries).
    package mutating func fieldMatches(_ matches: [FieldMatch]) {
        guard !matches.isEmpty else { return }
        raw(",")
        key("columnMatches")
        raw("{")
        for (i, match) in matches.enumerated() {
            if i > 0 { raw(",") }
            key(match.field)
            raw("{")
            pair("text", match.text)
            key("matches")
            ranges(match.ranges)
            raw("}")
        }
        raw("}")
    }

    /// Appends a JSON array of strings.
    package mutating func stringArray(_ items: [String]) {
        array(items) { json, item in json.string(item) }
    }

    /// Appends a JSON array: `[`, each element as `element` writes it, separated by commas, `]`.
    package mutating func array<Items: Sequence>(_ items: Items, element: (inout JSONWriter, Items.Element) -> Void) {
        raw("[")
        for (i, item) in items.enumerated() {
            if i > 0 { raw(",") }
            element(&self, item)
        }
        raw("]")
    }
}
