import ImpressionTracking

/// A batch of simulated sessions on one synthetic feed, every session evaluated under
/// every policy: "what if the definition were 80 % / 2 s instead of 50 % / 1 s?",
/// answered on the same users.
///
/// ```swift
/// let simulation = try Simulation(configuration: SimulationConfiguration(sessionCount: 1000))
/// let report = await simulation.run()          // all cores; the same report on one
/// print(report.table())
/// ```
///
/// Session `i` is generated from `SplitMix64(seed: seed, stream: i)`, so it is the same
/// whichever worker runs it; workers take chunks of consecutive sessions from a task
/// group, and their tallies are merged in session order.
public struct Simulation: Sendable {
    /// What is run.
    public let configuration: SimulationConfiguration
    /// The feed, generated from the configuration's seed.
    public let feed: Feed
    /// The writer of the sessions.
    public let generator: SessionGenerator
    /// The replay of a session under every policy.
    public let runner: SessionRunner
    /// The depth buckets its reports count impressions by.
    let depthBuckets: [DepthBucket]
    /// Each feed section's depth bucket, by position: what a tally counts impressions by.
    private let depthBucketOfSection: [Int32]
    /// Each feed section's kind, as its index in `SectionKind.allCases`, by position.
    let kindOfSection: [Int32]

    /// Prepares a run: checks the configuration, builds the feed and the engines.
    ///
    /// - Throws: ``SimulationError`` naming the first bad value.
    public init(configuration: SimulationConfiguration) throws(SimulationError) {
        try configuration.validate()
        let feed = Feed(sectionCount: configuration.sectionCount, parameters: configuration.feed,
                        screen: configuration.screen, seed: configuration.seed)
        try self.init(validated: configuration, feed: feed)
    }

    /// Prepares a run on a given feed (a scripted one, say) instead of a generated one;
    /// the configuration's section count, screen and feed parameters become the feed's.
    ///
    /// - Throws: ``SimulationError`` naming the first bad value.
    public init(configuration: SimulationConfiguration, feed: Feed) throws(SimulationError) {
        var configuration = configuration
        configuration.sectionCount = feed.sections.count
        configuration.screen = feed.screen
        configuration.feed = feed.parameters
        try configuration.validate()
        try self.init(validated: configuration, feed: feed)
    }

    private init(validated configuration: SimulationConfiguration, feed: Feed) throws(SimulationError) {
        self.configuration = configuration
        self.feed = feed
        // The first drag is written only when some policy waits for it, so that sessions
        // without such a policy stay as they were.
        let waits = configuration.policies.contains { $0.policy.requiresInteraction }
            || feed.sections.contains { $0.policy?.requiresInteraction == true }
        generator = SessionGenerator(model: configuration.user, feed: feed, duration: configuration.sessionDuration,
                                     interactsAtFirstDrag: waits)
        runner = try SessionRunner(feed: feed, policies: configuration.policies,
                                   sampleInterval: configuration.sampleInterval, scope: configuration.layoutScope,
                                   measuresExposureSignals: configuration.measuresExposureSignals)
        let buckets = DepthBucket.buckets(ends: configuration.depthBucketEnds, sectionCount: feed.sections.count)
        depthBuckets = buckets
        var bucketOfSection: [Int32] = []
        bucketOfSection.reserveCapacity(feed.sections.count)
        for (bucketIndex, bucket) in buckets.enumerated() {
            for _ in bucket.first...bucket.last { bucketOfSection.append(Int32(bucketIndex)) }
        }
        depthBucketOfSection = bucketOfSection
        kindOfSection = feed.sections.map { section in
            Int32(SectionKind.allCases.firstIndex(of: section.kind) ?? 0)
        }
    }

    /// Session `index` of this run.
    public func session(at index: Int) -> Session {
        generator.session(seed: configuration.seed, index: index)
    }

    /// Runs every session on up to `workers` concurrent child tasks and summarises them.
    ///
    /// - Parameters:
    ///   - workers: concurrent tasks; by default one per core. The report is the same
    ///     for any number.
    ///   - progress: called with the number of sessions done and the total, from the
    ///     calling task, as chunks of sessions complete.
    ///
    /// Cancelling the calling task stops starting sessions; the report then covers the
    /// sessions done, the first ones in order (its ``SimulationConfiguration/sessionCount``
    /// says how many).
    public func run(workers: Int = Simulation.defaultWorkerCount,
                    progress: (@Sendable (_ completed: Int, _ total: Int) -> Void)? = nil) async -> SimulationReport {
        SimulationReport(tally: await tally(sessions: 0..<configuration.sessionCount, workers: workers, progress: progress), of: self)
    }

    /// Runs the sessions in `range` as ``run(workers:progress:)`` runs them all, and
    /// counts them; tallies of consecutive ranges append into the whole run's.
    ///
    /// With `keepingSessionCounts`, the tally also keeps each session's impressions by
    /// policy and kind (``SimulationTally/sessionCounts``), for a paired comparison.
    ///
    /// With `rows`, each session's impressions are also made into rows in its format
    /// (``SimulationTally/rows``), named by ``sessionName(at:)`` and the feed's section
    /// ids, and `writeRows` is given them in session order, from the calling task, as
    /// chunks of sessions are counted: the tally returned holds none.
    package func tally(sessions range: Range<Int>, workers: Int, keepingSessionCounts: Bool = false,
                       rows: ImpressionRows? = nil, writeRows: (String) -> Void = { _ in },
                       progress: (@Sendable (_ completed: Int, _ total: Int) -> Void)? = nil) async -> SimulationTally {
        var empty = emptyTally(keepingSessionCounts: keepingSessionCounts)
        empty.rows = rows?.emptied()
        return await SessionChunks.tally(
            sessions: range, workers: workers, empty: empty,
            progress: progress,
            chunk: { sessions in self.tally(sessions: sessions, keepingSessionCounts: keepingSessionCounts, rows: rows) },
            append: { tally, next in
                tally.append(next)
                if let text = tally.rows?.take(), !text.isEmpty { writeRows(text) }
            })
    }

    /// The name of session `index` of this run, which its impressions' ids hash and its
    /// trace's header names: `seed-S-session-I`, the run's seed and the index in decimal
    /// (`seed-3-session-17`). The same on every run with the seed, so runs of one seed
    /// that differ otherwise (the users, the feed) give their sessions the same names:
    /// keep such runs' rows apart.
    public func sessionName(at index: Int) -> String {
        "seed-\(configuration.seed)-session-\(index)"
    }

    /// Runs every session on the calling thread; the same report as ``run(workers:progress:)``.
    public func runSerially() -> SimulationReport {
        SimulationReport(tally: tally(sessions: 0..<configuration.sessionCount), of: self)
    }

    /// Replays recorded or scripted sessions instead of generated ones, on the calling
    /// thread, and summarises them; the report's session count is `sessions.count`, and
    /// its session duration theirs when they all have the same.
    public func report(replaying sessions: [Session]) -> SimulationReport {
        var tally = emptyTally()
        for session in sessions {
            count(runner.run(session), in: &tally)
        }
        var report = SimulationReport(tally: tally, of: self)
        if let duration = sessions.first?.duration, sessions.allSatisfy({ $0.duration == duration }) {
            report.configuration.sessionDuration = duration
        }
        return report
    }

    /// The number of cores online: the default number of workers.
    public static var defaultWorkerCount: Int { ProcessorCount.online }

    /// A tally of no session yet, sized for this run's policies and depth buckets.
    package func emptyTally(keepingSessionCounts: Bool = false) -> SimulationTally {
        SimulationTally(policyCount: configuration.policies.count, depthBucketCount: depthBuckets.count,
                        keepingSessionCounts: keepingSessionCounts, measuringExposure: configuration.measuresExposureSignals)
    }

    /// The sessions in `range`, run one after the other on the calling thread.
    /// With `rows`, the tally also holds the sessions' rows in its format.
    package func tally(sessions range: Range<Int>, keepingSessionCounts: Bool = false,
                       rows: ImpressionRows? = nil) -> SimulationTally {
        var tally = emptyTally(keepingSessionCounts: keepingSessionCounts)
        tally.rows = rows?.emptied()
        let sections = feed.sections
        for index in range {
            let outcome = runner.run(session(at: index))
            tally.rows?.add(outcome.impressions, session: sessionName(at: index)) { sections[$0].id }
            count(outcome, in: &tally)
        }
        return tally
    }

    /// Counts a session's outcome in `tally`, by this run's depth buckets and section
    /// kinds: the one way a generated, scripted or recorded session is counted.
    package func count(_ outcome: SessionOutcome, in tally: inout SimulationTally) {
        tally.add(outcome, depthBucketOfSection: depthBucketOfSection, kindOfSection: kindOfSection,
                  sampleInterval: configuration.sampleInterval)
    }
}
