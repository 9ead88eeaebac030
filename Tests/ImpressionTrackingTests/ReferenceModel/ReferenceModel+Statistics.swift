@testable import ImpressionTracking

extension ReferenceModel {
    /// One section's statistics, counted sample by sample.
    struct Seen {
        var firstAppearance: Duration
        var entries = 0
        var visibleSamples = 0
        var visibleSamplesInVisit = (visit: 0, samples: 0)
        var highestRatio = 0.0
        /// Every sample in view of the last visit it was in view in, in order.
        var inView: (visit: Int, samples: [InViewSample]) = (0, [])
    }

    /// The statistics the engine should give for `id` now, counted sample by sample.
    func expectedStatistics(of id: ID, policy: ImpressionPolicy) -> SectionStatistics {
        let seen = self.seen[id]!
        // Times between samples: a run still open counts from its first sample to the last
        // one evaluated, one interval fewer than its samples.
        let openInterval = openRunLength(of: id) > 0 ? 1 : 0
        let validInterval = consecutiveSamples[id] != nil ? 1 : 0
        let thisVisit = seen.visibleSamplesInVisit.visit == visit ? seen.visibleSamplesInVisit.samples - validInterval : 0
        let counted = policy.timing == .cumulative ? visibleSamplesInVisit[id] ?? 0 : consecutiveSamples[id] ?? 0
        var cooldownEnd: Duration?
        let nextSampleTime = sampleInterval * evaluatedSamples
        if let last = lastFiredTime[id], nextSampleTime - last < policy.cooldown {
            // The first sample at which the cooldown is over.
            var end = last
            while end - last < policy.cooldown { end += sampleInterval }
            cooldownEnd = end
        }
        return SectionStatistics(
            entries: seen.entries, visibleDurationThisVisit: sampleInterval * thisVisit,
            totalVisibleDuration: sampleInterval * (seen.visibleSamples - openInterval), highestVisibleRatio: seen.highestRatio,
            firstAppearance: seen.firstAppearance, timeSinceFirstAppearance: time - seen.firstAppearance,
            countedSamples: counted, cooldownEnd: cooldownEnd,
            signals: measuresSignals ? signals(of: id, inVisit: visit, reportedAt: evaluatedSamples - 1) : nil)
    }
}
