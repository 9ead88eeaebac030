import ImpressionSimulationFormats

/// The result of a run: the feed, how far sessions got, and a ``PolicySummary`` per policy.
///
/// Every number is computed from integer counts merged in session order, so a report
/// depends only on the ``SimulationConfiguration``, never on the number of workers.
/// ``table()`` and ``json()`` render it.
///
/// ```swift
/// let report = try await Simulation(configuration: SimulationConfiguration()).run()
/// print(report.table())                              // or report.json(), report.sectionsCSV()
/// let page = report.html(title: "Definitions compared")   // one self-contained HTML page
/// ```
public struct SimulationReport: Sendable, Hashable {
    /// What was run.
    public var configuration: SimulationConfiguration
    /// The number of feed sections of each kind, in the order of `SectionKind.allCases`.
    public var sectionsByKind: [Int]
    /// The depth buckets of ``PolicySummary/impressionsByDepth``.
    package var depthBuckets: [DepthBucket]
    /// The mean over sessions of the deepest position (1-based) that came on screen.
    public var deepestPositionMean: Double
    /// The median of the deepest position reached (nearest rank).
    public var deepestPositionMedian: Int
    /// The 90th percentile of the deepest position reached (nearest rank).
    public var deepestPositionP90: Int
    /// Inputs the engines refused; 0 unless something is wrong.
    public var rejectedInputs: Int
    /// One summary per policy, in the configuration's order.
    public var policies: [PolicySummary]
    /// Every section of the feed, top to bottom, with its counts under each policy
    /// (``sectionsCSV()``).
    package var sections: [SectionResult]
    /// With recorded sessions: the traces read, and those counted short or left out.
    package var recorded: RecordedSessions?
    /// With recorded sessions and two policies or more: each policy after the first
    /// against the first, impressions per session on the same sessions.
    package var policyDifferences: [PairedComparison] = []

    /// Creates a report from its parts; a run makes one from its tally with
    /// ``init(tally:of:)``.
    package init(configuration: SimulationConfiguration, sectionsByKind: [Int], depthBuckets: [DepthBucket],
                 deepestPositionMean: Double, deepestPositionMedian: Int, deepestPositionP90: Int,
                 rejectedInputs: Int, policies: [PolicySummary], sections: [SectionResult] = []) {
        self.configuration = configuration
        self.sectionsByKind = sectionsByKind
        self.depthBuckets = depthBuckets
        self.deepestPositionMean = deepestPositionMean
        self.deepestPositionMedian = deepestPositionMedian
        self.deepestPositionP90 = deepestPositionP90
        self.rejectedInputs = rejectedInputs
        self.policies = policies
        self.sections = sections
    }

    /// The simulated time: sessions × session duration, in seconds.
    public var sessionSeconds: Double {
        Double(configuration.sessionCount) * configuration.sessionDuration.inSeconds
    }
}
