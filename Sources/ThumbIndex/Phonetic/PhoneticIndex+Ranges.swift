extension PhoneticIndex {
    /// Where the rules match `row` (whose displayed text is `text`) for `pq` in `mode`: UTF-16 ranges
    /// of `text`, widened to grapheme clusters, merged, in order. Empty when no rule matches.
    func ranges(ofRow row: Int, text: String, _ pq: PhoneticQuery, mode: MatchMode, main: TextIndex) throws -> [Range<Int>] {
        let folded = try FoldedText(text, fold: .diacritics, locale: "", withMap: true)
        let scalars = Array(String(decoding: folded.bytes, as: UTF8.self).unicodeScalars)
        var offsets: [Int] = [], offset = 0
        for s in scalars { offsets.append(offset); offset += UTF8.width(s) }
        offsets.append(offset)
        var byteRanges: [Range<Int>] = []
        func add(scalars range: ClosedRange<Int>) { byteRanges.append(offsets[range.lowerBound]..<offsets[range.upperBound + 1]) }
        let whole = [0..<text.utf16.count]

        if let p = pq.pinyin {
            let han = scalars.indices.filter { Pinyin.isHan(scalars[$0]) }
            for m in pinyin.matches(ofRow: row, p, mode: mode, main: main) { add(scalars: han[m.lowerBound]...han[m.upperBound]) }
        }
        if let keys = pq.hangulKeys, hangul.row(row, matchesKeys: keys, mode: mode, main: main) {
            let k = HangulKeys.keyText(scalars)
            let startsWord = scalars.indices.map { main.wordStarts[Int(main.starts[row]) + offsets[$0]] }
            let starts = Set(Self.wordStarts(k.source, startsWord))
            for found in Self.occurrences(of: keys, in: k.keys, mode: mode, wordStarts: starts) {
                add(scalars: Int(k.source[found.lowerBound])...Int(k.source[found.upperBound - 1]))
            }
        }
        if let initials = pq.initialsQuery {
            let found = hangul.withUnits(ofRow: row, in: main, wordStarts: mode == .words) {
                HangulIndex.occurrences(initials, in: $0, mode: mode)
            }
            let source = HangulKeys.initialsText(scalars).source
            for k in found {
                add(scalars: Int(source[k.lowerBound])...Int(source[k.upperBound - 1]))
            }
        }
        if let kana = pq.kana {
            byteRanges += try MatchRanges.occurrences(of: kana, in: Kana.folded(folded.bytes), mode: mode)
        }
        if let kana = pq.kanaReading, kanaReadings.row(row, matches: kana, mode: mode) {
            guard readingIsText[row] else { return whole }
            // The reading is the text without white space and separators: find the query there, map back.
            var compact: [UInt8] = [], source: [Int] = [], wordStarts = Set<Int>()
            for (i, s) in scalars.enumerated() where !Kana.breaksReading(s) {
                if i == 0 || Kana.breaksReading(scalars[i - 1]) { wordStarts.insert(compact.count) }
                let utf8 = Array(String(Kana.folded(s)).utf8)
                compact += utf8
                source += repeatElement(i, count: utf8.count)
            }
            for found in Self.occurrences(of: kana, in: compact, mode: mode, wordStarts: wordStarts) {
                add(scalars: source[found.lowerBound]...source[found.upperBound - 1])
            }
        }
        if let r = pq.romaji, romaji.row(row, matches: r, mode: mode) { return whole }
        return MatchRanges.originalRanges(byteRanges, of: folded, in: text)
    }

    /// The non-overlapping occurrences of `q` in `text`, left to right: all of them (contains), the
    /// one at 0 (prefix), or those at `wordStarts` (words).
    static func occurrences<Element: Equatable>(of q: [Element], in text: [Element], mode: MatchMode, wordStarts: Set<Int>) -> [Range<Int>] {
        var found: [Range<Int>] = [], i = 0
        while i + q.count <= text.count {
            let allowed = switch mode {
            case .contains: true
            case .prefix: i == 0
            case .words: wordStarts.contains(i)
            }
            if allowed && text[i..<i + q.count].elementsEqual(q) {
                found.append(i..<i + q.count)
                i += q.count
            } else {
                i += 1
            }
        }
        return found
    }
}
