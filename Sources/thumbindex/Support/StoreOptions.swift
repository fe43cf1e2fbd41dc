import ArgumentParser
import ThumbIndexStore

/// The `--store` option of the commands that read or write the SQLite store.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The SQLite store of listings (created when missing).", valueName: "db"))
    var store: String

    /// Opens the store.
    /// - Throws: `CLIError` naming the file (a missing folder, a file that is not a store...).
    func open() throws -> any ListingStore {
        try run { () throws(StoreError) in try SQLiteStore(path: store) }
    }

    /// Runs `body`, its `StoreError` turned into a `CLIError` naming the store's file.
    func run<T>(_ body: () throws(StoreError) -> T) throws -> T {
        do throws(StoreError) {
            return try body()
        } catch {
            throw self.error(error)
        }
    }

    /// A store error as the CLI reports it: naming the store's file.
    func error(_ error: StoreError) -> CLIError {
        let message = error.description
        return CLIError(message.hasPrefix(store + ":") ? "--store \(message)" : "--store \(store): \(message)")
    }

    /// "; the listings are a, b" (or "; it holds no listings"), for errors about a missing listing.
    static func listingNames(_ store: any ListingStore) -> String {
        let names = (try? store.listings().map(\.name)) ?? []
        return names.isEmpty ? "; it holds no listings" : "; the listings are \(names.joined(separator: ", "))"
    }
}
