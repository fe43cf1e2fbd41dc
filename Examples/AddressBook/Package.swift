// swift-tools-version: 6.1
import PackageDescription

/// A command-line address book built on ThumbIndex's `EditableListing`, the way an app would use
/// it: a dependency by path (in an app, by URL and version), the `ThumbIndex` product, and only its
/// public API. Its contacts live in one saved file, so edits persist across runs.
///
///     swift run address-book add "Åsa Berg" --phone "+46 8 123 456" --locale sv
///     swift run address-book search berg
let package = Package(
    name: "AddressBook",
    dependencies: [
        .package(name: "ThumbIndex", path: "../.."),
        // Already a dependency of ThumbIndex (its command-line front end): nothing new to fetch.
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        .executableTarget(
            name: "address-book",
            dependencies: [
                .product(name: "ThumbIndex", package: "ThumbIndex"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/AddressBook"
        ),
    ]
)
