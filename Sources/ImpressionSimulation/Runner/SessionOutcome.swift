import ImpressionTracking

/// What one session gave under each policy.
public struct SessionOutcome: Sendable, Hashable {
    /// The impressions of each policy, in the order of the runner's policies, each in
    /// time order; section ids are feed positions.
    public var impressions: [[Impression<Int>]]
    /// The deepest feed position (0-based) that came on screen, if any did.
    public var deepestSection: Int?
    /// Inputs the engine refused (a non-finite offset, say); 0 for generated sessions.
    public var rejectedInputs: Int

    /// Creates an outcome; ``SessionRunner`` makes them.
    public init(impressions: [[Impression<Int>]], deepestSection: Int?, rejectedInputs: Int) {
        self.impressions = impressions
        self.deepestSection = deepestSection
        self.rejectedInputs = rejectedInputs
    }
}
