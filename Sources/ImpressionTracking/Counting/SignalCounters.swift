/// What the exposure signals of a section add up in one visit, in samples and sums, as
/// the samples are evaluated (``ExposureSignals`` is what they report).
///
/// The sums of ratios and shares are kept in fixed point, in units of 2^-32: samples
/// evaluated together (`n` identical ones between two inputs) then add exactly what `n`
/// samples evaluated one by one add, whatever the order, so an engine that jumps an hour
/// reports what a naive sample-by-sample count reports, to the bit. Speeds are summed as
/// they come: only the first sample after an input can move, the others add zero.
struct SignalCounters: Sendable, Hashable {
    /// The visit these count; 0 before the section is in view with signals on.
    var visit = 0
    var inViewSamples = 0
    /// In-view samples that met the policy.
    var samplesAtRatio = 0
    var longestRun = 0
    var restingSamples = 0
    var ratioSum: UInt64 = 0
    var shareSum: UInt64 = 0
    var speedSum = 0.0
    var peakRatio = 0.0
    var peakShare = 0.0
    /// The last sample these count. A report at that very sample leaves its interval out
    /// of every time, since that interval has not passed yet; the flags say which times
    /// it added to.
    var lastSample = Int.min
    var lastSampleAtRatio = false
    var lastSampleAtRest = false
    /// Whether the last sample made the longest run longer than any before it.
    var lastSampleLengthensLongestRun = false

    /// What one sample in view brings, with the counters of its visit.
    struct Sample: Sendable {
        /// The share of the screen the section fills: its visible area over the effective
        /// viewport's.
        var share: Double
        /// The viewport's speed since the sample before, in points per second.
        var speed: Double
    }

    /// 2^32: the fixed point's unit is its inverse.
    static let scale = 4_294_967_296.0

    /// `value` (in `0...1`) in units of 2^-32, rounded to the nearest (halves up).
    @inline(__always)
    static func fixedPoint(_ value: Double) -> UInt64 {
        // Truncating `x + 0.5` rounds as `rounded()` does for these x (at most 2^32, so the
        // sum is exact), without the call to the C library's `round` that takes.
        UInt64(min(max(value, 0), 1) * scale + 0.5)
    }

    /// These counters in `visit`: themselves, or fresh ones when they count another.
    @inline(__always)
    func inVisit(_ visit: Int) -> SignalCounters {
        self.visit == visit ? self : SignalCounters(visit: visit)
    }

    /// These counters after `count` samples in view, the last of them sample `last`: the
    /// first at `sample.speed`, the others still (no input between them), each at `ratio`
    /// and `sample.share`; when they met the policy, the run they are in has `runSamples`
    /// samples after them.
    func adding(_ count: Int, through last: Int, ratio: Double, _ sample: Sample, metPolicy: Bool,
                runSamples: Int) -> SignalCounters {
        var next = self
        next.lastSample = last
        next.lastSampleAtRatio = metPolicy
        next.lastSampleAtRest = count > 1 || sample.speed < ExposureSignals.restingSpeed
        next.lastSampleLengthensLongestRun = metPolicy && runSamples > longestRun
        next.inViewSamples = SectionCounters.saturatingSum(inViewSamples, count)
        if metPolicy {
            next.samplesAtRatio = SectionCounters.saturatingSum(samplesAtRatio, count)
            next.longestRun = max(longestRun, runSamples)
        }
        let restingAfterFirst = count &- 1
        next.restingSamples = SectionCounters.saturatingSum(
            restingSamples, sample.speed < ExposureSignals.restingSpeed ? count : restingAfterFirst)
        next.ratioSum = Self.saturatingSum(ratioSum, Self.fixedPoint(ratio), times: count)
        next.shareSum = Self.saturatingSum(shareSum, Self.fixedPoint(sample.share), times: count)
        next.speedSum = speedSum + sample.speed
        if ratio > peakRatio { next.peakRatio = ratio }
        if sample.share > peakShare { next.peakShare = sample.share }
        return next
    }

    private static func saturatingSum(_ sum: UInt64, _ value: UInt64, times count: Int) -> UInt64 {
        let (product, overflow) = value.multipliedReportingOverflow(by: UInt64(truncatingIfNeeded: count))
        let (total, overflowAgain) = sum.addingReportingOverflow(product)
        return overflow || overflowAgain ? UInt64.max : total
    }

    /// The signals these counters report at sample `reportSample`, for samples `interval`
    /// apart: each sample counted stands for the interval after it, up to `reportSample`
    /// (so the report's own sample adds no time yet), and each mean is over the samples.
    func signals(interval: Duration, reportedAt reportSample: Int) -> ExposureSignals {
        guard inViewSamples > 0 else { return ExposureSignals() }
        let pending = lastSample == reportSample
        func time(_ samples: Int, lastAddsTo adds: Bool) -> Duration {
            interval * (pending && adds ? samples &- 1 : samples)
        }
        let samples = Double(inViewSamples)
        // Rounding the sums to fixed point can put a mean of equal values a hair above
        // them; a mean is never above its peak.
        return ExposureSignals(
            timeInView: time(inViewSamples, lastAddsTo: true),
            timeAtRatio: time(samplesAtRatio, lastAddsTo: lastSampleAtRatio),
            longestRun: time(longestRun, lastAddsTo: lastSampleLengthensLongestRun),
            meanVisibleRatio: min(peakRatio, Double(ratioSum) / Self.scale / samples),
            peakVisibleRatio: peakRatio, meanScreenShare: min(peakShare, Double(shareSum) / Self.scale / samples),
            peakScreenShare: peakShare, timeInViewAtRest: time(restingSamples, lastAddsTo: lastSampleAtRest),
            meanScrollSpeed: speedSum / samples)
    }
}
