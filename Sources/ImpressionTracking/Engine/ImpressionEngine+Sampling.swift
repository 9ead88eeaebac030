extension ImpressionEngine {
    // MARK: - Time

    /// Evaluates, in order, every sample at or before `time` not yet evaluated, and
    /// returns the impressions they completed: in time order, then policy order (each
    /// says its ``Impression/policy``), then layout order.
    ///
    /// Advancing to an earlier time than ``time`` evaluates nothing: time never runs
    /// backwards. Samples between two inputs see the same state, so they are evaluated
    /// together: a jump of an hour costs about as much as one sample.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    public mutating func advance(to time: Duration) -> [Impression<ID>] {
        guard evaluateDueSamples(through: time, recordingVisibility: false) else { return [] }
        var impressions: [Impression<ID>] = []
        forEachRecord { policy, reader, record in
            guard record.kind == .impression else { return }
            impressions.append(reader.impression(from: record, policy: policy))
        }
        return impressions
    }

    /// Like ``advance(to:)``, and also reports when sections become visible and stop
    /// being visible under each policy (with their exposure time); see
    /// ``VisibilityEvent``. Entries and exits depend on the policy too: its ratio (and
    /// exit ratio) decide when a section counts as visible.
    // Specialised: the simulation calls it at every sample, and unspecialised it spends
    // its time looking up generic metadata.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    public mutating func advanceWithEvents(to time: Duration) -> [VisibilityEvent<ID>] {
        guard evaluateDueSamples(through: time, recordingVisibility: true) else { return [] }
        var events: [VisibilityEvent<ID>] = []
        forEachRecord { policy, reader, record in
            events.append(reader.event(from: record, policy: policy))
        }
        return events
    }

    /// Evaluates the samples due by `time` as ``advanceWithEvents(to:)`` does, and hands
    /// each policy's impressions to `impression` and the stays its exits end (the section,
    /// its visible samples, its visit, and the visit's exposure signals so far when the
    /// engine measures them) to `exit`, in the order ``advanceWithEvents(to:)`` reports
    /// them: neither tagged, and stays in samples, not durations. What a simulation's
    /// tally needs, for less than the events cost.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    package mutating func advance(to time: Duration, impression: (_ policy: Int, _ impression: Impression<ID>) -> Void,
                                  exit: (_ policy: Int, _ sectionID: ID, _ visibleSamples: Int, _ visit: Int,
                                         _ signals: ExposureSignals?) -> Void) {
        advanceReporting(to: time, impression: impression, exit: exit)
    }

    /// The body of ``advance(to:impression:exit:)``, which its version for integer ids
    /// calls too.
    @inline(__always)
    mutating func advanceReporting(to time: Duration, impression: (_ policy: Int, _ impression: Impression<ID>) -> Void,
                                   exit: (_ policy: Int, _ sectionID: ID, _ visibleSamples: Int, _ visit: Int,
                                          _ signals: ExposureSignals?) -> Void) {
        guard evaluateDueSamples(through: time, recordingVisibility: true) else { return }
        forEachRecord { policy, reader, record in
            switch record.kind {
            case .impression: impression(policy, reader.impression(from: record, policy: policy))
            case .exited: exit(policy, reader.sectionID(of: record, policy: policy), record.staySamples, record.visit, reader.signals(of: record))
            case .entered: break
            }
        }
    }

    /// Hands the records of the last evaluation to `body` in the order they are reported
    /// (``CounterTable/records``), with what names them.
    private func forEachRecord(_ body: (_ policy: Int, RecordReader<ID>, SampleRecord) -> Void) {
        // One reader for every record: a reader per policy would retain and release its
        // arrays, atomically, per policy that reported.
        let reader = RecordReader(ids: measureGroups.layout.ids, departed: departed, signals: table.recordSignals,
                                  grid: inputs.grid, session: session, policies: measureGroups.policies)
        for entry in table.records {
            body(entry.policyIndex, reader, entry.record)
        }
    }

    /// The time of the next sample that can report anything under some policy if no
    /// input arrives: the next sample after an input (or after ``watchGeometry()``, which
    /// sends every section's geometry there), else the sample at which a visible section
    /// completes its run; `nil` when nothing can happen before the next input.
    ///
    /// Between inputs, nothing but impressions can happen (entries and exits follow
    /// inputs), so a driver may sleep until this time instead of ticking every interval:
    /// ``ImpressionTracker/run()`` does.
    public var nextEventTime: Duration? {
        if inputs.changedSinceSample || geometryWatch?.needsPass == true {
            return inputs.duration(ofSamples: inputs.nextSample)
        }
        var next = table.nextFiringSample
        if !bothEndsChecks.isEmpty, let check = bothEndsChecks.nextCheck(after: inputs.nextSample - 1) {
            next = min(next ?? check, check)
        }
        return next.map { inputs.duration(ofSamples: $0) }
    }

    /// Evaluates the samples due by `time` under every policy into `table.records`, in
    /// order: the exits of the sections that left with a run open, then the sections near
    /// the viewport, measured once per way of measuring and counted under each policy.
    /// Without an input since the last sample evaluated, the loop counts from the ratios
    /// it measured then (``CountingLoop``: a sample at which no input arrived).
    /// Returns whether any policy recorded anything.
    private mutating func evaluateDueSamples(through time: Duration, recordingVisibility: Bool) -> Bool {
        table.clearRecords()
        let inputsChanged = inputs.changedSinceSample
        guard let (first, last, visits, speed) = inputs.takeDueSamples(
            through: time, lastDue: inputs.lastSample(atOrBefore: time)) else { return false }
        noteGeometry(atSample: first, inputsChanged: inputsChanged)
        let screen = inputs.isActive ? inputs.screen : nil
        // Nothing can be seen and no run is open: nothing to do, whatever the feed size.
        if screen == nil && table.slotsInRun.isEmpty && !departed.contains(where: \.hasOpenRuns) {
            table.nextFiringSample = nil
            // Nothing measured here: the next sample with a screen measures.
            table.loop.forgetRatios()
            // Nothing visible is a set too: its checks only take what was reported back.
            if !bothEndsChecks.isEmpty { runBothEndsChecks(from: first, through: last, on: screen, visits: visits) }
            return false
        }
        let retention = inputs.retention
        // Those with no run open and no exit to forget have nothing to do.
        for policyIndex in departed.indices where departed[policyIndex].hasOpenRuns || departed[policyIndex].hasExits {
            departed[policyIndex].endOpenRuns(at: first, retention, recordingVisibility: recordingVisibility) {
                table.append($0, signals: $1, policyIndex: policyIndex)
            }
        }
        CountingLoop.evaluate(from: first, through: last, on: screen, groups: &measureGroups, table: &table, visits: visits,
                              reusingRatios: !inputsChanged, recordingVisibility: recordingVisibility, speed: speed)
        if !bothEndsChecks.isEmpty { runBothEndsChecks(from: first, through: last, on: screen, visits: visits) }
        guard !table.records.isEmpty else { return false }
        table.sortRecords()
        return true
    }

    /// Runs the checks of the policies checked at both ends (``BothEndsChecks``) over
    /// samples `first` to `last`, after the loop counted them; a section that fires is
    /// measured again, under its policy's measure group, for the ratio it reports.
    @inline(never)
    private mutating func runBothEndsChecks(from first: Int, through last: Int, on screen: VisibilityMeasurer.Screen?,
                                            visits: CountingRules.Visits) {
        var measurer = VisibilityMeasurer()
        let groups = measureGroups
        let groupOfPolicy = groups.groupOfPolicy
        bothEndsChecks.evaluate(from: first, through: last, layout: groups.layout, table: &table, visits: visits) {
            slot, policyIndex in
            guard let screen else { return 0 }
            return groups.withGeometry(ofGroup: groupOfPolicy.isEmpty ? 0 : groupOfPolicy[policyIndex]) {
                measurer.ratio(ofSlot: slot, in: $0, on: screen)
            } ?? 0
        }
    }
}

// The simulator's engines number their sections: from its module, the generic methods
// would find their specialisations for `Int` by looking the type up at run time, at every
// input and every advance; these are that specialisation, called directly.
extension ImpressionEngine where ID == Int {
    /// ``apply(_:)`` of an engine of numbered sections.
    package mutating func apply(_ input: EngineInput<Int>) throws(InputError) {
        try applyInput(input)
    }

    /// ``advance(to:impression:exit:)`` of an engine of numbered sections.
    package mutating func advance(to time: Duration, impression: (_ policy: Int, _ impression: Impression<Int>) -> Void,
                                  exit: (_ policy: Int, _ sectionID: Int, _ visibleSamples: Int, _ visit: Int,
                                         _ signals: ExposureSignals?) -> Void) {
        advanceReporting(to: time, impression: impression, exit: exit)
    }
}
