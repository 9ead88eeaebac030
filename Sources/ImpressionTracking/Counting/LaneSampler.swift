/// The counters of a multi-policy engine's policies (its lanes) and the loop of a sample
/// over all of them at once.
///
/// Laid out for the sampler: the counters of one section under every policy sit side by
/// side (`slot * laneCount + lane`), so a sample walks the sections near the viewport once
/// and, for each, its policies' counters in one run of memory, with one policy index per
/// section and lane. Free of the section id type, like ``SlotSampler``, whose per-section
/// code (``SlotSampler/count(_:slot:ratio:policy:from:through:visits:recordingVisibility:record:)``)
/// it runs for each lane.
struct LaneSampler: Sendable {
    /// The number of policies.
    let laneCount: Int
    /// Counters by slot, then lane: `states[slot * laneCount + lane]`.
    private(set) var states: [SectionState] = []
    /// Per slot and lane (as `states`), the index of the section's policy in `policies`.
    private var policyIndices: [Int32] = []
    /// Every lane's resolved policies, one table after another.
    private var policies: [ResolvedPolicy] = []
    /// Slots visible under some lane at the last sample evaluated. A lane's run of a slot
    /// is open when its counters were last visible at that sample (``isInRun(_:before:)``).
    private(set) var slotsInRun: [Int32] = []
    /// What the last evaluation reported under every lane, each record with its lane: in
    /// lane order, then each lane's report order, once `sortRecords()` ran. One buffer for
    /// all lanes: one per lane would be cleared and sorted at every sample, most of them
    /// for lanes with nothing to report.
    private(set) var records: [LaneRecord] = []
    /// The first sample after the last one evaluated at which a section completes its run
    /// under some lane, if nothing changes; `nil` when none will.
    var nextFiringSample: Int?
    // Scratch buffers, kept between samples so a steady sample does not allocate.
    private var openRuns: [Int32] = []
    private var laneRecords: [SlotSampler.Record] = []

    /// A record and the lane it is about.
    struct LaneRecord: Sendable {
        var lane: Int
        var record: SlotSampler.Record

        /// Lane, then the lane's report order.
        func precedes(_ other: LaneRecord) -> Bool {
            lane != other.lane ? lane < other.lane : record.precedes(other.record)
        }
    }

    init(laneCount: Int) {
        self.laneCount = laneCount
    }

    /// Whether `state` is in an open run at `nextSample`: visible at the sample before.
    @inline(__always)
    static func isInRun(_ state: SectionState, before nextSample: Int) -> Bool {
        state.lastVisibleSample == nextSample &- 1
    }

    // MARK: - Layouts

    /// Puts in force the counters of a new layout, `laneCount` per slot, and the slots
    /// with an open run under some lane.
    mutating func replaceCounters(_ states: [SectionState], slotsInRun: [Int32]) {
        self.states = states
        self.slotsInRun = slotsInRun
    }

    /// Resolves each lane's policy per slot: lane `lane` measures as column `columnOfLane[lane]`
    /// (`firstColumn`, then `otherColumns`) does, with the sections that have no policy of
    /// their own under `laneDefaults[lane]` (its policy resolved for a small and a large section).
    mutating func resolvePolicies(firstColumn: SectionGeometry, otherColumns: [SectionGeometry], columnOfLane: [Int],
                                  laneDefaults: [(small: ResolvedPolicy, large: ResolvedPolicy)]) {
        policies.clear()
        policyIndices = Array(repeating: 0, count: firstColumn.policyIndices.count &* laneCount)
        // The column's tables, not the column: a geometry handed over whole is copied,
        // its arrays retained and released, per lane and layout.
        for lane in 0..<laneCount {
            let column = columnOfLane[lane]
            if column == 0 {
                resolvePolicies(ofLane: lane, columnPolicies: firstColumn.policies, sources: firstColumn.policySources,
                                indices: firstColumn.policyIndices, defaults: laneDefaults[lane])
            } else {
                resolvePolicies(ofLane: lane, columnPolicies: otherColumns[column &- 1].policies,
                                sources: otherColumns[column &- 1].policySources,
                                indices: otherColumns[column &- 1].policyIndices, defaults: laneDefaults[lane])
            }
        }
    }

    /// Appends lane `lane`'s policies to `policies`: its column's (`columnPolicies`, from
    /// `sources`, by slot through `indices`), with its default policy's replaced by
    /// `defaults`, and points the lane's slots at them.
    private mutating func resolvePolicies(ofLane lane: Int, columnPolicies: [ResolvedPolicy],
                                          sources: [SectionGeometry.PolicySource], indices: [Int32],
                                          defaults: (small: ResolvedPolicy, large: ResolvedPolicy)) {
        let offset = Int32(policies.count)
        for index in columnPolicies.indices {
            let source = sources[index]
            guard source.isDefault else { policies.append(columnPolicies[index]); continue }
            policies.append(source.isLarge ? defaults.large : defaults.small)
        }
        for slot in indices.indices {
            policyIndices[slot &* laneCount &+ lane] = offset &+ indices[slot]
        }
    }

    /// Lane `lane`'s counters, by slot.
    func states(ofLane lane: Int) -> [SectionState] {
        Swift.stride(from: lane, to: states.count, by: laneCount).map { states[$0] }
    }

    /// The slots whose run is open under lane `lane` before `nextSample`, ascending.
    func slotsInRun(ofLane lane: Int, before nextSample: Int) -> [Int32] {
        slotsInRun.filter { Self.isInRun(states[Int($0) &* laneCount &+ lane], before: nextSample) }.sorted()
    }

    // MARK: - Samples

    /// Starts an evaluation: forgets the last one's records.
    mutating func beginEvaluation() {
        records.clear()
    }

    /// Lets `body` append records about lane `lane` (a departed section's exit).
    mutating func appendRecords(ofLane lane: Int, _ body: (inout [SlotSampler.Record]) -> Void) {
        body(&laneRecords)
        for record in laneRecords { records.append(LaneRecord(lane: lane, record: record)) }
        laneRecords.clear()
    }

    /// Evaluates samples `first` to `last` under every lane, from the ratios `measured`
    /// once for all (lane `lane` reads column `columnOfLane[lane]`), as one engine per
    /// lane evaluates them: each section near the viewport, then the open runs of the
    /// sections no longer visible.
    mutating func evaluate(from first: Int, through last: Int, measured: SlotSampler.MeasuredSample,
                           columnOfLane: [Int], visits: SlotSampler.Visits, recordingVisibility: Bool) {
        swap(&openRuns, &slotsInRun)
        slotsInRun.clear()
        // The inputs as buffers too: read through the arrays, each is reloaded and
        // bounds-checked per section and lane.
        nextFiringSample = measured.candidates.withUnsafeBufferPointer { candidates in
            measured.ratios.withUnsafeBufferPointer { ratios in
                columnOfLane.withUnsafeBufferPointer { columnOfLane in
                    count(candidates, ratios: ratios, stride: measured.stride, columnOfLane: columnOfLane,
                          from: first, through: last, visits: visits, recordingVisibility: recordingVisibility)
                }
            }
        }
    }

    /// The loop of ``evaluate(from:through:measured:columnOfLane:visits:recordingVisibility:)``
    /// over `candidates` and their `ratios` (`stride` per candidate); returns the next
    /// firing sample, kept in a local rather than in the sampler while it runs.
    @inline(__always)
    private mutating func count(_ candidates: UnsafeBufferPointer<Int32>, ratios: UnsafeBufferPointer<Double>,
                                stride: Int, columnOfLane: UnsafeBufferPointer<Int>, from first: Int, through last: Int,
                                visits: SlotSampler.Visits, recordingVisibility: Bool) -> Int? {
        var nextFiring: Int?
        withCounters { sampler, states, policies, policyIndices in
            let lanes = sampler.laneCount
            for index in candidates.indices {
                let slot = Int(candidates[index])
                let ratiosOfSlot = index &* stride
                var counts = false
                for lane in 0..<lanes {
                    let ratio = ratios[ratiosOfSlot &+ columnOfLane[lane]]
                    guard !ratio.isNaN else { continue }
                    let cell = slot &* lanes &+ lane
                    let (laneCounts, completion) = SlotSampler.count(
                        &states[cell], slot: slot, ratio: ratio, policy: policies[Int(policyIndices[cell])],
                        from: first, through: last, visits: visits,
                        recordingVisibility: recordingVisibility) { sampler.append($0, toLane: lane) }
                    if let completion { nextFiring = min(nextFiring ?? completion, completion) }
                    counts = counts || laneCounts
                }
                if counts { sampler.slotsInRun.append(Int32(slot)) }
            }
            sampler.endRunsNotSeen(at: first, states: states, recordingVisibility: recordingVisibility)
        }
        return nextFiring
    }

    /// Ends the runs open before `first` of the sections not visible at it, lane by lane
    /// (the visible ones were stamped with the last sample evaluated).
    @inline(__always)
    private mutating func endRunsNotSeen(at first: Int, states: UnsafeMutableBufferPointer<SectionState>,
                                         recordingVisibility: Bool) {
        for slot in openRuns {
            let slot = Int(slot)
            for lane in 0..<laneCount where Self.isInRun(states[slot &* laneCount &+ lane], before: first) {
                states[slot &* laneCount &+ lane].endRun()
                if recordingVisibility {
                    append(.exit(of: .slot(slot), ending: states[slot &* laneCount &+ lane], at: first), toLane: lane)
                }
            }
        }
    }

    @inline(__always)
    private mutating func append(_ record: SlotSampler.Record, toLane lane: Int) {
        records.append(LaneRecord(lane: lane, record: record))
    }

    /// Puts the records in lane order, each lane's in the order events are reported.
    mutating func sortRecords() {
        // Usually there is nothing, or one record, to sort.
        if records.count > 1 { records.sort { $0.precedes($1) } }
    }

    /// Runs `body` with the counters as one buffer, checked unique once rather than at
    /// every write, and the policy tables as buffers: read per section and lane, each
    /// read of an array is bounds-checked. Moved out and back, not copied: no retain.
    @inline(__always)
    private mutating func withCounters(
        _ body: (inout LaneSampler, UnsafeMutableBufferPointer<SectionState>, UnsafeBufferPointer<ResolvedPolicy>,
                 UnsafeBufferPointer<Int32>) -> Void
    ) {
        var states: [SectionState] = []
        var policies: [ResolvedPolicy] = []
        var policyIndices: [Int32] = []
        swap(&states, &self.states)
        swap(&policies, &self.policies)
        swap(&policyIndices, &self.policyIndices)
        defer {
            swap(&states, &self.states)
            swap(&policies, &self.policies)
            swap(&policyIndices, &self.policyIndices)
        }
        states.withUnsafeMutableBufferPointer { states in
            policies.withUnsafeBufferPointer { policies in
                policyIndices.withUnsafeBufferPointer { body(&self, states, policies, $0) }
            }
        }
    }
}
