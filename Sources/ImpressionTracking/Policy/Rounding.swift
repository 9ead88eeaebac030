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
            }
        }

        /// The rounding as traces, feed files and the command line spell it: `exact`,
        /// `snap-near-ends` or `floor-to-percent`.
        public var key: String {
            switch self {
            case .exact: "exact"
            case .snapNearEnds: "snap-near-ends"
            case .floorToPercent: "floor-to-percent"
            }
        }

        /// The rounding spelt `key` (``key``), or `nil`.
        public init?(key: String) {
            guard let rounding = Self.allCases.first(where: { $0.key == key }) else { return nil }
            self = rounding
        }
    }
}
