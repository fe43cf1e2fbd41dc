import Hummingbird
import ThumbIndexFormats

/// `GET /healthz`, for load balancers and orchestrators: 200 when this server is ready to answer,
/// else 503 with the reason, both as JSON:
/// `{"status":"ready","appliedVersion":N,"storeVersion":M,"lag":M-N}` or
/// `{"status":"unavailable","reason":"...",...}`. A server over a store is ready when its listings
/// are loaded, the store answered its last read of the change log and answers now (a question
/// for its version, within a second), and it is at most `--max-lag` versions behind the store; a
/// server of files is ready once it listens.
struct HealthController<Context: RequestContext>: Sendable {
    let writer: ListingWriter?

    func addRoutes(to router: Router<Context>) {
        router.get("healthz", use: health)
    }

    @Sendable func health(_ request: Request, context: Context) async throws -> Response {
        var json = JSONWriter()
        json.raw("{")
        guard let writer else {
            json.raw("\"status\":\"ready\"}\n")
            return .json(json)
        }
        let health = writer.health
        var problem = health.problem(maxLag: writer.following.maxLag, silence: writer.following.silence)
        if problem == nil { problem = await writer.probeStore(timeout: .seconds(1)) }
        json.pair("status", problem == nil ? "ready" : "unavailable")
        if let problem { json.pair("reason", problem) }
        json.raw("\"appliedVersion\":\(health.applied),\"storeVersion\":\(health.storeVersion),\"lag\":\(max(0, health.storeVersion - health.applied))}\n")
        var response = Response.json(json, status: problem == nil ? .ok : .serviceUnavailable)
        if problem != nil { response.headers[.retryAfter] = "1" }
        return response.versioned(health.applied)
    }
}
