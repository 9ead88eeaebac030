@testable import ImpressionTracking

extension ReferenceModel {
    /// Why the tracker is inactive.
    var inactiveCauses: InactiveCauses {
        var causes: InactiveCauses = []
        if !appeared { causes.insert(.disappeared) }
        if !foreground { causes.insert(.inBackground) }
        if covered { causes.insert(.covered) }
        if refreshing { causes.insert(.refreshing) }
        return causes
    }

    /// The snapshot row the engine should give for `section` of the layout now: what the
    /// next sample will see with the current inputs.
    func expectedSnapshotRow(for section: TrackedSection<ID>) -> SectionSnapshot<ID> {
        let sectionPolicy = section.policy ?? policy
        let observation = observe(section, policy: sectionPolicy)
        let ratio = observation.measured.map { min(1, $0.ratio) } ?? 0
        var reason: NotVisibleReason?
        switch observation.hidden {
        case .noViewport: reason = .noViewport
        case .noSize: reason = .noSize
        case .offscreen: reason = .offscreen
        case .clippedByContainer(let id): reason = .clippedByContainer(id)
        case .obstructed: reason = .obstructed
        case .notLoaded: reason = .notLoaded
        case .hidden: reason = .hidden
        case .hiddenByContainer(let id): reason = .hiddenByContainer(id)
        case .transparent(let opacity, let required): reason = .transparent(opacity: opacity, required: required)
        case nil:
            let entryRatio = self.entryRatio(of: section, policy: sectionPolicy)
            let required = consecutiveSamples[section.id] != nil
                ? min(entryRatio, sectionPolicy.exitVisibleRatio ?? entryRatio) : entryRatio
            if ratio < required { reason = .belowThreshold(ratio: ratio, required: required) }
        }
        if !isActive { reason = .inactive(inactiveCauses) }
        let statistics = expectedStatistics(of: section.id, policy: sectionPolicy)
        let requiredSamples = sectionPolicy.requiredSamples(sampleInterval: sampleInterval)
        let fired = firedDuringVisit.contains(section.id)
        // The overlay's status: nothing shows; it shows but does not count; it counts
        // (toward a first impression, or another one under `.onEveryEntry`); it fired.
        let status: SectionSnapshot<ID>.Status
        switch observation.hidden {
        case _ where !isActive: status = .inactive
        case .noViewport, .noSize, .offscreen, .clippedByContainer: status = .offscreen
        case nil where reason == nil:
            let countsAgain = sectionPolicy.recurrence == .onEveryEntry && statistics.countedSamples < requiredSamples
            status = fired && !countsAgain ? .fired : .counting
        default: status = fired ? .fired : .belowThreshold
        }
        return SectionSnapshot(sectionID: section.id, visibleRatio: ratio,
                               consecutiveSamples: consecutiveSamples[section.id] ?? 0,
                               hasFiredThisVisit: fired, notVisibleReason: reason, statistics: statistics,
                               requiredSamples: requiredSamples, status: status)
    }
}
