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

    /// The signals of `id` in `visit`, from every sample it was in view at, one by one.
    func signals(of id: ID, inVisit visit: Int) -> ExposureSignals {
        guard let inView = seen[id]?.inView, inView.visit == visit, !inView.samples.isEmpty else {
            return ExposureSignals()
        }
        let samples = inView.samples
        // A run: samples that met the policy at consecutive indices.
        var longest = 0, run = 0
        for (position, sample) in samples.enumerated() {
            let continues = position > 0 && samples[position - 1].metPolicy && samples[position - 1].index == sample.index - 1
            run = sample.metPolicy ? (continues ? run + 1 : 1) : 0
            longest = max(longest, run)
        }
        // Sums of ratios and shares in units of 2^-32, as the definition says.
        func fixed(_ value: Double) -> UInt64 { UInt64((value * 4_294_967_296).rounded()) }
        let ratioSum = samples.reduce(UInt64(0)) { $0 + fixed($1.ratio) }
        let shareSum = samples.reduce(UInt64(0)) { $0 + fixed($1.share) }
        var speedSum = 0.0
        for sample in samples { speedSum += sample.speed }
        let count = Double(samples.count)
        return ExposureSignals(
            timeInView: sampleInterval * samples.count,
            timeAtRatio: sampleInterval * samples.filter(\.metPolicy).count,
            longestRun: sampleInterval * longest,
            meanVisibleRatio: Double(ratioSum) / 4_294_967_296 / count,
            peakVisibleRatio: samples.map(\.ratio).max()!,
            meanScreenShare: Double(shareSum) / 4_294_967_296 / count,
            peakScreenShare: samples.map(\.share).max()!,
            timeInViewAtRest: sampleInterval * samples.filter { $0.speed < 20 }.count,
            meanScrollSpeed: speedSum / count)
    }
}
