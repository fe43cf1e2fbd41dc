import Foundation
import ThumbIndex
import ThumbIndexFormats

/// The listings a server serves, by name: built once at start-up, then only read.
///
/// Immutable and `Sendable`: requests read it concurrently without locks.
public struct ListingCatalog: Sendable {
    /// The listings in the order they were given (the order of `GET /api/listings`).
    public let entries: [Entry]
    private let byName: [String: Int]

    /// A catalog of `entries`.
    /// - Throws: `CatalogError` when two listings share a name or a name is unusable in a URL path.
    package init(_ listings: [Entry]) throws(CatalogError) {
        var byName: [String: Int] = [:]
        var entries: [Entry] = []
        for entry in listings {
            let name = entry.name
            guard Self.isValidName(name) else {
                throw CatalogError(message: "listing name '\(name)': use letters, digits, '-', '_' or '.' (it appears in URLs)")
            }
            guard byName[name] == nil else {
                throw CatalogError(message: "two listings are called '\(name)'; name them with NAME=FILE")
            }
            byName[name] = entries.count
            entries.append(entry)
        }
        self.entries = entries
        self.byName = byName
    }

    /// The listing called `name`, if any.
    public subscript(name: String) -> Entry? {
        byName[name].map { entries[$0] }
    }

    /// Whether `name` can stand as one path segment without percent-encoding.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 100 && name != "." && name != ".."
            && name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)) }
    }

    /// One named listing: its records, and the search index over its listing.
    public struct Entry: Sendable {
        /// The name in URLs (`/api/listings/{name}/...`).
        public let name: String
        /// The records and their listing.
        package let records: RecordListing
        /// The listing and its search index.
        public let searchable: SearchableListing<Int>

        /// Indexes the listing of `records` for search.
        /// - Throws: `LimitError` or `ICUError` from building the index.
        package init(name: String, records: RecordListing, progress: ((Double) -> Void)? = nil) throws {
            self.name = name
            self.records = records
            searchable = try SearchableListing(records.listing, progress: progress)
        }

        /// The listing (its elements are the records' rows).
        public var listing: Listing<Int> { searchable.listing }
    }
}

/// A catalog that cannot be built (two listings with one name, a name unfit for URLs).
public struct CatalogError: Error, CustomStringConvertible, Sendable {
    /// What was wrong.
    public let message: String
    public var description: String { message }
}
