// Hooks for the Benchmarks package (Benchmarks/, a package of its own, so `package` access does not
// reach it): `@_spi(Benchmarks) import ThumbIndex`. Not part of the library's API; nothing else
// uses them.

@_spi(Benchmarks)
extension SearchableListing {
    /// Builds the search index with or without the phonetic keys: without them, the phonetic rules
    /// find nothing, and the index is what it was before phonetic search (for measuring the keys).
    public init(_ listing: Listing<Element>, phoneticKeys: Bool) throws {
        try self.init(listing, phoneticKeys: phoneticKeys, progress: nil)
    }

    /// Bytes of the dense one-byte queries' bitmaps kept so far (a cache filled by queries, not part
    /// of ``indexByteCount``).
    public var keptDenseResultBytes: Int { index.storage.denseResults.byteCount }

    /// Bytes of the phonetic keys alone (part of ``indexByteCount``).
    public var phoneticKeyByteCount: Int { index.phoneticByteCount }

    /// ``indexByteCount`` structure by structure (the parts add up to it), for finding where the
    /// bytes go: the main index, the fold variants, then each phonetic key index.
    public var indexBytesByPart: [(part: String, bytes: Int)] {
        let storage = index.storage, phonetic = storage.phonetic
        var parts = storage.main.bytesByPart("main")
        for (name, variant) in [("case variant", storage.caseVariant), ("all variant", storage.allVariant),
                                  ("locale variant", storage.localeVariant)] {
            parts.append(("\(name): rows and bits", 4 * variant.rows.count + variant.isVariant.byteCount))
            parts += variant.index.bytesByPart(name)
        }
        let hangul = phonetic.hangul
        parts += [
            ("hangul: runs of keys", 8 * hangul.keyCodes.count),
            ("hangul: rows per run of keys", hangul.keyRows.lists.byteCount),
            ("hangul: bitmaps of common runs of keys", hangul.keyRows.byteCount - hangul.keyRows.lists.byteCount),
            ("hangul: rows per run of initials", hangul.initialRows.lists.byteCount),
            ("hangul: bitmaps of common runs of initials", hangul.initialRows.byteCount - hangul.initialRows.lists.byteCount),
        ]
        for (name, keys) in [("kana variant", phonetic.kanaVariant), ("kana readings", phonetic.kanaReadings),
                             ("romaji", phonetic.romaji)] {
            parts.append(("\(name): entry rows", 4 * keys.entryRows.count))
            parts += keys.index.bytesByPart(name)
            parts.append(("\(name): dense key bitmaps", keys.byteCount - 4 * keys.entryRows.count - keys.index.byteCount))
        }
        let pinyin = phonetic.pinyin
        let pinyinParts = [
            ("pinyin: rows per character", pinyin.unitRows.byteCount),
            ("pinyin: rows per pair of readings", pinyin.pairRows.byteCount),
            ("pinyin: rows per triple of initials", pinyin.tripleRows.byteCount),
        ]
        parts += pinyinParts
        parts += [
            ("pinyin: characters and readings", pinyin.byteCount - pinyinParts.reduce(0) { $0 + $1.1 }),
            ("reading-is-text bits", phonetic.readingIsText.byteCount),
        ]
        return parts.filter { $0.bytes > 0 }
    }
}

@_spi(Benchmarks)
extension SearchableListing {
    /// A keystroke's floor (issue 20): `query` folded as the main index folds its texts (diacritics
    /// and case), outside the time measured.
    public func floorQuery(_ query: String) throws -> [UInt8] {
        try Folding.foldQuery(query, .diacritics, locale: "")
    }

    /// The floor of a keystroke: the binary search for the suffixes of the main index that start
    /// with `folded` (from ``floorQuery(_:)``), alone; returns how many there are.
    public func floorSearch(_ folded: [UInt8]) -> Int {
        folded.isEmpty ? 0 : index.storage.main.suffixRange(folded).count
    }

    /// The floor with a page: the binary search, then the rows of the first `limit` suffixes
    /// copied out (unsorted and possibly repeated: a lower bound on producing a page of rows).
    public func floorSearchAndCopy(_ folded: [UInt8], limit: Int) -> [UInt32] {
        guard !folded.isEmpty else { return [] }
        let main = index.storage.main
        let range = main.suffixRange(folded)
        let code = main.code
        return main.suffixes.withUnsafeBufferPointer { codes in
            range.prefix(limit).map { UInt32(code.entry(codes[$0])) }
        }
    }
}

extension TextIndex {
    /// ``byteCount`` structure by structure, each part named after `name`.
    func bytesByPart(_ name: String) -> [(part: String, bytes: Int)] {
        [("\(name): text", text.count), ("\(name): entry starts", 4 * starts.count),
         ("\(name): suffix array", 4 * suffixes.count), ("\(name): long entries", 4 * longEntries.count),
         ("\(name): word-start bits", wordStarts.byteCount), ("\(name): late suffixes", late?.index.byteCount ?? 0)]
    }
}

/// The readings R(c) of Han characters as phonetic search uses them (see <doc:PhoneticSearch>), for
/// a naive scan that restates the Chinese rule.
@_spi(Benchmarks)
public enum HanReadingsTable {
    /// R(c): toneless lowercase pinyin, sorted (ü spelled ü, v and u); with `startsRun`, the names
    /// readings too. Empty when `scalar` has no reading.
    public static func readings(of scalar: Unicode.Scalar, startsRun: Bool) -> [String] {
        HanReadings.shared.readings(of: scalar, startsRun: startsRun)
    }

    /// Where the table came from.
    public static var dataVersion: String { HanReadings.dataVersion }
}
