import ImpressionSimulationCore
import ImpressionSimulationFormats
import ImpressionTracking

/// The feed a shard summary carries, and the run `merge` rebuilds from it.
///
/// A synthetic feed is generated from the configuration's seed, so its shards carry no
/// feed. Any other feed (a feed file's, `simulate --feed`) is carried whole, as the feed
/// file ``FeedFile/encode(_:)`` writes (one section a line, repeats expanded): shards are
/// then self-contained, whatever file each machine read, and shards of two files that
/// describe the same feed merge. The price is size: a shard grows with the feed's
/// sections, whatever repeats made the file short; `merge` reads the shards one at a
/// time and keeps one copy.
enum ShardFeed {
    /// The feed file text of `simulation`'s feed, or `nil` when its configuration
    /// generates that feed.
    ///
    /// - Throws: ``ShardSummaryError`` when the feed holds what a feed file cannot say
    ///   exactly (parameters other than the spacing, a section policy's exit ratio or
    ///   large-section rule, a duration finer than a nanosecond): merging would
    ///   rebuild another run.
    static func text(of simulation: Simulation) throws(ShardSummaryError) -> String? {
        let configuration = simulation.configuration
        let feed = simulation.feed
        let generated = Feed(sectionCount: configuration.sectionCount, parameters: configuration.feed,
                             screen: configuration.screen, seed: configuration.seed)
        if generated.templates == feed.templates { return nil }
        guard feed.parameters == FeedParameters(sectionSpacing: feed.parameters.sectionSpacing) else {
            throw ShardSummaryError("cannot record the run's feed: a feed file holds only the spacing of its parameters")
        }
        if let index = feed.templates.firstIndex(where: { template in template.policy.map { $0 != writable($0) } ?? false }) {
            throw ShardSummaryError("cannot record the run's feed: section \(index)'s policy holds more than a feed file says "
                + "(its ratio, duration and cooldown to the nanosecond, measure, recurrence, timing, focus and minimum opacity)")
        }
        return FeedFile.encode(feed)
    }

    /// What a feed file keeps of a section's policy: what its reader sets on the default.
    private static func writable(_ policy: ImpressionPolicy) -> ImpressionPolicy {
        var written = ImpressionPolicy()
        written.minimumVisibleRatio = policy.minimumVisibleRatio
        written.minimumDuration = .nanoseconds(policy.minimumDuration.wholeNanoseconds)
        written.measure = policy.measure
        written.recurrence = policy.recurrence
        written.timing = policy.timing
        written.cooldown = .nanoseconds(policy.cooldown.wholeNanoseconds)
        if case .focus = policy.largeSectionRule { written.largeSectionRule = policy.largeSectionRule }
        written.minimumOpacity = policy.minimumOpacity
        return written
    }

    /// The run that `configuration` and the shard's feed text (`nil` for the generated
    /// feed) describe; `name` is the shard the error names.
    ///
    /// - Throws: ``ShardSummaryError`` when the feed is not a valid feed file, or the
    ///   configuration is invalid or not the one the feed gives.
    static func simulation(configuration: SimulationConfiguration, feed text: String?,
                           name: String) throws(ShardSummaryError) -> Simulation {
        var feed: Feed?
        if let text {
            do throws(FileFormatError) {
                feed = try FeedFile.decode(text.utf8)
            } catch {
                throw ShardSummaryError("\(name): the run's feed is not a valid feed file: \(error)")
            }
        }
        let simulation: Simulation
        do throws(SimulationError) {
            if let feed {
                simulation = try Simulation(configuration: configuration, feed: feed)
            } else {
                simulation = try Simulation(configuration: configuration)
            }
        } catch {
            throw ShardSummaryError("\(name): the run's configuration is invalid: \(error)")
        }
        // The feed sets the section count, screen and spacing; a shard must agree with itself.
        guard simulation.configuration == configuration else {
            throw ShardSummaryError("\(name): the run's feed does not give its configuration's sections, screen and spacing")
        }
        return simulation
    }
}
