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
        // Synthetic feeds, a user model on virtual time, and batch runs over many policies.
        // The session player's style sheet and script are files of their own, compiled in
        // as strings by EmbedTextFiles (so the binary writes the page from anywhere);
        // excluded here so that SwiftPM neither warns about them nor copies them as resources.
        .target(
            name: "ImpressionSimulation",
            dependencies: ["ImpressionTracking"],
            exclude: ["Player/player.css", "Player/player.js"],
            swiftSettings: swiftSettings,
            plugins: ["EmbedTextFiles"]
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
            dependencies: ["ImpressionSimulation", "ImpressionTracking"],
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
        .testTarget(
            name: "ImpressionsCommandLineTests",
            dependencies: ["ImpressionsCommandLine", "ImpressionSimulation", "ImpressionTracking"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
