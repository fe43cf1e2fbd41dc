extension PhoneticIndex {
    /// The phonetic index from its parts as they are (a saved index loaded back); nothing is built.
    init(hangul: HangulIndex, kanaVariant: KeyTextIndex,
         kanaReadings: KeyTextIndex, romaji: KeyTextIndex, pinyin: PinyinIndex, readingIsText: BitSet) {
        self.hangul = hangul
        self.kanaVariant = kanaVariant
        self.kanaReadings = kanaReadings
        self.romaji = romaji
        self.pinyin = pinyin
        self.readingIsText = readingIsText
    }

    /// Appends the phonetic keys to an archive, each part under its own tag: `hang` the Hangul index
    /// (see ``HangulIndex/append(to:tag:)``), `kanv` the katakana folded to hiragana, `kanr` the kana
    /// readings, `roma` the romaji keys (each a ``KeyTextIndex``, see its `append(to:tag:)`), `piny` the pinyin index (see ``PinyinIndex/append(to:tag:)``) and `rdtx`
    /// the words of the bits of the rows whose reading is their text.
    /// ``init(from:rowCount:)`` reads them back.
    func append(to writer: inout ArchiveWriter) {
        hangul.append(to: &writer, tag: "hang")
        kanaVariant.append(to: &writer, tag: "kanv")
        kanaReadings.append(to: &writer, tag: "kanr")
        romaji.append(to: &writer, tag: "roma")
        pinyin.append(to: &writer, tag: "piny")
        writer.append(readingIsText.words, tag: "rdtx")
    }

    /// The phonetic keys of a listing of `rowCount` rows, read back from the records
    /// ``append(to:)`` wrote instead of being built again from the texts and readings; each part
    /// checked as its own `init(from:tag:rowCount:)` says.
    ///
    /// - Throws: ``SavedIndexError/Reason/corrupted(_:)`` naming the part when a check fails.
    /// - Complexity: O(bytes of the records).
    init(from reader: inout ArchiveReader, rowCount: Int) throws {
        let hangul = try HangulIndex(from: &reader, tag: "hang", rowCount: rowCount)
        let kanaVariant = try KeyTextIndex(from: &reader, tag: "kanv", rowCount: rowCount)
        let kanaReadings = try KeyTextIndex(from: &reader, tag: "kanr", rowCount: rowCount)
        let romaji = try KeyTextIndex(from: &reader, tag: "roma", rowCount: rowCount)
        let pinyin = try PinyinIndex(from: &reader, tag: "piny", rowCount: rowCount)
        let words = try reader.array(UInt64.self, tag: "rdtx")
        guard words.count == (rowCount + 63) / 64 else { throw reader.corrupted("'rdtx' has \(words.count) words of bits") }
        self.init(hangul: hangul, kanaVariant: kanaVariant, kanaReadings: kanaReadings,
                  romaji: romaji, pinyin: pinyin, readingIsText: BitSet(words: words))
    }
}
