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
        guard policyCount > 1 else { return base.advance(to: time) }
        guard evaluateDueSamples(through: time, recordingVisibility: false) else { return [] }
        var impressions: [Impression<ID>] = []
        sampleOfReport.clear()
        forEachRecord { policy, reader, record in
            guard record.kind == .impression else { return }
            impressions.append(reader.impression(from: record, policy: policy))
            sampleOfReport.append(record.sample)
        }
        return inSampleOrder(impressions)
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
        guard policyCount > 1 else { return base.advanceWithEvents(to: time) }
        guard evaluateDueSamples(through: time, recordingVisibility: true) else { return [] }
        var events: [VisibilityEvent<ID>] = []
        sampleOfReport.clear()
        forEachRecord { policy, reader, record in
            events.append(reader.event(from: record, policy: policy))
            sampleOfReport.append(record.sample)
        }
        return inSampleOrder(events)
    }

    /// Evaluates the samples due by `time` as ``advanceWithEvents(to:)`` does, and hands
    /// each policy's impressions to `impression` and the stays its exits end (the section,
    /// its visible samples, its visit, and the visit's exposure signals so far when the
    /// engine measures them) to `exit`: policy after policy, each policy's in its order,
    /// neither tagged nor put in time order across policies, and stays in samples, not
    /// durations. What a simulation's tally needs, for less than the events cost.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    package mutating func advance(to time: Duration, impression: (_ policy: Int, _ impression: Impression<ID>) -> Void,
                                  exit: (_ policy: Int, _ sectionID: ID, _ visibleSamples: Int, _ visit: Int,
                                         _ signals: ExposureSignals?) -> Void) {
        guard evaluateDueSamples(through: time, recordingVisibility: true) else { return }
        forEachRecord { policy, reader, record in
            switch record.kind {
            case .impression: impression(policy, reader.impression(from: record, policy: policy))
            case .exited: exit(policy, reader.sectionID(of: record), record.staySamples, record.visit, reader.signals(of: record))
            case .entered: break
            }
        }
    }

    /// Hands the records of the last evaluation to `body`, policy after policy, each
    /// policy's in order, with what names them.
    private func forEachRecord(_ body: (_ policy: Int, RecordReader<ID>, SlotSampler.Record) -> Void) {
        guard policyCount > 1 else {
            let reader = base.recordReader
            for record in base.sampler.records { body(0, reader, record) }
            return
        }
        // One reader, given a policy's departed exits when it moves to a policy that has some
        // (only those records name departed sections): a reader and a slice of records per
        // policy would retain and release five arrays, atomically, per policy that reported.
        var reader = base.recordReader
        var readerPolicy: Int?
        for entry in sampler.records {
            if entry.policyIndex != readerPolicy && departed[entry.policyIndex].hasExits {
                reader.departedExits = departed[entry.policyIndex].exitedSections
                readerPolicy = entry.policyIndex
            }
            body(entry.policyIndex, reader, entry.record)
        }
    }

    /// The time of the next sample that can report anything under some policy if no
    /// input arrives: the next sample after an input, else the sample at which a visible
    /// section completes its run; `nil` when nothing can happen before the next input.
    ///
    /// Between inputs, nothing but impressions can happen (entries and exits follow
    /// inputs), so a driver may sleep until this time instead of ticking every interval:
    /// ``ImpressionTracker/run()`` does.
    public var nextEventTime: Duration? {
        // After an input, the next sample, whatever the policy.
        if policyCount == 1 || base.changedSinceSample { return base.nextEventTime }
        return sampler.nextFiringSample.map { base.duration(ofSamples: $0) }
    }

    /// Measures the sections near the viewport once for every policy, then evaluates each
    /// policy's due samples from those ratios; returns whether any policy recorded
    /// anything.
    private mutating func evaluateDueSamples(through time: Duration, recordingVisibility: Bool) -> Bool {
        // One policy: nothing to share, so it is evaluated as a lone engine.
        guard policyCount > 1 else {
            return base.evaluateDueSamples(through: time, recordingVisibility: recordingVisibility)
        }
        sampler.beginEvaluation()
        measure(forSamplesThrough: time)
        guard let (first, last, visits, speed) = base.takeDueSamples(through: time, lastDue: measured.lastDueSample) else {
            return false
        }
        // Nothing can be seen and no run is open: nothing to do, whatever the feed size.
        if !measured.screenShows && sampler.slotsInRun.isEmpty && !departed.contains(where: \.hasOpenRuns) {
            sampler.nextFiringSample = nil
            return false
        }
        let retention = base.retention
        for policyIndex in departed.indices where departed[policyIndex].hasOpenRuns {
            sampler.appendRecords(ofPolicy: policyIndex) { records in
                departed[policyIndex].endOpenRuns(at: first, retention, recordingVisibility: recordingVisibility,
                                                  into: &records)
            }
        }
        if let speed {
            sampler.evaluateWithSignals(from: first, through: last, measured: measured, groupOfPolicy: groupOfPolicy,
                                        visits: visits, recordingVisibility: recordingVisibility, shares: shares,
                                        speed: speed)
        } else {
            sampler.evaluate(from: first, through: last, measured: measured, groupOfPolicy: groupOfPolicy, visits: visits,
                             recordingVisibility: recordingVisibility)
        }
        sampler.sortRecords()
        return !sampler.records.isEmpty
    }

    /// Fills `measured` with the sections near the viewport and their ratios under each
    /// way of measuring, when a sample is due and the screen shows something; empties it
    /// otherwise.
    private mutating func measure(forSamplesThrough time: Duration) {
        measured.candidates.clear()
        let (lastDue, dueScreen) = base.dueSamples(through: time)
        measured.lastDueSample = lastDue
        measured.screenShows = dueScreen != nil
        guard let screen = dueScreen else { return }
        base.collectCandidates(on: screen, into: &measured.candidates)
        // Every ratio read is written below: the buffer only grows, to the most candidates
        // seen (shrunk to size, it would be resized at most samples of a scroll).
        let ratioCount = measured.candidates.count &* measured.stride
        if measured.ratios.count < ratioCount {
            measured.ratios.append(contentsOf: repeatElement(.nan, count: ratioCount &- measured.ratios.count))
        }
        guard base.measuresSignals else {
            Self.measure(measured.candidates, on: screen, into: &measured.ratios, stride: measured.stride,
                         firstGroup: base.layout.geometry, otherGroups: &otherGroups, measurer: &measurer)
            return
        }
        if shares.count < ratioCount {
            shares.append(contentsOf: repeatElement(.nan, count: ratioCount &- shares.count))
        }
        Self.measure(measured.candidates, on: screen, into: &measured.ratios, shares: &shares,
                     stride: measured.stride, firstGroup: base.layout.geometry, otherGroups: &otherGroups,
                     measurer: &measurer)
    }

    /// ``measure(_:on:into:stride:firstGroup:otherGroups:measurer:)``, with the screen share
    /// of each candidate in `shares` (as `ratios`) where it has a ratio: each measure
    /// group's visible area, worked out right after its ratio from the parts measured
    /// (``VisibilityMeasurer/visibleArea(ofSlot:in:on:sharing:)``), over the effective
    /// viewport's. Apart, so that measuring without exposure signals stays as it was.
    private static func measure(_ candidates: [Int32], on screen: VisibilityMeasurer.Screen, into ratios: inout [Double],
                                shares: inout [Double], stride: Int, firstGroup: SectionGeometry,
                                otherGroups: inout [SectionGeometry], measurer: inout VisibilityMeasurer) {
        let viewportArea = screen.effectiveViewport.area
        for index in candidates.indices {
            let slot = Int(candidates[index])
            var shared = VisibilityMeasurer.SharedMeasures()
            let ratio = measurer.ratio(ofSlot: slot, in: firstGroup, on: screen, sharing: &shared)
            ratios[index &* stride] = ratio ?? .nan
            if ratio != nil {
                shares[index &* stride] = measurer.visibleArea(ofSlot: slot, in: firstGroup, on: screen,
                                                               sharing: &shared) / viewportArea
            }
            for group in otherGroups.indices {
                let ratio = otherGroups[group].ratio(ofSlot: slot, on: screen, with: &measurer, sharing: &shared)
                ratios[index &* stride &+ group &+ 1] = ratio ?? .nan
                if ratio != nil {
                    shares[index &* stride &+ group &+ 1] = otherGroups[group].visibleArea(
                        ofSlot: slot, on: screen, with: &measurer, sharing: &shared) / viewportArea
                }
            }
        }
    }

    /// Measures `candidates` candidate by candidate, under `firstGroup`, then each of
    /// `otherGroups`, into `ratios` (`stride` per candidate, NaN where nothing shows):
    /// what shows of a candidate is collected once, and stays in the measurer for the
    /// other measure groups.
    ///
    /// Static, the first measure group passed as a value and the others read in place: a
    /// geometry read from a stored property or an array element and handed to the
    /// measurer is copied, every table retained and released, per candidate and measure group.
    /// Once the candidate's parts are collected, another measure group without gates hands over
    /// only its policy and denominator; the others are measured in place
    /// (``SectionGeometry/ratio(ofSlot:on:with:sharing:)``), which still copies the
    /// geometry per candidate.
    private static func measure(_ candidates: [Int32], on screen: VisibilityMeasurer.Screen, into ratios: inout [Double],
                                stride: Int, firstGroup: SectionGeometry, otherGroups: inout [SectionGeometry],
                                measurer: inout VisibilityMeasurer) {
        // Both as buffers: each write to an array checks it unique, a runtime call per ratio.
        ratios.withUnsafeMutableBufferPointer { ratios in
            otherGroups.withUnsafeMutableBufferPointer { otherGroups in
                for index in candidates.indices {
                    let slot = Int(candidates[index])
                    var shared = VisibilityMeasurer.SharedMeasures()
                    let ratio = measurer.ratio(ofSlot: slot, in: firstGroup, on: screen, sharing: &shared)
                    ratios[index &* stride] = ratio ?? .nan
                    for group in otherGroups.indices {
                        let ratio = if shared.hasCollectedParts && otherGroups[group].gateTable == nil {
                            measurer.ratio(fromCollected: &shared, policy: otherGroups[group].policy(ofSlot: slot),
                                           denominator: otherGroups[group].denominators[slot], on: screen)
                        } else {
                            otherGroups[group].ratio(ofSlot: slot, on: screen, with: &measurer, sharing: &shared)
                        }
                        ratios[index &* stride &+ group &+ 1] = ratio ?? .nan
                    }
                }
            }
        }
    }

    /// `reports`, appended policy by policy (each policy's in its order, their samples in
    /// `sampleOfReport`), in sample order, then policy order, then each policy's order: a
    /// stable sort by sample. Usually a sample's reports share one sample: nothing to do.
    private func inSampleOrder<Report>(_ reports: [Report]) -> [Report] {
        guard let first = sampleOfReport.first, sampleOfReport.contains(where: { $0 != first }) else { return reports }
        let order = reports.indices.sorted { (sampleOfReport[$0], $0) < (sampleOfReport[$1], $1) }
        return order.map { reports[$0] }
    }
}
