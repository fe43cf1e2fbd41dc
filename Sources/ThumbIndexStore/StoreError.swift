/// Why the store refused a request: what was wrong, and where (the store's file, the listing,
/// the item's position in its batch and the part of it).
package enum StoreError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The file could not be opened or created (a missing folder, no permission...).
    case cannotOpen(path: String, reason: String)
    /// The file is not a ThumbIndex store (another SQLite database, or not SQLite at all), or it
    /// was made by a newer ThumbIndex.
    case notAStore(path: String, reason: String)
    /// No listing has this name.
    case noSuchListing(String)
    /// A listing of this name exists, and the write was to create it.
    case listingExists(String)
    /// A part of a request is invalid: `field` names it ("name", "columns.order", "text").
    case invalid(field: String, reason: String)
    /// A part of the item at `position` of a batch is invalid: `field` names it ("id", "fields.phone").
    case invalidItem(position: Int, field: String, reason: String)
    /// Two items of one batch have the same id.
    case duplicateID(id: String, position: Int, firstPosition: Int)
    /// The database failed (a full disk, a corrupt file, a constraint...).
    case database(path: String, message: String)
    /// The database cannot be reached now (a PostgreSQL server restarting, a lost connection):
    /// nothing was written, and the same request may succeed later.
    case unavailable(path: String, message: String)

    /// The error as one line, naming what was wrong and where.
    package var description: String {
        switch self {
        case let .cannotOpen(path, reason): "\(path): cannot open the store: \(reason)"
        case let .notAStore(path, reason): "\(path): not a ThumbIndex store: \(reason)"
        case let .noSuchListing(name): "no listing is called '\(name)'"
        case let .listingExists(name): "a listing called '\(name)' exists already"
        case let .invalid(field, reason): "\(field): \(reason)"
        case let .invalidItem(position, field, reason): "items[\(position)].\(field): \(reason)"
        case let .duplicateID(id, position, first): "items[\(position)].id: '\(id)' is also the id of items[\(first)]; ids must be unique"
        case let .database(path, message): "\(path): \(message)"
        case let .unavailable(path, message): "\(path): the database is unavailable: \(message)"
        }
    }

    /// `.invalid` as the same error about the item at `position` of a batch.
    func inItem(_ position: Int) -> StoreError {
        guard case let .invalid(field, reason) = self else { return self }
        return .invalidItem(position: position, field: field, reason: reason)
    }

    /// The position in its batch of the item the error is about, if any (for front ends that
    /// map positions to lines of a file).
    package var itemPosition: Int? {
        switch self {
        case let .invalidItem(position, _, _), let .duplicateID(_, position, _): position
        default: nil
        }
    }
}
