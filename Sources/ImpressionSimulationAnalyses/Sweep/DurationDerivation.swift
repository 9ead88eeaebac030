import ImpressionSimulationCore
import ImpressionTracking

/// Every cell of a ``SweepGrid`` counted from one policy per ratio.
///
/// A cell's policy differs from the other cells of its column only in its minimum
/// duration, and fires once per run of visible samples (on every entry, continuous
/// time, no cooldown, no hysteresis). Visibility does not depend on the duration, so
/// each column's runs are the same under every duration, and a cell's impressions are
/// exactly the runs at least its duration long: a run of `n` samples fires when
/// `(n - 1) * sampleInterval >= minimumDuration`. The engine then runs one policy per
/// ratio instead of one per cell, which is what makes a sweep of hundreds of
/// definitions cost a few policies' time. Tests check the counts against the cells'
/// policies run one by one.
struct DurationDerivation: Sendable {
    let grid: SweepGrid
    /// Per duration of the grid, the fewest visible samples a run needs to fire.
    let requiredSamples: [Int]

    /// The derivation of `grid`'s cells at `sampleInterval`; `nil` when a cell could
    /// fire otherwise than once per long enough run, or a section of `feed` has a policy
    /// of its own (it would ignore the cells' durations).
    init?(grid: SweepGrid, sampleInterval: Duration, feed: Feed) {
        let policy = grid.policy(ratio: grid.ratios[0], duration: .zero)
        guard policy.recurrence == .onEveryEntry, policy.timing == .continuous, policy.cooldown == .zero,
              policy.exitVisibleRatio == nil, sampleInterval > .zero,
              feed.sections.allSatisfy({ $0.policy == nil }) else { return nil }
        self.grid = grid
        requiredSamples = grid.durations.map { Self.requiredSamples(for: $0, sampleInterval: sampleInterval) }
    }

    /// The policies the engine runs: per ratio, the grid's policy with no minimum
    /// duration, then `extras` (the presets that are not a cell's policy).
    func enginePolicies(extras: some Collection<NamedPolicy>) -> [NamedPolicy] {
        grid.ratios.map { ratio in
            NamedPolicy(name: SweepGrid.name(measure: grid.measure, ratio: ratio, duration: .zero) + " runs",
                        policy: grid.policy(ratio: ratio, duration: .zero))
        } + extras
    }

    /// One session's impressions per sweep policy (the cells in cell order, then the
    /// extras), from the lengths of its runs under each ratio and the impressions of
    /// every engine policy.
    func counts(runs: [[Int]], impressions: [Int]) -> [Int] {
        var counts: [Int] = []
        counts.reserveCapacity(grid.count + impressions.count - grid.ratios.count)
        for required in requiredSamples {
            for column in grid.ratios.indices {
                counts.append(runs[column].count { $0 >= required })
            }
        }
        counts += impressions.dropFirst(grid.ratios.count)
        return counts
    }

    /// The fewest visible samples `n` with `(n - 1) * sampleInterval >= duration`: the
    /// engine's `ceil(duration / sampleInterval) + 1`, in exact `Duration` arithmetic.
    static func requiredSamples(for duration: Duration, sampleInterval: Duration) -> Int {
        var intervals = max(0, Int((duration / sampleInterval).rounded(.down)) - 1)
        while sampleInterval * intervals < duration { intervals += 1 }
        return intervals + 1
    }
}
