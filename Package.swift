// swift-tools-version: 6.1
import PackageDescription

// One list for every target, so the language mode and upcoming features stay in step.
let swiftSettings: [SwiftSetting] = [
    // Swift 6 is the language mode of the package (see `swiftLanguageModes` below);
    // these upcoming features tighten what the compiler checks beyond it.
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "ImpressionTracking",
    // Mutex (Synchronization) sets the floor on Apple platforms.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "ImpressionTracking", targets: ["ImpressionTracking"]),
        .executable(name: "scroll-demo", targets: ["ScrollDemo"]),
        .library(name: "ImpressionSimulation", targets: ["ImpressionSimulation"]),
        .executable(name: "impressions", targets: ["ImpressionsCLI"]),
    ],
    targets: [
        .target(name: "ImpressionTracking", swiftSettings: swiftSettings),
        // `swift run scroll-demo`: a scripted scroll session printing its impressions.
        .executableTarget(
            name: "ScrollDemo",
            dependencies: ["ImpressionTracking"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ImpressionTrackingTests",
            dependencies: ["ImpressionTracking"],
            swiftSettings: swiftSettings
        ),
        // Imports only the public API: proof that the contract compiles as written.
        .testTarget(
            name: "ContractTests",
            dependencies: ["ImpressionTracking"],
            swiftSettings: swiftSettings
        ),
        // The product ImpressionSimulation is five targets, so that what depends on what is
        // written here. From the bottom:
        // the files' machinery (a JSON value encoder and writer, the feed and users files'
        // path reading, numbers as text), which knows no simulation; the JSON reader and the
        // trace format, encoder and decoder, are ImpressionTracking's;
        .target(
            name: "ImpressionSimulationFormats",
            dependencies: ["ImpressionTracking"],
            swiftSettings: swiftSettings
        ),
        // the simulator: synthetic feeds, a user model on virtual time, sessions, the runner
        // and its report, the feed and users files, the replay of traces;
        .target(
            name: "ImpressionSimulationCore",
            dependencies: ["ImpressionSimulationFormats", "ImpressionTracking"],
            swiftSettings: swiftSettings
        ),
        // the analyses over it: the audit, the fit of users, layouts A/B, sweeps;
        .target(
            name: "ImpressionSimulationAnalyses",
            dependencies: ["ImpressionSimulationCore", "ImpressionSimulationFormats", "ImpressionTracking"],
            swiftSettings: swiftSettings
        ),
        // every report's forms (table, JSON, CSV, HTML page), the SVG charts, the timeline
        // and the session player. The player's style sheet and script are files of their
        // own, compiled in as strings by EmbedTextFiles (so the binary writes the page from
        // anywhere); excluded here so that SwiftPM neither warns about them nor copies them
        // as resources;
        .target(
            name: "ImpressionSimulationRendering",
            dependencies: [
                "ImpressionSimulationAnalyses", "ImpressionSimulationCore", "ImpressionSimulationFormats",
                "ImpressionTracking",
            ],
            exclude: ["Replay/player.css", "Replay/player.js"],
            swiftSettings: swiftSettings,
            plugins: ["EmbedTextFiles"]
        ),
        // and on top, the product's module: it re-exports the four and ImpressionTracking,
        // holds the manual (the DocC catalog), and the shards of simulate and audit, whose
        // files carry the reports' JSON and merge into every form of them.
        .target(
            name: "ImpressionSimulation",
            dependencies: [
                "ImpressionSimulationAnalyses", "ImpressionSimulationCore", "ImpressionSimulationFormats",
                "ImpressionSimulationRendering", "ImpressionTracking",
            ],
            swiftSettings: swiftSettings
        ),
        // Writes a target's `.css` and `.js` files into a generated Swift file of string
        // constants (`EmbeddedFiles.playerJS`); the tool it runs is TextFilesToSwift.
        .plugin(
            name: "EmbedTextFiles",
            capability: .buildTool(),
            dependencies: ["TextFilesToSwift"]
        ),
        .executableTarget(name: "TextFilesToSwift", swiftSettings: swiftSettings),
        .testTarget(
            name: "ImpressionSimulationTests",
            dependencies: [
                "ImpressionSimulation", "ImpressionSimulationAnalyses", "ImpressionSimulationCore",
                "ImpressionSimulationFormats", "ImpressionSimulationRendering", "ImpressionTracking",
            ],
            swiftSettings: swiftSettings
        ),
        // The simulator's command line: arguments, help, progress bar, files. No product,
        // so users of the libraries never compile it; tests run the command in process.
        .target(
            name: "ImpressionsCommandLine",
            dependencies: ["ImpressionSimulation", "ImpressionTracking"],
            swiftSettings: swiftSettings
        ),
        // `swift run -c release impressions simulate`: a thin main over the command line.
        .executableTarget(
            name: "ImpressionsCLI",
            dependencies: ["ImpressionsCommandLine"],
            swiftSettings: swiftSettings
        ),
        // A child process for the tests that kill a recording: records an endless session
        // through a TraceFileSink until it is killed. No product: only the tests run it,
        // and depending on it is what has `swift test` build it.
        .executableTarget(
            name: "KilledRecorder",
            dependencies: ["ImpressionTracking"],
            path: "Tests/KilledRecorder",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ImpressionsCommandLineTests",
            dependencies: ["ImpressionsCommandLine", "ImpressionSimulation", "ImpressionTracking", "KilledRecorder"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
