import ImpressionSimulation

/// The options of `impressions feed`: which synthetic feed to write as a feed file.
package struct FeedOptions: Hashable, Sendable {
    /// `--export`: write the synthetic feed (the only action so far, and required, so
    /// that later actions can be added without changing what a bare `feed` does).
    package var export = false
    /// `--sections N`: as for `simulate`.
    package var sections = 2000
    /// `--seed X`: as for `simulate`.
    package var seed: UInt64 = 1

    /// Every default.
    package init() {}

    /// The synthetic feed `simulate` runs with the same `--sections` and `--seed`.
    package var feed: Feed {
        let configuration = SimulationConfiguration(sectionCount: sections, seed: seed)
        return Feed(sectionCount: configuration.sectionCount, parameters: configuration.feed,
                    screen: configuration.screen, seed: configuration.seed)
    }

    /// Reads `feed`'s arguments (without the subcommand).
    ///
    /// - Throws: ``CommandLineError`` naming the flag and the value.
    package static func parse(_ arguments: [String]) throws(CommandLineError) -> FeedOptions {
        var options = FeedOptions()
        var scanner = ArgumentScanner(arguments, subcommand: "feed")
        _ = try scanner.readFlags(flags, into: &options)
        guard options.export else { throw scanner.fail("missing --export (the feed to write)") }
        return options
    }
}
