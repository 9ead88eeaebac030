/// What one policy counted over every session of a run.
///
/// ```swift
/// let report = await simulation.run()
/// for summary in report.policies {
///     print(summary.policy.name, summary.impressionsPerSession, summary.firstImpressionMedian ?? .zero)
/// }
/// ```
public struct PolicySummary: Sendable, Hashable {
    /// The policy.
    public var policy: NamedPolicy
    /// Impressions over all sessions.
    public var impressions: Int
    /// `impressions / sessions`; 0 for a run without sessions.
    public var impressionsPerSession: Double
    /// The sum over sessions of the number of distinct sections with an impression.
    public var distinctSections: Int
    /// `distinctSections / sessions`: how many different sections a session counts.
    public var distinctSectionsPerSession: Double
    /// Sessions that had at least one impression.
    public var sessionsWithImpressions: Int
    /// The median time of a session's first impression, over the sessions that had one
    /// (nearest rank); `nil` when none had.
    public var firstImpressionMedian: Duration?
    /// The 90th percentile of the time of a session's first impression (nearest rank).
    public var firstImpressionP90: Duration?
    /// The distribution of a session's first impression time, over the sessions that had
    /// one: the percentiles 0, 1, ..., 100 (nearest rank, 101 values), or empty when none
    /// had. Its size does not grow with the sessions, so reports drawn from it do not either.
    public var firstImpressionPercentiles: [Duration]
    /// Impressions by the position of their section in the feed, one count per depth
    /// bucket: positions 1 through the first of ``SimulationConfiguration/depthBucketEnds``,
    /// then on to each next end, then to the end of the feed; a bucket that would start
    /// past the end of the feed is left out.
    public var impressionsByDepth: [Int]
    /// Impressions by kind of section, in the order of `SectionKind.allCases`.
    public var impressionsByKind: [Int]
    /// The sections of each kind, summed: section-sessions rendered and impressed, and
    /// time in view; in the order of `SectionKind.allCases`.
    public var viewabilityByKind: [SectionViewability]
    /// Impressions of recorded sections outside the feed, which have no position or kind:
    /// with them, ``impressionsByDepth`` and ``impressionsByKind`` each add up to
    /// ``impressions``. Always 0 in a simulation; every impression in a run over traces
    /// without a feed.
    package var impressionsOutsideFeed = 0
    /// The recorded sections outside the feed, summed as ``viewabilityByKind`` sums a kind's.
    package var viewabilityOutsideFeed = SectionViewability()
    /// The distributions of the exposure signals over the visits that met the policy, when
    /// the run measured them (``SimulationConfiguration/measuresExposureSignals``).
    package var exposure: ExposureDistributions?

    /// Creates a summary; ``Simulation`` makes them.
    package init(policy: NamedPolicy, impressions: Int, impressionsPerSession: Double,
                 distinctSections: Int, distinctSectionsPerSession: Double, sessionsWithImpressions: Int,
                 firstImpressionMedian: Duration?, firstImpressionP90: Duration?,
                 impressionsByDepth: [Int], impressionsByKind: [Int],
                 viewabilityByKind: [SectionViewability] = [], firstImpressionPercentiles: [Duration] = [],
                 exposure: ExposureDistributions? = nil) {
        self.policy = policy
        self.impressions = impressions
        self.impressionsPerSession = impressionsPerSession
        self.distinctSections = distinctSections
        self.distinctSectionsPerSession = distinctSectionsPerSession
        self.sessionsWithImpressions = sessionsWithImpressions
        self.firstImpressionMedian = firstImpressionMedian
        self.firstImpressionP90 = firstImpressionP90
        self.impressionsByDepth = impressionsByDepth
        self.impressionsByKind = impressionsByKind
        self.viewabilityByKind = viewabilityByKind
        self.firstImpressionPercentiles = firstImpressionPercentiles
        self.exposure = exposure
    }

    /// The impressions of sections of `kind`.
    public func impressions(of kind: SectionKind) -> Int {
        SectionKind.allCases.firstIndex(of: kind).map { impressionsByKind[$0] } ?? 0
    }

    /// The summed counts of the sections of `kind`; zeros when the summary has none.
    public func viewability(of kind: SectionKind) -> SectionViewability {
        guard let index = SectionKind.allCases.firstIndex(of: kind), viewabilityByKind.indices.contains(index) else {
            return SectionViewability()
        }
        return viewabilityByKind[index]
    }
}
