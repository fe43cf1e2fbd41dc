import Foundation
import Hummingbird
import ThumbIndex
import ThumbIndexRequests

/// The JSON API over the catalog:
/// - `GET /api/listings`: the listings served, and whether the server takes writes;
/// - `GET /api/listings/{name}/sections?q=&fold=&mode=&phonetic=&dialpad=&typos=&offset=&limit=`: the filtered
///   listing, every non-empty section with its count, and the rows in `[offset, offset + limit)`
///   (with the columns besides the text where each matched);
/// - `GET /api/listings/{name}/index/{position}?q=&fold=&mode=&phonetic=&dialpad=&typos=`: where an index title leads.
///
/// Each request reads the listing's current snapshot (immutable: writes publish new ones), so
/// queries run concurrently without locks; a request's cost is bounded by the caps on `q`
/// (256 characters) and `limit` (1000 rows).
struct ListingsController<Context: RequestContext>: Sendable {
    let catalog: ListingCatalog
    /// Whether the server takes writes (a store and a token), so that clients such as the page
    /// can hide what would only answer 403.
    let writable: Bool
    /// The phonetic matching of a request that gives no `phonetic` (`serve --phonetic`).
    let phonetic: Phonetic
    /// What applies the store's writes, for reads that wait for a version (`minVersion`); nil without a store.
    let follower: ListingWriter?
    /// Where the filters compute, in turn: at once when no other does, else at a lower priority
    /// than writes (``ReadGate``).
    let reads: ReadGate

    func addRoutes(to group: RouterGroup<Context>) {
        group.get(use: list)
        group.get("{name}/sections", use: sections)
        group.get("{name}/index/{position}", use: indexTarget)
    }

    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let (entries, version) = catalog.snapshot()
        return .json(ListingJSON.catalog(entries, writable: writable, phonetic: phonetic)).versioned(version)
    }

    @Sendable func sections(_ request: Request, context: Context) async throws -> Response {
        let query = try FilterQuery(QueryString(request.uri.query), phonetic: phonetic)
        let (entry, version) = try await entry(context, minVersion: query.minVersion)
        let json = try await reads.run(mayComputeHere: query.isShort(on: entry)) {
            let filter = try entry.listing.filter(query.q, fold: query.fold, mode: query.mode, phonetic: query.phonetic,
                                                  dialpad: query.dialpad, typos: query.typos)
            return try ListingJSON.sections(of: entry, filter: filter, query: query)
        }
        return .json(json).versioned(version)
    }

    @Sendable func indexTarget(_ request: Request, context: Context) async throws -> Response {
        let query = try FilterQuery(QueryString(request.uri.query), phonetic: phonetic)
        let (entry, version) = try await entry(context, minVersion: query.minVersion)
        let text = context.parameters.get("position") ?? ""
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let position = Int(text) else {
            throw APIError.badRequest("index position must be a non-negative integer, got '\(text.prefix(40))'")
        }
        let filter = try await reads.run(mayComputeHere: query.isShort(on: entry)) {
            try entry.listing.filter(query.q, fold: query.fold, mode: query.mode, phonetic: query.phonetic,
                                     dialpad: query.dialpad, typos: query.typos)
        }
        let titles = filter.indexTitles
        switch filter.indexTarget(forTitleAt: position) {
        case nil:
            throw APIError.notFound("index position \(position) is out of range: the index has \(titles.count) titles (0–\(titles.count - 1))")
        case .search?:
            return .json(ListingJSON.indexTarget(title: titles[position], section: nil)).versioned(version)
        case .section(let s)?:
            return .json(ListingJSON.indexTarget(title: titles[position], section: filter.sections[s])).versioned(version)
        }
    }

    /// The listing the path names and the store version it includes, once that is `minVersion`
    /// or later: the server waits for it up to `--catch-up-timeout`, then answers 503.
    private func entry(_ context: Context, minVersion: Int64?) async throws -> (ListingCatalog.Entry, Int64?) {
        let name = context.parameters.get("name") ?? ""
        if let minVersion, (catalog.version ?? 0) < minVersion {
            guard let follower else {
                throw APIError.badRequest("minVersion \(minVersion): this server serves files, not a store, so it has no versions")
            }
            guard await follower.waitUntilApplied(minVersion) else {
                throw APIError(.serviceUnavailable, "minVersion \(minVersion): this server has not applied that store version yet (it has applied version \(catalog.version ?? 0)); try again, or read without minVersion",
                               headers: [.retryAfter: "1"])
            }
        }
        let (entry, version) = catalog.snapshot(named: name)
        guard let entry else { throw catalog.noSuchListing(name) }
        return (entry, version)
    }
}

extension ListingCatalog {
    /// The listing called `name`, or a 404 that lists the listings there are.
    func entry(named name: String) throws(APIError) -> Entry {
        guard let entry = self[name] else { throw noSuchListing(name) }
        return entry
    }

    /// The 404 of a listing the catalog lacks, listing those it has.
    func noSuchListing(_ name: String) -> APIError {
        let known = entries.map(\.name).joined(separator: ", ")
        return .notFound("no listing called '\(name.prefix(100))'; the listings are: \(known.isEmpty ? "(none)" : known)")
    }
}

extension FilterQuery {
    /// The most rows whose dial-pad index a read makes where it arrived: about 20 ms of work.
    static let dialpadRowsMadeInPlace = 10_000

    /// Whether this query on `entry` is short enough to compute where it arrived (see
    /// ``ReadGate``): not a dial-pad query that first makes the dial-pad index of more than
    /// ``dialpadRowsMadeInPlace`` rows, which on an event loop would hold its other connections
    /// meanwhile (2.7 s for the first dial-pad keystroke on 1.4M GeoNames names; a merge carries
    /// the index over to the new base, and a saved index keeps it). That one computes on a read worker.
    func isShort(on entry: ListingCatalog.Entry) -> Bool {
        !dialpad || entry.listing.rowsWithoutDialpadIndex <= Self.dialpadRowsMadeInPlace
    }
}
