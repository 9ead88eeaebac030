@testable import ImpressionTracking

extension ReferenceModel {
    struct Stats {
        var visibleSamples = 0
        /// Samples at which a counting section stayed visible only thanks to its exit ratio.
        var keptByExitRatio = 0
        /// Samples at which a section was visible only thanks to the large-section rule.
        var visibleThanksToCap = 0
        var visibleThanksToLowerRatio = 0
        /// Samples at which a section was visible only thanks to a focus rule.
        var visibleThanksToFocus = 0
        /// Samples at which a section measured by width was visible.
        var visibleByWidth = 0
        /// Of those, samples at which less than the section's full width showed.
        var partlyShownByWidth = 0
        /// Samples at which a section with nested cells was visible.
        var visibleWithNestedCells = 0
        /// Samples at which some nested cell was on screen but for a container.
        var clippedByContainer = 0
        /// Samples at which obstructions changed a section's measure (or hid it).
        var changedByObstructions = 0
        var hiddenByObstructions = 0
        /// Samples at which viewport insets hid something the bare viewport shows.
        var hiddenByInsets = 0
        /// Cumulative impressions whose visible samples were not all in one run.
        var firedOverSeveralRuns = 0
        /// Impressions at a check of a policy checked at both ends, and of those, the ones
        /// whose section's run is shorter than the wait: it left and came back within it.
        var firedAtBothEnds = 0
        var firedAfterComingBack = 0
        /// Runs that completed the duration but did not fire: the cooldown held them back.
        var heldBackByCooldown = 0
        /// Impressions of a section that had fired before, under a cooldown.
        var firedAgainAfterCooldown = 0
        /// Samples at which a section was not loaded, or hidden (with a viewport).
        var notLoadedSamples = 0
        var hiddenSectionSamples = 0
        /// Cells on screen left out for a hidden container or too little opacity, over
        /// every section and sample.
        var leftOutCells = 0
        /// Samples at which everything of a section that showed was left out.
        var invisibleForGates = 0
        /// Departed sections whose statistics were forgotten past the limit.
        var forgottenSections = 0
        /// Of those that came back, the ones whose last impression their rules still
        /// needed, and the ones that had fired but came back as new.
        var lastImpressionKeptAfterForgetting = 0
        var lastImpressionDroppedAfterForgetting = 0
        /// Samples at which a section met its ratio but its policy waited for the
        /// user's first interaction.
        var waitedForInteraction = 0
        /// Samples at which the policy's rounding decided: the ratio rounded met the
        /// required ratio and the exact one did not, or the other way round.
        var decidedByRounding = 0
    }

    mutating func record(_ measured: Measured, section: TrackedSection<ID>, policy: ImpressionPolicy,
                                 entryRatio: Double, continuing: Bool) {
        stats.visibleSamples += 1
        if continuing && measured.ratio < entryRatio { stats.keptByExitRatio += 1 }
        if policy.largeSectionRule == .capToViewport && measured.uncappedRatio < policy.minimumVisibleRatio {
            stats.visibleThanksToCap += 1
        }
        if case .focus = policy.largeSectionRule, measured.uncappedRatio < policy.minimumVisibleRatio {
            stats.visibleThanksToFocus += 1
        }
        if policy.measure == .width {
            stats.visibleByWidth += 1
            if measured.uncappedRatio < 1 { stats.partlyShownByWidth += 1 }
        }
        if entryRatio < policy.minimumVisibleRatio && measured.ratio < policy.minimumVisibleRatio {
            stats.visibleThanksToLowerRatio += 1
        }
        if !section.nestedCells.isEmpty { stats.visibleWithNestedCells += 1 }
    }

    /// What a sample measures of `section`, or `nil` when nothing of it shows or it has
    /// no size to measure against; counts what the features did in ``stats``.
    mutating func measure(_ section: TrackedSection<ID>, policy: ImpressionPolicy) -> Measured? {
        let observation = observe(section, policy: policy)
        if observation.clippedSomething { stats.clippedByContainer += 1 }
        if observation.hiddenByInsets { stats.hiddenByInsets += 1 }
        if observation.hidden == .obstructed { stats.hiddenByObstructions += 1 }
        if observation.changedByObstructions { stats.changedByObstructions += 1 }
        stats.leftOutCells += observation.leftOutCells
        switch observation.hidden {
        case .notLoaded: stats.notLoadedSamples += 1
        case .hidden: stats.hiddenSectionSamples += 1
        case .hiddenByContainer, .transparent: stats.invisibleForGates += 1
        default: break
        }
        return observation.measured
    }
}
