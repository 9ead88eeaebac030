import ImpressionSimulation
import Testing

@Suite("SplitMix64 and its distributions")
struct RandomTests {
    @Test("seed 0 gives the published SplitMix64 sequence")
    func referenceSequence() {
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(random.next() == 0x06C4_5D18_8009_454F)
    }

    @Test("the same seed and stream give the same numbers; other streams differ")
    func streams() {
        var first = SplitMix64(seed: 42, stream: 7)
        var again = SplitMix64(seed: 42, stream: 7)
        var other = SplitMix64(seed: 42, stream: 8)
        let a = (0..<8).map { _ in first.next() }
        #expect(a == (0..<8).map { _ in again.next() })
        #expect(a != (0..<8).map { _ in other.next() })
    }

    @Test("uniform numbers stay in 0..<1 and bounded integers below their bound")
    func ranges() {
        var random = SplitMix64(seed: 3)
        var counts = [Int](repeating: 0, count: 7)
        for _ in 0..<70_000 {
            let uniform = random.nextUniform()
            #expect(uniform >= 0 && uniform < 1)
            counts[random.nextInt(below: 7)] += 1
        }
        // Each of 7 values 10,000 times, give or take 4 standard deviations (~370).
        #expect(counts.allSatisfy { abs($0 - 10_000) < 400 })
        #expect(random.nextInt(below: 0) == 0)
        #expect(random.nextInt(below: 1) == 0)
    }

    @Test("a log-normal pause has the mean and median it was given")
    func logNormal() {
        var random = SplitMix64(seed: 11)
        let count = 200_000
        var values = (0..<count).map { _ in random.nextLogNormal(mean: 2.5, sigma: 0.9) }
        let mean = values.reduce(0, +) / Double(count)
        values.sort()
        let median = values[count / 2]
        // Mean 2.5; median 2.5 · e^(-0.405) ≈ 1.667.
        #expect(abs(mean - 2.5) / 2.5 < 0.02)
        #expect(abs(median - 2.5 * 0.666_976_8) / 1.667 < 0.02)
        #expect(values.allSatisfy { $0 > 0 && $0.isFinite })
    }

    @Test("exponential gaps have mean 1/rate; a rate of 0 never happens")
    func exponential() {
        var random = SplitMix64(seed: 5)
        let count = 100_000
        let mean = (0..<count).map { _ in random.nextExponential(rate: 4) }.reduce(0, +) / Double(count)
        #expect(abs(mean - 0.25) / 0.25 < 0.02)
        #expect(random.nextExponential(rate: 0) == .infinity)
    }

    @Test("weighted choice follows the weights and ignores bad ones")
    func weighted() {
        var random = SplitMix64(seed: 9)
        var counts = [0, 0, 0, 0]
        for _ in 0..<40_000 { counts[random.nextIndex(weights: [1, 3, 0, -.nan])] += 1 }
        #expect(counts[2] == 0 && counts[3] == 0)
        #expect(abs(Double(counts[1]) / 40_000 - 0.75) < 0.01)
        #expect(random.nextIndex(weights: []) == 0)
        #expect(random.nextIndex(weights: [0, 0]) == 0)
    }
}
