// swift-tools-version: 6.1
import PackageDescription

/// Layers, bottom to top:
///   CThumbIndexICU (C/C++ bridge to the system ICU 72; CThumbIndexICUTestSupport beside it, for
///   tests and benchmarks only: ICU's own AlphabeticIndex as the oracle, raw Unicode primitives)
///   and CThumbIndexPhone (C/C++ bridge to the system libphonenumber 8.12, for phone columns),
///   beside CThumbIndexHanReadings (the generated pinyin readings table, a data file compiled in)
///   → ThumbIndex (the library: collation, listings, search)
///   → ThumbIndexFormats (TSV in, JSON out: shared by the front ends, not a product)
///   → ThumbIndexRequests (the HTTP API's query strings and JSON bodies read and checked, and its
///     errors: no server, so that the fuzz targets build without Hummingbird; not a product)
///   → thumbindex (the command-line front end) and ThumbIndexServer (the HTTP front end).
/// Beside them, on GRDB alone: ThumbIndexStore (the SQLite store of live listings, not a product;
/// it knows nothing of collation), used by the CLI (`import`, `export`) and the server.
/// Above it, on postgres-nio: ThumbIndexPostgresStore (the same store interface over PostgreSQL,
/// and `openStore`, which opens either store from a `--store` path or URL).
/// Benchmarks live in their own package under Benchmarks/ so they never slow down `swift test`.
/// The libFuzzer targets (Fuzz/) are declared only when THUMBINDEX_FUZZ=1: see the end of this file.
/// The PostgreSQL driver, for ThumbIndexPostgresStore (left out with THUMBINDEX_TESTS=library).
let postgresNIO: Package.Dependency = .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.0")

let package = Package(
    name: "ThumbIndex",
    products: [
        .library(name: "ThumbIndex", targets: ["ThumbIndex"]),
        .executable(name: "thumbindex", targets: ["thumbindex"]),
        .library(name: "ThumbIndexServer", targets: ["ThumbIndexServer"]),
        // For the Benchmarks package (ICU's AlphabeticIndex as a peer); not part of the library.
        .library(name: "ThumbIndexTestSupport", targets: ["CThumbIndexICUTestSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        // HTTP statuses and header fields (Hummingbird's own types), for the API's errors without a server.
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // Hummingbird's own transport, named for the server's connection limits (Limits/).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.14.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.0"),
        postgresNIO,
        // `swift package generate-documentation --target ThumbIndex` (scripts/docs); not linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The only target that includes ICU headers, and only from its .cpp files: the public
        // header is plain C so that Swift modules never see two ICUs (Foundation ships its own).
        .target(
            name: "CThumbIndexICU",
            linkerSettings: [
                .linkedLibrary("icui18n"),
                .linkedLibrary("icuuc"),
                .linkedLibrary("icudata"),
                .linkedLibrary("stdc++"),
            ]
        ),
        // What only tests and benchmarks use: icu::AlphabeticIndex as the oracle (TIOracle.h) and
        // the Unicode primitives the naive search restates the folds with (TIUnicodeProbe.h).
        // Plain C public headers, like the bridge's; its .cpp files share the bridge's private helpers.
        .target(
            name: "CThumbIndexICUTestSupport",
            dependencies: ["CThumbIndexICU"],
            cxxSettings: [.headerSearchPath("../CThumbIndexICU")],
            linkerSettings: [
                .linkedLibrary("icui18n"),
                .linkedLibrary("icuuc"),
                .linkedLibrary("icudata"),
                .linkedLibrary("stdc++"),
            ]
        ),
        // The bridge to Debian's libphonenumber (phone numbers as E.164 and national forms) and
        // the region of a locale (ICU's likely subtags). Like CThumbIndexICU, a plain C public
        // header: libphonenumber, protobuf and ICU headers appear only in its .cpp files.
        .target(
            name: "CThumbIndexPhone",
            linkerSettings: [
                .linkedLibrary("phonenumber"),
                .linkedLibrary("icuuc"),
                .linkedLibrary("stdc++"),
            ]
        ),
        // The generated readings of Han characters (generated/HanReadings.tsv, from
        // scripts/generate-han-readings), compiled into the binary by C23 `#embed`: no resource
        // bundle beside the binary, and no Swift literal to compile (`.embedInCode` of the 388 KB
        // file is a `[UInt8]` literal that takes the compiler about half a minute).
        .target(
            name: "CThumbIndexHanReadings",
            exclude: ["generated"]
        ),
        .target(
            name: "ThumbIndex",
            dependencies: ["CThumbIndexICU", "CThumbIndexPhone", "CThumbIndexHanReadings"]
        ),
        // What the front ends share and the library's users never see (`package` access): TSV and
        // line input as a table of records, and the JSON the CLI and the API write.
        .target(
            name: "ThumbIndexFormats",
            dependencies: ["ThumbIndex"]
        ),
        // The SQLite store of live listings (`package` access, not a product): items with stable
        // insertion order and ids, a change counter per listing. Knows nothing of collation.
        .target(
            name: "ThumbIndexStore",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The PostgreSQL store (`package` access, not a product): ListingStore over postgres-nio,
        // blocking on its futures, with StoreLocation and openStore for the front ends' --store.
        .target(
            name: "ThumbIndexPostgresStore",
            dependencies: [
                "ThumbIndexStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What the HTTP API reads from a request (`package` access, not a product): the query
        // string and a filter's parameters, the write endpoints' JSON bodies, and the errors they
        // answer with. No Hummingbird: the fuzz targets that drive these (Fuzz/) build without the
        // server's stack.
        .target(
            name: "ThumbIndexRequests",
            dependencies: [
                "ThumbIndex",
                "ThumbIndexStore",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // The HTTP front end: JSON API and the page, over listings built by the caller.
        .target(
            name: "ThumbIndexServer",
            dependencies: [
                "ThumbIndex",
                "ThumbIndexFormats",
                "ThumbIndexRequests",
                "ThumbIndexStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            // The page (HTML, its script and the modules it imports, its styles) and the OpenAPI
            // document, compiled into the binary.
            resources: [.embedInCode("Page/index.html"), .embedInCode("Page/page.js"), .embedInCode("Page/page.css"),
                        .embedInCode("Page/page/api.js"), .embedInCode("Page/page/render.js"),
                        .embedInCode("Page/page/sideindex.js"), .embedInCode("Page/page/query.js"),
                        .embedInCode("Page/page/writes.js"),
                        .embedInCode("OpenAPI/openapi.json")]
        ),
        .executableTarget(
            name: "thumbindex",
            dependencies: [
                "ThumbIndex",
                "ThumbIndexFormats",
                "ThumbIndexServer",
                "ThumbIndexStore",
                "ThumbIndexPostgresStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The bundled address book (a link to Corpora/contacts.tsv), compiled into the binary.
            resources: [.embedInCode("Resources/contacts.tsv")]
        ),
        .testTarget(
            name: "ThumbIndexTests",
            dependencies: [
                "ThumbIndex",
                "ThumbIndexFormats",
                "CThumbIndexICU",
                "CThumbIndexICUTestSupport",
                "thumbindex",  // built first, so the CLI tests can run the real binary
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "ThumbIndexStoreTests",
            dependencies: [
                "ThumbIndexStore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // The PostgreSQL store against a throw-away server (initdb, pg_ctl) per test process.
        .testTarget(
            name: "ThumbIndexPostgresStoreTests",
            dependencies: [
                "ThumbIndexStore",
                "ThumbIndexPostgresStore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "ThumbIndexServerTests",
            dependencies: [
                "ThumbIndex",
                "ThumbIndexFormats",
                "ThumbIndexRequests",
                "ThumbIndexServer",
                "ThumbIndexStore",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                // Raw sockets for the limits tests (a head that trickles, a connection over the cap).
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
    ],
    cxxLanguageStandard: .cxx17
)

// THUMBINDEX_TESTS=library leaves out the server's tests, and with them the test-only client stack
// they pull in (HummingbirdTesting's AsyncHTTPClient, NIOSSL with BoringSSL, HTTP/2): about half of
// what a test build compiles; the PostgreSQL store with its tests, so that postgres-nio (with
// swift-crypto's BoringSSL) is not built; and the front ends, the CLI and the server (Hummingbird,
// NIO, Prometheus), which the library's tests do not link: only its CLI suites run the `thumbindex`
// binary, and they run in `swift test`, not in this mode.
// scripts/sanitize uses it to keep its two instrumented builds (ASan, TSan) within the CI's time;
// unset, as in `swift test`, every test target is there.
if Context.environment["THUMBINDEX_TESTS"] == "library" {
    let frontEnds = ["thumbindex", "ThumbIndexServer"]
    package.targets.removeAll {
        (frontEnds + ["ThumbIndexServerTests", "ThumbIndexPostgresStoreTests", "ThumbIndexPostgresStore"]).contains($0.name)
    }
    package.products.removeAll { frontEnds.contains($0.name) }
    package.dependencies.removeAll { $0 === postgresNIO }
    for target in package.targets where target.name == "ThumbIndexTests" {
        target.dependencies.removeAll {
            if case .byNameItem(name: "thumbindex", _) = $0 { return true }
            return false
        }
    }
}

// The libFuzzer targets (Fuzz/Sources, seeds in Fuzz/Corpus), declared only when THUMBINDEX_FUZZ=1:
// scripts/fuzz sets it and builds them in .build-fuzz with `-sanitize=fuzzer,address`, so the default
// `swift build` and `swift test` see the same package as without them. They live in this package, not
// in one of their own like Benchmarks/, because they drive `package` API (the TSV and line readers,
// the request parsers, the store's item checks, the bridge), and `package` access does not cross
// packages.
if Context.environment["THUMBINDEX_FUZZ"] == "1" {
    // libFuzzer's LLVMFuzzerRunDriver, declared for Swift (SwiftPM renames an executable's `main`, so
    // libFuzzer's own `main` is not the one linked: each target's main.swift calls the driver).
    package.targets.append(.target(name: "CFuzzDriver", path: "Fuzz/Sources/CFuzzDriver"))
    package.targets.append(.target(name: "FuzzSupport", dependencies: ["CFuzzDriver"], path: "Fuzz/Sources/FuzzSupport"))
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzLines", ["ThumbIndexFormats"]),                          // RecordTable.read, .lines
        ("FuzzTSV", ["ThumbIndexFormats"]),                            // RecordTable.read, .tsv
        ("FuzzQueryString", ["ThumbIndexRequests", "ThumbIndex"]),     // QueryString, FilterQuery
        ("FuzzWriteBodies", ["ThumbIndexRequests", "ThumbIndexStore", "ThumbIndexFormats"]),  // WriteBodies, ItemLimits
        ("FuzzFold", ["CThumbIndexICU"]),                              // ti_fold_utf8, ti_fold_batch
        ("FuzzWordStarts", ["CThumbIndexICU"]),                        // ti_word_starts_utf8, _batch
        ("FuzzSearch", ["ThumbIndex", "CThumbIndexICU"]),              // the index against a naive scan
    ]
    for target in fuzzTargets {
        package.targets.append(.executableTarget(name: target.name, dependencies: ["FuzzSupport"] + target.dependencies,
                                                 path: "Fuzz/Sources/\(target.name)"))
    }
}
