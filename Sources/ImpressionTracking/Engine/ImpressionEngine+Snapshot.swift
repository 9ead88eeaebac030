extension ImpressionEngine {
    /// Every section's state now: its ratio as the next sample will see it, its count,
    /// whether it fired this visit, and why it does not count when it does not.
    ///
    /// For debugging: it measures every section of the layout, so it costs O(sections).
    /// `print(engine.snapshot())` shows a compact table.
    public func snapshot() -> EngineSnapshot<ID> {
        var measurer = VisibilityMeasurer()   // the engine's own buffers stay untouched
        let screen = self.screen
        let causes = inactiveCauses
        var rows: [SectionSnapshot<ID>] = []
        rows.reserveCapacity(layout.count + departed.states.count)
        for slot in 0..<layout.count {
            let state = sampler.states[slot]
            var ratio = 0.0
            let reason: NotVisibleReason?
            if let screen, let measured = measurer.ratio(ofSlot: slot, in: layout.geometry, on: screen) {
                ratio = measured
                let policy = layout.geometry.policy(ofSlot: slot)
                let counting = state.continuesRun(into: nextSample, runsValidFrom: runsValidFrom)
                let required = counting ? policy.exitRatio : policy.entryRatio
                reason = ratio < required ? .belowThreshold(ratio: ratio, required: required) : nil
            } else if let screen {
                reason = hiddenReason(ofSlot: slot, on: screen, measurer: &measurer)
            } else {
                reason = .noViewport
            }
            rows.append(SectionSnapshot(
                sectionID: layout.ids[slot], visibleRatio: ratio,
                consecutiveSamples: consecutiveSamples(state),
                hasFiredThisVisit: state.lastFiredVisit == visit,
                // Inactivity comes first: it is why nothing counts, whatever shows.
                notVisibleReason: causes.isEmpty ? reason : .inactive(causes)))
        }
        for (id, state) in departed.states.sorted(by: { "\($0.key)" < "\($1.key)" }) {
            rows.append(SectionSnapshot(
                sectionID: id, visibleRatio: 0, consecutiveSamples: consecutiveSamples(state),
                hasFiredThisVisit: state.lastFiredVisit == visit, notVisibleReason: .missingFromLayout))
        }
        return EngineSnapshot(time: time, visit: visit, inactiveCauses: causes, sections: rows)
    }

    /// Why the tracker is inactive; empty when it is active.
    public var inactiveCauses: InactiveCauses {
        var causes: InactiveCauses = []
        if !lifecycle.isAppeared { causes.insert(.disappeared) }
        if !lifecycle.isInForeground { causes.insert(.inBackground) }
        if lifecycle.isCovered { causes.insert(.covered) }
        if lifecycle.isRefreshing { causes.insert(.refreshing) }
        return causes
    }

    private func consecutiveSamples(_ state: SectionState) -> Int {
        state.continuesRun(into: nextSample, runsValidFrom: runsValidFrom) ? state.consecutiveSamples : 0
    }

    private func hiddenReason(ofSlot slot: Int, on screen: VisibilityMeasurer.Screen,
                              measurer: inout VisibilityMeasurer) -> NotVisibleReason {
        let geometry = layout.geometry
        let gate = geometry.gate(ofSlot: slot)
        switch gate {
        case .notLoaded: return .notLoaded
        case .hidden: return .hidden
        case .open, .someCellsExcluded: break
        }
        let policy = geometry.policy(ofSlot: slot)
        let denominator = policy.cappedDenominator(geometry.denominators[slot], viewport: screen.effectiveViewport)
        if denominator <= 0 || geometry.cellRange(ofSlot: slot).isEmpty { return .noSize }
        switch measurer.collectVisibleParts(ofSlot: slot, in: geometry, on: screen, excluding: gate == .someCellsExcluded,
                                            minimumOpacity: policy.minimumOpacity) {
        case .clippedByContainer(let container): return .clippedByContainer(geometry.containers.ids[container])
        case .obstructed: return .obstructed
        case .excluded: return exclusionReason(ofSlot: slot, on: screen, minimumOpacity: policy.minimumOpacity)
        case .offscreen, nil: return .offscreen
        }
    }

    /// Why the cells of `slot` that show are all left out: the innermost hidden container
    /// of the first one in a hidden container, else the highest effective opacity among
    /// them, below the minimum.
    private func exclusionReason(ofSlot slot: Int, on screen: VisibilityMeasurer.Screen,
                                 minimumOpacity: Double) -> NotVisibleReason {
        let geometry = layout.geometry
        var mostOpaque = -Double.infinity
        for cellIndex in geometry.cellRange(ofSlot: slot) {
            let cell = geometry.cells[cellIndex]
            let container = Int(geometry.cellContainers[cellIndex])
            let shown = container < 0 ? cell : geometry.containers.clip(cell, inContainer: container).part
            guard shown?.intersection(screen.effectiveViewport) != nil else { continue }
            guard let gateTable = geometry.gateTable else { continue }
            let hider = Int(gateTable.cellHiders[cellIndex])
            if hider >= 0 { return .hiddenByContainer(geometry.containers.ids[hider]) }
            mostOpaque = max(mostOpaque, gateTable.cellOpacities[cellIndex])
        }
        return .transparent(opacity: mostOpaque, required: minimumOpacity)
    }
}
