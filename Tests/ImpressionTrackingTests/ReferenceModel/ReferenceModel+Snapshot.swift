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
    /// next sample will see with the current inputs, its geometry stamped with the time.
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
            let required = requiredRatio(for: section, policy: sectionPolicy)
            if ratio < required { reason = .belowThreshold(ratio: ratio, required: required) }
        }
        if !isActive { reason = .inactive(inactiveCauses) }
        let statistics = expectedStatistics(of: section.id, policy: sectionPolicy)
        let requiredSamples = sectionPolicy.requiredSamples(sampleInterval: sampleInterval)
        let fired = firedDuringVisit.contains(section.id)
        // How it shows, the screen alone: whatever the lifecycle, nothing at all; a gate;
        // obstructions over all of it; below the ratio; at it.
        let visibility: SectionSnapshot<ID>.Visibility
        switch observation.hidden {
        case .noViewport, .noSize, .offscreen, .clippedByContainer: visibility = .offscreen
        case .notLoaded, .hidden, .hiddenByContainer, .transparent: visibility = .gated
        case .obstructed: visibility = .obstructed
        case nil: visibility = ratio < requiredRatio(for: section, policy: sectionPolicy) ? .belowThreshold : .atThreshold
        }
        // Where its counting stands: it fired and its recurrence counts it no more; its run
        // is spent (or its cumulative sum restarts at the next entry), having fired or
        // been held back by the cooldown; a cooldown holds it; it has samples; nothing.
        let counting: SectionSnapshot<ID>.Counting
        let counted = statistics.countedSamples
        let blockedByRecurrence = switch sectionPolicy.recurrence {
        case .onEveryEntry: false
        case .oncePerVisit: fired
        case .oncePerTracker: hasFiredSinceReset(section.id)
        }
        if waitsForInteraction(sectionPolicy) {
            counting = .waitingForInteraction
        } else if blockedByRecurrence {
            counting = .counted
        } else if isSumRestartingAtEntry(section.id) && counted > 0 {
            counting = isSpentByImpression(section.id) ? .counted
                : statistics.cooldownEnd.map { .coolingDown(until: $0) } ?? .idle
        } else if let end = statistics.cooldownEnd {
            counting = .coolingDown(until: end)
        } else {
            counting = counted > 0 ? .counting(samples: counted, of: requiredSamples) : .idle
        }
        return SectionSnapshot(sectionID: section.id, visibleRatio: ratio,
                               consecutiveSamples: consecutiveSamples[section.id] ?? 0,
                               hasFiredThisVisit: fired, notVisibleReason: reason, statistics: statistics,
                               requiredSamples: requiredSamples, visibility: visibility, counting: counting,
                               geometry: visibleGeometry(of: section, at: time))
    }

    /// The ratio `section` must show at the next sample: its entry ratio, or the lower
    /// exit ratio while its run continues.
    private func requiredRatio(for section: TrackedSection<ID>, policy sectionPolicy: ImpressionPolicy) -> Double {
        let entryRatio = self.entryRatio(of: section, policy: sectionPolicy)
        return consecutiveSamples[section.id] != nil ? min(entryRatio, sectionPolicy.exitVisibleRatio ?? entryRatio) : entryRatio
    }
}
