import Foundation
import ThumbIndex

/// The address book as one run sees it: the contacts, read from their file, and the next id to
/// hand out. Writes save it back before the run ends.
struct ContactsFile {
    /// The contacts: an `EditableListing` whose items are the contacts, searching their phone numbers too.
    let contacts: EditableListing
    /// Where they are kept.
    let path: String
    /// The id the next contact gets: ids are 1, 2, 3, … and never reused, kept in the file's metadata.
    var nextID: Int

    /// The metadata key of the next id.
    static let nextIDKey = "nextID"
    /// The searched fields: phone numbers, found by any run of their digits.
    static let fields: [EditableListing.Field] = [.phone("phone")]

    /// The book at `options.path`; an empty one (not saved yet) when there is no file.
    ///
    /// The file's own locale wins: `--locale` only chooses the locale of a new book, and a
    /// `--locale` that differs from an existing book's is an error.
    static func open(_ options: BookOptions) throws -> ContactsFile {
        let path = options.path
        do {
            return try load(path, locale: options.locale ?? "en")
        } catch let error as SavedIndexError {
            switch error.reason {
            case .notFound:
                let contacts = try EditableListing(locale: options.locale ?? "en", fields: fields, mergePolicy: .manual)
                return ContactsFile(contacts: contacts, path: path, nextID: 1)
            case .otherLocale(let found, _) where options.locale == nil:
                return try load(path, locale: found)
            case .otherLocale(let found, let expected):
                throw BookError("\(path) is an address book in '\(found)', not '\(expected)': leave out --locale to use it, or give another --file")
            default:
                throw BookError("\(error)")
            }
        } catch let error as LocaleError {
            throw BookError("\(error)")
        }
    }

    private static func load(_ path: String, locale: String) throws -> ContactsFile {
        // One edit per run, then a save (which merges): no merging in the background.
        let (contacts, metadata) = try EditableListing.load(from: path, locale: locale, mergePolicy: .manual)
        guard let nextID = metadata[nextIDKey].flatMap(Int.init), contacts.snapshot.fields == fields else {
            throw BookError("\(path) is a saved ThumbIndex listing but not an address book (no \(nextIDKey), or other fields)")
        }
        return ContactsFile(contacts: contacts, path: path, nextID: nextID)
    }

    /// Writes the contacts back to their file, creating its folder when needed.
    func save() throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try contacts.save(to: path, metadata: [Self.nextIDKey: String(nextID)])
    }

    /// Applies `batch`, turning an `EditError` into a message about contacts.
    func apply(_ batch: EditableListing.Batch) throws {
        do {
            try contacts.apply(batch)
        } catch let error as EditableListing.EditError {
            switch error.reason {
            case .noSuchID: throw BookError("no contact has id \(error.id) (list shows the ids)")
            case .duplicateID: throw BookError("a contact has id \(error.id) already")
            case .emptyID, .unknownField: throw BookError("\(error)")
            }
        }
    }
}
