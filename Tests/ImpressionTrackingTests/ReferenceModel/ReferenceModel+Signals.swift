@testable import ImpressionTracking

extension ReferenceModel {
    /// One sample at which a section was in view (active, something of it showing).
    struct InViewSample {
        var index: Int
        var ratio: Double
        /// Its visible area over the effective viewport's.
        var share: Double
        /// The viewport's speed since the sample before, in points per second.
        var speed: Double
        /// Whether it counted visible under the policy.
        var metPolicy: Bool
    }

    /// The viewport's speed at the sample about to be evaluated: how far its origin moved
    /// since the sample before, over the interval; 0 when either had no viewport.
    mutating func noteViewportSpeed() {
        let origin = viewport.map { Point(x: $0.x, y: $0.y) }
        speedAtSample = 0
        if let origin, let previous = originAtLastSample {
            let dx = origin.x - previous.x, dy = origin.y - previous.y
            speedAtSample = (dx * dx + dy * dy).squareRoot() / (Double(sampleInterval.totalAttoseconds) / 1e18)
        }
        originAtLastSample = origin
    }

    /// Notes that `id` is in view at the sample being evaluated, as `measured` says.
    mutating func noteInView(_ id: ID, _ measured: Measured, metPolicy: Bool) {
        guard measuresSignals, let screen = effectiveViewport else { return }
        let sample = InViewSample(index: evaluatedSamples, ratio: min(1, measured.ratio),
                                  share: measured.area / ((screen.right - screen.left) * (screen.bottom - screen.top)),
                                  speed: speedAtSample, metPolicy: metPolicy)
        if seen[id]!.inView.visit != visit { seen[id]!.inView = (visit, []) }
        seen[id]!.inView.samples.append(sample)
    }

    /// The signals of `id` in `visit` reported at sample `reportSample`, from every sample
    /// it was in view at, one by one: each sample stands for the interval after it, up to
    /// the report, so a sample at `reportSample` itself adds no time; means are over the
    /// samples, and a mean is never above its peak.
    func signals(of id: ID, inVisit visit: Int, reportedAt reportSample: Int) -> ExposureSignals {
        guard let inView = seen[id]?.inView, inView.visit == visit, !inView.samples.isEmpty else {
            return ExposureSignals()
        }
        let samples = inView.samples
        // The time each sample stands for, in intervals: 1, or 0 for the report's own.
        func time(_ sample: InViewSample) -> Int { sample.index < reportSample ? 1 : 0 }
        // A run: samples that met the policy at consecutive indices.
        var longest = 0, run = 0
        for (position, sample) in samples.enumerated() {
            let continues = position > 0 && samples[position - 1].metPolicy && samples[position - 1].index == sample.index - 1
            run = sample.metPolicy ? (continues ? run + time(sample) : time(sample)) : 0
            longest = max(longest, run)
        }
        // Sums of ratios and shares in units of 2^-32, as the definition says.
        func fixed(_ value: Double) -> UInt64 { UInt64((value * 4_294_967_296).rounded()) }
        let ratioSum = samples.reduce(UInt64(0)) { $0 + fixed($1.ratio) }
        let shareSum = samples.reduce(UInt64(0)) { $0 + fixed($1.share) }
        var speedSum = 0.0
        for sample in samples { speedSum += sample.speed }
        let count = Double(samples.count)
        let peakRatio = samples.map(\.ratio).max()!, peakShare = samples.map(\.share).max()!
        return ExposureSignals(
            timeInView: sampleInterval * samples.map(time).reduce(0, +),
            timeAtRatio: sampleInterval * samples.filter(\.metPolicy).map(time).reduce(0, +),
            longestRun: sampleInterval * longest,
            meanVisibleRatio: min(peakRatio, Double(ratioSum) / 4_294_967_296 / count),
            peakVisibleRatio: peakRatio,
            meanScreenShare: min(peakShare, Double(shareSum) / 4_294_967_296 / count),
            peakScreenShare: peakShare,
            timeInViewAtRest: sampleInterval * samples.filter { $0.speed < 20 }.map(time).reduce(0, +),
            meanScrollSpeed: speedSum / count)
    }
}
