import Prometheus
import Synchronization

/// What one server counts and measures for `GET /metrics`, in its own Prometheus registry (not a
/// process-wide `MetricsSystem`, so that many servers in one process, as in the tests, each count
/// their own).
///
/// The metrics, all prefixed `thumbindex_`:
/// - `http_request_duration_seconds{endpoint,method,status}`: a histogram of request latencies by
///   route pattern (`/api/listings/{name}/sections`, never the raw path; `NotFound` when no route
///   matched), method and status class (`2xx`, `4xx`, ...), from 50 µs (a keystroke) to 10 s;
/// - `applied_version` and `store_version`: the store version every listing has applied and the
///   store's version when last read (their difference is the lag); only on a server over a store;
/// - `listing_items{listing}`: the items of each listing, read at scrape time;
/// - `merges_total`, `merge_duration_seconds`, `compactions_total` and
///   `compaction_duration_seconds`: the background merges of pending edits into a new base, and
///   the compactions of a listing's tail into a run (with the runs it merges with);
/// - `store_errors_total{operation}`: reads of the change log that failed (`catch_up`), and
///   requests answered 500 or 503 because the store failed or was away (`request`).
///
/// Recording a request costs a dictionary lookup under a lock and the histogram's own lock: no
/// string is built (the labels are the route pattern Hummingbird keeps, and constants).
package final class ServerMetrics: Sendable {
    /// Where every metric of this server is registered; `GET /metrics` emits it.
    package let registry: PrometheusCollectorRegistry

    private let merges: Counter
    private let mergeDuration: DurationHistogram
    private let compactions: Counter
    private let compactionDuration: DurationHistogram
    private let catchUpStoreErrors: Counter
    private let requestStoreErrors: Counter
    /// The latency histogram of each endpoint, method and status class, made at its first request.
    private let requests = Mutex<[RequestKey: DurationHistogram]>([:])
    /// The item count of each listing, by name; a listing's gauge goes when the listing does.
    private let listingItems = Mutex<[String: Gauge]>([:])
    /// The version gauges, made at the first scrape of a server over a store.
    private let versions = Mutex<(applied: Gauge, store: Gauge)?>(nil)

    /// The latency buckets of requests: a keystroke answers in well under a millisecond, a write
    /// through the store or a first query of a large listing in milliseconds to seconds.
    static let requestBuckets: [Duration] = [
        .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500),
        .milliseconds(1), .microseconds(2500), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
        .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
    ]

    /// The duration buckets of merges: milliseconds for a small listing, seconds for a million items.
    static let mergeBuckets: [Duration] = [
        .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
        .seconds(30), .seconds(60),
    ]

    /// The values of the `status` label, by the status code's first digit.
    private static let statusClasses = ["1xx", "2xx", "3xx", "4xx", "5xx"]

    /// Registers this server's metrics in `registry` (a new one by default).
    package init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        merges = registry.makeCounter(descriptor: Self.name("merges", unit: "total",
            help: "Merges of a listing's pending edits into a new base."))
        mergeDuration = registry.makeDurationHistogram(descriptor: Self.name("merge_duration", unit: "seconds",
            help: "How long a merge took, from its snapshot to its result, off the write queue."), buckets: Self.mergeBuckets)
        compactions = registry.makeCounter(descriptor: Self.name("compactions", unit: "total",
            help: "Compactions of a listing's tail of recent items into a run, merged with the newest runs by size."))
        compactionDuration = registry.makeDurationHistogram(descriptor: Self.name("compaction_duration", unit: "seconds",
            help: "How long a compaction took, from its snapshot to its result, off the write queue."), buckets: Self.mergeBuckets)
        let storeErrors = Self.name("store_errors", unit: "total",
            help: "Store failures: reads of the change log that failed (catch_up), requests answered 500 or 503 because of the store (request).")
        catchUpStoreErrors = registry.makeCounter(descriptor: storeErrors, labels: [("operation", "catch_up")])
        requestStoreErrors = registry.makeCounter(descriptor: storeErrors, labels: [("operation", "request")])
    }

    private static func name(_ metric: String, unit: String, help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "thumbindex", metricName: metric, unitName: unit, helpText: help)
    }

    // MARK: Requests

    private struct RequestKey: Hashable {
        let endpoint: String
        let method: String
        let statusClass: Int
    }

    /// Records a request that took `duration` and answered `status`.
    /// - Parameters:
    ///   - endpoint: the route pattern the request matched (Hummingbird's `endpointPath`), or
    ///     `NotFound`; never a raw path, so that the label's values are as few as the routes.
    ///   - method: one of a few known methods, or `other` (see ``RequestMetricsMiddleware``).
    package func recordRequest(endpoint: String, method: String, status: Int, duration: Duration) {
        let key = RequestKey(endpoint: endpoint, method: method, statusClass: min(max(status / 100, 1), 5))
        let histogram = requests.withLock { histograms in
            if let histogram = histograms[key] { return histogram }
            let histogram = registry.makeDurationHistogram(
                descriptor: Self.name("http_request_duration", unit: "seconds",
                                      help: "Request latency by route pattern (NotFound: no route matched), method and status class."),
                labels: [("endpoint", endpoint), ("method", method), ("status", Self.statusClasses[key.statusClass - 1])],
                buckets: Self.requestBuckets)
            histograms[key] = histogram
            return histogram
        }
        histogram.record(duration)
    }

    // MARK: Writes and maintenance

    /// Counts a merge that took `duration`.
    package func merged(in duration: Duration) {
        merges.increment()
        mergeDuration.record(duration)
    }

    /// Counts a compaction that took `duration`.
    package func compacted(in duration: Duration) {
        compactions.increment()
        compactionDuration.record(duration)
    }

    /// Counts a failed read of the store's change log.
    package func catchUpFailed() {
        catchUpStoreErrors.increment()
    }

    /// Counts a request answered 500 or 503 because the store failed or was away.
    package func requestFailedInStore() {
        requestStoreErrors.increment()
    }

    // MARK: Scrapes

    /// Sets the gauges read at scrape time: the items of every listing in `catalog` (a deleted
    /// listing's gauge goes), and the versions in `health` (a server over a store; nil: none).
    private func refresh(catalog: ListingCatalog, health: ReplicaHealth?) {
        if let health {
            let gauges = versions.withLock { gauges in
                if let gauges { return gauges }
                let made = (applied: registry.makeGauge(descriptor: Self.name("applied_version", unit: "",
                                help: "The store version every listing of this server has applied.")),
                            store: registry.makeGauge(descriptor: Self.name("store_version", unit: "",
                                help: "The store's version when this server last read it; minus applied_version, the lag.")))
                gauges = made
                return made
            }
            gauges.applied.set(Double(health.applied))
            gauges.store.set(Double(max(health.storeVersion, health.applied)))
        }
        let entries = catalog.entries
        listingItems.withLock { gauges in
            var gone = Set(gauges.keys)
            for entry in entries {
                gone.remove(entry.name)
                let gauge = gauges[entry.name] ?? registry.makeGauge(
                    descriptor: Self.name("listing", unit: "items", help: "The items of each listing, as served."),
                    labels: [("listing", entry.name)])
                gauges[entry.name] = gauge
                gauge.set(Double(entry.count))
            }
            for name in gone {
                if let gauge = gauges.removeValue(forKey: name) { registry.unregisterGauge(gauge) }
            }
        }
    }

    /// This server's metrics in Prometheus' text format (version 0.0.4), after ``refresh(catalog:health:)``.
    package func exposition(catalog: ListingCatalog, health: ReplicaHealth?) -> [UInt8] {
        refresh(catalog: catalog, health: health)
        return registry.emitToBuffer()
    }
}
