import Foundation
import Logging
import Synchronization
import ThumbIndex
import ThumbIndexStore

/// The built listings saved beside a store (`book.db` → `book.db.index/NAME.thumbidx`), so that a
/// start loads them instead of building them from the store's items.
///
/// A saved file records the store's version of its listing. A file older than the store is
/// brought up to date from the store's change log; a file that is missing, unreadable,
/// truncated, corrupted, written by another ICU or collator version, or too old for the change
/// log is logged and rebuilt from the store, so it can make a start slower but never an answer wrong.
/// The file is mapped, not read, and what is cheap is checked before the first answer (header,
/// versions, every part's length, the offsets and suffix codes a query follows); the checksum
/// of the whole file is verified just after, in the background (the `check` that ``load(name:from:progress:)`` returns), and a
/// mismatch makes the server rebuild that listing from the store (see ``ListingWriter``).
/// So is a file built with another `names` setting (`serve --names` is a flag of the server, not
/// a property the store keeps: a start with another setting rebuilds every listing once).
package final class SavedIndexes: Sendable {
    /// The folder of the saved files.
    package let folder: String
    /// Whether the listings read a leading Han character as a surname (``IndexedCollation/readsNames``).
    package let names: Bool
    private let logger: Logger
    /// The store version each listing was last saved at (or loaded from), and whether that file
    /// holds its dial-pad index.
    private let savedVersions = Mutex<[String: (version: Int64, dialpad: Bool)]>([:])

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

    /// What a start did to get a listing.
    package enum Outcome: Sendable, Equatable {
        /// Loaded from its saved file, which was current.
        case loaded
        /// Loaded from its saved file, and the store's `changes` writes since replayed from the change log.
        case replayed(changes: Int, from: Int64, to: Int64)
        /// Built from the store's items, for this reason.
        case built(reason: String)
    }

    /// The listing `name` of `store` and the store version it includes: loaded from its saved
    /// file when that is current; loaded and brought up to date from the store's change log when
    /// the file is older than the store (the writes since are replayed, and the tail they make
    /// compacted); else built from the store's items and saved. It is built when the file is
    /// missing or invalid, when the change log no longer reaches back to the file's version, or
    /// when the listing was replaced since; the log says why.
    /// - Throws: `StoreError`; `LocaleError`; `ICUError`, `LimitError` from building.
    /// The file's checksum is not verified here: the result's `check` does that (nothing to do for a
    /// listing built from the store).
    package func load(name: String, from store: any ListingStore, progress: ((Double) -> Void)? = nil) throws
        -> (listing: LiveListing, version: Int64, outcome: Outcome, check: SavedIndexCheck?) {
        guard let info = try store.listing(named: name) else { throw StoreError.noSuchListing(name) }
        let path = path(for: name)
        let reason: String
        do {
            let (listing, metadata, check) = try LiveListing.load(from: path, locale: info.locale, names: names, checksum: .later)
            let schema = ListingWriter.schema(of: info.columns)
            if let saved = metadata[Self.versionKey].flatMap(Int64.init), saved > info.version {
                // A store restored from a backup, or another store at the same path: the file holds
                // writes the store does not have.
                reason = "\(path) holds version \(saved) of '\(name)', newer than the store's \(info.version) (was the store restored or replaced?)"
            } else if let saved = metadata[Self.versionKey].flatMap(Int64.init), listing.schema == schema {
                if saved == info.version {
                    savedVersions.withLock { $0[name] = (info.version, listing.baseHasDialpadIndex) }
                    logger.info("'\(name)': loaded from \(path) (store version \(info.version))")
                    return (listing, info.version, .loaded, check)
                }
                switch try replay(name, onto: listing, from: saved, through: info.version, store: store) {
                case let .success((replayed, count)):
                    logger.info("'\(name)': loaded from \(path) (store version \(saved)) and replayed \(count) changes from the change log up to version \(info.version)")
                    return (replayed, info.version, .replayed(changes: count, from: saved, to: info.version), check)
                case let .failure(why):
                    reason = why.message
                }
            } else {
                reason = "\(path) holds version \(metadata[Self.versionKey] ?? "?") of '\(name)' with other searched columns than the store's"
            }
        } catch let error as SavedIndexError where error.reason == .notFound {
            reason = "\(path) does not exist yet"
        } catch let error as SavedIndexError {
            reason = "\(error)"
        }
        logger.notice("'\(name)': rebuilding it from the store, because \(reason)")
        let (listing, built) = try ListingWriter.build(name: name, from: store, names: names, progress: progress)
        save(listing, name: name, version: built.version)
        return (listing, built.version, .built(reason: reason), nil)
    }

    /// Why a saved listing cannot be brought up to date from the change log.
    private struct NoReplay: Error { let message: String }

    /// `listing` (the store's `name` at version `saved`) with the store's changes to it up to `through`.
    private func replay(_ name: String, onto listing: LiveListing, from saved: Int64, through: Int64,
                        store: any ListingStore) throws -> Result<(LiveListing, Int), NoReplay> {
        let batch = try store.changes(listing: name, after: saved, through: through)
        guard batch.reachesBack else {
            return .failure(NoReplay(message: "the change log no longer reaches back to its saved version \(saved) (see --change-log-retention)"))
        }
        var edits: [LiveEdit] = []
        edits.reserveCapacity(batch.changes.count)
        for change in batch.changes {
            switch change.kind {
            case let .put(item): edits.append(.put(item.liveItem(regionColumn: listing.schema.regionColumn)))
            case let .remove(seq, _): edits.append(.remove(seq: Int(seq)))
            case .listingReplaced, .listingDeleted:
                return .failure(NoReplay(message: "it was replaced at version \(change.version), after its saved version \(saved)"))
            }
        }
        // Many edits make a long tail, which every query scans: index it now, as a compaction would.
        let replayed = try listing.applying(edits)
        return .success((replayed.tailCount > 64 ? try replayed.compactingTail() : replayed, edits.count))
    }

    /// Saves `listing`, which reflects `version` of the store's listing `name`, unless that
    /// version is saved already, with the dial-pad index when the listing has one (a listing first
    /// typed into on the dial pad since its last save is saved again, with it, so that the next
    /// start does not make it again). Failures are logged (a missing file only slows the next start).
    package func save(_ listing: LiveListing, name: String, version: Int64) {
        // A save merges pending edits first, which carries the base's dial-pad index over.
        let dialpad = listing.baseHasDialpadIndex
        if let saved = savedVersions.withLock({ $0[name] }), saved.version == version, saved.dialpad || !dialpad { return }
        let started = ContinuousClock.now
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try listing.save(to: path(for: name), metadata: [Self.versionKey: String(version)])
            savedVersions.withLock { $0[name] = (version, dialpad) }
            logger.info("saved '\(name)' (\(listing.count) items, store version \(version)) to \(path(for: name)) in \(ContinuousClock.now - started)")
        } catch {
            logger.error("could not save '\(name)' to \(path(for: name)): \(error)")
        }
    }

    /// Where a merge writes the arrays of the base it makes (see `ScratchFolder`): this folder,
    /// made when missing; nil (the merge keeps them in memory) when it cannot be made.
    package func scratchFolder() -> ScratchFolder? {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return ScratchFolder(path: folder)
        } catch {
            logger.error("a merge keeps its new base in memory: cannot make \(folder): \(error)")
            return nil
        }
    }

    /// Forgets listing `name` and removes its file (the listing was deleted or replaced).
    package func remove(_ name: String) {
        savedVersions.withLock { $0[name] = nil }
        try? FileManager.default.removeItem(atPath: path(for: name))
    }
}
