import Foundation
import Logging
import Synchronization
import ThumbIndex
import ThumbIndexStore

/// The built listings saved beside a store (`book.db` → `book.db.index/NAME.thumbidx`), so that a
/// start loads them instead of building them from the store's items.
///
/// A saved file records the store's version of its listing; a file that is missing, unreadable,
/// truncated, corrupted, written by another ICU or collator version, or older than the store is
/// logged and rebuilt from the store, so it can make a start slower but never an answer wrong.
/// So is a file built with another `names` setting (`serve --names` is a flag of the server, not
/// a property the store keeps: a start with another setting rebuilds every listing once).
package final class SavedIndexes: Sendable {
    /// The folder of the saved files.
    package let folder: String
    /// Whether the listings read a leading Han character as a surname (``IndexedCollation/readsNames``).
    package let names: Bool
    private let logger: Logger
    /// The store version each listing was last saved at (or loaded from).
    private let savedVersions = Mutex<[String: Int64]>([:])

    /// The metadata key of the store's version.
    static let versionKey = "storeVersion"

    /// Saved files in `folder` (for a SQLite store, ``defaultFolder(for:)``).
    package init(folder: String, logger: Logger, names: Bool = false) {
        self.folder = folder
        self.logger = logger
        self.names = names
    }

    /// Where a SQLite store's saved indexes go by default: beside it (`book.db` → `book.db.index`).
    package static func defaultFolder(for store: SQLiteStore) -> String { store.path + ".index" }

    /// The file of listing `name`.
    package func path(for name: String) -> String { folder + "/" + name + ".thumbidx" }

    /// The listing `name` of `store`: loaded from its saved file when that is current, else built
    /// from the store's items and saved.
    /// - Throws: `StoreError`; `LocaleError`; `ICUError`, `LimitError` from building.
    package func load(name: String, from store: any ListingStore, progress: ((Double) -> Void)? = nil) throws -> LiveListing {
        guard let info = try store.listing(named: name) else { throw StoreError.noSuchListing(name) }
        let path = path(for: name)
        do {
            let (listing, metadata) = try LiveListing.load(from: path, locale: info.locale, names: names)
            if metadata[Self.versionKey] == String(info.version), listing.schema == ListingWriter.schema(of: info.columns) {
                savedVersions.withLock { $0[name] = info.version }
                logger.info("'\(name)': loaded from \(path) (store version \(info.version))")
                return listing
            }
            logger.notice("\(path) holds version \(metadata[Self.versionKey] ?? "?") of '\(name)', the store \(info.version): rebuilding it from the store")
        } catch let error as SavedIndexError where error.reason == .notFound {
            logger.info("\(path) does not exist yet: building '\(name)' from the store")
        } catch let error as SavedIndexError {
            logger.notice("\(error)")
        }
        let listing = try ListingWriter.build(name: name, from: store, names: names, progress: progress)
        save(listing, name: name, version: info.version)
        return listing
    }

    /// Saves `listing`, which reflects `version` of the store's listing `name`, unless that
    /// version is saved already. Failures are logged (a missing file only slows the next start).
    package func save(_ listing: LiveListing, name: String, version: Int64) {
        guard savedVersions.withLock({ $0[name] }) != version else { return }
        let started = ContinuousClock.now
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try listing.save(to: path(for: name), metadata: [Self.versionKey: String(version)])
            savedVersions.withLock { $0[name] = version }
            logger.info("saved '\(name)' (\(listing.count) items, store version \(version)) to \(path(for: name)) in \(ContinuousClock.now - started)")
        } catch {
            logger.error("could not save '\(name)' to \(path(for: name)): \(error)")
        }
    }

    /// Forgets listing `name` and removes its file (the listing was deleted or replaced).
    package func remove(_ name: String) {
        savedVersions.withLock { $0[name] = nil }
        try? FileManager.default.removeItem(atPath: path(for: name))
    }
}
