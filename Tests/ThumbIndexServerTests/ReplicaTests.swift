import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import ThumbIndex
import ThumbIndexStore
@testable import ThumbIndexServer

/// A server over a store another server also writes to: its own store connection, catalog and
/// writer, loaded as `serve` loads them, and following the store's change log.
struct Replica {
    let store: any ListingStore
    let catalog: ListingCatalog
    let writer: ListingWriter

    init(store: any ListingStore, catchUpTimeout: Duration = .seconds(2), pollInterval: Duration = .milliseconds(50)) throws {
        self.store = store
        catalog = try ListingCatalog([])
        var following = FollowingSettings()
        following.catchUpTimeout = catchUpTimeout
        following.pollInterval = pollInterval
        writer = ListingWriter(catalog: catalog, store: store, logger: Logger(label: "replica"), compactAfter: 3,
                               mergeAfter: { _ in 10 }, following: following)
        let (version, infos) = try writer.beginLoading()
        for info in infos { _ = try writer.load(info, progress: nil) }
        writer.finishLoading(at: version)
        writer.startFollowing()
    }

    /// Runs `body` with a client of this replica's router.
    func run(_ body: @Sendable @escaping (any TestClientProtocol) async throws -> Void) async throws {
        let app = Application(router: buildRouter(catalog: catalog, writer: writer, token: try WriteToken(WriteServer.token, source: "test")))
        try await app.test(.router) { client in try await body(client) }
    }
}

extension TestClientProtocol {
    /// Sends a request (with the test token) and returns its status, body and `ThumbIndex-Version`.
    func versioned(_ method: HTTPRequest.Method, _ uri: String, _ body: String? = nil) async throws
        -> (status: HTTPResponse.Status, body: String, version: Int64?, retryAfter: String?) {
        var headers: HTTPFields = [.contentType: "application/json", .authorization: "Bearer \(WriteServer.token)"]
        headers[.accept] = "application/json"
        return try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) }) { response in
            (response.status, String(buffer: response.body), response.headers[Response.versionHeader].flatMap { Int64($0) },
             response.headers[.retryAfter])
        }
    }
}

@Suite("Servers over one store: writes through one are seen by the others, in version order")
struct ReplicaTests {
    static func scratchStore() throws -> (path: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-replicas-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (folder.appendingPathComponent("store.db").path, folder)
    }

    /// Runs `body` with two replicas over one scratch SQLite store and a client of each.
    static func withTwoReplicas(_ body: @Sendable @escaping (Replica, Replica, any TestClientProtocol, any TestClientProtocol) async throws -> Void) async throws {
        let (path, folder) = try scratchStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try Replica(store: try SQLiteStore(path: path))
        let b = try Replica(store: try SQLiteStore(path: path))
        try await a.run { ca in
            try await b.run { cb in try await body(a, b, ca, cb) }
        }
    }

    @Test func aWriteThroughOneIsReadThroughAnotherWithItsVersion() async throws {
        let (path, folder) = try Self.scratchStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try Replica(store: try SQLiteStore(path: path))
        // B polls rarely: only minVersion makes it catch up in time.
        let b = try Replica(store: try SQLiteStore(path: path), pollInterval: .seconds(30))
        try await a.run { ca in
            try await b.run { cb in
                let created = try await ca.versioned(.put, "/api/listings/people", #"{"locale":"sv","items":[{"id":"1","text":"Åsa"}]}"#)
                #expect(created.status == .created)
                let v1 = try #require(created.version)
                let added = try await ca.versioned(.post, "/api/listings/people/items", #"{"items":[{"id":"2","text":"Östen"}]}"#)
                let v2 = try #require(added.version)
                #expect(v2 == v1 + 1)

                // B has not polled: without minVersion it may not have the listing; with it, it does.
                let read = try await cb.versioned(.get, "/api/listings/people/sections?q=%C3%B6&minVersion=\(v2)")
                #expect(read.status == .ok)
                #expect(read.body.contains("Östen"))
                #expect(try #require(read.version) >= v2)
                // Every read carries the version of its snapshot; the listing and the list agree.
                #expect(try await cb.versioned(.get, "/api/listings").version == read.version)

                // Written through B, read through A.
                let patched = try await cb.versioned(.patch, "/api/listings/people/items/1", #"{"text":"Åke"}"#)
                #expect(patched.status == .ok)
                let v3 = try #require(patched.version)
                #expect(v3 == v2 + 1)
                let back = try await ca.versioned(.get, "/api/listings/people/sections?q=%C3%A5ke&minVersion=\(v3)")
                #expect(back.body.contains("Åke"))

                // A version no server has: 503 with Retry-After, after the catch-up timeout.
                let future = try await ca.versioned(.get, "/api/listings/people/sections?minVersion=\(v3 + 1000)")
                #expect(future.status == .serviceUnavailable)
                #expect(future.retryAfter == "1")
                #expect(future.body.contains("minVersion"))
                #expect(try await ca.versioned(.get, "/api/listings/people/sections?minVersion=-1").status == .badRequest)
            }
        }
    }

    @Test func listingsCreatedReplacedAndDeletedThroughOneAppearAndGoOnTheOther() async throws {
        try await Self.withTwoReplicas { a, b, ca, cb in
            let v1 = try #require(try await ca.versioned(.put, "/api/listings/cities", #"{"locale":"de","items":[{"text":"Köln"},{"text":"Bonn"}]}"#).version)
            #expect(try await cb.versioned(.get, "/api/listings/cities/sections?minVersion=\(v1)").body.contains("Köln"))
            let v2 = try #require(try await ca.versioned(.put, "/api/listings/cities", #"{"locale":"sv","items":[{"text":"Malmö"}]}"#).version)
            let replaced = try await cb.versioned(.get, "/api/listings/cities/sections?minVersion=\(v2)")
            #expect(replaced.body.contains("Malmö") && !replaced.body.contains("Köln"))
            #expect(b.catalog["cities"]?.locale == "sv")
            let deleted = try await ca.versioned(.delete, "/api/listings/cities")
            #expect(deleted.status == .noContent)
            let v3 = try #require(deleted.version)
            _ = await b.writer.waitUntilApplied(v3)
            #expect(try await cb.versioned(.get, "/api/listings/cities/sections").status == .notFound)
        }
    }

    @Test func writesInterleavedThroughTwoServersLeaveBothEqualToARebuild() async throws {
        try await Self.withTwoReplicas { a, b, ca, cb in
            #expect(try await ca.versioned(.put, "/api/listings/people", #"{"locale":"en","items":[]}"#).status == .created)
            var state: UInt64 = 18
            func next(_ n: Int) -> Int {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return Int((state >> 33) % UInt64(n))
            }
            let names = ["Anna", "Bo", "Åke", "Cleo", "Émile", "Zed", "42 Street", "Anders", "Eva", "Björn"]
            var last: Int64 = 0
            for step in 0..<80 {
                let client = next(2) == 0 ? ca : cb
                let id = "i\(next(20))"
                let answer = switch next(4) {
                case 0, 1: try await client.versioned(.post, "/api/listings/people/items", #"{"items":[{"id":"\#(id)","text":"\#(names[next(names.count)]) \#(step)"}]}"#)
                case 2: try await client.versioned(.patch, "/api/listings/people/items/\(id)", #"{"pinned":\#(step % 3 == 0)}"#)
                default: try await client.versioned(.delete, "/api/listings/people/items/\(id)")
                }
                if let version = answer.version { last = max(last, version) }
            }
            let (rebuilt, _) = try ListingWriter.build(name: "people", from: a.store)
            for replica in [a, b] {
                #expect(await replica.writer.waitUntilApplied(last))
                try await replica.writer.waitForMaintenance()
                let served = try #require(replica.catalog["people"]).listing
                for q in ["", "a", "1", "e"] {
                    let want = try rebuilt.filter(q), got = try served.filter(q)
                    #expect(got.sections.map(\.title) == want.sections.map(\.title), "q '\(q)'")
                    #expect(try got.matches(offset: 0, limit: 1000).map(\.item.id) == want.matches(offset: 0, limit: 1000).map(\.item.id), "q '\(q)'")
                }
            }
        }
    }
}
