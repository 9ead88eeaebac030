import ImpressionTracking

/// One of the exposure signals (ImpressionTracking's `ExposureSignals`, defined in its
/// manual) as the simulator's reports show it: its name in JSON, its label in a table, and
/// the whole unit its distributions are counted in (a sample, a thousandth, a point per
/// second), so that tallies of any split of the sessions add up to the same histograms.
package enum ExposureSignal: Int, CaseIterable, Sendable {
    case timeInView, timeAtRatio, longestRun, timeInViewAtRest
    case meanVisibleRatio, peakVisibleRatio, meanScreenShare, peakScreenShare
    case meanScrollSpeed

    /// The JSON key of its distribution, with its unit: `timeInViewSeconds`.
    package var key: String {
        switch self {
        case .timeInView: "timeInViewSeconds"
        case .timeAtRatio: "timeAtRatioSeconds"
        case .longestRun: "longestRunSeconds"
        case .timeInViewAtRest: "timeInViewAtRestSeconds"
        case .meanVisibleRatio: "meanVisibleRatio"
        case .peakVisibleRatio: "peakVisibleRatio"
        case .meanScreenShare: "meanScreenShare"
        case .peakScreenShare: "peakScreenShare"
        case .meanScrollSpeed: "meanScrollSpeedPointsPerSecond"
        }
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

    /// The signal in whole units: samples for the times, thousandths for ratios and
    /// shares, points per second for the speed.
    package func units(of signals: ExposureSignals, sampleInterval: Duration) -> Int {
        func samples(_ time: Duration) -> Int { Int((time / sampleInterval).rounded()) }
        func thousandths(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 1000).rounded()) }
        switch self {
        case .timeInView: return samples(signals.timeInView)
        case .timeAtRatio: return samples(signals.timeAtRatio)
        case .longestRun: return samples(signals.longestRun)
        case .timeInViewAtRest: return samples(signals.timeInViewAtRest)
        case .meanVisibleRatio: return thousandths(signals.meanVisibleRatio)
        case .peakVisibleRatio: return thousandths(signals.peakVisibleRatio)
        case .meanScreenShare: return thousandths(signals.meanScreenShare)
        case .peakScreenShare: return thousandths(signals.peakScreenShare)
        // A million points per second is far past any fling; the cap keeps a shard's sums in range.
        case .meanScrollSpeed: return Int(min(max(signals.meanScrollSpeed, 0), 1e6).rounded())
        }
    }

    /// Whether it is a time: counted in samples, shown in seconds (milliseconds in CSV).
    package var isTime: Bool {
        switch self {
        case .timeInView, .timeAtRatio, .longestRun, .timeInViewAtRest: true
        case .meanVisibleRatio, .peakVisibleRatio, .meanScreenShare, .peakScreenShare, .meanScrollSpeed: false
        }
    }

    /// A value in units, in the signal's own unit: seconds, a ratio, points per second.
    package func value(ofUnits units: Double, sampleInterval: Duration) -> Double {
        // Units times whole nanoseconds, then one division: 39 samples of 100 ms are 3.9 s exactly.
        if isTime { return units * Double(sampleInterval.wholeNanoseconds) / 1e9 }
        return self == .meanScrollSpeed ? units : units / 1000
    }
}
