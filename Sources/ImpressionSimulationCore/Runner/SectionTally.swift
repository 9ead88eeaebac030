/// Per-section counts over a run of sessions: in how many sessions each section was
/// rendered, and under each policy in how many it was impressed and its visible samples.
///
/// Dense arrays by feed position, only as long as the deepest section counted: a chunk
/// of sessions costs what its sessions reached, not the size of the feed. Integer sums,
/// so tallies add up to the same counts however sessions were split.
package struct SectionTally: Sendable, Hashable {
    package let policyCount: Int
    /// Sessions in which each section was rendered, by feed position.
    private(set) var rendered: [Int] = []
    /// Sessions in which each section was impressed, at `section * policyCount + policy`.
    private(set) var impressed: [Int] = []
    /// Samples at which each section was in view, over every session, at
    /// `section * policyCount + policy`.
    private(set) var visibleSamples: [Int] = []
    /// With exposure signals measured: per section and policy, the visits that met the
    /// policy and the sums over them of ``exposureSignals`` in their units, at
    /// `(section * policyCount + policy) * (1 + exposureSignals.count)`; empty otherwise.
    private(set) var exposureSums: [Int] = []
    package let measuresExposure: Bool

    /// The signals whose per-visit means the per-section results give.
    package static let exposureSignals: [ExposureSignal] = [.timeInView, .timeInViewAtRest, .meanScreenShare, .meanScrollSpeed]
    private static var exposureStride: Int { 1 + exposureSignals.count }

    package init(policyCount: Int, measuresExposure: Bool = false) {
        self.policyCount = policyCount
        self.measuresExposure = measuresExposure
    }

    /// The number of positions counted: one past the deepest section with a count.
    package var count: Int { rendered.count }

    /// Adds what one session rendered and each policy's time in view and exposures.
    mutating func add(_ outcome: SessionOutcome, sampleInterval: Duration) {
        for section in outcome.renderedSections {
            reach(section)
            rendered[section] += 1
        }
        for (policy, times) in outcome.timeInView.enumerated() where policy < policyCount {
            for time in times {
                reach(time.section)
                visibleSamples[time.section * policyCount + policy] += time.visibleSamples
            }
        }
        guard measuresExposure else { return }
        for (policy, exposures) in outcome.exposures.enumerated() where policy < policyCount {
            for exposure in exposures {
                reach(exposure.section)
                let base = (exposure.section * policyCount + policy) * Self.exposureStride
                exposureSums[base] += 1
                for (offset, signal) in Self.exposureSignals.enumerated() {
                    exposureSums[base + 1 + offset] += signal.units(of: exposure.signals, sampleInterval: sampleInterval)
                }
            }
        }
    }

    /// Counts one session in which `section` was impressed under `policy`.
    mutating func addImpressed(_ section: Int, policy: Int) {
        reach(section)
        impressed[section * policyCount + policy] += 1
    }

    /// Adds another tally's counts.
    mutating func add(_ other: SectionTally) {
        guard other.count > 0 else { return }
        reach(other.count - 1)
        for index in other.rendered.indices { rendered[index] += other.rendered[index] }
        for index in other.impressed.indices {
            impressed[index] += other.impressed[index]
            visibleSamples[index] += other.visibleSamples[index]
        }
        for index in other.exposureSums.indices where index < exposureSums.count { exposureSums[index] += other.exposureSums[index] }
    }

    /// Adds another tally's counts, its section `s` counted as this tally's `renumbered(s)`
    /// (sections numbered apart, as ``SectionCatalog`` numbers those outside a feed).
    mutating func add(_ other: SectionTally, renumbered: (Int) -> Int) {
        let stride = Self.exposureStride
        for section in 0..<other.count {
            let target = renumbered(section)
            reach(target)
            rendered[target] += other.rendered[section]
            for policy in 0..<policyCount {
                impressed[target * policyCount + policy] += other.impressed[section * policyCount + policy]
                visibleSamples[target * policyCount + policy] += other.visibleSamples[section * policyCount + policy]
            }
            guard measuresExposure, !other.exposureSums.isEmpty else { continue }
            for offset in 0..<(policyCount * stride) {
                exposureSums[target * policyCount * stride + offset] += other.exposureSums[section * policyCount * stride + offset]
            }
        }
    }

    /// The visits of `section` that met `policy`, and the sums over them of
    /// ``exposureSignals`` in their units; `nil` without exposure signals.
    package func exposure(ofSection section: Int, policy: Int) -> (visits: Int, sums: [Int])? {
        guard measuresExposure else { return nil }
        guard section < count else { return (0, Array(repeating: 0, count: Self.exposureSignals.count)) }
        let base = (section * policyCount + policy) * Self.exposureStride
        return (exposureSums[base], Array(exposureSums[(base + 1)..<(base + Self.exposureStride)]))
    }

    /// The counts of `section` under `policy`; zeros beyond the deepest section counted.
    package func counts(ofSection section: Int, policy: Int) -> (rendered: Int, impressed: Int, visibleSamples: Int) {
        guard section < count else { return (0, 0, 0) }
        let slot = section * policyCount + policy
        return (rendered[section], impressed[slot], visibleSamples[slot])
    }

    /// Sets the counts of `section`, as a shard summary recorded them.
    package mutating func set(section: Int, rendered sessions: Int, impressed: [Int], visibleSamples: [Int]) {
        reach(section)
        rendered[section] = sessions
        for policy in 0..<min(policyCount, impressed.count, visibleSamples.count) {
            self.impressed[section * policyCount + policy] = impressed[policy]
            self.visibleSamples[section * policyCount + policy] = visibleSamples[policy]
        }
    }

    /// Sets the visits of `section` that met `policy` and their sums, as a shard recorded them.
    package mutating func setExposure(section: Int, policy: Int, visits: Int, sums: [Int]) {
        guard measuresExposure, sums.count == Self.exposureSignals.count else { return }
        reach(section)
        let base = (section * policyCount + policy) * Self.exposureStride
        exposureSums[base] = visits
        for (offset, sum) in sums.enumerated() { exposureSums[base + 1 + offset] = sum }
    }

    private mutating func reach(_ section: Int) {
        guard section >= rendered.count else { return }
        let added = section + 1 - rendered.count
        rendered.append(contentsOf: repeatElement(0, count: added))
        impressed.append(contentsOf: repeatElement(0, count: added * policyCount))
        visibleSamples.append(contentsOf: repeatElement(0, count: added * policyCount))
        if measuresExposure { exposureSums.append(contentsOf: repeatElement(0, count: added * policyCount * Self.exposureStride)) }
    }
}
