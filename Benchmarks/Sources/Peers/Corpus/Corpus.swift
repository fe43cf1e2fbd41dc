import Foundation
import ThumbIndex

/// A benchmark corpus: where its items and typing sessions are, how they are read, and how they
/// are listed (locale, key and reading columns).
///
/// Both large corpora come from `python3 Corpora/generate_large.py` (git-ignored, never committed).
public struct Corpus: Sendable {
    /// The corpora of issue 4.
    public enum Name: String, CaseIterable, Sendable, Codable {
        /// `geonames-names.txt`: 1,375,707 city names in dozens of scripts, one per line.
        case geonames
        /// `people-10m.tsv`: 10M synthetic people, `name reading locale`.
        case people
        /// `zh-names-1m.txt`: 1M Chinese names (`Corpora/generate_phonetic.py`), listed with locale
        /// `zh` as names; typed as pinyin, initials and Han + letters (`zh-names-sessions.tsv`).
        case zhNames = "zh-names"
        /// `ko-names-1m.txt`: 1M Korean names (`Corpora/generate_phonetic.py`), listed with locale
        /// `ko`; typed through a 2-set IME and as initial consonants (`ko-names-sessions.tsv`).
        case koNames = "ko-names"
        /// `people-contacts-1m.tsv`: 1M synthetic people with a company and a phone number
        /// (`generate_large.py --contacts`), `name company phone region`; listed by name with locale
        /// `en`; typed through the `people-contacts-sessions-<kind>.txt` files (issue 23).
        case contacts = "people-contacts"

        /// Whether the corpus is one of the phonetic ones: sessions of explicit keystroke states.
        public var isPhonetic: Bool { self == .zhNames || self == .koNames }
    }

    public let name: Name
    /// The items file.
    public let itemsPath: String
    /// The typing sessions: one full query per line.
    public let queriesPath: String
    /// How the items file is read, with the key (displayed text) and reading columns of TSV.
    public let format: CorpusTable.Format
    /// The listing's locale. GeoNames and people mix scripts; `en` is what `thumbindex list` uses by
    /// default. The phonetic corpora: `zh` and `ko` (their phonetic rules apply under `.auto`).
    public let locale: String
    /// Whether the listing holds personal names (`IndexedCollation(names:)`: a leading Han character
    /// is read as a surname): the Chinese names.
    public let names: Bool
    /// Only the first `limit` items (a slice for quick validation runs), or all.
    public let limit: Int?

    public init(name: Name, directory: String, limit: Int? = nil) {
        self.name = name
        self.limit = limit
        locale = switch name {
        case .geonames, .people, .contacts: "en"
        case .zhNames: "zh"
        case .koNames: "ko"
        }
        names = name == .zhNames
        switch name {
        case .geonames:
            itemsPath = "\(directory)/geonames-names.txt"
            queriesPath = "\(directory)/geonames-queries.txt"
            format = .lines
        case .people:
            itemsPath = "\(directory)/people-10m.tsv"
            queriesPath = "\(directory)/people-queries.txt"
            format = .tsv(text: "name", reading: "reading")
        case .contacts:
            itemsPath = "\(directory)/people-contacts-1m.tsv"
            queriesPath = "\(directory)/people-contacts-sessions-surname-first.txt"
            format = .tsv(text: "name", reading: nil)
        case .zhNames, .koNames:
            itemsPath = "\(directory)/\(name.rawValue)-1m.txt"
            queriesPath = "\(directory)/\(name.rawValue)-sessions.tsv"
            format = .lines
        }
    }

    /// The other columns read with the items (`CorpusTable.fields`): the contacts' company, phone
    /// and region.
    public var fieldColumns: [String] { name == .contacts ? ["company", "phone", "region"] : [] }

    /// The typing sessions of one kind (issue 23): `<prefix>-sessions-<kind>.txt` beside the items
    /// (`geonames-sessions-two-words.txt`, `people-contacts-sessions-phone.txt`), one query per line.
    public func sessionsPath(kind: String) -> String {
        let directory = (itemsPath as NSString).deletingLastPathComponent
        return "\(directory)/\(name == .contacts ? "people-contacts" : name.rawValue)-sessions-\(kind).txt"
    }

    /// The queries of `path`, one per line, each typed a character at a time.
    public static func readQueries(_ path: String) throws -> TypingSessions {
        let text = String(decoding: try readFile(path), as: UTF8.self)
        return TypingSessions(queries: text.split(separator: "\n").map(String.init))
    }

    /// `geonames`, or `geonames-100000` for a slice: names result and data files.
    public var tag: String { limit.map { "\(name.rawValue)-\($0)" } ?? name.rawValue }

    /// Reads the items. People keep only `name` and `reading` (the `locale` column is the
    /// generator's bookkeeping, not part of an address book).
    public func readTable() throws -> CorpusTable {
        // A slice keeps the header (TSV) plus `limit` lines.
        let header: Int
        if case .tsv = format { header = 1 } else { header = 0 }
        let bytes = try Self.readFile(itemsPath, lines: limit.map { $0 + header })
        return try CorpusTable.read(bytes, format: format, source: itemsPath, fields: fieldColumns)
    }

    /// ThumbIndex's listing of `table`, as a library user builds one: the elements are the table's
    /// rows, shown as their texts and sorted by their readings when they have one.
    public func listing(of table: CorpusTable) throws -> Listing<Int> {
        let texts = table.texts
        return try Listing(0..<table.count, collation: IndexedCollation(locale: locale, names: names),
                           text: { texts[$0] },
                           reading: table.readings.map { readings in { readings[$0] } })
    }

    /// The listing of `table` with columns searched besides the name (issue 23): `fields` as text,
    /// `phones` as phone numbers with each row's region from the column `region` (none: the
    /// listing locale's).
    public func listing(of table: CorpusTable, fields: [String], phones: [String], region: String?) throws -> Listing<Int> {
        func column(_ name: String) throws -> PackedStrings {
            guard let column = table.fields[name] else { throw BenchmarkError("\(itemsPath): no column '\(name)' was read") }
            return column
        }
        let regions = try region.map(column)
        var searched: [SearchField<Int>] = []
        for name in fields {
            let values = try column(name)
            searched.append(.text(name) { values[$0] })
        }
        for name in phones {
            let values = try column(name)
            searched.append(.phone(name, region: regions.map { regions in { regions[$0] } }) { values[$0] })
        }
        let texts = table.texts
        return try Listing(0..<table.count, collation: IndexedCollation(locale: locale, names: names),
                           text: { texts[$0] },
                           reading: table.readings.map { readings in { readings[$0] } }, fields: searched)
    }

    /// The text each item is sorted and bucketed by: its reading when it has one, else its name.
    public func sortTexts(of table: CorpusTable) throws -> PackedStrings {
        guard let readings = table.readings else { return table.texts }
        var packed = PackedStrings()
        packed.reserve(count: table.count, bytes: table.texts.bytes.count)
        for row in 0..<table.count {
            packed.append(readings.utf8(row).isEmpty ? table.texts.utf8(row) : readings.utf8(row))
        }
        return packed
    }

    /// The typing sessions of this corpus.
    ///
    /// GeoNames and people: one query per line, typed a character at a time. The phonetic corpora:
    /// `kind name states` (TSV with a header), the keystroke states space-separated, as an IME shows
    /// them (`ㄱ 기 김 김ㅁ 김미 김민`).
    public func readSessions() throws -> TypingSessions {
        let text = String(decoding: try Self.readFile(queriesPath), as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        guard name.isPhonetic else { return TypingSessions(queries: lines) }
        guard lines.first == "kind\tname\tstates" else {
            throw BenchmarkError("\(queriesPath): the header is not `kind name states`: run Corpora/generate_phonetic.py again")
        }
        var sessions: [TypingSessions.Session] = []
        for (i, line) in lines.dropFirst().enumerated() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3, !fields[2].isEmpty else { throw BenchmarkError("\(queriesPath):\(i + 2): want 3 fields") }
            sessions.append(.init(kind: String(fields[0]), target: String(fields[1]),
                                  states: fields[2].split(separator: " ").map(String.init)))
        }
        return TypingSessions(sessions: sessions)
    }

    /// The bytes of a file, or of its first `lines` lines, read straight into one array.
    static func readFile(_ path: String, lines: Int? = nil) throws -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw BenchmarkError("cannot read \(path): run `python3 Corpora/generate_large.py` from the repository root first")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw BenchmarkError("cannot stat \(path)") }
        let size = Int(info.st_size)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines == nil ? size : min(size, 1 << 24))
        var chunk = [UInt8](repeating: 0, count: 1 << 22)
        var newlines = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            guard n >= 0 else { throw BenchmarkError("cannot read \(path)") }
            if n == 0 { return bytes }
            if let lines {
                for i in 0..<n where chunk[i] == 0x0A {
                    newlines += 1
                    if newlines == lines {
                        bytes.append(contentsOf: chunk[...i])
                        return bytes
                    }
                }
            }
            bytes.append(contentsOf: chunk[..<n])
        }
    }
}

/// UTF-8 strings back to back in one buffer, with `count + 1` offsets: the layout the ICU bridge takes.
public struct PackedStrings: Sendable {
    public private(set) var bytes: [UInt8] = []
    public private(set) var offsets: [Int64] = [0]

    public init() {}

    public var count: Int { offsets.count - 1 }

    public mutating func reserve(count: Int, bytes byteCount: Int) {
        bytes.reserveCapacity(byteCount)
        offsets.reserveCapacity(count + 1)
    }

    public mutating func append(_ utf8: some Collection<UInt8>) {
        bytes.append(contentsOf: utf8)
        offsets.append(Int64(bytes.count))
    }

    public func utf8(_ i: Int) -> ArraySlice<UInt8> { bytes[Int(offsets[i])..<Int(offsets[i + 1])] }

    public subscript(i: Int) -> String { String(decoding: utf8(i), as: UTF8.self) }
}

/// A benchmark setup problem, said plainly.
public struct BenchmarkError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
