/// The counters of a multi-policy engine's policies and the loop of a sample over all of
/// them at once.
///
/// Laid out for the sampler: the counters of one section under every policy sit side by
/// side (`slot * policyCount + policyIndex`), so a sample walks the sections near the viewport
/// once and, for each, its policies' counters in one run of memory, with one policy index
/// per section and policy. Free of the section id type, like ``SlotSampler``, whose
/// per-section code
/// (``SlotSampler/count(_:slot:ratio:policy:from:through:visits:recordingVisibility:signals:record:)``)
/// it runs for each policy.
struct ManyPolicyCounters: Sendable {
    /// The number of policies.
    let policyCount: Int
    /// Counters by slot, then policy: `states[slot * policyCount + policy]`.
    private(set) var states: [SectionState] = []
    /// With exposure signals, the signals' counters, laid out as `states`; empty without.
    private(set) var signalStates: [SignalCounters] = []
    /// Per slot and policy (as `states`), the index of the section's policy in `policies`.
    private var policyIndices: [Int32] = []
    /// Every policy's resolved policies, one table after another.
    private var policies: [ResolvedPolicy] = []
    /// Slots visible under some policy at the last sample evaluated. A policy's run of a slot
    /// is open when its counters were last visible at that sample (``isInRun(_:before:)``).
    private(set) var slotsInRun: [Int32] = []
    /// What the last evaluation reported under every policy, each record with its policy: in
    /// policy order, then each policy's report order, once `sortRecords()` ran. One buffer for
    /// all policies: one per policy would be cleared and sorted at every sample, most of them
    /// for policies with nothing to report.
    private(set) var records: [PolicyRecord] = []
    /// The first sample after the last one evaluated at which a section completes its run
    /// under some policy, if nothing changes; `nil` when none will.
    var nextFiringSample: Int?
    // Scratch buffers, kept between samples so a steady sample does not allocate.
    private var openRuns: [Int32] = []
    private var policyRecords: [SlotSampler.Record] = []

    /// A record and the policy it is about.
    struct PolicyRecord: Sendable {
        var policyIndex: Int
        var record: SlotSampler.Record

        /// Policy, then the policy's report order.
        func precedes(_ other: PolicyRecord) -> Bool {
            policyIndex != other.policyIndex ? policyIndex < other.policyIndex : record.precedes(other.record)
        }
    }

    init(policyCount: Int) {
        self.policyCount = policyCount
    }

    /// Whether `state` is in an open run at `nextSample`: visible at the sample before.
    @inline(__always)
    static func isInRun(_ state: SectionState, before nextSample: Int) -> Bool {
        state.lastVisibleSample == nextSample &- 1
    }

    // MARK: - Layouts

    /// Puts in force the counters of a new layout, `policyCount` per slot, their signals'
    /// counters (empty without signals), and the slots with an open run under some policy.
    mutating func replaceCounters(_ states: [SectionState], signalStates: [SignalCounters], slotsInRun: [Int32]) {
        self.states = states
        self.signalStates = signalStates
        self.slotsInRun = slotsInRun
    }

    /// Resolves each policy's resolved policy per slot: policy `policyIndex` measures as
    /// measure group `groupOfPolicy[policyIndex]` (`firstGroup`, then
    /// `otherGroups`) does, with the sections that have no policy of their own under
    /// `defaultsByPolicy[policyIndex]` (its policy resolved for a small and a large section).
    mutating func resolvePolicies(firstGroup: SectionGeometry, otherGroups: [SectionGeometry], groupOfPolicy: [Int],
                                  defaultsByPolicy: [(small: ResolvedPolicy, large: ResolvedPolicy)]) {
        policies.clear()
        policyIndices = Array(repeating: 0, count: firstGroup.policyIndices.count &* policyCount)
        // The measure group's tables, not the measure group: a geometry handed over whole is
        // copied, its arrays retained and released, per policy and layout.
        for policyIndex in 0..<policyCount {
            let group = groupOfPolicy[policyIndex]
            if group == 0 {
                resolvePolicies(ofPolicy: policyIndex, groupPolicies: firstGroup.policies,
                                sources: firstGroup.policySources,
                                indices: firstGroup.policyIndices, defaults: defaultsByPolicy[policyIndex])
            } else {
                resolvePolicies(ofPolicy: policyIndex, groupPolicies: otherGroups[group &- 1].policies,
                                sources: otherGroups[group &- 1].policySources,
                                indices: otherGroups[group &- 1].policyIndices, defaults: defaultsByPolicy[policyIndex])
            }
        }
    }

    /// Appends policy `policyIndex`'s policies to `policies`: its measure group's
    /// (`groupPolicies`, from `sources`, by slot through `indices`), with its default
    /// policy's replaced by `defaults`, and points the policy's slots at them.
    private mutating func resolvePolicies(ofPolicy policyIndex: Int, groupPolicies: [ResolvedPolicy],
                                          sources: [SectionGeometry.PolicySource], indices: [Int32],
                                          defaults: (small: ResolvedPolicy, large: ResolvedPolicy)) {
        let offset = Int32(policies.count)
        for index in groupPolicies.indices {
            let source = sources[index]
            guard source.isDefault else { policies.append(groupPolicies[index]); continue }
            policies.append(source.isLarge ? defaults.large : defaults.small)
        }
        for slot in indices.indices {
            policyIndices[slot &* policyCount &+ policyIndex] = offset &+ indices[slot]
        }
    }

    /// The policy of the section in `slot` under policy `policyIndex`, resolved.
    func policy(ofSlot slot: Int, policyIndex: Int) -> ResolvedPolicy {
        policies[Int(policyIndices[slot &* policyCount &+ policyIndex])]
    }

    /// Policy `policyIndex`'s counters, by slot.
    func states(ofPolicy policyIndex: Int) -> [SectionState] {
        Swift.stride(from: policyIndex, to: states.count, by: policyCount).map { states[$0] }
    }

    /// Policy `policyIndex`'s signal counters, by slot; empty without signals.
    func signalStates(ofPolicy policyIndex: Int) -> [SignalCounters] {
        Swift.stride(from: policyIndex, to: signalStates.count, by: policyCount).map { signalStates[$0] }
    }

    /// The slots whose run is open under policy `policyIndex` before `nextSample`, ascending.
    func slotsInRun(ofPolicy policyIndex: Int, before nextSample: Int) -> [Int32] {
        slotsInRun.filter { Self.isInRun(states[Int($0) &* policyCount &+ policyIndex], before: nextSample) }.sorted()
    }

    // MARK: - Samples

    /// Starts an evaluation: forgets the last one's records.
    mutating func beginEvaluation() {
        records.clear()
    }

    /// Lets `body` append records about policy `policyIndex` (a departed section's exit).
    mutating func appendRecords(ofPolicy policyIndex: Int, _ body: (inout [SlotSampler.Record]) -> Void) {
        body(&policyRecords)
        for record in policyRecords { records.append(PolicyRecord(policyIndex: policyIndex, record: record)) }
        policyRecords.clear()
    }

    /// Evaluates samples `first` to `last` under every policy, from the ratios `measured` once
    /// for all (policy `policyIndex` reads measure group `groupOfPolicy[policyIndex]`), as
    /// one engine per policy evaluates them: each section near the viewport, then the open runs
    /// of the sections no longer visible.
    mutating func evaluate(from first: Int, through last: Int, measured: MeasuredSample,
                           groupOfPolicy: [Int], visits: SlotSampler.Visits, recordingVisibility: Bool) {
        swap(&openRuns, &slotsInRun)
        slotsInRun.clear()
        // The inputs as buffers too: read through the arrays, each is reloaded and
        // bounds-checked per section and policy.
        nextFiringSample = measured.candidates.withUnsafeBufferPointer { candidates in
            measured.ratios.withUnsafeBufferPointer { ratios in
                groupOfPolicy.withUnsafeBufferPointer { groupOfPolicy in
                    count(candidates, ratios: ratios, stride: measured.stride, groupOfPolicy: groupOfPolicy,
                          from: first, through: last, visits: visits, recordingVisibility: recordingVisibility)
                }
            }
        }
    }

    /// The loop of
    /// ``evaluate(from:through:measured:groupOfPolicy:visits:recordingVisibility:)``
    /// over `candidates` and their `ratios` (`stride` per candidate); returns the next firing
    /// sample, kept in a local rather than in the sampler while it runs.
    @inline(__always)
    private mutating func count(_ candidates: UnsafeBufferPointer<Int32>, ratios: UnsafeBufferPointer<Double>,
                                stride: Int, groupOfPolicy: UnsafeBufferPointer<Int>, from first: Int, through last: Int,
                                visits: SlotSampler.Visits, recordingVisibility: Bool) -> Int? {
        var nextFiring: Int?
        withCounters { sampler, states, policies, policyIndices in
            let policyCount = sampler.policyCount
            for index in candidates.indices {
                let slot = Int(candidates[index])
                let ratiosOfSlot = index &* stride
                var counts = false
                for policyIndex in 0..<policyCount {
                    let ratio = ratios[ratiosOfSlot &+ groupOfPolicy[policyIndex]]
                    guard !ratio.isNaN else { continue }
                    let cell = slot &* policyCount &+ policyIndex
                    let (laneCounts, completion) = SlotSampler.count(
                        &states[cell], slot: slot, ratio: ratio, policy: policies[Int(policyIndices[cell])],
                        from: first, through: last, visits: visits,
                        recordingVisibility: recordingVisibility) { sampler.append($0, toPolicy: policyIndex) }
                    if let completion { nextFiring = min(nextFiring ?? completion, completion) }
                    counts = counts || laneCounts
                }
                if counts { sampler.slotsInRun.append(Int32(slot)) }
            }
            sampler.endRunsNotSeen(at: first, states: states, signalStates: nil, recordingVisibility: recordingVisibility)
        }
        return nextFiring
    }

    /// ``evaluate(from:through:measured:groupOfPolicy:visits:recordingVisibility:)``, adding
    /// up exposure signals: `shares` are the candidates' screen shares, laid out as their
    /// ratios, and `speed` the viewport's at `first`.
    ///
    /// A loop of its own, not the one without signals made generic: shared, even
    /// specialised, the loop every sample without signals runs is laid out worse (spilled
    /// registers, a bounds check not proved) and measures slower (`Benchmarks/README.md`).
    /// Not inlined, for the same reason.
    @inline(never)
    mutating func evaluateWithSignals(from first: Int, through last: Int, measured: MeasuredSample,
                                      groupOfPolicy: [Int], visits: SlotSampler.Visits, recordingVisibility: Bool,
                                      shares: [Double], speed: Double) {
        swap(&openRuns, &slotsInRun)
        slotsInRun.clear()
        var nextFiring: Int?
        withSignalCounters { sampler, states, signalStates, policies, policyIndices in
            let policyCount = sampler.policyCount
            for index in measured.candidates.indices {
                let slot = Int(measured.candidates[index])
                let ratiosOfSlot = index &* measured.stride
                var counts = false
                for policyIndex in 0..<policyCount {
                    let ratio = measured.ratios[ratiosOfSlot &+ groupOfPolicy[policyIndex]]
                    guard !ratio.isNaN else { continue }
                    let cell = slot &* policyCount &+ policyIndex
                    let sample = SlotSampler.SignalInput(
                        sample: SignalCounters.Sample(share: shares[ratiosOfSlot &+ groupOfPolicy[policyIndex]], speed: speed),
                        counters: signalStates, index: cell)
                    let (laneCounts, completion) = SlotSampler.count(
                        &states[cell], slot: slot, ratio: ratio, policy: policies[Int(policyIndices[cell])],
                        from: first, through: last, visits: visits, recordingVisibility: recordingVisibility,
                        signals: sample) { sampler.append($0, toPolicy: policyIndex) }
                    if let completion { nextFiring = min(nextFiring ?? completion, completion) }
                    counts = counts || laneCounts
                }
                if counts { sampler.slotsInRun.append(Int32(slot)) }
            }
            sampler.endRunsNotSeen(at: first, states: states, signalStates: signalStates,
                                   recordingVisibility: recordingVisibility)
        }
        nextFiringSample = nextFiring
    }

    /// Ends the runs open before `first` of the sections not visible at it, policy by policy
    /// (the visible ones were stamped with the last sample evaluated); their exits carry
    /// `signalStates`' counters, when the engine measures signals.
    @inline(__always)
    private mutating func endRunsNotSeen(at first: Int, states: UnsafeMutableBufferPointer<SectionState>,
                                         signalStates: UnsafeMutableBufferPointer<SignalCounters>?,
                                         recordingVisibility: Bool) {
        for slot in openRuns {
            let slot = Int(slot)
            for policyIndex in 0..<policyCount
            where Self.isInRun(states[slot &* policyCount &+ policyIndex], before: first) {
                states[slot &* policyCount &+ policyIndex].endRun()
                if recordingVisibility {
                    let cell = slot &* policyCount &+ policyIndex
                    append(.exit(of: .slot(slot), ending: states[cell], signals: signalStates.map { $0[cell] }, at: first),
                           toPolicy: policyIndex)
                }
            }
        }
    }

    @inline(__always)
    private mutating func append(_ record: SlotSampler.Record, toPolicy policyIndex: Int) {
        records.append(PolicyRecord(policyIndex: policyIndex, record: record))
    }

    /// Puts the records in policy order, each policy's in the order events are reported.
    mutating func sortRecords() {
        // Usually there is nothing, or one record, to sort.
        if records.count > 1 { records.sort { $0.precedes($1) } }
    }

    /// Runs `body` with the counters as one buffer, checked unique once rather than at
    /// every write, and the policy tables as buffers: read per section and policy, each
    /// read of an array is bounds-checked. Moved out and back, not copied: no retain.
    @inline(__always)
    private mutating func withCounters(
        _ body: (inout ManyPolicyCounters, UnsafeMutableBufferPointer<SectionState>, UnsafeBufferPointer<ResolvedPolicy>,
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

    /// ``withCounters(_:)`` with the signals' counters as one buffer too: for the loop
    /// with signals only, so that the loop without them is handed nothing more.
    @inline(__always)
    private mutating func withSignalCounters(
        _ body: (inout ManyPolicyCounters, UnsafeMutableBufferPointer<SectionState>,
                 UnsafeMutableBufferPointer<SignalCounters>, UnsafeBufferPointer<ResolvedPolicy>,
                 UnsafeBufferPointer<Int32>) -> Void
    ) {
        var signalStates: [SignalCounters] = []
        swap(&signalStates, &self.signalStates)
        defer { swap(&signalStates, &self.signalStates) }
        signalStates.withUnsafeMutableBufferPointer { signalStates in
            withCounters { sampler, states, policies, policyIndices in
                body(&sampler, states, signalStates, policies, policyIndices)
            }
        }
    }
}
