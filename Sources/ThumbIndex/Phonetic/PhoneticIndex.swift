/// The phonetic keys of a listing's rows, indexed: what the rules of <doc:PhoneticSearch> search.
///
/// Built from the rows' default fold (the main index's texts, with their word starts) and readings.
/// Only rows with Han, Hangul or kana get keys, so a listing without them pays a scan of its
/// non-ASCII rows and nothing else. Every part is exact: a rule's rows are those its definition
/// matches (where a part only narrows candidates, each candidate is checked).
struct PhoneticIndex: Sendable {
    /// Korean: the keys and the syllables' initial consonants of rows with Hangul.
    let hangul: HangulIndex
    /// Japanese: rows with katakana, folded to hiragana (byte-aligned with the main text).
    let kanaVariant: KeyTextIndex
    /// Japanese: readings in kana (folded, without white space).
    let kanaReadings: KeyTextIndex
    /// Japanese: romaji keys of the readings, normalized (a row has one or two).
    let romaji: KeyTextIndex
    /// Chinese: pinyin of the Han characters.
    let pinyin: PinyinIndex
    /// Rows whose reading is their text (a kana match there highlights the characters it matched).
    let readingIsText: BitSet

    var byteCount: Int {
        hangul.byteCount + kanaVariant.byteCount + kanaReadings.byteCount
            + romaji.byteCount + pinyin.byteCount + readingIsText.byteCount
    }

    /// The keys of every row of the default fold of the texts (`text`, row `i` the bytes
    /// `starts[i]..<starts[i + 1]`, with a bit per byte where a word starts), with `readings` in the
    /// same row order (nil: none); with `keys` false, none (for measuring what the keys cost).
    /// Only the folded texts are read, not their suffix array: the keys can be built while it is
    /// sorted.
    init(text: [UInt8], starts: [UInt32], wordStarts: BitSet, readings: TextColumn?, keys withKeys: Bool = true) throws {
        let rowCount = starts.count - 1
        var hangul = HangulIndex.Builder()
        var kanaVariant = KeyTextIndex.Builder(), kanaReadings = KeyTextIndex.Builder(), romaji = KeyTextIndex.Builder()
        var pinyin = PinyinIndex.Builder()
        var readingIsText = BitSet(count: rowCount)
        var romajiCache: [String: [UInt8]] = [:]

        for row in 0..<(withKeys ? rowCount : 0) {
            let start = Int(starts[row]), end = Int(starts[row + 1])
            let utf8 = text[start..<end]
            let hasReading = readings.map { !$0.isEmpty(row: row) } ?? false
            // Han, Hangul and kana are three or four bytes in UTF-8, led by E1–ED, EF or F0
            // (U+1000–DFFF, the compatibility ideographs U+F900–FAFF, U+10000–3FFFF): a row without
            // such a byte has no keys (most rows of most listings).
            if !hasReading && !utf8.contains(where: { (0xE1...0xED).contains($0) || $0 == 0xEF || $0 == 0xF0 }) { continue }
            let row8 = Array(utf8)
            let scalars = Array(String(decoding: row8, as: UTF8.self).unicodeScalars)
            // Byte offset of each scalar, and whether it starts a word.
            var offsets: [Int] = [], offset = 0
            for s in scalars { offsets.append(offset); offset += UTF8.width(s) }
            let startsWord = offsets.map { wordStarts[start + $0] }

            pinyin.add(row: row, scalars: scalars, startsWord: startsWord)

            hangul.add(row: row, scalars: scalars)

            if Kana.hasKatakana(row8) {
                // Word starts of the folded text itself: ICU breaks katakana and hiragana differently.
                let folded = Kana.folded(row8)
                kanaVariant.add(row: row, key: folded, wordStarts: try folded.withUnsafeBufferPointer { try ICU.wordStarts($0) })
            }
            let reading = try ReadingKeys.words(text: scalars, reading: hasReading ? readings?.utf8(row) : nil)
            if !hasReading && !reading.isEmpty { readingIsText[row] = true }
            guard !reading.isEmpty else { continue }
            let k = try ReadingKeys(words: reading, cache: &romajiCache)
            kanaReadings.add(row: row, key: k.kana.bytes, wordStarts: k.kana.wordStarts)
            romaji.add(row: row, key: k.romaji.bytes, wordStarts: k.romaji.wordStarts)
            if k.shortRomaji.bytes != k.romaji.bytes {
                romaji.add(row: row, key: k.shortRomaji.bytes, wordStarts: k.shortRomaji.wordStarts)
            }
        }
        self.hangul = hangul.build(rowCount: rowCount)
        self.kanaVariant = try kanaVariant.build(rowCount: rowCount)
        self.kanaReadings = try kanaReadings.build(rowCount: rowCount)
        self.romaji = try romaji.build(rowCount: rowCount)
        self.pinyin = try pinyin.build(rowCount: rowCount)
        self.readingIsText = readingIsText
    }

    /// The byte offsets of a key text where a word starts: the first byte that came from a scalar
    /// that starts a word of the item.
    static func wordStarts(_ source: [Int32], _ startsWord: [Bool]) -> [Int] {
        source.indices.filter { i in startsWord[Int(source[i])] && (i == 0 || source[i - 1] != source[i]) }
    }

}
