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

    /// Bytes of the phonetic keys alone (part of ``indexByteCount``).
    public var phoneticKeyByteCount: Int { index.phoneticByteCount }
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
