// swift-tools-version: 6.1
import PackageDescription

/// Layers, bottom to top:
///   CThumbIndexICU (C/C++ bridge to the system ICU 72)
///   → ThumbIndex (the library: collation, listings, search)
///   → thumbindex (the command-line front end) and ThumbIndexServer (the HTTP front end).
/// Benchmarks live in their own package under Benchmarks/ so they never slow down `swift test`.
let package = Package(
    name: "ThumbIndex",
    products: [
        .library(name: "ThumbIndex", targets: ["ThumbIndex"]),
        .executable(name: "thumbindex", targets: ["thumbindex"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
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
        .target(
            name: "ThumbIndex",
            dependencies: ["CThumbIndexICU"]
        ),
        .executableTarget(
            name: "thumbindex",
            dependencies: [
                "ThumbIndex",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "ThumbIndexTests",
            dependencies: [
                "ThumbIndex",
                "CThumbIndexICU",
                "thumbindex",  // built first, so the CLI tests can run the real binary
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ],
    cxxLanguageStandard: .cxx17
)
