#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few statistics a fit needs, on plain arrays.
enum SampleStatistics {
    static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
    }

    /// The sample standard deviation (n - 1); 0 for fewer than two values.
    static func standardDeviation(_ values: [Double]) -> Double {
        guard values.count >= 2 else { return 0 }
        let center = mean(values)
        let squares = values.reduce(0) { $0 + ($1 - center) * ($1 - center) }
        return (squares / Double(values.count - 1)).squareRoot()
    }

    /// The `fraction` quantile, interpolated between the sorted values.
    static func quantile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let position = fraction * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(sorted.count - 1, lower + 1)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }

    static func median(_ values: [Double]) -> Double { quantile(values, 0.5) }

    /// The log-normal that fits positive `values` best: the median and the standard
    /// deviation of the logarithm (maximum likelihood).
    static func logNormal(_ values: [Double]) -> (median: Double, sigma: Double) {
        let logs = values.filter { $0 > 0 }.map { log($0) }
        return (exp(mean(logs)), standardDeviation(logs))
    }

    /// `value` to `digits` significant digits: a fit's estimate without its noise digits.
    static func rounded(_ value: Double, significantDigits digits: Int = 4) -> Double {
        guard value.isFinite, value != 0 else { return value }
        let scale = pow(10, Double(digits) - (log10(abs(value))).rounded(.up))
        return (value * scale).rounded() / scale
    }
}
