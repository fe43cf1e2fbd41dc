// swift-tools-version: 6.1
import PackageDescription

/// Layers, bottom to top:
///   CThumbIndexICU (C/C++ bridge to the system ICU 72; CThumbIndexICUTestSupport beside it, for
///   tests and benchmarks only: ICU's own AlphabeticIndex as the oracle, raw Unicode primitives)
///   → ThumbIndex (the library: collation, listings, search)
///   → ThumbIndexFormats (TSV in, JSON out: shared by the front ends, not a product)
///   → thumbindex (the command-line front end) and ThumbIndexServer (the HTTP front end).
/// Beside them, on GRDB alone: ThumbIndexStore (the SQLite store of live listings, not a product;
/// it knows nothing of collation), used by the CLI (`import`, `export`) and the server.
/// Benchmarks live in their own package under Benchmarks/ so they never slow down `swift test`.
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
        // Hummingbird's own transport, named for the server's connection limits (Limits/).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.14.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
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
        .target(
            name: "ThumbIndex",
            dependencies: ["CThumbIndexICU"]
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
        // The HTTP front end: JSON API and the page, over listings built by the caller.
        .target(
            name: "ThumbIndexServer",
            dependencies: [
                "ThumbIndex",
                "ThumbIndexFormats",
                "ThumbIndexStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The page (HTML, its script and its styles) and the OpenAPI document, compiled into the binary.
            resources: [.embedInCode("Page/index.html"), .embedInCode("Page/page.js"), .embedInCode("Page/page.css"),
                        .embedInCode("OpenAPI/openapi.json")]
        ),
        .executableTarget(
            name: "thumbindex",
            dependencies: [
                "ThumbIndex",
                "ThumbIndexFormats",
                "ThumbIndexServer",
                "ThumbIndexStore",
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
        .testTarget(
            name: "ThumbIndexServerTests",
            dependencies: [
                "ThumbIndex",
                "ThumbIndexFormats",
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
