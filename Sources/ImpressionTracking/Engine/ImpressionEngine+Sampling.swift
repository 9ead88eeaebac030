/// Scratch buffers reused by every sample, so a steady sample does not allocate.
struct SamplingWorkspace<ID: Hashable & Sendable>: Sendable {
    struct VisibleSection: Sendable {
        var slot: Int
        var ratio: Double
    }

    /// An event with the keys that order it: sample, then exits before entries before
    /// impressions, then layout order (negative for sections that left the layout).
    struct Record: Sendable {
        var sample: Int
        var kind: Int
        var slot: Int
        var event: VisibilityEvent<ID>
    }

    var candidates: [Int32] = []
    var openRuns: [Int32] = []
    var visible: [VisibleSection] = []
    var records: [Record] = []
}

extension ImpressionEngine {
    // MARK: - Time

    /// Evaluates, in order, every sample at or before `time` not yet evaluated, and
    /// returns the impressions they completed.
    ///
    /// Advancing to an earlier time than ``time`` evaluates nothing: time never runs
    /// backwards. Samples between two inputs see the same state, so they are evaluated
    /// together: a jump of an hour costs about as much as one sample.
    public mutating func advance(to time: Duration) -> [Impression<ID>] {
        let records = advanceRecords(to: time, recordingVisibility: false)
        return records.isEmpty ? [] : records.compactMap(\.event.impression)
    }

    /// Like ``advance(to:)``, and also reports when sections become visible and stop
    /// being visible (with their exposure time); see ``VisibilityEvent``.
    public mutating func advanceWithEvents(to time: Duration) -> [VisibilityEvent<ID>] {
        let records = advanceRecords(to: time, recordingVisibility: true)
        return records.isEmpty ? [] : records.map(\.event)
    }

    private mutating func advanceRecords(to time: Duration, recordingVisibility: Bool) -> ArraySlice<SamplingWorkspace<ID>.Record> {
        guard configurationError == nil else { return [] }
        if time > self.time { self.time = time }
        let lastDueSample = lastSample(atOrBefore: time)
        guard lastDueSample >= nextSample else { return [] }
        let firstSample = nextSample
        nextSample = lastDueSample &+ 1
        // Nothing can be seen and no run is open: nothing to do, whatever the feed size.
        let screen = lifecycle.isActive ? self.screen : nil
        if screen == nil && slotsInRun.isEmpty && departedInRun.isEmpty { return [] }

        evaluate(from: firstSample, through: lastDueSample, on: screen, recordingVisibility: recordingVisibility)
        guard !workspace.records.isEmpty else { return [] }
        workspace.records.sort { ($0.sample, $0.kind, $0.slot) < ($1.sample, $1.kind, $1.slot) }
        return workspace.records[...]
    }

    /// The index of the last sample at or before `time`, or -1 before the first.
    private func lastSample(atOrBefore time: Duration) -> Int {
        guard time >= .zero else { return -1 }
        let index = time.attoseconds / sampleInterval.attoseconds
        // Int.max - 1 keeps `nextSample = index + 1` representable.
        return index >= Int128(Int.max - 1) ? Int.max - 1 : Int(index)
    }

    /// Evaluates sample `first` section by section, then the samples after it up to
    /// `last` at once: nothing changes between them, so each visible section's count
    /// just grows by one per sample.
    private mutating func evaluate(from first: Int, through last: Int,
                                   on screen: VisibilityMeasurer.Screen?, recordingVisibility: Bool) {
        var candidates = takeBuffer(\.candidates)
        var visible = takeBuffer(\.visible)
        var records = takeBuffer(\.records)
        defer {
            workspace.candidates = candidates
            workspace.visible = visible
            workspace.records = records
        }

        // The sections visible from `first` to `last`.
        if let screen {
            layout.index.collect(intersecting: screen.effectiveViewport, into: &candidates)
            for slot in candidates {
                let slot = Int(slot)
                guard let ratio = measurer.ratio(ofSlot: slot, in: layout, on: screen) else { continue }
                let policy = layout.policy(ofSlot: slot)
                // Hysteresis: a counting section needs only the exit ratio.
                let counting = states[slot].continuesRun(into: first, runsValidFrom: runsValidFrom)
                guard ratio >= (counting ? policy.exitRatio : policy.entryRatio) else { continue }
                visible.append(.init(slot: slot, ratio: ratio))
            }
        }

        // Runs of sections gone from the layout end at `first`, before every other exit,
        // in the order the sections left (negative keys sort ahead of every slot).
        for (index, id) in departedInRun.enumerated() {
            guard var state = departedStates[id] else { continue }
            state.endRun()
            if recordingVisibility {
                records.append(exitRecord(id, slot: index - departedInRun.count, state: state, at: first))
            }
            departedStates[id] = isWorthRemembering(state) ? state : nil
        }
        departedInRun.removeAll(keepingCapacity: true)
        var openRuns = takeBuffer(\.openRuns)
        swap(&openRuns, &slotsInRun)
        defer { workspace.openRuns = openRuns }

        let extraSamples = last - first
        for section in visible {
            let policy = layout.policy(ofSlot: section.slot)
            var state = states[section.slot]
            if state.continuesRun(into: first, runsValidFrom: runsValidFrom) {
                state.consecutiveSamples = state.consecutiveSamples == .max ? .max : state.consecutiveSamples + 1
            } else {
                if state.hasOpenRun(at: first) {
                    // Open until a visit started: that run ends here, a new one begins.
                    state.endRun()
                    if recordingVisibility { records.append(exitRecord(layout.ids[section.slot], slot: section.slot, state: state, at: first)) }
                }
                state.startRun(at: first, visit: visit)
                if recordingVisibility {
                    records.append(.init(sample: first, kind: 1, slot: section.slot, event: .entered(
                        sectionID: layout.ids[section.slot], time: sampleInterval * first,
                        visibleRatio: section.ratio, visit: visit)))
                }
            }
            let countAtFirst = state.consecutiveSamples
            let (grown, overflow) = countAtFirst.addingReportingOverflow(extraSamples)
            state.consecutiveSamples = overflow ? Int.max : grown
            state.lastVisibleSample = last

            if !state.firedDuringRun && mayFire(state, recurrence: policy.recurrence) {
                // The run reaches the required count at this sample, if within reach.
                let missing = max(0, policy.requiredSamples - countAtFirst)
                if missing <= extraSamples {
                    state.firedDuringRun = true
                    state.lastFiredVisit = visit
                    let sample = first + missing
                    records.append(.init(sample: sample, kind: 2, slot: section.slot, event: .impression(Impression(
                        sectionID: layout.ids[section.slot],
                        time: sampleInterval * sample,
                        visibleRatio: section.ratio,
                        visibleDuration: sampleInterval * (countAtFirst + missing - 1),
                        visit: visit))))
                }
            }
            states[section.slot] = state
            slotsInRun.append(Int32(section.slot))
        }

        // Open runs of sections not visible now end at `first` (the visible ones were
        // stamped with `last` above).
        for slot in openRuns where states[Int(slot)].lastVisibleSample < first {
            states[Int(slot)].endRun()
            if recordingVisibility {
                records.append(exitRecord(layout.ids[Int(slot)], slot: Int(slot), state: states[Int(slot)], at: first))
            }
        }
    }

    private func exitRecord(_ id: ID, slot: Int, state: SectionState, at sample: Int) -> SamplingWorkspace<ID>.Record {
        .init(sample: sample, kind: 0, slot: slot, event: .exited(
            sectionID: id, time: sampleInterval * sample,
            stayDuration: sampleInterval * state.consecutiveSamples,
            totalVisibleDuration: sampleInterval * state.exposureSamples,
            visit: state.exposureVisit))
    }

    private func mayFire(_ state: SectionState, recurrence: ImpressionPolicy.Recurrence) -> Bool {
        switch recurrence {
        case .onEveryEntry: true
        case .oncePerVisit: state.lastFiredVisit != visit
        case .oncePerTracker: state.lastFiredVisit < firstRememberedVisit
        }
    }

    /// Moves a scratch buffer out of the workspace, emptied with its capacity kept, so
    /// that filling it does not copy.
    private mutating func takeBuffer<Element>(_ keyPath: WritableKeyPath<SamplingWorkspace<ID>, [Element]>) -> [Element] {
        var buffer: [Element] = []
        swap(&buffer, &workspace[keyPath: keyPath])
        buffer.removeAll(keepingCapacity: true)
        return buffer
    }
}
