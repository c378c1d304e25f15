// swift-tools-version:6.0
import PackageDescription

// The benchmarks' own programs: a bare Hummingbird server, the ceiling the endpoint's throughput is
// compared with, built and run in the same benchmark run on the same machine; and `LiveStreams`, a
// client holding thousands of live news streams (wrk cannot read streams).
let package = Package(
    name: "Baseline",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    ],
    targets: [
        .executableTarget(
            name: "Baseline",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")]
        ),
        .executableTarget(
            name: "LiveStreams",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
    ]
)
