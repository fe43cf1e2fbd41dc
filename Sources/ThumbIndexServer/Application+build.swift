import Hummingbird
import HummingbirdCore
import Logging
import ThumbIndex

/// What `buildApplication(_:)` needs: where to listen and what to serve.
public struct ServerOptions: Sendable {
    /// Host to bind (`127.0.0.1` by default: only this machine).
    public var host: String
    /// Port to bind; 0 picks a free one (see `onServerRunning`).
    public var port: Int
    /// The listings to serve.
    public var catalog: ListingCatalog
    /// Applies writes to the store and the catalog; nil when the server has no store (read-only).
    package var writer: ListingWriter?
    /// The token writes must carry; nil when none is configured (writes answer 403).
    package var token: WriteToken?
    /// The phonetic matching of a request that gives no `phonetic=` (``Phonetic/auto`` by default:
    /// pinyin for Chinese listings, Hangul keystrokes for Korean, readings for Japanese).
    public var phonetic: Phonetic
    /// What one client may take: time and size limits on requests, and the most connections.
    public var limits: ServerLimits
    /// The server's logger.
    public var logger: Logger
    /// Called once the server listens, with the URL it answers on (its real port when `port` is 0).
    public var onServerRunning: @Sendable (String) async -> Void

    public init(host: String = "127.0.0.1", port: Int = 8080, catalog: ListingCatalog, phonetic: Phonetic = .auto,
                limits: ServerLimits = ServerLimits(), logger: Logger = Logger(label: "thumbindex"),
                onServerRunning: @escaping @Sendable (String) async -> Void = { _ in }) {
        self.host = host
        self.port = port
        self.catalog = catalog
        self.phonetic = phonetic
        writer = nil
        token = nil
        self.limits = limits
        self.logger = logger
        self.onServerRunning = onServerRunning
    }
}

/// The router: the page at `/`, the JSON API under `/api/listings` (reads with `phonetic` unless a
/// request says otherwise; writes through `writer`, when there is one, for requests that carry
/// `token`, with bodies of at most `maxBodyBytes`); every answer with the security headers of
/// ``SecurityHeadersMiddleware``; `/healthz`, and `/metrics` with the writer's ``ServerMetrics``
/// (a new one when the writer has none, or there is no writer). API reads compute at most
/// `maxConcurrentReads` at once, on threads of lower priority when another read computes
/// (``ReadGate``), so writes are not held back by them.
package func buildRouter(catalog: ListingCatalog, phonetic: Phonetic = .auto, writer: ListingWriter? = nil,
                         token: WriteToken? = nil,
                         maxBodyBytes: Int = ServerLimits().maxBodyBytes,
                         maxConcurrentReads: Int = ServerLimits().maxConcurrentReads) -> Router<BasicRequestContext> {
    let router = Router()
    let metrics = writer?.metrics ?? ServerMetrics()
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(middleware: RequestMetricsMiddleware(metrics: metrics))
    router.add(middleware: APIErrorMiddleware())
    PageController().addRoutes(to: router)
    HealthController(writer: writer).addRoutes(to: router)
    MetricsController(catalog: catalog, writer: writer, metrics: metrics).addRoutes(to: router)
    let api = router.group("api/listings")
    let access = WriteAccess(writer: writer, token: token)
    let reads = ReadGate.shared(permits: maxConcurrentReads)
    ListingsController(catalog: catalog, writable: access.isWritable, phonetic: phonetic, follower: writer, reads: reads)
        .addRoutes(to: api)
    ItemsController(catalog: catalog, access: access, maxBodyBytes: maxBodyBytes).addRoutes(to: api)
    return router
}

/// The application: run it with `runService()`, which stops gracefully on SIGINT and SIGTERM
/// (in-flight requests finish, then the listener closes). Every connection is held to
/// `options.limits` (``LimitedHTTP1Channel``); past `maxConnections` the server stops accepting.
public func buildApplication(_ options: ServerOptions) -> some ApplicationProtocol {
    let host = options.host
    let onServerRunning = options.onServerRunning
    let limits = options.limits
    return Application(
        router: buildRouter(catalog: options.catalog, phonetic: options.phonetic, writer: options.writer, token: options.token,
                            maxBodyBytes: limits.maxBodyBytes, maxConcurrentReads: limits.maxConcurrentReads),
        server: HTTPServerBuilder { responder in LimitedHTTP1Channel(responder: responder, limits: limits) },
        configuration: .init(address: .hostname(options.host, port: options.port), serverName: "thumbindex",
                             backlog: limits.listenBacklog,
                             availableConnectionsDelegate: .maximum(limits.maxConnections, logger: options.logger)),
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? 0
            let shownHost = host.contains(":") ? "[\(host)]" : host
            await onServerRunning("http://\(shownHost):\(port)/")
        },
        logger: options.logger
    )
}
