extension MultiPolicyEngine {
    // MARK: - Time

    /// Evaluates every sample due at or before `time` under every policy, and returns the
    /// impressions they completed, tagged with their policy: in time order, then policy
    /// order, then as ``ImpressionEngine/advance(to:)`` orders one policy's.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    public mutating func advance(to time: Duration) -> [PolicyImpression<ID>] {
        guard evaluateDueSamples(through: time, recordingVisibility: false) else { return [] }
        var impressions: [PolicyImpression<ID>] = []
        sampleOfReport.clear()
        for lane in recordingLanes { lanes[lane].appendImpressions(policy: lane, to: &impressions, samples: &sampleOfReport) }
        return inSampleOrder(impressions)
    }

    /// Like ``advance(to:)``, and also reports entries and exits under each policy; see
    /// ``ImpressionEngine/advanceWithEvents(to:)``.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    public mutating func advanceWithEvents(to time: Duration) -> [PolicyEvent<ID>] {
        guard evaluateDueSamples(through: time, recordingVisibility: true) else { return [] }
        var events: [PolicyEvent<ID>] = []
        sampleOfReport.clear()
        for lane in recordingLanes { lanes[lane].appendEvents(policy: lane, to: &events, samples: &sampleOfReport) }
        return inSampleOrder(events)
    }

    /// Evaluates the samples due by `time` as ``advanceWithEvents(to:)`` does, and hands
    /// each policy's impressions to `impression` and the stays its exits end (the section
    /// and its visible samples) to `exit`: policy after policy, each policy's in its order,
    /// neither tagged nor put in time order across policies, and stays in samples, not
    /// durations. What a simulation's tally needs, for less than the events cost.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    package mutating func advance(to time: Duration, impression: (_ policy: Int, _ impression: Impression<ID>) -> Void,
                                  exit: (_ policy: Int, _ sectionID: ID, _ visibleSamples: Int) -> Void) {
        guard evaluateDueSamples(through: time, recordingVisibility: true) else { return }
        Self.reportTally(of: &lanes, recordingLanes, impression: impression, exit: exit)
    }

    /// Hands the reports of `recordingLanes` to `impression` and `exit`, lane by lane.
    private static func reportTally(of lanes: inout [ImpressionEngine<ID>], _ recordingLanes: [Int],
                                    impression: (_ policy: Int, _ impression: Impression<ID>) -> Void,
                                    exit: (_ policy: Int, _ sectionID: ID, _ visibleSamples: Int) -> Void) {
        lanes.withUnsafeMutableBufferPointer { lanes in
            for lane in recordingLanes { lanes[lane].reportTally(policy: lane, impression: impression, exit: exit) }
        }
    }

    /// The time of the next sample that can report anything under some policy if no
    /// input arrives; see ``ImpressionEngine/nextEventTime``.
    public var nextEventTime: Duration? {
        guard configurationError == nil else { return nil }
        // After an input, the next sample; every lane had it, and lane 0 knows.
        if lanes[0].changedSinceSample { return lanes[0].nextEventTime }
        var earliest: Duration?
        for lane in lanes.indices {
            if let time = lanes[lane].nextEventTime, earliest.map({ time < $0 }) ?? true { earliest = time }
        }
        return earliest
    }

    /// Measures the sections near the viewport once for every policy, then evaluates each
    /// policy's due samples from those ratios; returns whether any policy recorded
    /// anything, and lists those that did in `recordingLanes`.
    private mutating func evaluateDueSamples(through time: Duration, recordingVisibility: Bool) -> Bool {
        recordingLanes.clear()
        guard configurationError == nil else { return false }
        // One policy: nothing to share, so its lane measures as a lone engine does.
        if lanes.count == 1 {
            guard lanes[0].evaluateDueSamples(through: time, recordingVisibility: recordingVisibility) else { return false }
            recordingLanes.append(0)
            return true
        }
        measure(forSamplesThrough: time)
        Self.evaluate(&lanes, through: time, recordingVisibility: recordingVisibility, measured: measured,
                      columnOfLane: columnOfLane, recording: &recordingLanes)
        return !recordingLanes.isEmpty
    }

    /// Each lane's evaluation of the samples due by `time` from `measured`, listing in
    /// `recording` the lanes that recorded anything. Static, like ``measure(_:on:into:stride:columnLeads:lanes:measurer:)``:
    /// the lanes (one buffer, checked unique once, not once per lane) and what the lanes
    /// read and write are separate places, not copied out of `self`.
    private static func evaluate(_ lanes: inout [ImpressionEngine<ID>], through time: Duration, recordingVisibility: Bool,
                                 measured: SlotSampler.MeasuredSample, columnOfLane: [Int], recording: inout [Int]) {
        lanes.withUnsafeMutableBufferPointer { lanes in
            for lane in lanes.indices
            where lanes[lane].evaluateDueSamples(through: time, recordingVisibility: recordingVisibility,
                                                 measured: measured, column: columnOfLane[lane]) {
                recording.append(lane)
            }
        }
    }

    /// Fills `measured` with the sections near the viewport and their ratios under each
    /// way of measuring, when a sample is due and the screen shows something; empties it
    /// otherwise. Every lane has had the same inputs, so lane 0 says for all.
    private mutating func measure(forSamplesThrough time: Duration) {
        measured.candidates.clear()
        measured.ratios.clear()
        let (lastDue, dueScreen) = lanes[0].dueSamples(through: time)
        measured.lastDueSample = lastDue
        measured.screenShows = dueScreen != nil
        guard let screen = dueScreen else { return }
        lanes[0].collectCandidates(on: screen, into: &measured.candidates)
        measured.ratios.append(contentsOf: repeatElement(.nan, count: measured.candidates.count &* measured.stride))
        Self.measure(measured.candidates, on: screen, into: &measured.ratios, stride: measured.stride,
                     columnLeads: leadLaneOfColumn, lanes: &lanes, measurer: &measurer)
    }

    /// Measures `candidates` candidate by candidate, column by column, into `ratios`: what
    /// shows of a candidate is collected once, and stays in the measurer for the other
    /// columns. Static, so that the lanes, the measurer and the ratios are three separate
    /// places (a closure over `self` would need the measurer taken out, and an empty one
    /// made and dropped at every sample).
    private static func measure(_ candidates: [Int32], on screen: VisibilityMeasurer.Screen, into ratios: inout [Double],
                                stride: Int, columnLeads: [Int], lanes: inout [ImpressionEngine<ID>],
                                measurer: inout VisibilityMeasurer) {
        // The lanes as one buffer, checked unique once.
        lanes.withUnsafeMutableBufferPointer { lanes in
            for index in candidates.indices {
                let slot = Int(candidates[index])
                var shared = VisibilityMeasurer.SharedMeasures()
                for column in columnLeads.indices {
                    let ratio = lanes[columnLeads[column]].ratio(ofSlot: slot, on: screen, with: &measurer, sharing: &shared)
                    ratios[index &* stride &+ column] = ratio ?? .nan
                }
            }
        }
    }

    /// `reports`, appended lane by lane (each lane's in its order, their samples in
    /// `sampleOfReport`), in sample order, then policy order, then each lane's order: a
    /// stable sort by sample. Usually a sample's reports share one sample: nothing to do.
    private func inSampleOrder<Report>(_ reports: [Report]) -> [Report] {
        guard let first = sampleOfReport.first, sampleOfReport.contains(where: { $0 != first }) else { return reports }
        let order = reports.indices.sorted { (sampleOfReport[$0], $0) < (sampleOfReport[$1], $1) }
        return order.map { reports[$0] }
    }
}
