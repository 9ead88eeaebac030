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
    /// `exitVisibleRatio` is negative, NaN, or above the entry ratio.
    case exitRatioOutOfRange(Double, entry: Double)
    /// The large-section rule's `minimumArea` is negative or not finite.
    case invalidLargeSectionArea(Double)

    /// A one-line message naming the value.
    public var description: String {
        switch self {
        case .ratioOutOfRange(let ratio):
            "minimumVisibleRatio must be in 0...1, got \(ratio)"
        case .negativeDuration(let duration):
            "minimumDuration must not be negative, got \(duration)"
        case .nonPositiveSampleInterval(let interval):
            "sampleInterval must be positive, got \(interval)"
        case .exitRatioOutOfRange(let exit, let entry):
            "exitVisibleRatio must be in 0...minimumVisibleRatio (\(entry)), got \(exit)"
        case .invalidLargeSectionArea(let area):
            "the large-section rule's minimumArea must be finite and not negative, got \(area)"
        }
    }
}
