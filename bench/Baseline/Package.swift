// swift-tools-version:6.0
import PackageDescription

// A bare Hummingbird server: the ceiling the endpoint's throughput is compared with, built and run
// in the same benchmark run on the same machine.
let package = Package(
    name: "Baseline",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "Baseline",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")]
        ),
    ]
)
