import ImpressionTracking

/// Everything a simulation run depends on; the same configuration gives the same report.
///
/// The number of workers is deliberately not part of it: it changes how fast a run is,
/// never what it finds. It is `Codable`, exactly (durations to the attosecond), so a run
/// can be written down and reproduced: the shards of `impressions simulate --shard` carry
/// it for `impressions merge`.
///
/// ```swift
/// var configuration = SimulationConfiguration(sessionCount: 2000, sectionCount: 500, seed: 42)
/// configuration.sessionDuration = .seconds(120)
/// configuration.user.backgroundingsPerMinute = 1
/// try configuration.validate()                        // what Simulation checks first
/// let json = try JSONEncoder().encode(configuration)  // written down, read back exactly
/// ```
public struct SimulationConfiguration: Sendable, Hashable, Codable {
    /// How many sessions to simulate.
    public var sessionCount: Int
    /// How many sections the feed has.
    public var sectionCount: Int
    /// How long each session lasts.
    public var sessionDuration: Duration
    /// The seed of the feed and of every session.
    public var seed: UInt64
    /// The policies evaluated, each on every session.
    public var policies: [NamedPolicy]
    /// The engines' sample interval.
    public var sampleInterval: Duration
    /// The screen, and so the viewport.
    public var screen: Screen
    /// The feed's sizes and mix.
    public var feed: FeedParameters
    /// The users' behaviour.
    public var user: UserModel
    /// The last feed position (1-based) of each depth bucket but the final one, which
    /// runs to the end of the feed (``PolicySummary/impressionsByDepth`` counts by them).
    public var depthBucketEnds: [Int]
    /// Which sections the engines' layouts hold; the impressions are the same either
    /// way, only the cost of a layout change differs (see ``FeedLayout/Scope``).
    public var layoutScope: FeedLayout.Scope
    /// Whether the run measures exposure signals (ImpressionTracking's `ExposureSignals`)
    /// and reports their distributions per policy and section kind; off by default, when
    /// a run costs what it did (`impressions simulate --signals`).
    public var measuresExposureSignals: Bool {
        get { exposureSignals ?? false }
        set { exposureSignals = newValue ? true : nil }
    }
    /// Stored as an optional so that a configuration without the key (a shard, a file)
    /// reads back as off, and off writes no key.
    private var exposureSignals: Bool?

    /// Creates a configuration; the defaults print a comparison within seconds.
    public init(
        sessionCount: Int = 200,
        sectionCount: Int = 2000,
        sessionDuration: Duration = .seconds(60),
        seed: UInt64 = 1,
        policies: [NamedPolicy] = NamedPolicy.defaults,
        sampleInterval: Duration = .milliseconds(100),
        screen: Screen = .phone,
        feed: FeedParameters = FeedParameters(),
        user: UserModel = UserModel(),
        depthBucketEnds: [Int] = [10, 25, 50, 100, 250, 500, 1000],
        layoutScope: FeedLayout.Scope = .window(marginScreens: 2)
    ) {
        self.sessionCount = sessionCount
        self.sectionCount = sectionCount
        self.sessionDuration = sessionDuration
        self.seed = seed
        self.policies = policies
        self.sampleInterval = sampleInterval
        self.screen = screen
        self.feed = feed
        self.user = user
        self.depthBucketEnds = depthBucketEnds
        self.layoutScope = layoutScope
    }

    /// The limits the command line enforces: up to a million sessions and sections, and
    /// sessions of up to a day.
    public static let sessionCountRange = 0...1_000_000
    /// See ``sessionCountRange``.
    public static let sectionCountRange = 0...1_000_000
    /// See ``sessionCountRange``.
    public static let sessionDurationRange = Duration.zero ... .seconds(86_400)

    /// Checks every part, so that a run cannot fail half way.
    ///
    /// - Throws: ``SimulationError`` naming the first bad value.
    public func validate() throws(SimulationError) {
        guard Self.sessionCountRange.contains(sessionCount) else {
            throw SimulationError("sessionCount must be in \(Self.sessionCountRange), got \(sessionCount)")
        }
        guard Self.sectionCountRange.contains(sectionCount) else {
            throw SimulationError("sectionCount must be in \(Self.sectionCountRange), got \(sectionCount)")
        }
        guard Self.sessionDurationRange.contains(sessionDuration) else {
            throw SimulationError("sessionDuration must be in 0...86400 s, got \(sessionDuration)")
        }
        for named in policies {
            do throws(ConfigurationError) {
                try named.policy.validate()
            } catch {
                throw SimulationError("policy \(named.name): \(error)")
            }
        }
        guard sampleInterval > .zero else {
            throw SimulationError("sampleInterval must be positive, got \(sampleInterval)")
        }
        guard screen.isValid else {
            throw SimulationError("the screen must have finite positive sides up to 100000, got \(screen.width)×\(screen.height)")
        }
        if let problem = feed.problem { throw SimulationError("feed: \(problem)") }
        if let problem = user.problem { throw SimulationError("user model: \(problem)") }
        guard depthBucketEnds.allSatisfy({ $0 >= 1 }), zip(depthBucketEnds, depthBucketEnds.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw SimulationError("depthBucketEnds must be increasing positions from 1, got \(depthBucketEnds)")
        }
        if case .window(let marginScreens) = layoutScope, !(marginScreens >= 0 && marginScreens <= 1000) {
            throw SimulationError("the layout window's margin must be in 0...1000 screens, got \(marginScreens)")
        }
    }
}
