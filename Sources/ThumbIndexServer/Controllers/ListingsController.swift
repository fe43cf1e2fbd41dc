import Foundation
import Hummingbird
import ThumbIndex

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

    func addRoutes(to group: RouterGroup<Context>) {
        group.get(use: list)
        group.get("{name}/sections", use: sections)
        group.get("{name}/index/{position}", use: indexTarget)
    }

    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        .json(ListingJSON.catalog(catalog, writable: writable, phonetic: phonetic))
    }

    @Sendable func sections(_ request: Request, context: Context) async throws -> Response {
        let entry = try entry(context)
        let query = try FilterQuery(QueryString(request.uri.query), phonetic: phonetic)
        let filter = try entry.listing.filter(query.q, fold: query.fold, mode: query.mode, phonetic: query.phonetic,
                                                 dialpad: query.dialpad, typos: query.typos)
        return .json(try ListingJSON.sections(of: entry, filter: filter, query: query))
    }

    @Sendable func indexTarget(_ request: Request, context: Context) async throws -> Response {
        let entry = try entry(context)
        let query = try FilterQuery(QueryString(request.uri.query), phonetic: phonetic)
        let text = context.parameters.get("position") ?? ""
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let position = Int(text) else {
            throw APIError.badRequest("index position must be a non-negative integer, got '\(text.prefix(40))'")
        }
        let filter = try entry.listing.filter(query.q, fold: query.fold, mode: query.mode, phonetic: query.phonetic,
                                                 dialpad: query.dialpad, typos: query.typos)
        let titles = filter.indexTitles
        switch filter.indexTarget(forTitleAt: position) {
        case nil:
            throw APIError.notFound("index position \(position) is out of range: the index has \(titles.count) titles (0–\(titles.count - 1))")
        case .search?:
            return .json(ListingJSON.indexTarget(title: titles[position], section: nil))
        case .section(let s)?:
            return .json(ListingJSON.indexTarget(title: titles[position], section: filter.sections[s]))
        }
    }

    private func entry(_ context: Context) throws(APIError) -> ListingCatalog.Entry {
        try catalog.entry(named: context.parameters.get("name") ?? "")
    }
}

extension ListingCatalog {
    /// The listing called `name`, or a 404 that lists the listings there are.
    func entry(named name: String) throws(APIError) -> Entry {
        guard let entry = self[name] else {
            let known = entries.map(\.name).joined(separator: ", ")
            throw .notFound("no listing called '\(name.prefix(100))'; the listings are: \(known.isEmpty ? "(none)" : known)")
        }
        return entry
    }
}
