import ImpressionTracking

/// The distributions of the exposure signals over a policy's visits, all kinds together,
/// per section kind and outside the feed: for each signal its median, 90th percentile (nearest rank) and
/// mean, in the signal's unit (seconds, a ratio, points per second).
package struct ExposureDistributions: Sendable, Hashable {
    /// One signal's distribution over some visits.
    package struct Statistics: Sendable, Hashable {
        package var median: Double
        package var p90: Double
        package var mean: Double
    }

    /// The distributions over some visits: their count, and each signal's statistics in
    /// `ExposureSignal.allCases` order (empty without visits).
    package struct Group: Sendable, Hashable {
        package var visits: Int
        package var signals: [Statistics]

        /// `signal`'s statistics; `nil` without visits.
        package subscript(_ signal: ExposureSignal) -> Statistics? {
            signals.indices.contains(signal.rawValue) ? signals[signal.rawValue] : nil
        }
    }

    /// Every visit, of any kind or of none.
    package var all: Group
    /// Per kind, in `SectionKind.allCases` order.
    package var byKind: [Group]
    /// The visits of recorded sections outside the feed, which have no kind (every
    /// section's in a run over traces without a feed).
    package var outsideFeed: Group

    init(_ tally: ExposureTally, sampleInterval: Duration) {
        func group(_ kinds: [Int]) -> Group {
            let visits = kinds.reduce(0) { $0 + tally.visits[$1] }
            guard visits > 0 else { return Group(visits: 0, signals: []) }
            return Group(visits: visits, signals: ExposureSignal.allCases.map { signal in
                let histogram = tally.histogram(signal, kinds: kinds).sorted { $0.key < $1.key }
                func percentile(_ percent: Int) -> Double {
                    // Nearest rank, as the report's other percentiles.
                    let rank = nearestRank(count: visits, percent: percent)
                    var seen = 0
                    for (value, count) in histogram {
                        seen += count
                        if seen >= rank { return Double(value) }
                    }
                    return Double(histogram.last?.key ?? 0)
                }
                let sum = histogram.reduce(0.0) { $0 + Double($1.key) * Double($1.value) }
                func value(_ units: Double) -> Double { signal.value(ofUnits: units, sampleInterval: sampleInterval) }
                return Statistics(median: value(percentile(50)), p90: value(percentile(90)), mean: value(sum / Double(visits)))
            })
        }
        all = group(Array(SectionKind.allCases.indices) + [ExposureTally.kindless])
        byKind = SectionKind.allCases.indices.map { group([$0]) }
        outsideFeed = group([ExposureTally.kindless])
    }
}
