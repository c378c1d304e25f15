// swift-tools-version:6.1
import PackageDescription

let upcoming: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// `ENDPOINT_FUZZING=1` (only `scripts/fuzz.sh`, for the `endpoint-fuzz` product) compiles the
/// modules whose parsers read outside bytes with libFuzzer's coverage and AddressSanitizer, and links
/// `endpoint-fuzz` with libFuzzer. It is set per module, not with `swift build --sanitize=fuzzer`,
/// which would also turn the build tool (`DataEmbedder`) into a fuzzer.
let fuzzing = Context.environment["ENDPOINT_FUZZING"] == "1"
let fuzzed: [SwiftSetting] = fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address"]), .define("FUZZING")] : []
/// The C parsers of outside bytes the fuzz targets reach, instrumented alike.
let fuzzedC: [CSetting] = fuzzing ? [.unsafeFlags(["-fsanitize=fuzzer-no-link,address"])] : []

/// What the vendored cmark-gfm release holds besides the library's sources: its build files, tests,
/// benchmarks, documentation and command (`main.c`, the `cmark-gfm` target).
let cmarkGFMOutsideTheLibrary = [
    ".editorconfig", ".github", ".gitignore", ".travis.yml", "CMakeLists.txt", "COPYING", "CheckFileOffsetBits.c",
    "CheckFileOffsetBits.cmake", "FindAsan.cmake", "Makefile", "Makefile.nmake", "README.md", "api_test", "appveyor.yml", "bench",
    "benchmarks.md", "changelog.txt", "data", "fuzz", "man", "nmake.bat", "suppressions", "test", "toolchain-mingw32.cmake", "tools",
    "why-cmark-and-not-x.md", "wrappers", "src/CMakeLists.txt", "src/case_fold_switch.inc", "src/cmark-gfm_version.h.in",
    "src/config.h.in", "src/entities.inc", "src/libcmark-gfm.pc.in", "src/scanners.re", "src/main.c", "extensions/CMakeLists.txt",
    "extensions/ext_scanners.re",
].map { "cmark-gfm/" + $0 }

extension Target.Dependency {
    static let sqlKit: Self = .product(name: "SQLKit", package: "sql-kit")
    static let logging: Self = .product(name: "Logging", package: "swift-log")
    static let nioCore: Self = .product(name: "NIOCore", package: "swift-nio")
    static let nioPosix: Self = .product(name: "NIOPosix", package: "swift-nio")
    static let nioLocks: Self = .product(name: "NIOConcurrencyHelpers", package: "swift-nio")
    static let nioSSL: Self = .product(name: "NIOSSL", package: "swift-nio-ssl")
    static let crypto: Self = .product(name: "Crypto", package: "swift-crypto")
    static let mustache: Self = .product(name: "Mustache", package: "swift-mustache")
    static let serviceLifecycle: Self = .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
    static let hummingbird: Self = .product(name: "Hummingbird", package: "hummingbird")
    static let hummingbirdTesting: Self = .product(name: "HummingbirdTesting", package: "hummingbird")
    static let httpTypes: Self = .product(name: "HTTPTypes", package: "swift-http-types")
    static let asyncHTTPClient: Self = .product(name: "AsyncHTTPClient", package: "async-http-client")
    static let jwtKit: Self = .product(name: "JWTKit", package: "jwt-kit")
    static let metrics: Self = .product(name: "Metrics", package: "swift-metrics")
    static let prometheus: Self = .product(name: "Prometheus", package: "swift-prometheus")
}

let package = Package(
    name: "composr-endpoint",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "endpoint", targets: ["Endpoint"]),
        .executable(name: "endpoint-fuzz", targets: ["EndpointFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/vapor/async-kit.git", from: "1.22.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.7.1"),
        .package(url: "https://github.com/apple/swift-nio-http2.git", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
    ],
    targets: [
        // MARK: Build tools

        .executableTarget(name: "DataEmbedder"),
        .plugin(name: "EmbedData", capability: .buildTool(), dependencies: ["DataEmbedder"]),

        // MARK: System libraries

        .systemLibrary(name: "CArgon2", path: "Sources/CArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"])]),
        .systemLibrary(name: "CCrypt", path: "Sources/CCrypt", pkgConfig: "libxcrypt", providers: [.apt(["libcrypt-dev"])]),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .target(name: "CArgon2Memory", dependencies: ["CArgon2"]),
        .systemLibrary(name: "CVips", path: "Sources/CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        .target(name: "CMediaCodec", dependencies: ["CVips"]),
        // cmark-gfm, upstream's 0.29.0.gfm.13 release vendored whole in Sources/CCmarkGFM/cmark-gfm
        // (Debian's 0.29.0.gfm.6 lacks the 2023 complexity fixes; VENDORED.md says how it is updated);
        // `cmark-gfm`, upstream's own command, is what upstream's test suite runs (CmarkGFMUpstreamTests).
        .target(
            name: "CCmarkGFM",
            path: "Sources/CCmarkGFM",
            exclude: cmarkGFMOutsideTheLibrary,
            sources: ["cmark-gfm/src", "cmark-gfm/extensions"],
            publicHeadersPath: "include",
            cSettings: [.headerSearchPath("cmark-gfm/src"), .headerSearchPath("cmark-gfm/extensions")] + fuzzedC
        ),
        .executableTarget(
            name: "cmark-gfm", dependencies: ["CCmarkGFM"], path: "Sources/CCmarkGFM/cmark-gfm/src", sources: ["main.c"],
            cSettings: [.headerSearchPath("../extensions")]),
        .systemLibrary(name: "CGumbo", path: "Sources/CGumbo", pkgConfig: "gumbo", providers: [.apt(["libgumbo-dev"])]),

        // MARK: Foundations: text, wording, storage (each feature module below builds on these)

        .target(name: "Text", swiftSettings: upcoming),
        .target(name: "Messages", exclude: ["embedded-data.txt", "Catalogs"], swiftSettings: upcoming, plugins: ["EmbedData"]),
        .target(
            name: "Storage",
            dependencies: [
                "Messages", "Text",
                .sqlKit,
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "AsyncKit", package: "async-kit"),
                .logging, .metrics, .nioLocks, .nioCore, .nioPosix, .serviceLifecycle,
            ],
            exclude: ["embedded-data.txt"],
            swiftSettings: upcoming,
            plugins: ["EmbedData"]
        ),

        // MARK: The hook contract: what a hook is given and answers (no storage, no hashing)

        .target(name: "EndpointCore", dependencies: ["Text", "Messages", .crypto, .logging, .nioCore, .nioLocks], swiftSettings: upcoming + fuzzed),

        // MARK: The URLs: every route parsed and printed from one declaration

        .target(name: "Routes", dependencies: ["Messages", "Text", .nioCore], swiftSettings: upcoming + fuzzed),

        // MARK: Rich text: Markdown and Comcode rendered once, every HTML through one allowlist

        .target(name: "RichText", dependencies: ["CCmarkGFM", "CGumbo", "Text"], swiftSettings: upcoming + fuzzed),

        // MARK: Features: each with its model, store (its SQL), rules and answers

        .target(name: "Outbox", dependencies: ["Storage", "Text", .sqlKit, .logging, .metrics], swiftSettings: upcoming),
        .target(
            name: "Mail",
            dependencies: ["Outbox", "Storage", "Text", .sqlKit, .mustache, .logging, .metrics, .nioCore, .nioPosix, .nioSSL],
            exclude: ["embedded-data.txt", "Templates"],
            swiftSettings: upcoming + fuzzed,
            plugins: ["EmbedData"]
        ),
        .target(
            name: "Push",
            dependencies: [
                "Messages", "Outbox", "Storage", "Text", .sqlKit, .asyncHTTPClient, .jwtKit, .logging, .metrics, .nioCore, .nioLocks, .nioSSL,
                .serviceLifecycle,
            ],
            swiftSettings: upcoming
        ),
        .target(
            name: "Auth",
            dependencies: [
                "CArgon2", "CArgon2Memory", "CCrypt", "EndpointCore", "Mail", "Messages", "Outbox", "Routes", "Storage", "Text",
                .sqlKit, .crypto, .logging, .metrics, .nioCore, .nioPosix, .nioLocks, .serviceLifecycle,
                .product(name: "HummingbirdOTP", package: "hummingbird-auth"),
            ],
            exclude: ["embedded-data.txt", "Accounts/Resources"],
            swiftSettings: upcoming + fuzzed,
            plugins: ["EmbedData"]
        ),
        .target(
            name: "Media",
            dependencies: [
                "CMediaCodec", "CMalloc", "EndpointCore", "Messages", "Outbox", "Routes", "Storage", "Text", .sqlKit, .crypto, .logging, .metrics,
                .nioCore, .nioPosix, .nioLocks,
                .serviceLifecycle,
            ],
            swiftSettings: upcoming + fuzzed
        ),
        .target(
            name: "News",
            dependencies: [
                "EndpointCore", "Galleries", "Media", "Push", "Messages", "RichText", "Routes", "Storage", "Text", .sqlKit, .crypto, .logging, .metrics,
                .nioCore, .nioLocks, .serviceLifecycle,
            ],
            swiftSettings: upcoming + fuzzed
        ),
        .target(
            name: "Galleries", dependencies: ["EndpointCore", "Media", "Messages", "Routes", "Storage", "Text", .sqlKit], swiftSettings: upcoming + fuzzed),
        .target(name: "Contact", dependencies: ["EndpointCore", "Mail", "Messages", "Outbox", "Push", "Storage", "Text", .sqlKit], swiftSettings: upcoming),

        // MARK: The API: the hooks and the HTTP server

        // MARK: Moving a Composr site over: its mysqldump read as a stream of rows, written in one transaction

        .target(
            name: "ComposrImport", dependencies: ["Auth", "News", "Galleries", "Media", "Messages", "EndpointCore", "Routes", "Storage", "Text", .sqlKit],
            swiftSettings: upcoming + fuzzed),

        .target(
            name: "Hooks",
            dependencies: [
                "EndpointCore", "News", "Galleries", "Media", "Contact", "Auth", "Mail", "Push", "Outbox", "Messages", "RichText", "Routes",
                "Storage", "Text", .sqlKit, .logging, .metrics, .nioLocks,
            ],
            swiftSettings: upcoming + fuzzed
        ),
        // MARK: The web console at /admin: pages for the people who run the site, on the features' rules

        .target(
            name: "Console",
            dependencies: [
                "Auth", "News", "Galleries", "Media", "Contact", "Mail", "Push", "Outbox", "EndpointCore", "Messages", "RichText", "Routes", "Storage",
                "Text", .sqlKit, .mustache, .crypto,
            ],
            exclude: ["embedded-data.txt", "Templates", "Assets"],
            swiftSettings: upcoming,
            plugins: ["EmbedData"]
        ),
        .target(
            name: "EndpointServer",
            dependencies: [
                "Console", "EndpointCore", "Hooks", "News", "Galleries", "Media", "Contact", "Auth", "Mail", "Push", "Outbox", "Messages", "Routes",
                "Storage", "Text", .hummingbird, .httpTypes, .mustache, .metrics, .prometheus,
                .serviceLifecycle, .crypto, .logging, .nioCore, .nioPosix,
                .product(name: "HummingbirdCore", package: "hummingbird"), .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            exclude: ["embedded-data.txt", "Pages/Templates", "OpenAPI"],
            swiftSettings: upcoming + fuzzed,
            plugins: ["EmbedData"]
        ),
        .executableTarget(
            name: "Endpoint",
            dependencies: [
                "EndpointServer", "EndpointCore", "ComposrImport", "Hooks", "News", "Media", "Auth", "Mail", "Push", "Outbox", "Messages", "RichText",
                "Storage", "Text",
                "CMalloc", .product(name: "ArgumentParser", package: "swift-argument-parser"), .logging,
            ],
            swiftSettings: upcoming
        ),

        // MARK: Fuzzing: the parsers that read outside bytes, and libFuzzer's driver (scripts/fuzz.sh)

        .target(
            name: "FuzzTargets",
            dependencies: [
                "EndpointServer", "EndpointCore", "ComposrImport", "Hooks", "News", "Media", "Mail", "Auth", "RichText", "Routes", "Storage", "Text",
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .nioCore,
            ],
            swiftSettings: upcoming + fuzzed
        ),
        .target(name: "CFuzzerDriver"),
        .executableTarget(
            name: "EndpointFuzz",
            dependencies: ["FuzzTargets", "CFuzzerDriver", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: upcoming + fuzzed,
            linkerSettings: fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address"])] : []
        ),

        // MARK: Tests

        .target(
            name: "TestSupport",
            dependencies: [
                "EndpointServer", "EndpointCore", "Hooks", "News", "Media", "Contact", "Auth", "Mail", "Push", "Outbox", "Messages", "Routes", "Storage",
                "Text", .hummingbird, .hummingbirdTesting, .asyncHTTPClient, .httpTypes, .jwtKit, .sqlKit, .logging, .serviceLifecycle,
                .nioCore, .nioPosix, .nioSSL, .nioLocks, .crypto,
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
            ],
            path: "Tests/TestSupport",
            exclude: ["Fixtures"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(name: "TextTests", dependencies: ["Text"], swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .testTarget(name: "RoutesTests", dependencies: ["Routes", "Messages"], swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .testTarget(name: "RichTextTests", dependencies: ["RichText", "TestSupport"], swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .testTarget(
            name: "ComposrImportTests", dependencies: ["ComposrImport", "TestSupport"], exclude: ["Fixtures"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .testTarget(
            name: "ConsoleTests",
            dependencies: [
                "Console", "TestSupport", "Auth", "Contact", "EndpointServer", "Media", "Messages", "News", "Push", "Storage", "Text", .sqlKit,
                .hummingbirdTesting,
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .testTarget(name: "MessagesTests", dependencies: ["Messages"], swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .testTarget(
            name: "StorageTests",
            dependencies: ["Storage", "Text", "Auth", "News", "Push", "Media", "TestSupport", .sqlKit, .nioLocks, .nioPosix],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(
            name: "OutboxTests",
            dependencies: ["Outbox", "Mail", "Push", "Storage", "TestSupport", .sqlKit],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(
            name: "AuthTests",
            dependencies: [
                "Auth", "CArgon2", "CArgon2Memory", "EndpointCore", "Hooks", "Messages", "Storage", "Text", "TestSupport", .hummingbirdTesting, .httpTypes,
                .sqlKit,
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(
            name: "MailTests",
            dependencies: ["Mail", "Outbox", "Storage", "EndpointServer", "TestSupport", .nioCore, .nioLocks],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(
            name: "PushTests",
            dependencies: ["Push", "Outbox", "Storage", "EndpointCore", "Hooks", "TestSupport", .jwtKit, .nioLocks, .sqlKit],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(
            name: "EndpointCoreTests",
            dependencies: ["EndpointCore", "Messages", "Text"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(
            name: "MediaTests",
            dependencies: ["Media", "CMediaCodec", "Messages", "Storage", "TestSupport", .logging, .nioCore],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(name: "GalleriesTests", dependencies: ["Galleries"], swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .testTarget(
            name: "NewsTests",
            dependencies: ["News", "Media", "Messages", "EndpointCore", "Storage", "Text", "TestSupport", .nioCore, .nioLocks, .sqlKit],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(
            name: "HooksTests",
            dependencies: [
                "Hooks", "News", "Media", "Contact", "EndpointCore", "Auth", "Messages", "Push", "Mail", "Outbox", "RichText", "Storage", "Text",
                "TestSupport", .hummingbirdTesting, .httpTypes, .sqlKit, .nioCore,
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(
            name: "EndpointServerTests",
            dependencies: [
                "EndpointServer", "EndpointCore", "Hooks", "News", "Auth", "Push", "Routes", "Storage", "Text", "TestSupport",
                .hummingbirdTesting, .httpTypes, .nioCore, .sqlKit,
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets"], swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .testTarget(
            name: "EndpointTests",
            dependencies: ["Endpoint", "Auth", "Media", "News", "Outbox", "Storage", "TestSupport", .asyncHTTPClient, .crypto, .nioCore, .nioPosix],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
    ]
)
