// swift-tools-version: 6.1
import PackageDescription

/// A country picker built on ThumbIndex the way an app would use it: a dependency by path (in an app,
/// by URL and version), the `ThumbIndex` product, and only its public API.
let package = Package(
    name: "CountryPicker",
    dependencies: [
        .package(name: "ThumbIndex", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "CountryPicker",
            dependencies: [.product(name: "ThumbIndex", package: "ThumbIndex")]
        ),
    ]
)
