import ImpressionSimulation
import Testing

@Suite("Paired bootstrap: the difference of two arms on the same sessions, with its 95 % interval")
struct PairedBootstrapTests {
    static let bootstrap = PairedBootstrap(seed: 42)

    @Test("identical arms: the difference is exactly 0, its interval [0, 0], and it does not exclude 0")
    func identicalArms() {
        let values = (0..<300).map { ($0 * 7919) % 23 }
        let result = Self.bootstrap.compare(a: values, b: values)
        #expect(result.sessions == 300)
        #expect(result.difference == 0 && result.lower == 0 && result.upper == 0)
        #expect(!result.excludesZero)
        #expect(result.relativeChange == 0 && result.relativeLower == 0 && result.relativeUpper == 0)
        #expect(result.meanA == result.meanB && result.meanA > 0)
    }

    @Test("a constant shift: every resample differs by the shift, so the interval collapses to it")
    func constantShift() {
        let a = (0..<250).map { ($0 * 31) % 17 }
        let result = Self.bootstrap.compare(a: a, b: a.map { $0 + 2 })
        #expect(result.difference == 2 && result.lower == 2 && result.upper == 2)
        #expect(result.excludesZero)
        let down = Self.bootstrap.compare(a: a, b: a.map { $0 - 3 })
        #expect(down.difference == -3 && down.lower == -3 && down.upper == -3 && down.excludesZero)
    }

    /// Differences 0, 0, 0, 3 over 4 sessions: a resample's mean is 3k/4, k the draws of
    /// the fourth session, k ~ Binomial(4, 1/4). P(k = 0) = 81/256 (31.6 %), so the 2.5 %
    /// quantile is 0; P(k <= 2) = 243/256 (94.9 %) and P(k <= 3) = 255/256 (99.6 %), so the
    /// 97.5 % quantile is k = 3, 9/4. Of 2,000 resamples about 632 have k = 0 and about 8
    /// have k = 4, both far from the 51 the bounds skip; A is 1 everywhere, so the ratio
    /// (4 + 3k)/4 - 1 has the same bounds.
    @Test("a small sample whose bootstrap distribution is known exactly: [0, 2.25]")
    func handComputed() {
        let result = Self.bootstrap.compare(a: [1, 1, 1, 1], b: [1, 1, 1, 4])
        #expect(result.difference == 0.75 && result.meanA == 1 && result.meanB == 1.75)
        #expect(result.lower == 0 && result.upper == 2.25)
        #expect(!result.excludesZero)
        #expect(result.relativeChange == 0.75 && result.relativeLower == 0 && result.relativeUpper == 2.25)
    }

    /// 400 sessions, B - A alternating 0 and 1: a resample's mean is Binomial(400, 1/2)/400,
    /// whose 2.5 % and 97.5 % quantiles are 180/400 and 220/400 (the normal approximation
    /// 0.5 ± 1.96 × 0.025 gives 0.451 and 0.549). The bootstrap's own error on a 2.5 %
    /// quantile with 2,000 resamples is about 0.0015, so ±0.01 is wide and still a check.
    @Test("a large sample: the interval matches the binomial quantiles computed independently")
    func binomialQuantiles() {
        let a = [Int](repeating: 5, count: 400)
        let b = (0..<400).map { 5 + $0 % 2 }
        let result = Self.bootstrap.compare(a: a, b: b)
        #expect(result.difference == 0.5)
        #expect(abs(result.lower - 0.45) <= 0.01 && abs(result.upper - 0.55) <= 0.01, "\(result.lower) \(result.upper)")
        #expect(result.excludesZero)
        // The ratio's interval is the difference's divided by A's mean, 5.
        #expect(abs((result.relativeLower ?? 0) - 0.09) <= 0.002 && abs((result.relativeUpper ?? 0) - 0.11) <= 0.002)
    }

    @Test("several measures share the resamples: a measure gives the same bounds alone or among others")
    func sharedResamples() {
        let a = (0..<120).map { ($0 * 13) % 7 }
        let b = (0..<120).map { ($0 * 5) % 9 }
        let alone = Self.bootstrap.compare(a: a, b: b)
        let together = Self.bootstrap.compare([(a: b, b: a), (a: a, b: b)])
        #expect(together[1] == alone)
        // Swapping the arms mirrors the difference and its interval.
        #expect(together[0].difference == -alone.difference)
        #expect(together[0].lower == -alone.upper && together[0].upper == -alone.lower)
    }

    @Test("spreading the resamples over workers changes nothing")
    func workers() async {
        let a = (0..<150).map { ($0 * 29) % 12 }
        let b = (0..<150).map { ($0 * 11) % 14 }
        let measures = [(a: a, b: b), (a: b, b: a), (a: a, b: a.map { $0 * 2 })]
        let serial = Self.bootstrap.compare(measures)
        for workers in [1, 3, 7, 5000] {
            #expect(await Self.bootstrap.compare(measures, workers: workers) == serial, "\(workers) workers")
        }
        #expect(await Self.bootstrap.compare([], workers: 2).isEmpty)
    }

    @Test("the seed fixes the interval; another seed moves it a little, not the difference")
    func seeds() {
        let a = (0..<200).map { ($0 * 17) % 11 }
        let b = (0..<200).map { ($0 * 23) % 13 }
        let first = PairedBootstrap(seed: 1).compare(a: a, b: b)
        #expect(PairedBootstrap(seed: 1).compare(a: a, b: b) == first)
        let other = PairedBootstrap(seed: 2).compare(a: a, b: b)
        #expect(other.difference == first.difference)
        #expect(other.lower != first.lower || other.upper != first.upper)
    }

    @Test("no sessions, no A impressions, unequal lengths: zeros and missing ratios, never a crash")
    func edges() {
        let empty = Self.bootstrap.compare(a: [], b: [])
        #expect(empty.sessions == 0 && empty.difference == 0 && empty.lower == 0 && empty.upper == 0)
        #expect(empty.relativeChange == nil)
        let fromZero = Self.bootstrap.compare(a: [0, 0, 0], b: [1, 2, 0])
        #expect(fromZero.relativeChange == nil && fromZero.relativeLower == nil && fromZero.difference == 1)
        // A resample that draws only session 0 has ΣA = 0: the ratio's interval is undefined.
        let sometimesZero = Self.bootstrap.compare(a: [0, 1], b: [1, 1])
        #expect(sometimesZero.relativeChange == 1 && sometimesZero.relativeLower == nil)
        let unequal = Self.bootstrap.compare(a: [1, 2, 3, 100], b: [1, 2, 3])
        #expect(unequal.sessions == 3 && unequal.difference == 0)
        #expect(PairedBootstrap(resamples: 0, seed: 1).compare(a: [1, 2], b: [2, 3]).lower == 1)
    }
}
