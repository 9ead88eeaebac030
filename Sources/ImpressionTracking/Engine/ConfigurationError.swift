/// A policy or sample interval that the engine cannot work with.
///
/// Thrown by ``ImpressionPolicy/validate()`` and
/// ``ImpressionEngine/init(validating:sampleInterval:)``; an engine made with the
/// non-throwing initialiser and a bad configuration reports it in
/// ``ImpressionEngine/configurationError`` and throws it from every input that can throw.
public enum ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `minimumVisibleRatio` is outside `0...1` (or NaN).
    case ratioOutOfRange(Double)
    /// `minimumDuration` is negative.
    case negativeDuration(Duration)
    /// The sample interval is zero or negative.
    case nonPositiveSampleInterval(Duration)

    /// A one-line message naming the value.
    public var description: String {
        switch self {
        case .ratioOutOfRange(let ratio):
            "minimumVisibleRatio must be in 0...1, got \(ratio)"
        case .negativeDuration(let duration):
            "minimumDuration must not be negative, got \(duration)"
        case .nonPositiveSampleInterval(let interval):
            "sampleInterval must be positive, got \(interval)"
        }
    }
}
