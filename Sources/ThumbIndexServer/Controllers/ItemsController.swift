import Foundation
import Hummingbird
import ThumbIndex
import ThumbIndexFormats
import ThumbIndexRequests
import ThumbIndexStore

/// The write API, and reading one item by id:
/// - `PUT /api/listings/{name}` `{"locale","items":[...]}`: create (201) or replace (200) a listing;
/// - `DELETE /api/listings/{name}`: 204;
/// - `POST /api/listings/{name}/items` `{"items":[...]}`: add or replace items, 201 `{"ids":[...]}`;
/// - `GET`/`PATCH`/`DELETE /api/listings/{name}/items/{id}`: the item, 200 with the item, 204.
///
/// Writes need `Authorization: Bearer TOKEN` (see ``WriteAccess``) and answer only once the store
/// has committed them and the listing served shows them, with `ThumbIndex-Version`: the store
/// version that includes the write (a read with `minVersion` set to it sees the write, on any
/// server of the store).
struct ItemsController<Context: RequestContext>: Sendable {
    let catalog: ListingCatalog
    let access: WriteAccess
    /// The largest body taken (``ServerLimits/maxBodyBytes``); a larger one is answered 413.
    let maxBodyBytes: Int

    func addRoutes(to group: RouterGroup<Context>) {
        group.put("{name}", use: putListing)
        group.delete("{name}", use: deleteListing)
        group.post("{name}/items", use: postItems)
        group.get("{name}/items/{id}", use: getItem)
        group.patch("{name}/items/{id}", use: patchItem)
        group.delete("{name}/items/{id}", use: deleteItem)
    }

    @Sendable func putListing(_ request: Request, context: Context) async throws -> Response {
        let writer = try access.writer(for: request)
        let name = context.parameters.get("name") ?? ""
        do { try ListingCatalog.checkName(name) } catch { throw APIError.badRequest(error.message) }
        let body = try await WriteBodies.decode(WriteBodies.Listing.self, from: request, maximumBytes: maxBodyBytes)
        let collation: IndexedCollation
        do {
            collation = try writer.collation(locale: body.locale)
        } catch let error as LocaleError {
            throw APIError.badRequest("locale: \(error.description)")
        }
        let (created, ids, version) = try await storeErrors { try await writer.replaceListing(name: name, collation: collation, items: body.items.map(\.input),
                                                                                        search: (body.search.fields, body.search.phones, body.search.region)) }
        var json = JSONWriter()
        json.raw("{")
        json.pair("name", name)
        json.pair("locale", collation.locale)
        json.raw("\"items\":\(ids.count),")
        json.key("ids")
        json.stringArray(ids)
        json.raw("}\n")
        return Response.json(json, status: created ? .created : .ok).versioned(version)
    }

    @Sendable func deleteListing(_ request: Request, context: Context) async throws -> Response {
        let writer = try access.writer(for: request)
        let name = context.parameters.get("name") ?? ""
        guard let version = try await storeErrors({ try await writer.deleteListing(name: name) }) else {
            _ = try catalog.entry(named: name)  // the 404 naming the listings there are
            throw APIError.notFound("no listing called '\(name.prefix(100))'")
        }
        return Response(status: .noContent).versioned(version)
    }

    @Sendable func postItems(_ request: Request, context: Context) async throws -> Response {
        let writer = try access.writer(for: request)
        let name = context.parameters.get("name") ?? ""
        _ = try catalog.entry(named: name)
        let body = try await WriteBodies.decode(WriteBodies.Items.self, from: request, maximumBytes: maxBodyBytes)
        guard !body.items.isEmpty else { throw APIError.badRequest("items: empty; give at least one item") }
        let changes = try await storeErrors { try await writer.upsert(listing: name, items: body.items.map(\.input)) }
        var json = JSONWriter()
        json.raw("{")
        json.key("ids")
        json.stringArray(changes.map(\.new.id))
        json.raw("}\n")
        return Response.json(json, status: .created).versioned(changes.first?.version)
    }

    @Sendable func getItem(_ request: Request, context: Context) async throws -> Response {
        let (name, id) = try parameters(context)
        let entry = try catalog.entry(named: name)
        if let store = access.writer?.store {
            // Read from the store: at least the catalog's version, perhaps later.
            let version = catalog.version
            // Off the event loops: a store's read may wait on an NIO future (see `EventLoopConcurrency`).
            guard let item = try await storeErrors({ try await EventLoopConcurrency.offEventLoops { try store.item(listing: name, id: id) } }) else {
                throw notFound(id, name)
            }
            return Response.json(ListingJSON.item(id: item.id, text: item.text, reading: item.reading, pinned: item.pinned)).versioned(version)
        }
        // Off the event loops too: a listing's first lookup by id hashes all its ids (0.3 s at
        // 1.4M items), which would hold the other connections of the loop it ran on.
        guard let item = try await EventLoopConcurrency.offEventLoops({ entry.listing.item(id: id) }) else { throw notFound(id, name) }
        return .json(ListingJSON.item(id: item.id, text: item.text, reading: item.reading, pinned: item.pinned))
    }

    @Sendable func patchItem(_ request: Request, context: Context) async throws -> Response {
        let writer = try access.writer(for: request)
        let (name, id) = try parameters(context)
        _ = try catalog.entry(named: name)
        let body = try await WriteBodies.decode(WriteBodies.Patch.self, from: request, maximumBytes: maxBodyBytes)
        guard let change = try await storeErrors({ try await writer.patch(listing: name, id: id, patch: body.patch) }) else {
            throw notFound(id, name)
        }
        let item = change.new
        return Response.json(ListingJSON.item(id: item.id, text: item.text, reading: item.reading, pinned: item.pinned)).versioned(change.version)
    }

    @Sendable func deleteItem(_ request: Request, context: Context) async throws -> Response {
        let writer = try access.writer(for: request)
        let (name, id) = try parameters(context)
        _ = try catalog.entry(named: name)
        guard let (_, version) = try await storeErrors({ try await writer.deleteItem(listing: name, id: id) }) else {
            throw notFound(id, name)
        }
        return Response(status: .noContent).versioned(version)
    }

    private func parameters(_ context: Context) throws(APIError) -> (name: String, id: String) {
        (context.parameters.get("name") ?? "", context.parameters.get("id") ?? "")
    }

    private func notFound(_ id: String, _ name: String) -> APIError {
        .notFound("listing '\(name.prefix(100))' has no item with id '\(id.prefix(200))'")
    }

    /// Runs `body`, answering the store's refusals as 400/404/409 with their messages.
    private func storeErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as StoreError {
            switch error {
            case .noSuchListing: throw APIError.notFound(error.description)
            case .invalid, .invalidItem, .duplicateID: throw APIError.badRequest(error.description)
            case .listingExists: throw APIError(.conflict, error.description)
            case .unavailable:
                access.writer?.metrics?.requestFailedInStore()
                throw APIError(.serviceUnavailable, "nothing was written: \(error.description); try again", headers: [.retryAfter: "1"])
            case .cannotOpen, .notAStore, .database:
                access.writer?.metrics?.requestFailedInStore()
                throw APIError(.internalServerError, "the store failed: \(error.description)")
            }
        }
    }
}
