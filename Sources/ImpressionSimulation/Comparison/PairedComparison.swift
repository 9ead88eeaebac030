/// Two arms compared on the same sessions: their means per session, the difference
/// `B - A` and the relative change `B / A - 1`, each with a 95 % percentile bootstrap
/// confidence interval (``PairedBootstrap``).
package struct PairedComparison: Sendable, Hashable {
    /// The sessions paired.
    package var sessions: Int
    /// Arm A's mean per session.
    package var meanA: Double
    /// Arm B's mean per session.
    package var meanB: Double
    /// `meanB - meanA`, computed from the integer sums: exactly 0 for identical arms.
    package var difference: Double
    /// The lower bound of the difference's 95 % interval.
    package var lower: Double
    /// The upper bound of the difference's 95 % interval.
    package var upper: Double
    /// `meanB / meanA - 1`; `nil` when A's sum is not positive.
    package var relativeChange: Double?
    /// The lower bound of the relative change's 95 % interval; `nil` when A's sum in some
    /// resample was not positive (a ratio without a denominator).
    package var relativeLower: Double?
    /// The upper bound of the relative change's 95 % interval; `nil` as ``relativeLower``.
    package var relativeUpper: Double?

    /// Creates a comparison; ``PairedBootstrap`` makes them.
    package init(sessions: Int, meanA: Double, meanB: Double, difference: Double, lower: Double, upper: Double,
                 relativeChange: Double?, relativeLower: Double?, relativeUpper: Double?) {
        self.sessions = sessions
        self.meanA = meanA
        self.meanB = meanB
        self.difference = difference
        self.lower = lower
        self.upper = upper
        self.relativeChange = relativeChange
        self.relativeLower = relativeLower
        self.relativeUpper = relativeUpper
    }

    /// Whether the difference's interval leaves out 0: the arms differ at the 5 % level.
    package var excludesZero: Bool { lower > 0 || upper < 0 }
}
