/// A section's policy with what can be worked out once per layout, so a sample reads
/// plain numbers.
struct ResolvedPolicy: Sendable, Hashable {
    var entryRatio: Double
    /// The ratio a counting section must keep: `exitVisibleRatio`, or `entryRatio`.
    var exitRatio: Double
    var requiredSamples: Int
    var measure: ImpressionPolicy.Measure
    var recurrence: ImpressionPolicy.Recurrence
    /// The fraction of the viewport a section's denominator is capped at: 1 for
    /// `capToViewport`, the fraction for `focus`, 0 (no cap) otherwise.
    var viewportFraction: Double
    /// Cumulative timing: the visit's earlier runs count towards the duration.
    var accumulatesTime: Bool
    /// Timing checked at both ends: a run never completes; the engine's checks
    /// (``BothEndsChecks``) fire instead.
    var checksBothEnds: Bool
    /// `ceil(cooldown / sampleInterval)`; 0 without a cooldown.
    var cooldownSamples: Int
    /// The least effective opacity at which a cell counts; 0 lets every cell count.
    var minimumOpacity: Double
    /// How the measured ratio is rounded before it is compared.
    var rounding: ImpressionPolicy.Rounding
    /// Nothing enters until the engine's first interaction.
    var requiresInteraction: Bool
    /// React Native's list item: floored to whole points, or measured against the
    /// viewport, a section wholly in view reading 1. The measurer takes a path of its own
    /// for such a policy; every other policy pays one test of this flag.
    var measuresAsListItem: Bool
    /// The ratio is over the viewport (``ImpressionPolicy/LargeSectionRule/viewportCoverage``).
    var ofViewport: Bool

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
        switch policy.largeSectionRule {
        case .capToViewport: viewportFraction = 1
        case .focus(let fraction): viewportFraction = fraction
        case .lowerRatio, .viewportCoverage, nil: viewportFraction = 0
        }
        accumulatesTime = policy.timing == .cumulative
        checksBothEnds = policy.timing == .checkedAtBothEnds
        cooldownSamples = policy.cooldownSamples(sampleInterval: sampleInterval)
        minimumOpacity = policy.minimumOpacity
        rounding = policy.rounding
        requiresInteraction = policy.requiresInteraction
        ofViewport = policy.largeSectionRule == .viewportCoverage
        measuresAsListItem = ofViewport || policy.rounding == .floorToWholePoints
    }

    /// `denominator` capped at ``viewportFraction`` of `viewport`, measured as this
    /// policy measures a section; unchanged without a cap.
    @inline(__always)
    func cappedDenominator(_ denominator: Double, viewport: Rect) -> Double {
        guard viewportFraction > 0 else { return denominator }
        let viewportMeasure: Double
        switch measure {
        case .height: viewportMeasure = viewport.height
        case .area: viewportMeasure = viewport.area
        case .width: viewportMeasure = viewport.width
        }
        return min(denominator, viewportFraction * viewportMeasure)
    }
}
