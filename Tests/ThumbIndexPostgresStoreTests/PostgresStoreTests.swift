import Foundation
import Synchronization
import Testing
import ThumbIndexPostgresStore
@testable import ThumbIndexStore

/// What only the PostgreSQL store has: several store objects (connections, as several servers
/// would) on one database, notifications, a server that goes away and comes back, passwords.
/// (Everything the two stores share is in Shared/, run here against PostgresStore.)
@Suite("PostgresStore: concurrent writers, notifications, restarts, passwords")
struct PostgresStoreTests {
    @Test("two store objects writing at once get gap-free versions in commit order, and the change log replays to the store")
    func concurrentWriters() throws {
        let server = try PostgresTestServer.shared()
        let url = server.url(try server.createDatabase())
        let stores = [try PostgresStore(url: url), try PostgresStore(url: url)]
        _ = try stores[0].replaceListing(name: "l", locale: "en", columns: ListingColumns(), items: [])
        let start = try stores[0].currentVersion()
        let writesPerThread = 60
        let versions = Mutex<[Int64]>([])
        let failures = Mutex<[String]>([])
        let done = Mutex(false)
        // A reader following the log while the writers write: every batch holds exactly the
        // versions after the last one, without a gap (every write here changes an item).
        let reader = Thread {
            var applied = start
            do {
                let store = try PostgresStore(url: url)
                while true {
                    let finished = done.withLock { $0 }
                    if try finished && applied == store.currentVersion() { break }
                    let batch = try store.changes(after: applied, limit: 7)
                    let seen = Set(batch.changes.map(\.version))
                    if applied < batch.through, seen != Set((applied + 1)...batch.through) {
                        failures.withLock { $0.append("batch after \(applied) through \(batch.through) has versions \(seen.sorted())") }
                    }
                    applied = batch.through
                }
            } catch {
                failures.withLock { $0.append("reader: \(error)") }
            }
        }
        reader.start()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            let store = stores[thread % 2]
            for i in 0..<writesPerThread {
                do {
                    let id = "t\(thread)-\(i % 10)"
                    let change = try store.upsertItems(listing: "l", items: [ItemInput(id: id, text: "w\(thread) \(i)"), ItemInput(text: "new")])
                    versions.withLock { $0.append(change[0].version) }
                } catch {
                    failures.withLock { $0.append("writer \(thread): \(error)") }
                }
            }
        }
        done.withLock { $0 = true }
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        #expect(failures.withLock { $0 } == [])
        let end = try stores[1].currentVersion()
        #expect(versions.withLock { $0.sorted() } == Array((start + 1)...end), "every write its own version, none skipped")

        var replica = ChangeLogReplica()
        try replica.catchUp(stores[1], batchLimit: 5)
        #expect(replica.items["l"].map { $0.values.sorted { $0.seq < $1.seq } } == (try allItems(stores[0], "l")))
        #expect(try stores[0].listing(named: "l")?.itemCount == 4 * 10 + 4 * writesPerThread)
    }

    @Test("watchChanges wakes another store object soon after a write commits")
    func notifications() throws {
        let server = try PostgresTestServer.shared()
        let url = server.url(try server.createDatabase())
        let writer = try PostgresStore(url: url), watcher = try PostgresStore(url: url)
        let woken = DispatchSemaphore(value: 0)
        watcher.watchChanges { woken.signal() }
        // The watcher connects in the background: write until a wake comes.
        var wakes = 0
        for i in 0..<50 where wakes == 0 {
            _ = try writer.replaceListing(name: "l\(i)", locale: "en", columns: ListingColumns(), items: [])
            if woken.wait(timeout: .now() + 0.2) == .success { wakes += 1 }
        }
        #expect(wakes == 1)
        try watcher.close()
        try writer.close()
    }

    @Test("while the server is down calls fail with .unavailable; after it is back (or restarted) they succeed without reopening")
    func serverRestart() throws {
        let server = try PostgresTestServer()
        defer { server.destroy() }
        let url = server.url(try server.createDatabase())
        let store = try PostgresStore(url: url)
        let woken = Mutex(0)
        store.watchChanges { woken.withLock { $0 += 1 } }
        _ = try store.replaceListing(name: "l", locale: "en", columns: ListingColumns(), items: [ItemInput(id: "a", text: "A")])

        try server.stop()
        for call in [{ _ = try store.listings() }, { _ = try store.upsertItems(listing: "l", items: [ItemInput(id: "b", text: "B")]) }] {
            let error = storeError(call)
            guard case let .unavailable(path, _)? = error else {
                Issue.record("expected .unavailable, got \(String(describing: error))")
                continue
            }
            #expect(path == url)
        }
        try server.start()
        // For a second after an outage the store answers at once with the same error (no call
        // waits on a dead connection in turn); then it connects again.
        Thread.sleep(forTimeInterval: 1.1)
        #expect(try store.listings().map(\.name) == ["l"])
        _ = try store.upsertItems(listing: "l", items: [ItemInput(id: "b", text: "B")])
        #expect(try allItems(store, "l").map(\.id) == ["a", "b"], "the write refused while down was not half done")

        try server.restart()
        // A connection the restart cut may fail one call (.unavailable); the next reconnects.
        for attempt in 0..<2 {
            do throws(StoreError) {
                _ = try store.upsertItems(listing: "l", items: [ItemInput(id: "c", text: "C")])
                break
            } catch {
                guard case .unavailable = error, attempt == 0 else { throw error }
                Thread.sleep(forTimeInterval: 1.1)
            }
        }
        #expect(try store.item(listing: "l", id: "c")?.text == "C")
        // The watcher reconnected by itself, and said so.
        let deadline = Date().addingTimeInterval(15)
        while woken.withLock({ $0 }) == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(woken.withLock { $0 } > 0)
        try store.close()
    }

    @Test("the password is in no location and no error; it comes from the URL, a password file or PGPASSWORD")
    func passwords() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase()
        let password = "s3cret-Pa55"
        try server.psql("CREATE ROLE app LOGIN PASSWORD '\(password)'; GRANT ALL ON DATABASE \(database) TO app; ALTER DATABASE \(database) OWNER TO app")
        let base = "postgres://app@127.0.0.1:\(server.port)/\(database)"
        let withPassword = "postgres://app:\(password)@127.0.0.1:\(server.port)/\(database)"

        let store = try PostgresStore(url: withPassword)
        #expect(store.location == base)
        _ = try store.replaceListing(name: "l", locale: "en", columns: ListingColumns(), items: [])

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pw-\(UUID().uuidString)").path
        try Data("\(password)\nsecond line\n".utf8).write(to: URL(fileURLWithPath: file))
        let fromFile = try openStore(base, passwordFile: file)
        #expect(try fromFile.listings().map(\.name) == ["l"])
        guard case let .postgres(location) = try StoreLocation.parse(base, environment: ["PGPASSWORD": password]) else {
            Issue.record("not a PostgreSQL location")
            return
        }
        #expect(location.password == password)
        #expect(try PostgresStore(location).listings().map(\.name) == ["l"])

        let wrong = "postgres://app:wrong-\(password)@127.0.0.1:\(server.port)/\(database)"
        let refused = storeError { try openStore(wrong, passwordFile: nil) }
        guard case .cannotOpen? = refused else {
            Issue.record("a wrong password: \(String(describing: refused))")
            return
        }
        let unreachable = storeError { try openStore("postgres://app:\(password)@127.0.0.1:1/\(database)", passwordFile: nil) }
        guard case .unavailable? = unreachable else {
            Issue.record("nothing listening: \(String(describing: unreachable))")
            return
        }
        let noPassword = storeError { try openStore(base, passwordFile: nil) }
        for error in [refused, unreachable, noPassword] {
            let text = "\(String(describing: error)) \(String(reflecting: error))"
            #expect(!text.contains(password), "\(text)")
        }
        #expect(StoreLocation.redacted(withPassword) == base)
        #expect(StoreLocation.redacted("listings.sqlite") == "listings.sqlite")
    }

    @Test("a database with other tables is fine; a ThumbIndex schema newer than this version is not a store")
    func schema() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase()
        try server.psql("CREATE TABLE unrelated (x integer); INSERT INTO unrelated VALUES (1)", database: database)
        let store = try PostgresStore(url: server.url(database))
        _ = try store.replaceListing(name: "l", locale: "en", columns: ListingColumns(), items: [ItemInput(text: "x")])
        try store.close()
        #expect(try PostgresStore(url: server.url(database)).listings().map(\.name) == ["l"], "opening again migrates nothing")
        try server.psql("UPDATE thumbindex_schema SET version = 99", database: database)
        let error = storeError { try PostgresStore(url: server.url(database)) }
        #expect(error?.description.hasPrefix("\(server.url(database)): not a ThumbIndex store: its ThumbIndex schema is version 99") == true,
                "\(String(describing: error))")
    }
}
