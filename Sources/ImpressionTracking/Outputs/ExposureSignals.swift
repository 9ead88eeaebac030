/// Data signals of a section's exposure in one visit, computed from the samples the engine
/// takes anyway: how long it was in view, how much of it and of the screen it filled, and
/// whether the feed was at rest meanwhile. See <doc:ExposureSignalDefinitions> for each definition.
///
/// Signals describe the exposure; they measure no outcome. An engine or tracker reports
/// them only when made with `measuresExposureSignals: true`: on every impression
/// (``Impression/signals``), exit (``VisibilityEvent/exited(sectionID:time:stayDuration:totalVisibleDuration:visit:policy:signals:)``)
/// and snapshot row (``SectionStatistics/signals``).
///
/// A sample *in view* is one at which the engine is active and something of the section
/// shows (a part of positive area left after every container, the viewport insets, the
/// obstructions and the gates). Every time follows the library's one rule for durations
/// (<doc:TheRules#Durations>): each sample counted stands for the interval after it, up
/// to the sample the signals are reported at, so an impression's `timeInView` is its
/// `visibleDuration` when every sample in view met the policy. Every mean is over the
/// samples in view, the report's own included, and is never above its peak.
public struct ExposureSignals: Sendable, Hashable, Codable {
    /// The time of the samples in view.
    public var timeInView: Duration
    /// The time of the samples that met the policy: those the engine counts visible (the
    /// policy's ratio, its exit ratio once counting, its large-section rule).
    public var timeAtRatio: Duration
    /// The time of the longest run of consecutive samples that met the policy.
    public var longestRun: Duration
    /// The mean of the section's visible ratio over the samples in view, in `0...1`.
    public var meanVisibleRatio: Double
    /// The highest visible ratio at a sample in view, in `0...1`.
    public var peakVisibleRatio: Double
    /// The mean screen share over the samples in view, in `0...1`: the area of what shows
    /// of the section over the area of the effective viewport.
    public var meanScreenShare: Double
    /// The highest screen share at a sample in view, in `0...1`.
    public var peakScreenShare: Double
    /// The time of the samples in view at which the feed was at rest: the viewport moved
    /// slower than ``restingSpeed`` since the sample before.
    public var timeInViewAtRest: Duration
    /// The mean viewport speed over the samples in view, in points per second.
    public var meanScrollSpeed: Double

    /// The viewport speed below which the feed is at rest: 20 points per second, 2 points
    /// between two samples 100 ms apart.
    public static var restingSpeed: Double { 20 }

    /// Creates signals; engines make them. The defaults are nothing in view.
    public init(timeInView: Duration = .zero, timeAtRatio: Duration = .zero, longestRun: Duration = .zero,
                meanVisibleRatio: Double = 0, peakVisibleRatio: Double = 0, meanScreenShare: Double = 0,
                peakScreenShare: Double = 0, timeInViewAtRest: Duration = .zero, meanScrollSpeed: Double = 0) {
        self.timeInView = timeInView
        self.timeAtRatio = timeAtRatio
        self.longestRun = longestRun
        self.meanVisibleRatio = meanVisibleRatio
        self.peakVisibleRatio = peakVisibleRatio
        self.meanScreenShare = meanScreenShare
        self.peakScreenShare = peakScreenShare
        self.timeInViewAtRest = timeInViewAtRest
        self.meanScrollSpeed = meanScrollSpeed
    }
}

extension ExposureSignals: CustomStringConvertible {
    /// `in view 2.3 s (at ratio 2 s, longest 2 s, at rest 2 s), ratio 0.5 mean / 0.5 peak,
    /// share 0.25 mean / 0.25 peak, 15 pt/s`.
    public var description: String {
        "in view \(timeInView.formatted) (at ratio \(timeAtRatio.formatted), longest \(longestRun.formatted), "
            + "at rest \(timeInViewAtRest.formatted)), ratio \(meanVisibleRatio) mean / \(peakVisibleRatio) peak, "
            + "share \(meanScreenShare) mean / \(peakScreenShare) peak, \(meanScrollSpeed) pt/s"
    }
}
