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
    /// The bootstrap p-value of "no difference": twice the smaller share of resampled
    /// differences at or below 0 and at or above 0 (a resampled 0 counts on both sides),
    /// as `(count + 1) / (resamples + 1)`, at most 1. The percentile interval at level
    /// `1 - p` is about the widest that still leaves 0 out.
    package var pValue: Double = 1
    /// ``pValue`` adjusted for every row of its report by Holm's step-down method; `nil`
    /// until a report that tests several rows at once sets it.
    package var holmPValue: Double?

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

    /// Whether the difference's interval leaves out 0: the arms differ at the 5 % level,
    /// for this row taken alone. A bound exactly 0 touches 0 and does not leave it out.
    package var excludesZero: Bool { lower > 0 || upper < 0 }

    /// Whether the arms differ at the 5 % level once every row tested with this one is
    /// accounted for: ``holmPValue`` at most 0.05. `false` before it is set.
    package var differsAfterHolm: Bool { (holmPValue ?? 1) <= Self.level }

    /// The level the intervals and the tests are read at: 5 %.
    package static let level = 0.05

    /// Holm's step-down adjustment of `pValues`, in their order: the `i`-th smallest of
    /// `m` becomes the largest of `(m - j) × p_(j)` over `j <= i` (0-based), at most 1.
    /// It holds the chance of any false "differs" among the `m` to the level, whatever
    /// the rows' dependence (a kind's row and its policy's total are far from independent).
    package static func holmAdjusted(_ pValues: [Double]) -> [Double] {
        let order = pValues.indices.sorted { (pValues[$0], $0) < (pValues[$1], $1) }
        var adjusted = [Double](repeating: 1, count: pValues.count)
        var running = 0.0
        for (rank, index) in order.enumerated() {
            running = max(running, min(1, Double(pValues.count - rank) * pValues[index]))
            adjusted[index] = running
        }
        return adjusted
    }
}
