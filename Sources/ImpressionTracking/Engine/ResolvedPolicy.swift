/// A section's policy with what can be worked out once per layout, so a sample reads
/// plain numbers.
struct ResolvedPolicy: Sendable, Hashable {
    var entryRatio: Double
    /// The ratio a counting section must keep: `exitVisibleRatio`, or `entryRatio`.
    var exitRatio: Double
    var requiredSamples: Int
    var measure: ImpressionPolicy.Measure
    var recurrence: ImpressionPolicy.Recurrence
    var capsToViewport: Bool
    /// Cumulative timing: the visit's earlier runs count towards the duration.
    var accumulatesTime: Bool
    /// `ceil(cooldown / sampleInterval)`; 0 without a cooldown.
    var cooldownSamples: Int

    /// - Parameter isLarge: the section meets the policy's `lowerRatio` rule.
    init(_ policy: ImpressionPolicy, sampleInterval: Duration, isLarge: Bool) {
        entryRatio = policy.minimumVisibleRatio
        if isLarge, case .lowerRatio(_, let ratio) = policy.largeSectionRule {
            entryRatio = ratio
        }
        exitRatio = min(entryRatio, policy.exitVisibleRatio ?? entryRatio)
        requiredSamples = policy.requiredSamples(sampleInterval: sampleInterval)
        measure = policy.measure
        recurrence = policy.recurrence
        capsToViewport = policy.largeSectionRule == .capToViewport
        accumulatesTime = policy.timing == .cumulative
        cooldownSamples = policy.cooldownSamples(sampleInterval: sampleInterval)
    }
}
