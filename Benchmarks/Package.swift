// swift-tools-version: 6.1
import PackageDescription

/// ThumbIndex against its peers: a separate package, so that neither `swift build` nor
/// `swift test` of ThumbIndex ever builds or runs it.
///
///   Peers        the systems under test behind one interface (ThumbIndex, the naive seed way,
///                localizedStandardContains, SQLite FTS5 trigram, PostgreSQL 15 + pg_trgm, memmem
///                over folded UTF-8) and
///                the listing builders (ThumbIndex, ICU AlphabeticIndex records, Foundation sort)
///   peers-run    loads a corpus once per process, runs one system over the typing sessions and
///                writes JSON (what RESULTS.md is made from, by report.py)
///   Keystrokes,  ordo-one/package-benchmark suites over the same systems and sessions
///   Builds       (`swift package benchmark`)
let package = Package(
    name: "ThumbIndexBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "ThumbIndex", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        // The system's libsqlite3 (3.40.1 on Debian 12, built with FTS5 and dbstat).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // libpq, PostgreSQL's C client (15.x on Debian 12), for the PostgreSQL + pg_trgm peer.
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        // glibc's memmem, for the folded-scan peer.
        .target(name: "CMemmem"),
        .target(
            name: "Peers",
            dependencies: [
                "CSQLite",
                "CPostgres",
                "CMemmem",
                .product(name: "ThumbIndex", package: "ThumbIndex"),
                .product(name: "ThumbIndexTestSupport", package: "ThumbIndex"),
            ]
        ),
        .executableTarget(
            name: "peers-run",
            dependencies: [
                "Peers",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ]
)

// The ordo-one suites: by that plugin's convention each lives in Benchmarks/<Name>/<Name>.swift.
for suite in ["Keystrokes", "Builds"] {
    package.targets.append(
        .executableTarget(
            name: suite,
            dependencies: [
                "Peers",
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/\(suite)",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        )
    )
}
