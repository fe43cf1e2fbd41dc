import Foundation
import ThumbIndex

/// The listings a server serves, by name: built once at start-up, then only read.
///
/// Immutable and `Sendable`: requests read it concurrently without locks.
public struct ListingCatalog: Sendable {
    /// The listings in the order they were given (the order of `GET /api/listings`).
    public let entries: [Entry]
    private let byName: [String: Int]

    /// A catalog of `listings`.
    /// - Throws: `CatalogError` when two listings share a name or a name is unusable in a URL path.
    public init(_ listings: [(name: String, listing: SearchableListing)]) throws(CatalogError) {
        var byName: [String: Int] = [:]
        var entries: [Entry] = []
        for (name, listing) in listings {
            guard Self.isValidName(name) else {
                throw CatalogError(message: "listing name '\(name)': use letters, digits, '-', '_' or '.' (it appears in URLs)")
            }
            guard byName[name] == nil else {
                throw CatalogError(message: "two listings are called '\(name)'; name them with NAME=FILE")
            }
            byName[name] = entries.count
            entries.append(Entry(name: name, searchable: listing))
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

    /// One named listing.
    public struct Entry: Sendable {
        /// The name in URLs (`/api/listings/{name}/...`).
        public let name: String
        /// The listing and its search index.
        public let searchable: SearchableListing

        /// The listing.
        public var listing: Listing { searchable.listing }
    }
}

/// A catalog that cannot be built (two listings with one name, a name unfit for URLs).
public struct CatalogError: Error, CustomStringConvertible, Sendable {
    /// What was wrong.
    public let message: String
    public var description: String { message }
}
