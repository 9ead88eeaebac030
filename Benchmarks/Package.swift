// swift-tools-version: 6.1
import PackageDescription

// The benchmarks are a package of their own, as in swift-nio: no user of the library ever
// resolves package-benchmark, and the root Package.swift never mentions it.
//
//   swift package --package-path Benchmarks benchmark                        # everything
//   swift package --package-path Benchmarks benchmark --target ImpressionBenchmarks
//   Benchmarks/check-allocations.sh                                          # what CI runs

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "engine-profile", targets: ["EngineProfile"]),
        .executable(name: "audit-cost", targets: ["AuditCost"]),
        .executable(name: "calibration-spread", targets: ["CalibrationSpread"]),
        .executable(name: "fit-bias", targets: ["FitBias"]),
        .executable(name: "endless-feed", targets: ["EndlessFeed"]),
        .executable(name: "layout-memory", targets: ["LayoutMemory"]),
        .executable(name: "trace-reading", targets: ["TraceReading"]),
    ],
    dependencies: [
        .package(name: "ImpressionTracking", path: "../"),
        // The MallocInterposer trait is what makes the malloc counts (the metrics the
        // thresholds check) available on Swift 6.3.
        .package(
            url: "https://github.com/ordo-one/package-benchmark",
            from: "1.38.1",
            traits: ["MallocInterposer"]
        ),
    ],
    targets: [
        // Engine samples, scroll steps, layouts, the actor, and the ZOZO baseline.
        .executableTarget(
            name: "ImpressionBenchmarks",
            dependencies: [
                "ZOZOBaseline",
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "ImpressionTracking", package: "ImpressionTracking"),
            ],
            path: "Benchmarks/ImpressionBenchmarks",
            swiftSettings: swiftSettings,
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // 10,000 trackers ticking on one real clock for several seconds of wall time:
        // slow by nature, so it is its own target, out of the quick set and of CI.
        .executableTarget(
            name: "TrackerFleetBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "ImpressionTracking", package: "ImpressionTracking"),
            ],
            path: "Benchmarks/TrackerFleetBenchmarks",
            swiftSettings: swiftSettings,
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // ZOZO's seed algorithm, written naively: the baseline of every figure.
        .target(
            name: "ZOZOBaseline",
            dependencies: [.product(name: "ImpressionTracking", package: "ImpressionTracking")],
            path: "Benchmarks/ZOZOBaseline",
            swiftSettings: swiftSettings
        ),
        // Repeats one engine operation for valgrind's callgrind (instruction counts are
        // repeatable on a shared machine, where times are not); see its main.swift.
        .executableTarget(
            name: "EngineProfile",
            dependencies: ["ZOZOBaseline", .product(name: "ImpressionTracking", package: "ImpressionTracking"),
                           .product(name: "ImpressionSimulation", package: "ImpressionTracking")],
            path: "Profiling/EngineProfile",
            swiftSettings: swiftSettings
        ),
        // What `impressions audit` costs next to a replay of the same traces; see its main.swift.
        .executableTarget(
            name: "AuditCost",
            dependencies: [.product(name: "ImpressionSimulation", package: "ImpressionTracking")],
            path: "Profiling/AuditCost",
            swiftSettings: swiftSettings
        ),
        // Where the built-in feed and users land, seed by seed, feed and users apart; see its main.swift.
        .executableTarget(
            name: "CalibrationSpread",
            dependencies: [.product(name: "ImpressionSimulation", package: "ImpressionTracking"),
                           .product(name: "ImpressionTracking", package: "ImpressionTracking")],
            path: "Profiling/CalibrationSpread",
            swiftSettings: swiftSettings
        ),
        // How far `impressions fit` lands from a known users file over seeds; see its main.swift.
        .executableTarget(
            name: "FitBias",
            dependencies: [.product(name: "ImpressionSimulation", package: "ImpressionTracking"),
                           .product(name: "ImpressionTracking", package: "ImpressionTracking")],
            path: "Profiling/FitBias",
            swiftSettings: swiftSettings
        ),
        // An engine's memory over an endless feed of distinct sections; see its main.swift.
        .executableTarget(
            name: "EndlessFeed",
            dependencies: [.product(name: "ImpressionTracking", package: "ImpressionTracking")],
            path: "Profiling/EndlessFeed",
            swiftSettings: swiftSettings
        ),
        // The heap a large layout holds, per section; see its main.swift.
        .executableTarget(
            name: "LayoutMemory",
            dependencies: [.product(name: "ImpressionTracking", package: "ImpressionTracking")],
            path: "Profiling/LayoutMemory",
            swiftSettings: swiftSettings
        ),
        // What decoding traces costs, alone; see its main.swift.
        .executableTarget(
            name: "TraceReading",
            dependencies: [.product(name: "ImpressionTracking", package: "ImpressionTracking"),
                           .product(name: "ImpressionSimulation", package: "ImpressionTracking")],
            path: "Profiling/TraceReading",
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
