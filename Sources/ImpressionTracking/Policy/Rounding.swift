extension ImpressionPolicy {
    /// How a policy rounds the ratio it measures before anything compares or reports it:
    /// the way a peer's own numbers come out, so that a policy can judge a section as
    /// that peer judges it.
    ///
    /// The rounded ratio is the ratio of the policy in every respect: it is compared with
    /// ``ImpressionPolicy/minimumVisibleRatio`` and ``ImpressionPolicy/exitVisibleRatio``,
    /// reported in impressions, events and snapshots, and added up by the exposure
    /// signals. A section with no visible part is not visible whatever its rounded ratio
    /// says, and one with a visible part rounded down to 0 still meets a policy of ratio 0:
    /// to count only what a peer reports above 0, ask for a ratio above 0
    /// (`.leastNonzeroMagnitude`).
    public enum Rounding: Sendable, Hashable, Codable, CaseIterable {
        /// The ratio as measured (the default).
        case exact
        /// Flutter's `visibility_detector` (`VisibilityInfo.visibleFraction`): a ratio
        /// within 0.01 of 0 is 0 and one within 0.01 of 1 is 1, both ends inclusive, the
        /// distance computed as Dart computes it (`(f - 1).abs() <= 0.01`), so that a cell
        /// flush with the screen's edge at 0.9999 counts under a policy of ratio 1.
        case snapNearEnds
        /// A whole percent, rounded down: the integer `percentageInView` the OM SDK
        /// reports, floored as IAB's OpenVV floored it, so 49.6 % is 49 % and misses a
        /// 50 % policy. A ratio within 10⁻⁹ of a whole percent is that percent, so that
        /// 29 % measured as `0.29` (whose `× 100` is 28.999…) stays 29 %.
        case floorToPercent
        /// React Native's `ViewabilityHelper`: the section's edges along the measure's axis
        /// are floored to whole points from the viewport's start (`top = floor(offset -
        /// scrollOffset)`, `bottom = floor(top + length)`), and the visible points are
        /// those between them inside the viewport. A section whose floored edges lie
        /// inside the viewport is wholly in view and reads 1, so that a cell measured at
        /// 147.43 points in a viewport of 411.43 counts under a policy of ratio 1; one
        /// whose floored edges leave nothing inside shows nothing, even under a policy of
        /// ratio 0. The denominator is not floored.
        ///
        /// It rounds the geometry, not the ratio, so it needs an axis: ``ImpressionPolicy/Measure/height``
        /// or ``ImpressionPolicy/Measure/width``, not ``ImpressionPolicy/Measure/area``.
        /// The section's edges are read from what shows of it (its top where it shows,
        /// else worked back from its bottom and its full length): exact for a section of
        /// one cell clipped only by the viewport, as a React Native list's item is.
        case floorToWholePoints

        /// `ratio` rounded this way; `ratio` is in `0...1`.
        @inline(__always)
        func rounded(_ ratio: Double) -> Double {
            switch self {
            case .exact:
                return ratio
            case .snapNearEnds:
                // `_floatNear(f, 0)` and `_floatNear(f, 1)` with `_kDefaultTolerance = 0.01`;
                // their relative test adds nothing for a fraction in 0...1.
                if ratio <= 0.01 { return 0 }
                return (ratio - 1).magnitude <= 0.01 ? 1 : ratio
            case .floorToPercent:
                return (ratio * 100 + 1e-9).rounded(.down) / 100
            case .floorToWholePoints:
                // The measurer floored the geometry before dividing.
                return ratio
            }
        }

        /// The rounding as traces, feed files and the command line spell it: `exact`,
        /// `snap-near-ends`, `floor-to-percent` or `whole-points`.
        public var key: String {
            switch self {
            case .exact: "exact"
            case .snapNearEnds: "snap-near-ends"
            case .floorToPercent: "floor-to-percent"
            case .floorToWholePoints: "whole-points"
            }
        }

        /// Every ``key``, as a message that refuses another one lists them:
        /// `exact, snap-near-ends, floor-to-percent or whole-points`.
        public static var keyList: String {
            let keys = allCases.map(\.key)
            return keys.dropLast().joined(separator: ", ") + " or " + keys.last!
        }

        /// The rounding spelt `key` (``key``), or `nil`.
        public init?(key: String) {
            guard let rounding = Self.allCases.first(where: { $0.key == key }) else { return nil }
            self = rounding
        }
    }
}
