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
/// Resample `r` draws from `SplitMix64(seed: seed, stream: r)`, so the same data and
/// seed give the same bounds, bit for bit.
///
/// ```swift
/// let bootstrap = PairedBootstrap(seed: 7)
/// let ads = bootstrap.compare(a: adsPerSessionA, b: adsPerSessionB)
/// print(ads.difference, ads.lower, ads.upper, ads.excludesZero)
/// ```
public struct PairedBootstrap: Sendable, Hashable {
    /// The number of resamples.
    public var resamples: Int
    /// The seed of the resamples.
    public var seed: UInt64

    /// The resamples `impressions simulate` draws: enough for the 2.5 % tails to rest
    /// on 50 values each.
    public static let defaultResamples = 2000
    /// The most resamples accepted; more are clamped to it, fewer than 1 count as 1.
    public static let maximumResamples = 1_000_000

    /// A bootstrap of `resamples` resamples drawn from `seed`.
    public init(resamples: Int = PairedBootstrap.defaultResamples, seed: UInt64) {
        self.resamples = resamples
        self.seed = seed
    }

    /// Compares one measure: `a[i]` and `b[i]` are session `i`'s values in each arm.
    /// Sessions past the shorter array are left out.
    public func compare(a: [Int], b: [Int]) -> PairedComparison {
        compare([(a: a, b: b)])[0]
    }

    /// Compares several measures of the same sessions on the same resamples, one result
    /// per measure, in order. Sessions past the shortest array are left out.
    public func compare(_ measures: [(a: [Int], b: [Int])]) -> [PairedComparison] {
        let sessions = measures.map { min($0.a.count, $0.b.count) }.min() ?? 0
        let resampleCount = max(1, min(resamples, Self.maximumResamples))
        var differences = [[Double]](repeating: [], count: measures.count)
        var ratios = [[Double]?](repeating: [], count: measures.count)
        if sessions > 0 {
            var indices = [Int](repeating: 0, count: sessions)
            for resample in 0..<resampleCount {
                var random = SplitMix64(seed: seed, stream: UInt64(resample))
                for position in indices.indices { indices[position] = random.nextInt(below: sessions) }
                for (measure, values) in measures.enumerated() {
                    let (sumA, sumB) = Self.sums(values.a, values.b, at: indices)
                    differences[measure].append(Double(sumB - sumA) / Double(sessions))
                    // A ratio needs a positive denominator in every resample.
                    if sumA > 0 { ratios[measure]?.append(Double(sumB) / Double(sumA) - 1) } else { ratios[measure] = nil }
                }
            }
        }
        return measures.indices.map { measure in
            let sumA = measures[measure].a.prefix(sessions).reduce(0, +)
            let sumB = measures[measure].b.prefix(sessions).reduce(0, +)
            let count = Double(max(1, sessions))
            let (lower, upper) = Self.interval(differences[measure]) ?? (0, 0)
            let relative = sumA > 0 ? ratios[measure].flatMap(Self.interval) : nil
            return PairedComparison(
                sessions: sessions, meanA: Double(sumA) / count, meanB: Double(sumB) / count,
                difference: Double(sumB - sumA) / count, lower: lower, upper: upper,
                relativeChange: sumA > 0 ? Double(sumB) / Double(sumA) - 1 : nil,
                relativeLower: relative?.lower, relativeUpper: relative?.upper)
        }
    }

    /// The sums of `a` and `b` over the sessions at `indices`.
    private static func sums(_ a: [Int], _ b: [Int], at indices: [Int]) -> (Int, Int) {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var sumA = 0
                var sumB = 0
                for index in indices {
                    sumA &+= a[index]
                    sumB &+= b[index]
                }
                return (sumA, sumB)
            }
        }
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
