import Hummingbird

/// `GET /metrics`, for Prometheus: this server's ``ServerMetrics`` in the text exposition format
/// (version 0.0.4), with the gauges read at scrape time (items per listing from `catalog`, the
/// applied and store versions from `writer`'s health when the server has a store).
struct MetricsController<Context: RequestContext>: Sendable {
    let catalog: ListingCatalog
    let writer: ListingWriter?
    let metrics: ServerMetrics

    /// Prometheus' text format.
    static var contentType: String { "text/plain; version=0.0.4; charset=utf-8" }

    func addRoutes(to router: Router<Context>) {
        router.get("metrics", use: scrape)
    }

    @Sendable func scrape(_ request: Request, context: Context) async throws -> Response {
        let bytes = metrics.exposition(catalog: catalog, health: writer?.health)
        var buffer = ByteBufferAllocator().buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        return Response(status: .ok, headers: [.contentType: Self.contentType, .cacheControl: "no-store"],
                        body: ResponseBody(byteBuffer: buffer))
    }
}
