import Foundation
import Testing
import ThumbIndexPostgresStore
@testable import ThumbIndexStore

/// Timings of the PostgreSQL store at the size of GeoNames (1.4M names), on a durable server
/// (fsync on), beside the SQLite store. Not a check, and slow: it runs only when
/// THUMBINDEX_PG_MEASURE names a file of names, one per line (Corpora/large/geonames-names.txt),
/// or is "generate" (1.4M made-up names), and prints what it measured.
@Suite("PostgresStore: measurements (THUMBINDEX_PG_MEASURE)")
struct PostgresStoreMeasurements {
    static let source = ProcessInfo.processInfo.environment["THUMBINDEX_PG_MEASURE"]

    @Test("import, forEachItem and single upserts of 1.4M names, PostgreSQL beside SQLite", .enabled(if: source != nil))
    func measure() throws {
        let names = try Self.names()
        let server = try PostgresTestServer(durable: true)
        defer { server.destroy() }
        let stores: [(String, any ListingStore)] = [
            ("PostgreSQL", try PostgresStore(url: server.url(try server.createDatabase()))),
            ("SQLite", try freshSQLiteStore()),
        ]
        for (name, store) in stores {
            let items = names.lazy.map { ItemInput(text: $0) }
            var clock = ContinuousClock.now
            let imported = try store.importListing(name: "geonames", locale: "en", columns: ListingColumns(), items: items, replacing: false)
            let importTime = ContinuousClock.now - clock
            #expect(imported.listing.itemCount == names.count)

            clock = .now
            var count = 0
            let info = try store.forEachItem(listing: "geonames") { _ in count += 1 }
            let readTime = ContinuousClock.now - clock
            #expect(count == names.count && info.itemCount == count)

            var latencies: [Duration] = []
            for i in 0..<200 {
                let start = ContinuousClock.now
                _ = try store.upsertItems(listing: "geonames", items: [ItemInput(id: "m\(i % 20)", text: "Measured \(i)")])
                latencies.append(ContinuousClock.now - start)
            }
            latencies.sort()
            print("\(name): import of \(names.count) items \(importTime), forEachItem \(readTime), upsert of one item median \(latencies[100]) p99 \(latencies[197])")
            try store.close()
        }
    }

    private static func names() throws -> [String] {
        guard let source, source != "generate" else {
            return (0..<1_400_000).map { "Place \($0 % 9973) \($0)" }
        }
        return try String(contentsOfFile: source, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    private func freshSQLiteStore() throws -> SQLiteStore {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-measure-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try SQLiteStore(path: folder.appendingPathComponent("store.sqlite").path)
    }
}
