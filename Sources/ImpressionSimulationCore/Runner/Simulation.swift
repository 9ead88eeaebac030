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
    private let depthBuckets: [DepthBucket]
    let depthBucketOfSection: [Int32]
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
        generator = SessionGenerator(model: configuration.user, feed: feed, duration: configuration.sessionDuration)
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
        report(from: await tally(sessions: 0..<configuration.sessionCount, workers: workers, progress: progress))
    }

    /// Runs the sessions in `range` as ``run(workers:progress:)`` runs them all, and
    /// counts them; tallies of consecutive ranges append into the whole run's.
    ///
    /// With `keepingSessionCounts`, the tally also keeps each session's impressions by
    /// policy and kind (``SimulationTally/sessionCounts``), for a paired comparison.
    package func tally(sessions range: Range<Int>, workers: Int, keepingSessionCounts: Bool = false,
                       progress: (@Sendable (_ completed: Int, _ total: Int) -> Void)? = nil) async -> SimulationTally {
        await SessionChunks.tally(
            sessions: range, workers: workers, empty: emptyTally(keepingSessionCounts: keepingSessionCounts),
            progress: progress,
            chunk: { sessions in self.tally(sessions: sessions, keepingSessionCounts: keepingSessionCounts) },
            append: { $0.append($1) })
    }

    /// Runs every session on the calling thread; the same report as ``run(workers:progress:)``.
    public func runSerially() -> SimulationReport {
        report(from: tally(sessions: 0..<configuration.sessionCount))
    }

    /// Replays recorded or scripted sessions instead of generated ones, on the calling
    /// thread, and summarises them; the report's session count is `sessions.count`, and
    /// its session duration theirs when they all have the same.
    public func report(replaying sessions: [Session]) -> SimulationReport {
        var tally = emptyTally()
        for session in sessions {
            tally.add(runner.run(session), depthBucketOfSection: depthBucketOfSection, kindOfSection: kindOfSection,
                      sampleInterval: configuration.sampleInterval)
        }
        var report = report(from: tally)
        if let duration = sessions.first?.duration, sessions.allSatisfy({ $0.duration == duration }) {
            report.configuration.sessionDuration = duration
        }
        return report
    }

    /// The number of cores online: the default number of workers.
    public static var defaultWorkerCount: Int { ProcessorCount.online }

    package func emptyTally(keepingSessionCounts: Bool = false) -> SimulationTally {
        SimulationTally(policyCount: configuration.policies.count, depthBucketCount: depthBuckets.count,
                        keepingSessionCounts: keepingSessionCounts, measuringExposure: configuration.measuresExposureSignals)
    }

    /// The sessions in `range`, run one after the other on the calling thread.
    package func tally(sessions range: Range<Int>, keepingSessionCounts: Bool = false) -> SimulationTally {
        var tally = emptyTally(keepingSessionCounts: keepingSessionCounts)
        for index in range {
            let outcome = runner.run(session(at: index))
            tally.add(outcome, depthBucketOfSection: depthBucketOfSection, kindOfSection: kindOfSection,
                      sampleInterval: configuration.sampleInterval)
        }
        return tally
    }

    /// The report of the sessions `tally` counted: a whole run's, a shard's, or shards'
    /// merged.
    package func report(from tally: SimulationTally) -> SimulationReport {
        let sessions = tally.sessions
        var configuration = configuration
        configuration.sessionCount = sessions
        func perSession(_ count: Int) -> Double { sessions == 0 ? 0 : Double(count) / Double(sessions) }
        let sections = sectionResults(from: tally.sections, catalog: tally.catalog)
        let summaries = zip(configuration.policies, tally.policies).enumerated().map { policyIndex, pair in
            let (named, policyTally) = pair
            var byKind = Array(repeating: SectionViewability(), count: SectionKind.allCases.count)
            var outsideFeed = SectionViewability()
            for section in sections {
                if section.section < kindOfSection.count {
                    let kind = Int(kindOfSection[section.section])
                    byKind[kind] = byKind[kind] + section.byPolicy[policyIndex]
                } else {
                    outsideFeed = outsideFeed + section.byPolicy[policyIndex]
                }
            }
            let times = policyTally.firstImpressionTimes.sorted()
            var summary = PolicySummary(
                policy: named,
                impressions: policyTally.impressions,
                impressionsPerSession: perSession(policyTally.impressions),
                distinctSections: policyTally.distinctSections,
                distinctSectionsPerSession: perSession(policyTally.distinctSections),
                sessionsWithImpressions: times.count,
                firstImpressionMedian: nearestRank(times, percent: 50),
                firstImpressionP90: nearestRank(times, percent: 90),
                impressionsByDepth: policyTally.byDepth,
                impressionsByKind: policyTally.byKind,
                viewabilityByKind: byKind,
                firstImpressionPercentiles: times.isEmpty ? [] : (0...100).compactMap { nearestRank(times, percent: $0) },
                exposure: policyTally.exposure.map { ExposureDistributions($0, sampleInterval: configuration.sampleInterval) })
            // The tally counts by kind the impressions of the feed's sections only: the rest are outside it.
            summary.impressionsOutsideFeed = policyTally.impressions - policyTally.byKind.reduce(0, +)
            summary.viewabilityOutsideFeed = outsideFeed
            return summary
        }
        // Positions are reported 1-based; a session that saw nothing counts as 0.
        let deepest = tally.deepestSections.map { $0 + 1 }.sorted()
        if let recorded = tally.recorded, sessions > 0 {
            // Recorded sessions last what they last: the report's length is their mean.
            configuration.sessionDuration = .nanoseconds(recorded.sessionNanoseconds / Int64(sessions))
        }
        var report = SimulationReport(
            configuration: configuration,
            sectionsByKind: SectionKind.allCases.map { kind in feed.sections.count { $0.kind == kind } },
            depthBuckets: depthBuckets,
            deepestPositionMean: perSession(deepest.reduce(0, +)),
            deepestPositionMedian: nearestRank(deepest, percent: 50) ?? 0,
            deepestPositionP90: nearestRank(deepest, percent: 90) ?? 0,
            rejectedInputs: tally.rejectedInputs,
            policies: summaries,
            sections: sections)
        report.recorded = tally.recorded
        if tally.recorded != nil, let counts = tally.sessionCounts, configuration.policies.count > 1 {
            report.policyDifferences = Self.policyDifferences(counts, seed: configuration.seed)
        }
        return report
    }

    /// Each policy after the first against the first, on the same sessions: the mean
    /// difference in impressions per session with its paired bootstrap interval.
    static func policyDifferences(_ counts: SessionCounts, seed: UInt64) -> [PairedComparison] {
        let first = counts.perSession(policy: 0, kind: nil)
        return PairedBootstrap(seed: seed).compare((1..<counts.policyCount).map { policy in
            (a: first, b: counts.perSession(policy: policy, kind: nil))
        })
    }

    /// Every section's counts under every policy, as ``SimulationReport/sections`` holds them.
    ///
    /// With recorded sessions, the sections met outside the feed follow the feed's, by
    /// id, those with a count only: which ones a trace laid out but never showed depends
    /// on which traces were counted, and a report must not depend on how they were split.
    private func sectionResults(from tally: SectionTally, catalog: SectionCatalog?) -> [SectionResult] {
        var numbered: [(number: Int, name: String, kind: SectionKind?)] = feed.sections.indices.map { section in
            (section, feed.sections[section].id, feed.sections[section].kind)
        }
        if let catalog {
            let counted = catalog.extraIDs.enumerated().filter { offset, _ in
                let number = catalog.feedCount + offset
                return tally.counts(ofSection: number, policy: 0).rendered > 0 || configuration.policies.indices.contains { policy in
                    let counts = tally.counts(ofSection: number, policy: policy)
                    return counts.impressed > 0 || counts.visibleSamples > 0
                }
            }
            numbered += counted.sorted { $0.element < $1.element }.map { (catalog.feedCount + $0.offset, $0.element, nil) }
        }
        let interval = configuration.sampleInterval
        return numbered.enumerated().map { position, entry in
            let section = entry.number
            return SectionResult(section: position, name: entry.name, kind: entry.kind,
                          byPolicy: configuration.policies.indices.map { policy in
                let counts = tally.counts(ofSection: section, policy: policy)
                return SectionViewability(rendered: counts.rendered, impressed: counts.impressed,
                                          timeInView: interval * counts.visibleSamples)
            }, exposureByPolicy: tally.measuresExposure ? configuration.policies.indices.map { policy in
                guard let (visits, sums) = tally.exposure(ofSection: section, policy: policy), visits > 0 else {
                    return SectionResult.Exposure(visits: 0, means: nil)
                }
                return SectionResult.Exposure(visits: visits, means: zip(SectionTally.exposureSignals, sums).map { signal, sum in
                    signal.value(ofUnits: Double(sum) / Double(visits), sampleInterval: interval)
                })
            } : nil)
        }
    }
}
