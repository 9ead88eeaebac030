import ImpressionTracking

/// One of the exposure signals (ImpressionTracking's `ExposureSignals`, defined in its
/// manual) as the simulator counts it: its value in a session's signals, and the whole
/// unit its distributions are counted in (a sample, a thousandth, a point per
/// second), so that tallies of any split of the sessions add up to the same histograms.
/// Its case names are the `ExposureSignals` properties'.
package enum ExposureSignal: Int, CaseIterable, Sendable {
    case timeInView, timeAtRatio, longestRun, timeInViewAtRest
    case meanVisibleRatio, peakVisibleRatio, meanScreenShare, peakScreenShare
    case meanScrollSpeed

    /// The signal's value in `signals`: a duration for the times, a number (a ratio, a
    /// share, points per second) for the others.
    package func value(of signals: ExposureSignals) -> Value {
        switch self {
        case .timeInView: .time(signals.timeInView)
        case .timeAtRatio: .time(signals.timeAtRatio)
        case .longestRun: .time(signals.longestRun)
        case .timeInViewAtRest: .time(signals.timeInViewAtRest)
        case .meanVisibleRatio: .number(signals.meanVisibleRatio)
        case .peakVisibleRatio: .number(signals.peakVisibleRatio)
        case .meanScreenShare: .number(signals.meanScreenShare)
        case .peakScreenShare: .number(signals.peakScreenShare)
        case .meanScrollSpeed: .number(signals.meanScrollSpeed)
        }
    }

    /// A signal's value.
    package enum Value {
        case time(Duration)
        case number(Double)
    }

    /// Whether it is a time: counted in samples, shown in seconds (milliseconds in CSV
    /// and in replay's lines).
    package var isTime: Bool { rawValue <= Self.timeInViewAtRest.rawValue }   // the times are the first cases

    /// The signal in whole units: samples for the times, thousandths for ratios and
    /// shares, points per second for the speed.
    package func units(of signals: ExposureSignals, sampleInterval: Duration) -> Int {
        switch value(of: signals) {
        case .time(let time): return Int((time / sampleInterval).rounded())
        // A million points per second is far past any fling; the cap keeps a shard's sums in range.
        case .number(let speed) where self == .meanScrollSpeed: return Int(min(max(speed, 0), 1e6).rounded())
        case .number(let fraction): return Int((min(max(fraction, 0), 1) * 1000).rounded())
        }
    }

    /// A value in units, in the signal's own unit: seconds, a ratio, points per second.
    package func value(ofUnits units: Double, sampleInterval: Duration) -> Double {
        // Units times whole nanoseconds, then one division: 39 samples of 100 ms are 3.9 s exactly.
        if isTime { return units * Double(sampleInterval.wholeNanoseconds) / 1e9 }
        return self == .meanScrollSpeed ? units : units / 1000
    }
}
