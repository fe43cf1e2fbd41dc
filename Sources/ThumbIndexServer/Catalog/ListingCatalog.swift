import Foundation
import Synchronization
import ThumbIndex

/// The listings a server serves, by name: each a live snapshot that writes replace.
///
/// Reading takes the current snapshot under a lock held for a pointer copy, then works on that
/// immutable value: readers never wait for a writer's work, only for the swap of a snapshot, and
/// every request sees one consistent listing from start to end. Only the ``ListingWriter`` swaps
/// snapshots, one write at a time.
///
/// A catalog over a store also holds the store version its listings have applied (every write
/// up to it, see ``ListingStore``): the writer raises it after publishing the snapshots that
/// include those writes, so a reader that takes an entry with ``snapshot(named:)`` gets a version
/// its entry includes.
public final class ListingCatalog: Sendable {
    private let state: Mutex<(entries: [Entry], version: Int64?)>

    /// A catalog of `entries`.
    /// - Throws: `CatalogError` when two listings share a name or a name is unusable in a URL path.
    package init(_ entries: [Entry]) throws(CatalogError) {
        var names = Set<String>()
        for entry in entries {
            try Self.checkName(entry.name)
            guard names.insert(entry.name).inserted else {
                throw CatalogError(message: "two listings are called '\(entry.name)'; name them with NAME=FILE")
            }
        }
        state = Mutex((entries, nil))
    }

    /// The listings now, in the order they were first served (the order of `GET /api/listings`).
    public var entries: [Entry] { state.withLock { $0.entries } }

    /// The listing called `name` now, if any.
    public subscript(name: String) -> Entry? {
        state.withLock { state in state.entries.first { $0.name == name } }
    }

    /// The store version every listing has applied; nil when the listings come from files (no store).
    package var version: Int64? { state.withLock { $0.version } }

    /// The listing called `name` (if any) and the version it includes, read together.
    package func snapshot(named name: String) -> (entry: Entry?, version: Int64?) {
        state.withLock { state in (state.entries.first { $0.name == name }, state.version) }
    }

    /// The listings and the version they include, read together.
    package func snapshot() -> (entries: [Entry], version: Int64?) {
        state.withLock { $0 }
    }

    /// Records that every listing now includes the store's writes up to `version`.
    package func setVersion(_ version: Int64) {
        state.withLock { $0.version = version }
    }

    /// Puts `entry` in place of the listing with its name, or after the others when there is none.
    /// Returns whether it was new.
    @discardableResult
    package func publish(_ entry: Entry) -> Bool {
        state.withLock { state in
            if let i = state.entries.firstIndex(where: { $0.name == entry.name }) {
                state.entries[i] = entry
                return false
            }
            state.entries.append(entry)
            return true
        }
    }

    /// Removes the listing called `name`; returns whether there was one.
    @discardableResult
    package func remove(_ name: String) -> Bool {
        state.withLock { state in
            guard let i = state.entries.firstIndex(where: { $0.name == name }) else { return false }
            state.entries.remove(at: i)
            return true
        }
    }

    /// Whether `name` can stand as one path segment without percent-encoding.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 100 && name != "." && name != ".."
            && name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)) }
    }

    /// Throws unless `name` ``isValidName(_:)``.
    package static func checkName(_ name: String) throws(CatalogError) {
        guard isValidName(name) else {
            throw CatalogError(message: "listing name '\(name.prefix(100))': use 1–100 letters, digits, '-', '_' or '.' (it appears in URLs)")
        }
    }

    /// One named listing, as it stands at one moment.
    public struct Entry: Sendable {
        /// The name in URLs (`/api/listings/{name}/...`).
        public let name: String
        /// The listing: an immutable snapshot.
        package let listing: LiveListing

        package init(name: String, listing: LiveListing) {
            self.name = name
            self.listing = listing
        }

        /// The listing's locale (ICU's name).
        public var locale: String { listing.collation.locale }
        /// Number of items.
        public var count: Int { listing.count }
    }
}

/// A catalog that cannot be built (two listings with one name, a name unfit for URLs).
public struct CatalogError: Error, CustomStringConvertible, Sendable {
    /// What was wrong.
    public let message: String
    public var description: String { message }
}
