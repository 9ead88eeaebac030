/// Every section's counters under every policy of an engine, and the loop a sample runs:
/// which sections near the viewport are visible, how their runs grow, and what they report.
///
/// The counters are laid out by slot, then policy (`slot * policyCount + policy`), so a
/// section's counters under every policy sit together. One policy is the case
/// `policyCount == 1`: the same tables and the same loop.
///
/// Free of the section id type, like ``SectionGeometry``: this is the code every sample
/// runs, so it is compiled once, optimised, in this module. It reports by slot and policy
/// (``SampleRecord``); the engine turns records into events with ids only when there are any.
struct SectionCounters: Sendable {
    /// What the engine's visits mean for a sample.
    struct Visits: Sendable {
        /// The current visit.
        var current: Int
        /// Runs that ended before this sample are void: a visit started.
        var runsValidFrom: Int
        /// What fired in an earlier visit than this is forgotten.
        var firstRemembered: Int
    }

    /// A record and the policy it is about.
    struct PolicyRecord: Sendable {
        var policyIndex: Int
        var record: SampleRecord

        /// Policy, then the policy's report order.
        func precedes(_ other: PolicyRecord) -> Bool {
            policyIndex != other.policyIndex ? policyIndex < other.policyIndex : record.precedes(other.record)
        }
    }

    /// What a sample in view brings to the exposure signals of one section under one
    /// policy, and where its signal counters are.
    struct SignalInput {
        var sample: SignalCounters.Sample
        /// The table of signal counters, parallel to the counters.
        var counters: UnsafeMutableBufferPointer<SignalCounters>
        /// The section's place in `counters` under the policy, that of its counters.
        var index: Int
    }

    /// The number of policies.
    let policyCount: Int
    /// Where each policy reads, one lane per policy: its measure group and its list of
    /// policies. One table, so that a policy costs the loop one load for both. Empty with
    /// one policy, which reads its measure group's own list: an engine of one policy
    /// allocates nothing for it.
    private var lanes: [Lane]
    /// The number of measure groups.
    let groupCount: Int
    /// Counters by slot and policy.
    var states: [SectionState] = []
    /// With exposure signals, the signals' counters, laid out as `states`; empty without,
    /// so that an engine that does not measure them holds nothing for them.
    var signalStates: [SignalCounters] = []
    /// Slots visible under some policy at the last sample evaluated: some run of theirs is open.
    var slotsInRun: [Int32] = []
    /// What the last evaluation reported, in policy order, each policy's in the order
    /// events are reported, once `sortRecords()` ran.
    private(set) var records: [PolicyRecord] = []
    /// With exposure signals, those the records carry (``SampleRecord/signalsIndex``).
    private(set) var recordSignals: [SignalCounters] = []
    /// The first sample after the last one evaluated at which a visible section completes
    /// its run under some policy, if nothing changes; `nil` when none will.
    var nextFiringSample: Int?
    /// Every policy's resolved policies, one list per policy parallel to its measure
    /// group's (``SectionGeometry/policies``), its default ones replaced by its own.
    private(set) var policies: [ResolvedPolicy] = []
    private var measurer = VisibilityMeasurer()
    // Scratch buffers, kept between samples so a steady sample does not allocate.
    private(set) var candidates: [Int32] = []
    private(set) var openRuns: [Int32] = []
    /// Per slot and policy, laid out as `states`, where the section's policy is in
    /// `policies`: one load per section and policy in the loop. Empty with one policy.
    private var policyOfCell: [Int32] = []
    /// When candidates are measured before they are counted, their ratios and screen
    /// shares, `groupCount` per candidate (``measure(_:_:groupCount:on:firstGroup:otherGroups:ratios:shares:measurer:)``).
    private var measuredRatios: [Double] = []
    private var measuredShares: [Double] = []

    /// Counters for `policyCount` policies, policy `p` measuring as measure group
    /// `groupOfPolicy[p]`; with one policy, `groupOfPolicy` may be empty.
    init(policyCount: Int, groupOfPolicy: [Int]) {
        self.policyCount = policyCount
        lanes = policyCount == 1 ? [] : groupOfPolicy.map { Lane(group: Int32($0), firstPolicy: 0) }
        groupCount = (groupOfPolicy.max() ?? 0) + 1
    }

    /// Where one policy reads.
    private struct Lane {
        /// Its measure group.
        var group: Int32
        /// Where its list starts in `policies`.
        var firstPolicy: Int32
    }

    /// The measure group of policy `policyIndex`.
    func group(ofPolicy policyIndex: Int) -> Int {
        lanes.isEmpty ? 0 : Int(lanes[policyIndex].group)
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

    /// Resolves each policy's policies: policy `policyIndex` measures as measure group
    /// `groupOfPolicy[policyIndex]` (`firstGroup`, then `otherGroups`) does, with the
    /// sections that have no policy of their own under `defaultsByPolicy[policyIndex]` (its
    /// policy resolved for a small and a large section).
    mutating func resolvePolicies(firstGroup: SectionGeometry, otherGroups: [SectionGeometry],
                                  defaultsByPolicy: [(small: ResolvedPolicy, large: ResolvedPolicy)]) {
        // One policy's list is its measure group's, resolved under it: shared, not copied.
        guard policyCount > 1 else {
            policies = firstGroup.policies
            return
        }
        policies.clear()
        // The measure group's tables, not the measure group: a geometry handed over whole is
        // copied, its arrays retained and released, per policy and layout.
        for policyIndex in 0..<policyCount {
            let group = Int(lanes[policyIndex].group)
            lanes[policyIndex].firstPolicy = Int32(policies.count)
            if group == 0 {
                appendPolicies(firstGroup.policies, sources: firstGroup.policySources,
                               defaults: defaultsByPolicy[policyIndex])
            } else {
                appendPolicies(otherGroups[group &- 1].policies, sources: otherGroups[group &- 1].policySources,
                               defaults: defaultsByPolicy[policyIndex])
            }
        }
        let slotCount = firstGroup.policyIndices.count
        policyOfCell = Array(repeating: 0, count: slotCount &* policyCount)
        for policyIndex in 0..<policyCount {
            let group = Int(lanes[policyIndex].group)
            let firstPolicy = lanes[policyIndex].firstPolicy
            let indices = group == 0 ? firstGroup.policyIndices : otherGroups[group &- 1].policyIndices
            for slot in indices.indices {
                policyOfCell[slot &* policyCount &+ policyIndex] = firstPolicy &+ indices[slot]
            }
        }
    }

    /// Appends a measure group's policies (`groupPolicies`, from `sources`) to `policies`,
    /// its default policy's replaced by `defaults`.
    private mutating func appendPolicies(_ groupPolicies: [ResolvedPolicy], sources: [SectionGeometry.PolicySource],
                                         defaults: (small: ResolvedPolicy, large: ResolvedPolicy)) {
        for index in groupPolicies.indices {
            let source = sources[index]
            guard source.isDefault else { policies.append(groupPolicies[index]); continue }
            policies.append(source.isLarge ? defaults.large : defaults.small)
        }
    }

    /// The policy of the section whose index in its measure group's policies is
    /// `groupPolicyIndex` (``SectionGeometry/policyIndices``), under policy `policyIndex`.
    func policy(groupPolicyIndex: Int32, policyIndex: Int) -> ResolvedPolicy {
        policies[Int((lanes.isEmpty ? 0 : lanes[policyIndex].firstPolicy) &+ groupPolicyIndex)]
    }

    /// The counters of the section in `slot` under policy `policyIndex`.
    @inline(__always)
    func state(ofSlot slot: Int, policyIndex: Int) -> SectionState {
        states[slot &* policyCount &+ policyIndex]
    }

    /// The signals' counters of the section in `slot` under policy `policyIndex`; fresh ones
    /// without signals.
    func signalState(ofSlot slot: Int, policyIndex: Int) -> SignalCounters {
        signalStates.isEmpty ? SignalCounters() : signalStates[slot &* policyCount &+ policyIndex]
    }

    /// The slots whose run is open under policy `policyIndex` before `nextSample`, ascending.
    func slotsInRun(ofPolicy policyIndex: Int, before nextSample: Int) -> [Int32] {
        slotsInRun.filter { Self.isInRun(state(ofSlot: Int($0), policyIndex: policyIndex), before: nextSample) }.sorted()
    }

    // MARK: - Samples

    /// Forgets the records of the last evaluation.
    mutating func clearRecords() {
        records.clear()
        recordSignals.clear()
    }

    /// Appends `record` about policy `policyIndex`, and the exposure signals it carries, if any.
    @inline(__always)
    mutating func append(_ record: SampleRecord, signals: SignalCounters?, policyIndex: Int) {
        var record = record
        if let signals {
            record.signalsIndex = Int32(truncatingIfNeeded: recordSignals.count)
            recordSignals.append(signals)
        }
        records.append(PolicyRecord(policyIndex: policyIndex, record: record))
    }

    /// Evaluates sample `first` section by section under every policy, then the samples
    /// after it up to `last` at once: nothing changes between them, so each visible
    /// section's count just grows by one per sample. Appends to `records`.
    ///
    /// Each section near `screen`'s viewport is measured once per measure group,
    /// `firstGroup` then `otherGroups`, and each policy counts from its group's ratio; then
    /// the open runs of the sections no longer visible end.
    ///
    /// - Parameter speed: with exposure signals, the viewport's speed at `first` (the
    ///   samples after it are still); `nil` measures none.
    @inline(__always)
    mutating func evaluate(from first: Int, through last: Int, on screen: VisibilityMeasurer.Screen?,
                           firstGroup: SectionGeometry, otherGroups: inout [SectionGeometry], visits: Visits,
                           recordingVisibility: Bool, speed: Double?) {
        if let speed, policyCount == 1 {
            evaluateWithSignals(CountOfOne.self, from: first, through: last, on: screen, firstGroup: firstGroup,
                                otherGroups: &otherGroups, visits: visits, recordingVisibility: recordingVisibility,
                                speed: speed)
        } else if let speed {
            evaluateWithSignals(CountAtRunTime.self, from: first, through: last, on: screen, firstGroup: firstGroup,
                                otherGroups: &otherGroups, visits: visits, recordingVisibility: recordingVisibility,
                                speed: speed)
        } else if policyCount == 1 {
            // The same loop, its count of policies (and so of ways of measuring) a constant.
            evaluateWithoutSignals(CountOfOne.self, from: first, through: last, on: screen, firstGroup: firstGroup,
                                   otherGroups: &otherGroups, visits: visits, recordingVisibility: recordingVisibility)
        } else {
            evaluateWithoutSignals(CountAtRunTime.self, from: first, through: last, on: screen, firstGroup: firstGroup,
                                   otherGroups: &otherGroups, visits: visits, recordingVisibility: recordingVisibility)
        }
    }

    /// The loop without exposure signals, for `Policies` policies. Each copy a function of
    /// its own, as the loop with signals is: inlined side by side into one caller, they
    /// made it too big for the small calls they make to be inlined in turn.
    @inline(never)
    private mutating func evaluateWithoutSignals<Policies: LoopCount>(
        _ policies: Policies.Type, from first: Int, through last: Int, on screen: VisibilityMeasurer.Screen?,
        firstGroup: SectionGeometry, otherGroups: inout [SectionGeometry], visits: Visits, recordingVisibility: Bool
    ) {
        evaluate(WithoutSignals.self, Policies.self, from: first, through: last, on: screen, firstGroup: firstGroup,
                 otherGroups: &otherGroups, visits: visits, recordingVisibility: recordingVisibility, speed: 0)
    }

    /// The loop with exposure signals, apart: inlined next to the loop without them, it
    /// would make the code every sample without them runs bigger, and slower.
    @inline(never)
    private mutating func evaluateWithSignals<Policies: LoopCount>(
        _ policies: Policies.Type, from first: Int, through last: Int, on screen: VisibilityMeasurer.Screen?,
        firstGroup: SectionGeometry, otherGroups: inout [SectionGeometry], visits: Visits, recordingVisibility: Bool,
        speed: Double
    ) {
        evaluate(WithSignals.self, Policies.self, from: first, through: last, on: screen, firstGroup: firstGroup,
                 otherGroups: &otherGroups, visits: visits, recordingVisibility: recordingVisibility, speed: speed)
    }

    /// The loop of ``evaluate(from:through:on:firstGroup:otherGroups:visits:recordingVisibility:speed:)``,
    /// written once: made with exposure signals and without (`Mode`), and without them for
    /// one policy and for any number (`Policies`: the count of policies, when known).
    @inline(__always)
    private mutating func evaluate<Mode: SignalMode, Policies: LoopCount>(
        _ mode: Mode.Type, _ policies: Policies.Type, from first: Int, through last: Int,
        on screen: VisibilityMeasurer.Screen?, firstGroup: SectionGeometry, otherGroups: inout [SectionGeometry],
        visits: Visits, recordingVisibility: Bool, speed: Double
    ) {
        // One policy measures one way.
        let groupCount = Policies.isOne ? 1 : self.groupCount
        // One policy: each section is measured as it is counted, nothing to share.
        // Otherwise every candidate is measured first, each way once. Known when the loop
        // is compiled, so neither copy carries the other's branch.
        let measuresAsItCounts = Policies.isOne
        candidates.clear()
        nextFiringSample = nil
        swap(&openRuns, &slotsInRun)
        slotsInRun.clear()
        if let screen {
            firstGroup.index.collect(intersecting: screen.effectiveViewport, into: &candidates)
            if !measuresAsItCounts {
                Self.measure(Mode.self, candidates, groupCount: groupCount, on: screen, firstGroup: firstGroup,
                             otherGroups: &otherGroups, ratios: &measuredRatios, shares: &measuredShares,
                             measurer: &measurer)
            }
        }
        var nextFiring: Int?
        withTables(Mode.self, Policies.self, measuresFirst: !measuresAsItCounts, firstGroup: firstGroup) { counters, tables in
            // Worked out here again, from the type, not captured: a closure that is not
            // inlined would take them as values, and the compiler then makes one copy of it
            // for both counts of policies, looping over one policy at run time.
            let policyCount = Policies.isOne ? 1 : counters.policyCount
            let groupCount = Policies.isOne ? 1 : counters.groupCount
            let measuresAsItCounts = Policies.isOne
            if screen != nil {
                for index in counters.candidates.indices {
                    let slot = Int(counters.candidates[index])
                    var ratioAsCounted = Double.nan, shareAsCounted = 0.0
                    if measuresAsItCounts {
                        guard let screen, let measured = counters.measurer.ratio(ofSlot: slot, in: firstGroup, on: screen)
                        else { continue }
                        ratioAsCounted = measured
                        // The parts just measured are the section's: their area is its share.
                        if Mode.measures {
                            shareAsCounted = counters.measurer.areaOfCollectedParts() / screen.effectiveViewport.area
                        }
                    }
                    let measuredAt = index &* groupCount
                    var counts = false
                    for policyIndex in 0..<policyCount {
                        let lane = Policies.isOne ? Lane(group: 0, firstPolicy: 0) : tables.lanes[policyIndex]
                        let group = Int(lane.group)
                        let ratio = measuresAsItCounts ? ratioAsCounted : tables.ratios[measuredAt &+ group]
                        guard !ratio.isNaN else { continue }
                        let cell = slot &* policyCount &+ policyIndex
                        // A lone policy's list is its measure group's own: the group is resolved under it.
                        // Its place, not a copy: the step reads one or two of its fields.
                        let policyOfSlot = tables.policies.baseAddress.unsafelyUnwrapped
                            + (Policies.isOne ? Int(firstGroup.policyIndices[slot]) : Int(tables.policyOfCell[cell]))
                        let signals = Mode.measures
                            ? SignalInput(sample: SignalCounters.Sample(
                                              share: measuresAsItCounts ? shareAsCounted : tables.shares[measuredAt &+ group],
                                              speed: speed),
                                          counters: tables.signalStates, index: cell)
                            : nil
                        let (policyCounts, completion) = Self.count(
                            &tables.states[cell], slot: slot, ratio: ratio, policy: policyOfSlot, from: first,
                            through: last, visits: visits, recordingVisibility: recordingVisibility,
                            signals: signals) { counters.append($0, signals: $1, policyIndex: policyIndex) }
                        if let completion { nextFiring = min(nextFiring ?? completion, completion) }
                        counts = counts || policyCounts
                    }
                    if counts { counters.slotsInRun.append(Int32(slot)) }
                }
            }
            counters.endRunsNotSeen(at: first, policyCount: policyCount, states: tables.states,
                                    signalStates: Mode.measures ? tables.signalStates : nil,
                                    recordingVisibility: recordingVisibility)
        }
        nextFiringSample = nextFiring
    }

    /// Measures `candidates` under every measure group, `firstGroup` then `otherGroups`:
    /// candidate `i`'s ratio under group `g` (NaN where nothing shows) and, with signals,
    /// its screen share go to `ratios` and `shares` at `i * groupCount + g`. What shows of a candidate is collected once,
    /// and stays in the measurer for the other groups.
    ///
    /// Static, the first group passed as a value and the others read in place: a geometry
    /// read from a stored property or an array element and handed to the measurer is
    /// copied, every table retained and released, per candidate and group. The buffers
    /// only grow, to the most candidates seen, so that a steady sample does not allocate.
    private static func measure<Mode: SignalMode>(
        _ mode: Mode.Type, _ candidates: [Int32], groupCount: Int, on screen: VisibilityMeasurer.Screen,
        firstGroup: SectionGeometry, otherGroups: inout [SectionGeometry], ratios: inout [Double],
        shares: inout [Double], measurer: inout VisibilityMeasurer
    ) {
        let needed = candidates.count &* groupCount
        if ratios.count < needed {
            ratios.append(contentsOf: repeatElement(.nan, count: needed &- ratios.count))
        }
        if Mode.measures && shares.count < needed {
            shares.append(contentsOf: repeatElement(0, count: needed &- shares.count))
        }
        let viewportArea = screen.effectiveViewport.area
        ratios.withUnsafeMutableBufferPointer { ratios in
            shares.withMutableBuffer { shares in
                otherGroups.withMutableBuffer { otherGroups in
                    for index in candidates.indices {
                        let slot = Int(candidates[index])
                        let at = index &* groupCount
                        var shared = VisibilityMeasurer.SharedMeasures()
                        let ratio = measurer.ratio(ofSlot: slot, in: firstGroup, on: screen, sharing: &shared)
                        ratios[at] = ratio ?? .nan
                        if Mode.measures, ratio != nil {
                            shares[at] = measurer.visibleArea(ofSlot: slot, in: firstGroup, on: screen,
                                                              sharing: &shared) / viewportArea
                        }
                        for group in otherGroups.indices {
                            // Once the candidate's parts are collected, a measure group without
                            // gates hands over only its policy and denominator; the others are
                            // measured in place, which copies the geometry per candidate.
                            let ratio = if shared.hasCollectedParts && otherGroups[group].gateTable == nil {
                                measurer.ratio(fromCollected: &shared, policy: otherGroups[group].policy(ofSlot: slot),
                                               denominator: otherGroups[group].denominators[slot], on: screen)
                            } else {
                                otherGroups[group].ratio(ofSlot: slot, on: screen, with: &measurer, sharing: &shared)
                            }
                            ratios[at &+ group &+ 1] = ratio ?? .nan
                            if Mode.measures, ratio != nil {
                                shares[at &+ group &+ 1] = otherGroups[group].visibleArea(
                                    ofSlot: slot, on: screen, with: &measurer, sharing: &shared) / viewportArea
                            }
                        }
                    }
                }
            }
        }
    }

    /// The tables the loop reads and writes per section and policy, as buffers: each write
    /// to an array checks it unique and each read is bounds-checked, a cost per section and
    /// policy at every sample.
    private struct Tables {
        var states: UnsafeMutableBufferPointer<SectionState>
        /// Empty without signals.
        var signalStates: UnsafeMutableBufferPointer<SignalCounters>
        /// Every policy's policies (with one policy, its measure group's list).
        var policies: UnsafeBufferPointer<ResolvedPolicy>
        var lanes: UnsafeBufferPointer<Lane>
        var policyOfCell: UnsafeBufferPointer<Int32>
        /// What ``measure(_:_:groupCount:on:firstGroup:otherGroups:ratios:shares:measurer:)``
        /// wrote: empty when each section is measured as it is counted.
        var ratios: UnsafeMutableBufferPointer<Double>
        var shares: UnsafeMutableBufferPointer<Double>
    }

    /// Runs `body` with the tables as buffers, moved out of `self` and back, not copied:
    /// no retain, and a uniqueness check once rather than at every write. Only those the
    /// loop reads are moved (each move is paid at every sample): with signals (`Mode`) the
    /// signals' counters, with several policies their lanes and index per cell, when the
    /// candidates were measured first what was measured; the others are handed over as
    /// empty buffers. The policies' lists are read in place.
    @inline(__always)
    private mutating func withTables<Mode: SignalMode, Policies: LoopCount>(
        _ mode: Mode.Type, _ policyCount: Policies.Type, measuresFirst: Bool, firstGroup: SectionGeometry,
        _ body: (inout SectionCounters, Tables) -> Void
    ) {
        var states: [SectionState] = [], signalStates: [SignalCounters] = []
        // Read only: taken as they are, not moved out and back, which released a stand-in at
        // every sample. One policy's are its measure group's, read from the geometry the
        // caller holds: not even retained.
        let policies = Policies.isOne ? firstGroup.policies : self.policies
        var lanes: [Lane] = []
        var ratios: [Double] = [], shares: [Double] = [], policyOfCell: [Int32] = []
        swapTables(Mode.self, Policies.self, measuresFirst: measuresFirst, &states, &signalStates,
                   &lanes, &policyOfCell, &ratios, &shares)
        defer {
            swapTables(Mode.self, Policies.self, measuresFirst: measuresFirst, &states, &signalStates,
                       &lanes, &policyOfCell, &ratios, &shares)
        }
        states.withMutableBuffer { states in
            signalStates.withMutableBuffer { signalStates in
                policies.withUnsafeBufferPointer { policies in
                    lanes.withMutableBuffer { lanes in
                        ratios.withMutableBuffer { ratios in
                            shares.withMutableBuffer { shares in
                                policyOfCell.withMutableBuffer { policyOfCell in
                                    body(&self, Tables(states: states, signalStates: signalStates,
                                                       policies: policies,
                                                       lanes: UnsafeBufferPointer(lanes),
                                                       policyOfCell: UnsafeBufferPointer(policyOfCell),
                                                       ratios: ratios, shares: shares))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Swaps the tables ``withTables(_:_:measuresFirst:firstGroup:_:)`` moves with these.
    @inline(__always)
    private mutating func swapTables<Mode: SignalMode, Policies: LoopCount>(
        _ mode: Mode.Type, _ policyCount: Policies.Type, measuresFirst: Bool, _ states: inout [SectionState],
        _ signalStates: inout [SignalCounters], _ lanes: inout [Lane],
        _ policyOfCell: inout [Int32], _ ratios: inout [Double], _ shares: inout [Double]
    ) {
        swap(&states, &self.states)
        if Mode.measures { swap(&signalStates, &self.signalStates) }
        // Measured as counted, a section's share is a local: the buffer is not read.
        if Mode.measures && measuresFirst { swap(&shares, &measuredShares) }
        if !Policies.isOne {
            swap(&lanes, &self.lanes)
            swap(&policyOfCell, &self.policyOfCell)
        }
        if measuresFirst {
            swap(&ratios, &measuredRatios)
        }
    }

    /// Ends the runs open before `first` of the sections not visible at it, policy by
    /// policy (the visible ones were stamped with the last sample evaluated; those in view
    /// below their policy, with exposure signals, ended in
    /// ``count(_:slot:ratio:policy:from:through:visits:recordingVisibility:signals:record:)``);
    /// their exits carry `signalStates`' counters when the engine measures signals.
    @inline(__always)
    private mutating func endRunsNotSeen(at first: Int, policyCount: Int, states: UnsafeMutableBufferPointer<SectionState>,
                                         signalStates: UnsafeMutableBufferPointer<SignalCounters>?,
                                         recordingVisibility: Bool) {
        for slot in openRuns {
            let slot = Int(slot)
            for policyIndex in 0..<policyCount {
                let cell = slot &* policyCount &+ policyIndex
                guard Self.isInRun(states[cell], before: first) else { continue }
                states[cell].endRun()
                if recordingVisibility {
                    append(.exit(of: .slot(slot), ending: states[cell], at: first), signals: signalStates.map { $0[cell] },
                           policyIndex: policyIndex)
                }
            }
        }
    }

    /// Puts the records in policy order, each policy's in the order events are reported.
    mutating func sortRecords() {
        // Usually there is nothing, or one record, or they are in order already: sorting
        // would move each record out and back even so.
        guard records.count > 1,
              records.indices.dropFirst().contains(where: { records[$0].precedes(records[$0 &- 1]) }) else { return }
        records.sort { $0.precedes($1) }
    }
}

extension SectionCounters {
    /// Notes in `state` (the counters of the section in `slot` under `policy`) that `ratio`
    /// of it showed at sample `first` and, when that meets the policy (the entry ratio, or
    /// only the exit ratio once it is counting: hysteresis), counts it visible from `first`
    /// to `last`: its run grows, completes and fires, handing what it reports to `record`.
    ///
    /// Returns whether it counts as visible (its run is open), and the sample at which its
    /// run completes if nothing changes, when that is still ahead. The code every sample
    /// runs per section and policy.
    ///
    /// With exposure signals (`signals`: what the sample brings besides the ratio, and the
    /// section's signal counters), the samples also add to the signals of the visit
    /// (``SignalCounters``); an exit then reports them up to the sample before it, an
    /// impression up to its own.
    @inline(__always)
    static func count(_ state: inout SectionState, slot: Int, ratio: Double, policy: UnsafePointer<ResolvedPolicy>,
                      from first: Int, through last: Int, visits: Visits, recordingVisibility: Bool,
                      signals: SignalInput? = nil,
                      record: (SampleRecord, _ signals: SignalCounters?) -> Void) -> (counts: Bool, completion: Int?) {
        if ratio > state.highestRatio { state.highestRatio = ratio }
        // `state` in place: a copy out and back would write every line of the counters,
        // where a steady sample changes two fields, and the extra writes miss the cache.
        let counting = state.continuesRun(into: first, runsValidFrom: visits.runsValidFrom)
        guard ratio >= (counting ? policy.pointee.exitRatio : policy.pointee.entryRatio) else {
            if let signals { countBelowPolicy(&state, slot: slot, ratio: ratio, signals, from: first, through: last,
                                              visits: visits, recordingVisibility: recordingVisibility, record: record) }
            return (false, nil)
        }
        if counting {
            state.consecutiveSamples = SectionState.saturatingSum(state.consecutiveSamples, 1)
        } else {
            if state.hasOpenRun(at: first) {
                // Open until a visit started: that run ends here, a new one begins.
                state.endRun()
                if recordingVisibility {
                    record(.exit(of: .slot(slot), ending: state, at: first), signals.map { $0.counters[$0.index] })
                }
            }
            state.startRun(at: first, visit: visits.current)
            if recordingVisibility { record(.entry(ofSlot: slot, at: first, ratio: ratio, visit: visits.current), nil) }
        }
        let extraSamples = last - first
        let countAtFirst = state.consecutiveSamples
        let (grown, overflow) = countAtFirst.addingReportingOverflow(extraSamples)
        state.consecutiveSamples = overflow ? Int.max : grown
        state.lastVisibleSample = last

        var completion: Int?
        if !state.completedDuringRun && mayFire(state, recurrence: policy.pointee.recurrence, visits: visits) {
            // The run completes the duration at this sample, if within reach.
            let countedAtFirst = state.countedSamples(run: countAtFirst, accumulating: policy.pointee.accumulatesTime)
            let missing = max(0, policy.pointee.requiredSamples - countedAtFirst)
            if missing <= extraSamples {
                // Spent, fired or not: a completion in the cooldown is dropped, not delayed.
                state.completedDuringRun = true
                let sample = first + missing
                state.completionFired = !state.isCoolingDown(at: sample, cooldownSamples: policy.pointee.cooldownSamples,
                                                             firstRememberedVisit: visits.firstRemembered)
                if state.completionFired {
                    state.lastFiredVisit = visits.current
                    state.lastFiredSample = sample
                    // The signals up to the sample it fires at (the counters are still those before `first`).
                    let signalsThen = signals.map {
                        $0.counters[$0.index].inVisit(visits.current).adding(
                            missing &+ 1, through: sample, ratio: ratio, $0.sample, metPolicy: true,
                            runSamples: SectionState.saturatingSum(countAtFirst, missing))
                    }
                    record(.impression(ofSlot: slot, at: sample, ratio: ratio, countedSamples: countedAtFirst + missing,
                                       visit: visits.current), signalsThen)
                }
            } else {
                // Past the last representable sample it never fires; in the cooldown,
                // it completes without a report.
                let (firing, overflow) = first.addingReportingOverflow(missing)
                if !overflow && !state.isCoolingDown(at: firing, cooldownSamples: policy.pointee.cooldownSamples,
                                                     firstRememberedVisit: visits.firstRemembered) {
                    completion = firing
                }
            }
        }
        // Last: the exit of a voided run and the impression report the signals before.
        if let signals {
            signals.counters[signals.index] = signals.counters[signals.index].inVisit(visits.current).adding(
                extraSamples &+ 1, through: last, ratio: ratio, signals.sample, metPolicy: true,
                runSamples: state.consecutiveSamples)
        }
        return (true, completion)
    }

    /// Notes in `state` samples `first` to `last` of a section in view that does not meet
    /// its policy, with exposure signals: its open run ends here, its exit reporting the
    /// signals up to the sample before, and then the samples add to the signals.
    @inline(never)
    private static func countBelowPolicy(_ state: inout SectionState, slot: Int, ratio: Double,
                                         _ signals: SignalInput, from first: Int, through last: Int,
                                         visits: Visits, recordingVisibility: Bool,
                                         record: (SampleRecord, _ signals: SignalCounters?) -> Void) {
        if state.hasOpenRun(at: first) {
            state.endRun()
            if recordingVisibility {
                record(.exit(of: .slot(slot), ending: state, at: first), signals.counters[signals.index])
            }
            // Ended: the end of the sample must not end it again.
            state.lastVisibleSample = Int.min
        }
        signals.counters[signals.index] = signals.counters[signals.index].inVisit(visits.current)
            .adding(last &- first &+ 1, through: last, ratio: ratio, signals.sample, metPolicy: false, runSamples: 0)
    }

    private static func mayFire(_ state: SectionState, recurrence: ImpressionPolicy.Recurrence, visits: Visits) -> Bool {
        switch recurrence {
        case .onEveryEntry: true
        case .oncePerVisit: state.lastFiredVisit != visits.current
        case .oncePerTracker: state.lastFiredVisit < visits.firstRemembered
        }
    }
}
