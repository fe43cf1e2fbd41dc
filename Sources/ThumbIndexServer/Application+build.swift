import Hummingbird
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
    /// The server's logger.
    public var logger: Logger
    /// Called once the server listens, with the URL it answers on (its real port when `port` is 0).
    public var onServerRunning: @Sendable (String) async -> Void

    public init(host: String = "127.0.0.1", port: Int = 8080, catalog: ListingCatalog,
                logger: Logger = Logger(label: "thumbindex"),
                onServerRunning: @escaping @Sendable (String) async -> Void = { _ in }) {
        self.host = host
        self.port = port
        self.catalog = catalog
        self.logger = logger
        self.onServerRunning = onServerRunning
    }
}

/// The router: the page at `/`, the JSON API under `/api/listings`.
public func buildRouter(catalog: ListingCatalog) -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: APIErrorMiddleware())
    PageController().addRoutes(to: router)
    ListingsController(catalog: catalog)
        .addRoutes(to: router.group("api/listings"))
    return router
}

/// The application: run it with `runService()`, which stops gracefully on SIGINT and SIGTERM
/// (in-flight requests finish, then the listener closes).
public func buildApplication(_ options: ServerOptions) -> some ApplicationProtocol {
    let host = options.host
    let onServerRunning = options.onServerRunning
    return Application(
        router: buildRouter(catalog: options.catalog),
        configuration: .init(address: .hostname(options.host, port: options.port), serverName: "thumbindex"),
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? 0
            let shownHost = host.contains(":") ? "[\(host)]" : host
            await onServerRunning("http://\(shownHost):\(port)/")
        },
        logger: options.logger
    )
}
