#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The distributions of the user model. Each takes its draws from the generator's own
// uniform numbers, so a seed fixes the values (up to the platform's libm, which
// rounds `log`, `exp` and `cos` the same on every run of one machine).
extension SplitMix64 {
    /// A standard normal number (mean 0, standard deviation 1), by Box-Muller.
    package mutating func nextStandardNormal() -> Double {
        // 1 - u is in (0, 1], so the logarithm is finite.
        let radius = (-2 * log(1 - nextUniform())).squareRoot()
        let angle = 2 * Double.pi * nextUniform()
        return radius * cos(angle)
    }

    /// A log-normal number with the given mean (`> 0`) and `sigma`, the standard
    /// deviation of its logarithm.
    ///
    /// The median is `mean * exp(-sigma² / 2)`: a reading pause with a mean of 3 s and a
    /// sigma of 0.9 has a median near 2 s and a long tail of long reads.
    package mutating func nextLogNormal(mean: Double, sigma: Double) -> Double {
        guard mean > 0, mean.isFinite else { return 0 }
        guard sigma > 0, sigma.isFinite else { return mean }
        return nextLogNormal(median: mean * exp(-sigma * sigma / 2), sigma: sigma)
    }

    /// A log-normal number with the given median (`> 0`) and `sigma`, the standard
    /// deviation of its logarithm; its mean is `median * exp(sigma² / 2)`.
    package mutating func nextLogNormal(median: Double, sigma: Double) -> Double {
        guard median > 0, median.isFinite else { return 0 }
        guard sigma > 0, sigma.isFinite else { return median }
        return median * exp(sigma * nextStandardNormal())
    }

    /// An exponential number with the given rate (events per unit); infinite for a rate
    /// that is not positive (the event never happens).
    package mutating func nextExponential(rate: Double) -> Double {
        guard rate > 0 else { return .infinity }
        return -log(1 - nextUniform()) / rate
    }

    /// An index into `weights`, each chosen with probability proportional to its weight;
    /// negative and non-finite weights count as zero, and all-zero weights give 0.
    package mutating func nextIndex(weights: [Double]) -> Int {
        var total = 0.0
        for weight in weights where weight.isFinite && weight > 0 { total += weight }
        guard total > 0 else { return 0 }
        var roll = nextUniform() * total
        var last = 0
        for (index, weight) in weights.enumerated() where weight.isFinite && weight > 0 {
            if roll < weight { return index }
            roll -= weight
            last = index
        }
        return last
    }
}
