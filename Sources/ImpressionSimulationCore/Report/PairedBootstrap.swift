/// A paired percentile bootstrap over sessions: how sure is a difference between two
/// arms measured on the same sessions?
///
/// Each resample draws `n` session indices with replacement (`n` the sessions paired)
/// and takes, for every measure, the mean difference `(ΣB - ΣA) / n` and the ratio
/// `ΣB / ΣA - 1` over the drawn sessions, the same indices for A and B (the pairing)
/// and for every measure. The 95 % interval is the middle of the resampled values: with
/// `k = resamples / 40` (50 of 2,000), the bounds are the `(k+1)`-th smallest and the
/// `(k+1)`-th largest, `k` resamples cut from each end.
///
/// The values are counts: their sums over a resample must fit in an `Int`.
///
/// Resample `r` draws from `SplitMix64(seed: seed, stream: r)`, so the same data and
/// seed give the same bounds, bit for bit, however the resamples are spread over workers.
///
/// ```swift
/// let bootstrap = PairedBootstrap(seed: 7)
/// let ads = bootstrap.compare(a: adsPerSessionA, b: adsPerSessionB)
/// print(ads.difference, ads.lower, ads.upper, ads.excludesZero)
/// ```
package struct PairedBootstrap: Sendable, Hashable {
    /// The number of resamples.
    package var resamples: Int
    /// The seed of the resamples.
    package var seed: UInt64

    /// The resamples `impressions simulate` draws: enough for the 2.5 % tails to rest
    /// on 50 values each.
    package static let defaultResamples = 2000
    /// The most resamples accepted; more are clamped to it, fewer than 1 count as 1.
    package static let maximumResamples = 1_000_000

    /// A bootstrap of `resamples` resamples drawn from `seed`.
    package init(resamples: Int = PairedBootstrap.defaultResamples, seed: UInt64) {
        self.resamples = resamples
        self.seed = seed
    }

    /// Compares one measure: `a[i]` and `b[i]` are session `i`'s values in each arm.
    /// Sessions past the shorter array are left out.
    package func compare(a: [Int], b: [Int]) -> PairedComparison {
        compare([(a: a, b: b)])[0]
    }

    /// Compares several measures of the same sessions on the same resamples, one result
    /// per measure, in order. Sessions past the shortest array are left out.
    package func compare(_ measures: [(a: [Int], b: [Int])]) -> [PairedComparison] {
        let sessions = Self.sessions(of: measures)
        return summarise(measures, sessions: sessions,
                         sums: Self.sums(measures, sessions: sessions, seed: seed, resamples: 0..<resampleCount))
    }

    /// ``compare(_:)`` with the resamples spread over up to `workers` concurrent child
    /// tasks; the same results for any number of workers.
    package func compare(_ measures: [(a: [Int], b: [Int])], workers: Int) async -> [PairedComparison] {
        let sessions = Self.sessions(of: measures)
        let (seed, total) = (seed, resampleCount)
        let parts = max(1, min(workers, 1024, total))
        var sums = [[Int]](repeating: [], count: parts)
        await withTaskGroup(of: (Int, [Int]).self) { group in
            for part in 0..<parts {
                let resamples = (part * total / parts)..<((part + 1) * total / parts)
                group.addTask { (part, Self.sums(measures, sessions: sessions, seed: seed, resamples: resamples)) }
            }
            for await (part, partSums) in group { sums[part] = partSums }
        }
        return summarise(measures, sessions: sessions, sums: sums.flatMap { $0 })
    }

    private var resampleCount: Int { max(1, min(resamples, Self.maximumResamples)) }

    private static func sessions(of measures: [(a: [Int], b: [Int])]) -> Int {
        measures.map { min($0.a.count, $0.b.count) }.min() ?? 0
    }

    /// For each resample of `resamples`, in order, and each measure: `ΣA`, `ΣB` over the
    /// drawn sessions, flat. A resample counts how often it drew each session, then
    /// weighs every measure by those counts: the same sums as adding the drawn values,
    /// read in order instead of at random.
    private static func sums(_ measures: [(a: [Int], b: [Int])], sessions: Int, seed: UInt64,
                             resamples: Range<Int>) -> [Int] {
        guard sessions > 0 else { return [] }
        var sums: [Int] = []
        sums.reserveCapacity(resamples.count * measures.count * 2)
        var draws = [Int](repeating: 0, count: sessions)
        for resample in resamples {
            var random = SplitMix64(seed: seed, stream: UInt64(resample))
            for index in draws.indices { draws[index] = 0 }
            for _ in 0..<sessions { draws[random.nextInt(below: sessions)] += 1 }
            for measure in measures {
                sums.append(weightedSum(measure.a, draws))
                sums.append(weightedSum(measure.b, draws))
            }
        }
        return sums
    }

    /// `Σ values[i] × weights[i]` over the weights' indices.
    private static func weightedSum(_ values: [Int], _ weights: [Int]) -> Int {
        values.withUnsafeBufferPointer { values in
            weights.withUnsafeBufferPointer { weights in
                var sum = 0
                for index in weights.indices { sum &+= values[index] &* weights[index] }
                return sum
            }
        }
    }

    /// The comparisons from every resample's sums.
    private func summarise(_ measures: [(a: [Int], b: [Int])], sessions: Int, sums: [Int]) -> [PairedComparison] {
        let stride = measures.count * 2
        let resampled = stride == 0 ? 0 : sums.count / stride
        return measures.indices.map { measure in
            var differences: [Double] = []
            var ratios: [Double]? = []
            var (atOrBelowZero, atOrAboveZero) = (0, 0)
            for resample in 0..<resampled {
                let sumA = sums[resample * stride + measure * 2]
                let sumB = sums[resample * stride + measure * 2 + 1]
                differences.append(Double(sumB - sumA) / Double(sessions))
                if sumB <= sumA { atOrBelowZero += 1 }
                if sumB >= sumA { atOrAboveZero += 1 }
                // A ratio needs a positive denominator in every resample.
                if sumA > 0 { ratios?.append(Double(sumB) / Double(sumA) - 1) } else { ratios = nil }
            }
            let sumA = measures[measure].a.prefix(sessions).reduce(0, +)
            let sumB = measures[measure].b.prefix(sessions).reduce(0, +)
            let count = Double(max(1, sessions))
            let (lower, upper) = Self.interval(differences) ?? (0, 0)
            let relative = sumA > 0 ? ratios.flatMap(Self.interval) : nil
            var comparison = PairedComparison(
                sessions: sessions, meanA: Double(sumA) / count, meanB: Double(sumB) / count,
                difference: Double(sumB - sumA) / count, lower: lower, upper: upper,
                relativeChange: sumA > 0 ? Double(sumB) / Double(sumA) - 1 : nil,
                relativeLower: relative?.lower, relativeUpper: relative?.upper)
            comparison.pValue = Self.pValue(atOrBelowZero: atOrBelowZero, atOrAboveZero: atOrAboveZero, resamples: resampled)
            return comparison
        }
    }

    /// The two-sided bootstrap p-value from the resamples on each side of 0 (both count
    /// a resampled 0): `2 × (min + 1) / (resamples + 1)`, at most 1. The `+ 1`s count the
    /// data's own difference as one of the resamples, so that no p-value is 0, which
    /// a finite number of resamples cannot show.
    static func pValue(atOrBelowZero: Int, atOrAboveZero: Int, resamples: Int) -> Double {
        guard resamples > 0 else { return 1 }
        return min(1, 2 * Double(min(atOrBelowZero, atOrAboveZero) + 1) / Double(resamples + 1))
    }

    /// The 95 % percentile interval of resampled values: `k = count / 40` values cut
    /// from each end; `nil` for none.
    static func interval(_ values: [Double]) -> (lower: Double, upper: Double)? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let cut = sorted.count / 40
        return (sorted[cut], sorted[sorted.count - 1 - cut])
    }
}
