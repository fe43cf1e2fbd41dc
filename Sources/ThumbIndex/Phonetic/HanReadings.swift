/// Toneless pinyin readings of Han characters, from the generated table
/// (`Sources/CThumbIndexHanReadings/generated/HanReadings.tsv`, compiled into the binary; see
/// HanReadings+Data.swift).
///
/// The readings R(c) of a Han character c are the toneless lowercase pinyin of ICU's `Han-Latin` for c,
/// of `Han-Latin/Names` when c starts a run of Han characters (surnames: 曾 zeng, 单 shan, 解 xie),
/// and every reading of c in Unihan's `kMandarin` and `kXHC1983` fields (polyphones: 长 chang and
/// zhang); a traditional character also has the readings of its simplified form (ICU's `Hant-Hans`).
/// A reading with ü is given in three spellings: ü, v and u.
///
/// ```swift
/// HanReadings.shared.readings(of: "单", startsRun: false)  // ["chan", "dan", "shan"]
/// HanReadings.shared.readings(of: "吕", startsRun: false)  // ["lu", "lv", "lü"]
/// ```
///
/// The table is made by `scripts/generate-han-readings` from the versions in ``dataVersion``, and its
/// header records the SHA-256 of those inputs; the tests check it against the definition computed
/// from ICU and Unihan directly. It is parsed once, the first time a listing needs it (``shared``).
///
/// Storage: a dictionary from scalar value to an entry; an entry's readings are indices into
/// ``allReadings``, back to back in one array.
struct HanReadings: Sendable {
    /// The table, parsed once (thread-safe) the first time a Han character's readings are asked for.
    static let shared = HanReadings(table: table)

    /// Every distinct reading in the table (the syllables, with ü spellings), sorted.
    let allReadings: [String]

    /// One character's readings: `readingIDs[start...]` holds its general readings, then its names
    /// readings (those not among the general ones), each run ascending.
    private struct Entry {
        var start: UInt32
        var generalCount: UInt8
        var namesCount: UInt8
        /// The surname representative's scalar value, or 0.
        var representative: UInt32
    }

    /// Scalar value → index into `entries`.
    private let entryIndex: [UInt32: Int32]
    private let entries: [Entry]
    /// Indices into `allReadings`.
    private let readingIDs: [UInt16]

    /// Whether `scalar` is a Han character that has readings.
    func hasReadings(_ scalar: Unicode.Scalar) -> Bool {
        entryIndex[scalar.value] != nil
    }

    /// R(c): toneless lowercase readings (ü spelled ü, v and u), sorted, without repeats; with `startsRun`, the names reading too. Empty when c is not in the table.
    ///
    /// - Complexity: a dictionary lookup, then O(k) for k readings.
    func readings(of scalar: Unicode.Scalar, startsRun: Bool) -> [String] {
        guard let i = entryIndex[scalar.value] else { return [] }
        let entry = entries[Int(i)]
        let start = Int(entry.start)
        let general = readingIDs[start..<start + Int(entry.generalCount)]
        guard startsRun, entry.namesCount > 0 else { return general.map { allReadings[Int($0)] } }
        let all = readingIDs[start..<start + Int(entry.generalCount) + Int(entry.namesCount)]
        return all.sorted().map { allReadings[Int($0)] }
    }

    /// The representative character for sorting a leading surname (曾 → a char read zēng), or nil.
    ///
    /// Present only when ICU's `Han-Latin/Names` reads c otherwise than `Han-Latin` (with tones): it is
    /// then the lowest character of U+4E00–9FFF whose `Han-Latin` reading is c's names reading, so
    /// that a collation by pinyin puts it where the surname belongs (曾 → 増 zēng, 单 → 傓 shàn).
    func surnameSortScalar(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard let i = entryIndex[scalar.value] else { return nil }
        let value = entries[Int(i)].representative
        return value == 0 ? nil : Unicode.Scalar(value)
    }
}

extension HanReadings {
    /// Parses a table in the generated format: one line per character,
    /// `c TAB general readings TAB names readings TAB representative`, readings separated by spaces,
    /// trailing empty fields omitted.
    ///
    /// The table is generated and checked in, so a malformed line is a programming error: it stops
    /// the program, naming the line.
    init(table: String) {
        var table = table
        var entryIndex: [UInt32: Int32] = [:]
        var entries: [Entry] = []
        var readingIDs: [UInt16] = []
        // Readings in order of first appearance, keyed by their UTF-8 bytes packed into a UInt64
        // (a pinyin syllable is at most 7 bytes: "zhuang", "nüe").
        var provisional: [UInt64: UInt16] = [:]
        var spelled: [String] = []
        table.withUTF8 { bytes in
            let lineCount = bytes.reduce(into: 1) { count, byte in if byte == 0x0A { count += 1 } }
            entryIndex.reserveCapacity(lineCount)
            entries.reserveCapacity(lineCount)
            readingIDs.reserveCapacity(lineCount * 2)
            var line = 0
            var p = 0
            while p < bytes.count {
                line += 1
                var end = p
                while end < bytes.count && bytes[end] != 0x0A { end += 1 }
                defer { p = end + 1 }
                if end == p { continue }

                // The fields in order; once the line is exhausted, every further field is empty.
                var q = p
                var exhausted = false
                func nextField() -> UnsafeBufferPointer<UInt8> {
                    let s = q
                    while q < end && bytes[q] != 0x09 { q += 1 }
                    let field = UnsafeBufferPointer(rebasing: bytes[s..<q])
                    if q < end { q += 1 } else { exhausted = true }
                    return field
                }
                func scalar(_ text: UnsafeBufferPointer<UInt8>, field k: Int) -> Unicode.Scalar? {
                    if text.isEmpty { return nil }
                    let scalars = String(decoding: text, as: UTF8.self).unicodeScalars
                    precondition(scalars.count == 1, "HanReadings: line \(line), field \(k) is not one character")
                    return scalars.first
                }
                func appendReadings(_ text: UnsafeBufferPointer<UInt8>) -> Int {
                    var count = 0
                    var s = 0
                    while s < text.count {
                        var e = s
                        while e < text.count && text[e] != 0x20 { e += 1 }
                        precondition(e > s && e - s <= 8, "HanReadings: line \(line) has an empty or overlong reading")
                        var key: UInt64 = 0
                        for b in text[s..<e] { key = key << 8 | UInt64(b) }
                        if let id = provisional[key] {
                            readingIDs.append(id)
                        } else {
                            let id = UInt16(spelled.count)
                            provisional[key] = id
                            spelled.append(String(decoding: UnsafeBufferPointer(rebasing: text[s..<e]), as: UTF8.self))
                            readingIDs.append(id)
                        }
                        count += 1
                        s = e + 1
                    }
                    precondition(count <= Int(UInt8.max), "HanReadings: line \(line) has too many readings")
                    return count
                }

                guard let character = scalar(nextField(), field: 1) else {
                    preconditionFailure("HanReadings: line \(line) has no character")
                }
                let start = UInt32(readingIDs.count)
                let generalCount = appendReadings(nextField())
                let namesCount = appendReadings(nextField())
                let representative = scalar(nextField(), field: 4)
                precondition(exhausted, "HanReadings: line \(line) has more than 4 fields")
                precondition(generalCount + namesCount > 0, "HanReadings: line \(line) has no reading")
                let old = entryIndex.updateValue(Int32(entries.count), forKey: character.value)
                precondition(old == nil, "HanReadings: line \(line) repeats U+\(String(character.value, radix: 16, uppercase: true))")
                entries.append(Entry(start: start, generalCount: UInt8(generalCount), namesCount: UInt8(namesCount),
                                     representative: representative?.value ?? 0))
            }
        }

        // Renumber the readings in sorted order, and sort each run by the new numbers.
        let order = spelled.indices.sorted { spelled[$0] < spelled[$1] }
        var renumbered = [UInt16](repeating: 0, count: spelled.count)
        for (new, old) in order.enumerated() { renumbered[old] = UInt16(new) }
        for k in readingIDs.indices { readingIDs[k] = renumbered[Int(readingIDs[k])] }
        for entry in entries {
            let start = Int(entry.start), middle = start + Int(entry.generalCount)
            readingIDs[start..<middle].sort()
            readingIDs[middle..<middle + Int(entry.namesCount)].sort()
        }
        allReadings = order.map { spelled[$0] }
        self.entryIndex = entryIndex
        self.entries = entries
        self.readingIDs = readingIDs
        #if DEBUG
        _checkInvariants()
        #endif
    }
}

#if DEBUG
extension HanReadings {
    /// Checks the parsed table (debug builds; called at the end of `init(table:)`): `allReadings` is
    /// strictly ascending; every entry's runs are strictly ascending, its names readings are not among
    /// its general readings, and its representative, if any, has readings itself.
    func _checkInvariants() {
        precondition(zip(allReadings, allReadings.dropFirst()).allSatisfy { $0 < $1 }, "HanReadings: readings not sorted")
        precondition(entries.count == entryIndex.count, "HanReadings: \(entries.count) entries for \(entryIndex.count) characters")
        for entry in entries {
            let start = Int(entry.start), middle = start + Int(entry.generalCount)
            let general = readingIDs[start..<middle], names = readingIDs[middle..<middle + Int(entry.namesCount)]
            precondition(zip(general, general.dropFirst()).allSatisfy { $0 < $1 }, "HanReadings: repeated general reading")
            precondition(zip(names, names.dropFirst()).allSatisfy { $0 < $1 }, "HanReadings: repeated names reading")
            precondition(names.allSatisfy { !general.contains($0) }, "HanReadings: a names reading among the general ones")
            precondition(entry.representative == 0 || entryIndex[entry.representative] != nil,
                         "HanReadings: a representative without readings")
        }
    }
}
#endif
