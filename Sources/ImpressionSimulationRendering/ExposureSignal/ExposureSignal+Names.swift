import ImpressionSimulationCore

// A signal's names in the reports: the key of its distribution in the JSON, its row in
// the table. The CSV names its columns in its header.
extension ExposureSignal {
    /// The JSON key of its distribution, with its unit: `timeInViewSeconds`,
    /// `meanScreenShare`, `meanScrollSpeedPointsPerSecond`.
    package var key: String {
        isTime ? "\(self)Seconds" : (self == .meanScrollSpeed ? "\(self)PointsPerSecond" : "\(self)")
    }

    /// Its row in a table: `in view (s)`.
    package var label: String {
        switch self {
        case .timeInView: "in view (s)"
        case .timeAtRatio: "at the ratio (s)"
        case .longestRun: "longest run (s)"
        case .timeInViewAtRest: "in view at rest (s)"
        case .meanVisibleRatio: "mean ratio"
        case .peakVisibleRatio: "peak ratio"
        case .meanScreenShare: "mean screen share"
        case .peakScreenShare: "peak screen share"
        case .meanScrollSpeed: "mean speed (pt/s)"
        }
    }
}
