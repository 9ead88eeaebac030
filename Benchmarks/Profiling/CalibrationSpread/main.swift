import Foundation
import ImpressionSimulation
import ImpressionTracking

// Where the ads' MRC viewable rate of the built-in feed and users lands, seed by seed, and
// how much of its spread comes from the feed and how much from the users. A run's seed
// draws both: the feed (which kinds sit around each ad slot) and the sessions. Three
// designs, each over the same seeds:
//
//   both      the seed draws the feed and the users, as `impressions simulate --seed`;
//   users     one feed (seed 11's), the users drawn by each seed;
//   feed      one set of users (seed 11's), the feed drawn by each seed.
//
//   swift build --package-path Benchmarks -c release --product calibration-spread
//   Benchmarks/.build/release/calibration-spread 20 2000
//
// Per design: the rates, their mean and standard deviation across seeds, the pooled rate
// (all impressed over all rendered), and the binomial standard error of one seed's rate,
// which is what the spread would be if nothing but the sampling of sessions varied.

let arguments = CommandLine.arguments
guard arguments.count == 3, let seedCount = Int(arguments[1]), seedCount > 1,
      let sessions = Int(arguments[2]), sessions > 0 else {
    print("usage: calibration-spread <seeds> <sessions per seed>")
    exit(2)
}
guard let mrcDisplay = NamedPolicy.defaults.first(where: { $0.name == "mrc-display" }) else { fatalError("no mrc-display preset") }
let seeds = (1...UInt64(seedCount)).map { $0 * 7 + 4 }   // 11, 18, 25, ...: seed 11 first, the README's

func configuration(seed: UInt64) -> SimulationConfiguration {
    SimulationConfiguration(sessionCount: sessions, seed: seed, policies: [mrcDisplay])
}

/// Impressed and rendered ad-sessions of one run: users from `userSeed`, the feed from `feedSeed`.
func adRate(userSeed: UInt64, feedSeed: UInt64) async throws -> (impressed: Int, rendered: Int) {
    let users = configuration(seed: userSeed)
    let feed = Feed(sectionCount: users.sectionCount, parameters: users.feed, screen: users.screen, seed: feedSeed)
    let simulation = try Simulation(configuration: users, feed: feed)
    let ads = await simulation.run().policies[0].viewability(of: .ad)
    return (ads.impressed, ads.rendered)
}

func percent(_ value: Double) -> String { String(format: "%.1f %%", value * 100) }

var spreads: [String: Double] = [:]
for (design, seedsOf) in [("both", { (seed: UInt64) in (seed, seed) }), ("users", { (seed: UInt64) in (seed, UInt64(11)) }),
                          ("feed", { (seed: UInt64) in (UInt64(11), seed) })] as [(String, (UInt64) -> (UInt64, UInt64))] {
    var rates: [Double] = []
    var impressed = 0, rendered = 0
    for seed in seeds {
        let (userSeed, feedSeed) = seedsOf(seed)
        let run = try await adRate(userSeed: userSeed, feedSeed: feedSeed)
        impressed += run.impressed
        rendered += run.rendered
        rates.append(Double(run.impressed) / Double(run.rendered))
    }
    let mean = rates.reduce(0, +) / Double(rates.count)
    let deviation = (rates.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(rates.count - 1)).squareRoot()
    let pooled = Double(impressed) / Double(rendered)
    let perSeedRendered = Double(rendered) / Double(rates.count)
    let sampling = (pooled * (1 - pooled) / perSeedRendered).squareRoot()
    spreads[design] = deviation
    print("\(design): \(rates.map(percent).joined(separator: ", "))")
    print("  mean \(percent(mean)), sd across seeds \(String(format: "%.2f", deviation * 100)) points, range \(percent(rates.min()!))...\(percent(rates.max()!)); "
        + "pooled \(impressed) / \(rendered) = \(percent(pooled)); sampling error of one seed \(String(format: "%.2f", sampling * 100)) points")
}
if let both = spreads["both"], let users = spreads["users"], let feed = spreads["feed"] {
    let total = both * both
    print(String(format: "variance across seeds: both %.2f, users alone %.2f, feed alone %.2f (points squared); ", total * 1e4, users * users * 1e4, feed * feed * 1e4)
        + String(format: "the feed's share about %.0f %%", 100 * feed * feed / max(total, 1e-12)))
}
