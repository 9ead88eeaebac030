extension ImpressionEngine {
    /// Every section's state under policy `policy` (an index into ``policies``): its
    /// ratio as the next sample will see it, its count, whether it fired this visit, and
    /// why it does not count when it does not. Each row says its policy.
    ///
    /// For debugging: it measures every section of the layout, so it costs O(sections).
    /// `print(engine.snapshot())` shows a compact table.
    ///
    /// - Precondition: `policy` is an index of ``policies``.
    public func snapshot(policy: Int = 0) -> EngineSnapshot<ID> {
        rows(ofPolicy: policy).snapshot()
    }

    /// One section's row of ``snapshot(policy:)``, measuring that section alone: it costs
    /// what measuring one section costs, not O(sections), for a caller that asks about
    /// one section at a time (an audit explaining a claim). `nil` for a section the engine
    /// neither lays out nor remembers under that policy.
    ///
    /// - Precondition: `policy` is an index of ``policies``.
    public func snapshot(of id: ID, policy: Int = 0) -> SectionSnapshot<ID>? {
        rows(ofPolicy: policy).snapshot(of: id)
    }

    /// The rows of ``snapshot(policy:)`` that an overlay draws: the sections within half
    /// a viewport of the screen, and any other counting, in layout order. Each row has its
    /// ratio and two facts apart: how it shows (``SectionSnapshot/visibility``, what to
    /// colour it by) and where its counting stands (``SectionSnapshot/counting``: "counting
    /// 7 of 11", "counted"), with why the next sample does not count it, and its geometry
    /// (``SectionSnapshot/geometry``: the percentage in view and why the rest is not).
    ///
    /// It measures those sections only, so it costs the same in a feed of ten sections
    /// or a million: cheap enough to take after every sample in a debug build (see
    /// ``ImpressionTracker/overlaySnapshots(policy:bufferingPolicy:)``).
    ///
    /// - Precondition: `policy` is an index of ``policies``.
    public func overlaySnapshot(policy: Int = 0) -> EngineSnapshot<ID> {
        rows(ofPolicy: policy).overlaySnapshot()
    }

    /// What the rows of policy `policy` are made of: the inputs, that policy's geometry
    /// (its measure group's, with its own default policy), counters and departed sections.
    private func rows(ofPolicy policy: Int) -> PolicyRows {
        precondition((0..<policyCount).contains(policy),
                     "policy \(policy) is not an index of the \(policyCount) policies")
        let group = measureGroups.group(ofPolicy: policy)
        var geometry = measureGroups.geometry(ofGroup: group)
        let policies = measureGroups.policies
        if policies[policy] != policies[measureGroups.firstPolicy(ofGroup: group)] {
            geometry.replaceDefaultPolicy(with: policies[policy], sampleInterval: sampleInterval)
        }
        return PolicyRows(inputs: inputs, layout: measureGroups.layout, layoutInput: layoutInput, geometry: geometry,
                          table: table, policyIndex: policy, departed: departed[policy])
    }

    /// The rows of one policy's snapshots.
    private struct PolicyRows {
        let inputs: EngineInputs<ID>
        /// The layout: its ids, and its geometry under measure group 0.
        let layout: SectionLayout<ID>
        /// The layout as given, whose sections' full figures a row's geometry divides by.
        let layoutInput: (sections: [TrackedSection<ID>], containers: [ScrollContainer])
        /// The layout's geometry under the policy.
        let geometry: SectionGeometry
        let table: CounterTable
        let policyIndex: Int
        /// The sections the policy remembers that left the layout.
        let departed: DepartedSections<ID>

        var time: Duration { inputs.time }
        var visit: Int { inputs.visit }
        var nextSample: Int { inputs.nextSample }
        var sampleInterval: Duration { inputs.sampleInterval }
        var screen: VisibilityMeasurer.Screen? { inputs.screen }
        var ids: [ID] { layout.ids }

        var runsValidFrom: Int { inputs.runsValidFrom }
        var firstRememberedVisit: Int { inputs.firstRememberedVisit }
        var measuresSignals: Bool { inputs.measuresSignals }
        var inactiveCauses: InactiveCauses { inputs.inactiveCauses }

        func counters(ofSlot slot: Int) -> SectionCounters { table.counters(ofSlot: slot, policyIndex: policyIndex) }
        /// Every section's state now: its ratio as the next sample will see it, its count,
        /// whether it fired this visit, and why it does not count when it does not.
        ///
        /// For debugging: it measures every section of the layout, so it costs O(sections).
        /// `print(engine.snapshot())` shows a compact table.
        func snapshot() -> EngineSnapshot<ID> {
            var measurer = RowMeasurers(inputs: inputs)   // the engine's own buffers stay untouched
            let screen = self.screen
            let causes = inactiveCauses
            var rows: [SectionSnapshot<ID>] = []
            let remembered = departed.remembered
            rows.reserveCapacity(ids.count + remembered.count)
            for slot in 0..<ids.count {
                rows.append(row(ofSlot: slot, screen: screen, causes: causes, measurer: &measurer))
            }
            for (id, state) in remembered.sorted(by: { "\($0.id)" < "\($1.id)" }) {
                rows.append(departedRow(id, state, signals: departed.rememberedSignals(id)))
            }
            return EngineSnapshot(time: time, visit: visit, inactiveCauses: causes, sections: rows,
                                  sample: nextSample > 0 ? nextSample - 1 : nil)
        }

        /// The rows of ``snapshot()`` of the sections an overlay draws: those within half an
        /// effective viewport of it (the spatial index finds them), and any other in a run,
        /// in layout order. It costs what measuring those sections costs, whatever the size
        /// of the layout: cheap enough to take after every sample in a debug build.
        func overlaySnapshot() -> EngineSnapshot<ID> {
            let causes = inactiveCauses
            var slots: [Int32] = []
            let screen = self.screen
            // Insets may grow the viewport (negative ones): the effective rect is what shows.
            if let shown = screen?.effectiveViewport {
                let near = Rect(x: shown.x - shown.width / 2, y: shown.y - shown.height / 2,
                                width: shown.width * 2, height: shown.height * 2)
                var hits = ScratchList<Int32>()
                geometry.index.collect(intersecting: near, into: &hits)
                slots += hits
            }
            slots += table.slotsInRun(ofPolicy: policyIndex, before: nextSample)
            slots.sort()
            var measurer = RowMeasurers(inputs: inputs)
            var rows: [SectionSnapshot<ID>] = []
            rows.reserveCapacity(slots.count)
            for (position, slot) in slots.enumerated() where position == 0 || slots[position - 1] != slot {
                rows.append(row(ofSlot: Int(slot), screen: screen, causes: causes, measurer: &measurer))
            }
            return EngineSnapshot(time: time, visit: visit, inactiveCauses: causes, sections: rows,
                                  sample: nextSample > 0 ? nextSample - 1 : nil)
        }

        /// One section's row of ``snapshot()``, the same value, measuring that section alone:
        /// it costs what measuring one section costs, not O(sections), for a caller that asks
        /// about one section at a time (an audit explaining a claim). `nil` for a section the
        /// engine neither lays out nor remembers.
        func snapshot(of id: ID) -> SectionSnapshot<ID>? {
            if let slot = layout.slotsByID[id] {
                var measurer = RowMeasurers(inputs: inputs)
                return row(ofSlot: slot, screen: screen, causes: inactiveCauses, measurer: &measurer)
            }
            return departed.remembered(id).map { departedRow(id, $0, signals: departed.rememberedSignals(id)) }
        }

        /// What a snapshot measures its rows with, their buffers reused from row to row: the
        /// ratio's measurer, and the geometry's with the screen it reads and the layout's
        /// containers as given (made at the first row that has nested cells).
        private struct RowMeasurers {
            var visibility = VisibilityMeasurer()
            var geometry = GeometryMeasurer()
            let screen: GeometryMeasurer.Screen
            var tree: ContainerTree?

            init(inputs: EngineInputs<ID>) { screen = inputs.geometryScreen }
        }

        /// The geometry of the section in `slot` as the next sample will see it, stamped with
        /// the snapshot's time: the geometry stream's measurer on the layout's own geometry,
        /// the section's full figures worked out from the layout as given.
        private func geometry(ofSlot slot: Int, measurers: inout RowMeasurers) -> VisibleGeometry<ID> {
            var full = GeometryMeasurer.FullFigures()
            if slot < layoutInput.sections.count {
                let section = layoutInput.sections[slot]
                if !section.nestedCells.isEmpty && measurers.tree == nil {
                    measurers.tree = GeometryMeasurer.tree(of: layoutInput.containers)
                }
                full = measurers.geometry.fullFigures(of: section, in: measurers.tree ?? ContainerTree())
            }
            return measurers.geometry.measure(slot: slot, id: ids[slot], in: layout.geometry, full: full,
                                              on: measurers.screen, at: time)
        }

        /// The row of the section in `slot`: measured with `measurers`, whose buffers it reuses.
        private func row(ofSlot slot: Int, screen: VisibilityMeasurer.Screen?, causes: InactiveCauses,
                         measurer measurers: inout RowMeasurers) -> SectionSnapshot<ID> {
            let state = counters(ofSlot: slot)
            let policy = geometry.policy(ofSlot: slot)
            var ratio = 0.0
            let reason: NotVisibleReason?
            if let screen, let measured = measurers.visibility.ratio(ofSlot: slot, in: geometry, on: screen) {
                ratio = measured
                let counting = state.continuesRun(into: nextSample, runsValidFrom: runsValidFrom)
                let required = counting ? policy.exitRatio : policy.entryRatio
                reason = ratio < required ? .belowThreshold(ratio: ratio, required: required) : nil
            } else if let screen {
                reason = hiddenReason(ofSlot: slot, on: screen, measurer: &measurers.visibility)
            } else {
                reason = .noViewport
            }
            let signals = table.signals(ofSlot: slot, policyIndex: policyIndex)
            let statistics = statistics(of: state, signals: signals, policy: policy)
            let hasFired = state.lastFiredVisit == visit
            // Inactivity comes first: it is why nothing counts, whatever shows.
            let shownReason: NotVisibleReason? = causes.isEmpty ? reason : .inactive(causes)
            return SectionSnapshot(
                sectionID: ids[slot], visibleRatio: ratio, consecutiveSamples: consecutiveSamples(state),
                hasFiredThisVisit: hasFired, notVisibleReason: shownReason, statistics: statistics,
                policy: policyIndex, requiredSamples: policy.requiredSamples, visibility: .init(reason),
                counting: counting(of: state, policy: policy, statistics: statistics),
                geometry: geometry(ofSlot: slot, measurers: &measurers))
        }

        /// Where the counting of a section with counters `state` under `policy` stands at the
        /// next sample, `statistics` being its statistics then.
        private func counting(of state: SectionCounters, policy: ResolvedPolicy,
                              statistics: SectionStatistics) -> SectionSnapshot<ID>.Counting {
            // Nothing has counted under a policy still waiting: the gate comes first.
            if policy.requiresInteraction && !inputs.hasInteracted { return .waitingForInteraction }
            let hasFired = state.lastFiredVisit == visit
            let blockedByRecurrence = switch policy.recurrence {
            case .onEveryEntry: false
            case .oncePerVisit: hasFired
            case .oncePerTracker: state.lastFiredVisit >= firstRememberedVisit
            }
            if blockedByRecurrence { return .counted }
            // A spent run (or, under cumulative timing, a sum that restarts at the next entry)
            // counts toward nothing until the section enters again: counted when it fired as
            // it completed, else held back by the cooldown.
            let counted = statistics.countedSamples
            if state.completedDuringRun && counted > 0 {
                if state.completionFired { return .counted }
                return statistics.cooldownEnd.map { .coolingDown(until: $0) } ?? .idle
            }
            if let end = statistics.cooldownEnd { return .coolingDown(until: end) }
            return counted > 0 ? .counting(samples: counted, of: policy.requiredSamples) : .idle
        }

        /// The row of a section that left the layout and is remembered, with its exposure
        /// signals' counters.
        private func departedRow(_ id: ID, _ state: SectionCounters, signals: SignalCounters) -> SectionSnapshot<ID> {
            SectionSnapshot(sectionID: id, visibleRatio: 0, consecutiveSamples: consecutiveSamples(state),
                            hasFiredThisVisit: state.lastFiredVisit == visit, notVisibleReason: .missingFromLayout,
                            statistics: statistics(of: state, signals: signals, policy: nil), policy: policyIndex,
                            geometry: VisibleGeometry(sectionID: id, time: time, reasons: .notFound))
        }

        private func consecutiveSamples(_ state: SectionCounters) -> Int {
            state.continuesRun(into: nextSample, runsValidFrom: runsValidFrom) ? state.consecutiveSamples : 0
        }

        /// The statistics of a section with counters `state` and exposure signals' counters
        /// `signalCounters` under `policy` (`nil` for a section no longer in the layout), as of
        /// the next sample.
        private func statistics(of state: SectionCounters, signals signalCounters: SignalCounters,
                                policy: ResolvedPolicy?) -> SectionStatistics {
            // A run open at the last sample evaluated, even one a new visit voided, has been seen.
            let openRun = state.hasOpenRun(at: nextSample) ? state.consecutiveSamples : 0
            let validRun = consecutiveSamples(state)
            // Durations are times between samples, as an impression's and an exit's: a run
            // still open has been visible from its first sample to the last one evaluated,
            // one interval fewer than its samples (an ended run, to the sample that ended it).
            let openElapsed = max(openRun &- 1, 0), validElapsed = max(validRun &- 1, 0)
            let thisVisit = state.exposureVisit == visit ? SectionCounters.saturatingSum(state.exposureSamples, validElapsed) : 0
            var counted = validRun
            if policy?.accumulatesTime == true {
                counted = state.exposureVisit == visit ? state.countedSamples(run: validRun, accumulating: true) : 0
            }
            var cooldownEnd: Duration?
            if let policy, state.isCoolingDown(at: nextSample, cooldownSamples: policy.cooldownSamples,
                                               firstRememberedVisit: firstRememberedVisit) {
                cooldownEnd = sampleInterval * SectionCounters.saturatingSum(state.lastFiredSample, policy.cooldownSamples)
            }
            // The visit's signals; none yet when the section was last in view in another visit.
            let signals = measuresSignals
                ? signalCounters.inVisit(visit).signals(interval: sampleInterval, reportedAt: nextSample &- 1) : nil
            return SectionStatistics(
                entries: Int(state.entries), visibleDurationThisVisit: sampleInterval * thisVisit,
                totalVisibleDuration: sampleInterval * SectionCounters.saturatingSum(state.endedRunsSamples, openElapsed),
                highestVisibleRatio: state.highestRatio, firstAppearance: state.firstAppearance,
                timeSinceFirstAppearance: time - state.firstAppearance, countedSamples: counted, cooldownEnd: cooldownEnd,
                signals: signals)
        }

        private func hiddenReason(ofSlot slot: Int, on screen: VisibilityMeasurer.Screen,
                                  measurer: inout VisibilityMeasurer) -> NotVisibleReason {
            let geometry = geometry
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
            let geometry = geometry
            var mostOpaque = -Double.infinity
            for cellIndex in geometry.cellRange(ofSlot: slot) {
                let cell = geometry.cells[cellIndex]
                let shown = geometry.cellContainers[cellIndex].index.map { geometry.containers.clip(cell, inContainer: $0).part }
                    ?? cell
                guard shown?.intersection(screen.effectiveViewport) != nil else { continue }
                guard let gateTable = geometry.gateTable else { continue }
                if let hider = gateTable.cellHiders[cellIndex].index { return .hiddenByContainer(geometry.containers.ids[hider]) }
                mostOpaque = max(mostOpaque, gateTable.cellOpacities[cellIndex])
            }
            return .transparent(opacity: mostOpaque, required: minimumOpacity)
        }
    }
}
