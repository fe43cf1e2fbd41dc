import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import ThumbIndex
@testable import ThumbIndexServer

/// `GET /metrics`: what a Prometheus server scraping it reads.
@Suite("GET /metrics: Prometheus' text format")
struct MetricsTests {
    static let sections = "/api/listings/{name}/sections"

    @Test func theSectionsHistogramCountsEveryKeystrokeUnderItsRoutePattern() async throws {
        let server = try WriteServer()
        try await server.run { client in
            #expect(try await client.send(.put, "/api/listings/people", #"{"locale":"en","items":[{"text":"Anna"},{"text":"Bo"}]}"#).status == .created)
            for q in ["", "a", "an", "ann"] { _ = try await client.sections("people", q: q) }
            _ = try await client.send(.get, "/api/listings/nobody/sections?q=a")
            let metrics = try await client.scrapeMetrics()
            let latency = "thumbindex_http_request_duration_seconds"
            #expect(metrics.types[latency] == "histogram")
            #expect(metrics.value("\(latency)_count", ["endpoint": Self.sections, "method": "GET", "status": "2xx"]) == 4)
            #expect(metrics.value("\(latency)_count", ["endpoint": Self.sections, "method": "GET", "status": "4xx"]) == 1)
            #expect(metrics.value("\(latency)_count", ["endpoint": "/api/listings/{name}", "method": "PUT", "status": "2xx"]) == 1)
            #expect((metrics.value("\(latency)_sum", ["endpoint": Self.sections, "method": "GET", "status": "2xx"]) ?? 0) > 0)
            // A keystroke's bucket is under a millisecond; the last finite one is 10 s.
            let buckets = metrics.samples(named: "\(latency)_bucket").filter { $0.labels["status"] == "2xx" && $0.labels["endpoint"] == Self.sections }
            #expect(buckets.first?.labels["le"] == "0.00005")
            #expect(buckets.dropLast().last?.labels["le"] == "10.0")
            // Every endpoint label is a route pattern the server declares, never a listing's name.
            let patterns = Set(APIErrorMiddleware<BasicRequestContext>.routes.map { "/" + $0.pattern.joined(separator: "/") } + ["NotFound"])
            let endpoints = Set(metrics.samples(named: "\(latency)_count").compactMap { $0.labels["endpoint"] })
            #expect(endpoints.isSubset(of: patterns), "\(endpoints.subtracting(patterns))")
        }
    }

    @Test func itemsPerListingAndTheVersionsAreTheServersAtScrapeTime() async throws {
        let server = try WriteServer()
        try await server.run { client in
            #expect(try await client.send(.put, "/api/listings/a", #"{"locale":"en","items":[{"text":"Anna"},{"text":"Bo"},{"text":"Cleo"}]}"#).status == .created)
            #expect(try await client.send(.put, "/api/listings/b", #"{"locale":"sv","items":[{"text":"Åke"},{"text":"Östen"}]}"#).status == .created)
            #expect(try await client.send(.post, "/api/listings/a/items", #"{"items":[{"text":"Dan"},{"text":"Eva"}]}"#).status == .created)
            var metrics = try await client.scrapeMetrics()
            #expect(metrics.types["thumbindex_listing_items"] == "gauge")
            for entry in server.catalog.entries {
                #expect(metrics.value("thumbindex_listing_items", ["listing": entry.name]) == Double(entry.count), "\(entry.name)")
            }
            #expect(metrics.value("thumbindex_listing_items", ["listing": "a"]) == 5)
            let health = server.writer.health
            #expect(health.applied == 3)
            #expect(metrics.value("thumbindex_applied_version") == Double(health.applied))
            #expect(metrics.value("thumbindex_store_version") == Double(health.storeVersion))

            #expect(try await client.send(.delete, "/api/listings/b").status == .noContent)
            metrics = try await client.scrapeMetrics()
            #expect(metrics.samples(named: "thumbindex_listing_items").map { $0.labels["listing"] } == ["a"])
            #expect(metrics.value("thumbindex_applied_version") == 4)
        }
    }

    @Test func mergesAndCompactionsAreCountedAsTheyHappen() async throws {
        let server = try WriteServer(compactAfter: 3, mergeAfter: 6)
        try await server.run { client in
            #expect(try await client.send(.put, "/api/listings/people", #"{"locale":"en","items":[]}"#).status == .created)
            var metrics = try await client.scrapeMetrics()
            #expect(metrics.types["thumbindex_merges_total"] == "counter")
            #expect(metrics.value("thumbindex_merges_total") == 0)
            var merges: [Double] = []
            for round in 0..<2 {
                for step in 0..<12 {
                    #expect(try await client.send(.post, "/api/listings/people/items", #"{"items":[{"text":"Name \#(round) \#(step)"}]}"#).status == .created)
                }
                try await server.writer.waitForMaintenance()
                metrics = try await client.scrapeMetrics()
                merges.append(metrics.value("thumbindex_merges_total") ?? -1)
                #expect(metrics.value("thumbindex_merge_duration_seconds_count") == merges.last)
                #expect((metrics.value("thumbindex_compactions_total") ?? -1) >= 0)
                #expect(metrics.value("thumbindex_compaction_duration_seconds_count") == metrics.value("thumbindex_compactions_total"))
            }
            #expect(merges[0] >= 1)
            #expect(merges[1] > merges[0], "\(merges)")
        }
    }

    @Test func storeFailuresAreCountedWhereTheyAreAnswered() async throws {
        let server = try WriteServer()
        try await server.run { client in
            #expect(try await client.send(.put, "/api/listings/people", #"{"locale":"en","items":[]}"#).status == .created)
            try server.store.close()
            let answer = try await client.send(.post, "/api/listings/people/items", #"{"items":[{"text":"Anna"}]}"#)
            #expect(answer.status == .internalServerError || answer.status == .serviceUnavailable, "\(answer.body)")
            server.writer.requestCatchUp()
            try await server.writer.waitForMaintenance()  // the catch-up queued before it has run
            let metrics = try await client.scrapeMetrics()
            #expect(metrics.value("thumbindex_store_errors_total", ["operation": "request"]) == 1)
            #expect((metrics.value("thumbindex_store_errors_total", ["operation": "catch_up"]) ?? 0) >= 1)
        }
    }

    @Test func aServerWithoutAStoreShowsItsListingsAndNoVersions() async throws {
        try await TestServer.run { client in
            _ = try await client.getJSON("/api/listings/people/sections?q=a", as: SectionsAnswer.self)
            let metrics = try await client.scrapeMetrics()
            for entry in TestServer.catalog.entries {
                #expect(metrics.value("thumbindex_listing_items", ["listing": entry.name]) == Double(entry.count))
            }
            #expect(metrics.samples(named: "thumbindex_applied_version").isEmpty)
            #expect(metrics.value("thumbindex_http_request_duration_seconds_count",
                                  ["endpoint": Self.sections, "method": "GET", "status": "2xx"]) == 1)
        }
    }

    @Test func unknownPathsAndInventedMethodsAddNoSeries() async throws {
        try await TestServer.run { client in
            for path in ["/api/nothing/1", "/api/nothing/2", "/x/y/z", "/people"] {
                _ = try await client.execute(uri: path, method: .get) { $0.status }
            }
            for method in ["BREW", "WHEN", "PURGE"] {
                _ = try await client.execute(uri: "/", method: HTTPRequest.Method(method)!) { $0.status }
            }
            let metrics = try await client.scrapeMetrics()
            let series = metrics.samples(named: "thumbindex_http_request_duration_seconds_count").filter { $0.labels["endpoint"] == "NotFound" }
            #expect(Set(series.map(\.labels)) == [["endpoint": "NotFound", "method": "GET", "status": "4xx"],
                                                   ["endpoint": "NotFound", "method": "other", "status": "4xx"]])
            #expect(series.map(\.value).reduce(0, +) == 7)
        }
    }
}

extension TestClientProtocol {
    /// GETs `/metrics` and parses it as Prometheus does, expecting 200 and its content type.
    func scrapeMetrics(sourceLocation: SourceLocation = #_sourceLocation) async throws -> PrometheusText {
        try await execute(uri: "/metrics", method: .get) { response in
            #expect(response.status == .ok, sourceLocation: sourceLocation)
            #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8", sourceLocation: sourceLocation)
            return try PrometheusText(String(buffer: response.body))
        }
    }
}

/// Prometheus' text format (0.0.4) as a scraper reads it: `# HELP` and `# TYPE` lines, and samples
/// `name{label="value",...} value`; each sample of a family whose `# TYPE` came first; each
/// histogram's buckets cumulative, up to `+Inf`, which equals its `_count`.
struct PrometheusText {
    struct Sample: Equatable {
        let name: String
        let labels: [String: String]
        let value: Double
    }

    struct ParseError: Error, CustomStringConvertible {
        let line: Int
        let text: String
        let what: String
        var description: String { "line \(line): \(what): \(text)" }
    }

    private(set) var samples: [Sample] = []
    /// The `# TYPE` of each family.
    private(set) var types: [String: String] = [:]

    init(_ text: String) throws {
        #expect(text.hasSuffix("\n"), "the exposition ends with a line feed")
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
            func fail(_ what: String) -> ParseError { ParseError(line: index + 1, text: String(line), what: what) }
            if line.hasPrefix("#") {
                let words = line.split(separator: " ", maxSplits: 3)
                guard words.count >= 3, words[0] == "#", ["HELP", "TYPE"].contains(words[1]) else { throw fail("not a HELP or TYPE comment") }
                if words[1] == "TYPE" {
                    guard words.count == 4, ["counter", "gauge", "histogram", "summary", "untyped"].contains(words[3]) else { throw fail("no known type") }
                    guard types.updateValue(String(words[3]), forKey: String(words[2])) == nil else { throw fail("a second TYPE") }
                }
                continue
            }
            var scanner = Substring(line)[...]
            let name = scanner.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" }
            guard let first = name.first, !first.isNumber else { throw fail("no metric name") }
            scanner = scanner.dropFirst(name.count)
            var labels: [String: String] = [:]
            if scanner.first == "{" {
                scanner = scanner.dropFirst()
                while scanner.first != "}" {
                    let label = scanner.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    scanner = scanner.dropFirst(label.count)
                    guard !label.isEmpty, scanner.hasPrefix("=\"") else { throw fail("a label without =\"") }
                    scanner = scanner.dropFirst(2)
                    var value = ""
                    while let character = scanner.first, character != "\"" {
                        scanner = scanner.dropFirst()
                        guard character == "\\" else { value.append(character); continue }
                        switch scanner.first {
                        case "\\": value.append("\\")
                        case "\"": value.append("\"")
                        case "n": value.append("\n")
                        default: throw fail("a bad escape")
                        }
                        scanner = scanner.dropFirst()
                    }
                    guard scanner.first == "\"" else { throw fail("an unterminated label value") }
                    scanner = scanner.dropFirst()
                    guard labels.updateValue(value, forKey: String(label)) == nil else { throw fail("a label twice") }
                    if scanner.first == "," { scanner = scanner.dropFirst() }
                }
                scanner = scanner.dropFirst()
            }
            let fields = scanner.split(separator: " ")
            guard scanner.first == " ", (1...2).contains(fields.count) else { throw fail("no value") }
            guard let value = Double(fields[0]) else { throw fail("a value that is no number") }
            let family = [name, name.replacing(/_(bucket|sum|count)$/, with: "")].first { types[String($0)] != nil }
            guard family != nil else { throw fail("a sample before its family's TYPE") }
            samples.append(Sample(name: String(name), labels: labels, value: value))
        }
        for (family, type) in types where type == "histogram" {
            let buckets = Dictionary(grouping: samples(named: "\(family)_bucket")) { $0.labels.filter { $0.key != "le" } }
            for (labels, series) in buckets {
                let counts = series.map(\.value)
                #expect(counts == counts.sorted(), "\(family) \(labels): buckets not cumulative")
                #expect(series.last?.labels["le"] == "+Inf", "\(family) \(labels): no +Inf bucket last")
                #expect(series.last?.value == value("\(family)_count", labels), "\(family) \(labels): +Inf is not the count")
            }
        }
    }

    /// The samples called `name`, in the order of the text.
    func samples(named name: String) -> [Sample] {
        samples.filter { $0.name == name }
    }

    /// The value of the sample called `name` with exactly `labels`, or nil when there is none.
    func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        samples.first { $0.name == name && $0.labels == labels }?.value
    }
}
