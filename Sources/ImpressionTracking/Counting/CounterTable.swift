/// Every section's counters under every policy of an engine, the policy each reads, and
/// what the last sample reported.
///
/// The counters are laid out by slot, then policy (`slot * policyCount + policy`: a
/// counter index), so a section's counters under every policy sit together. One policy
/// is the case `policyCount == 1`: the same tables.
///
/// Free of the section id type, like ``SectionGeometry``: the loop every sample runs
/// (``CountingLoop``) reads and writes these tables, so it is compiled once, optimised, in
/// this module. It reports by slot and policy (``SampleRecord``); the engine turns records
/// into events with ids only when there are any.
struct CounterTable: Sendable {
    /// A record and the policy it is about.
    struct PolicyRecord: Sendable {
        var policyIndex: Int
        var record: SampleRecord

        /// The order records are reported in: sample, then policy, then within one
        /// policy's sample (``SampleRecord/precedes(_:)``).
        func precedes(_ other: PolicyRecord) -> Bool {
            if record.sample != other.record.sample { return record.sample < other.record.sample }
            return policyIndex != other.policyIndex ? policyIndex < other.policyIndex : record.precedes(other.record)
        }
    }

    /// The number of policies.
    let policyCount: Int
    /// Where each policy reads, one lane per policy: its measure group and its list of
    /// policies. One table, so that a policy costs the loop one load for both. Empty with
    /// one policy, which reads its measure group's own list: an engine of one policy
    /// allocates nothing for it.
    var lanes: [Lane]
    /// The number of measure groups.
    let groupCount: Int
    /// Counters by slot and policy.
    var counters: [SectionCounters] = []
    /// With exposure signals, the signals' counters, laid out as `counters`; empty without,
    /// so that an engine that does not measure them holds nothing for them.
    var signals: [SignalCounters] = []
    /// Slots visible under some policy at the last sample evaluated: some run of theirs is open.
    var slotsInRun: ScratchList<Int32> {
        get { loop.slotsInRun }
        _modify { yield &loop.slotsInRun }
    }
    /// What the last evaluation reported, in the order it is reported
    /// (``PolicyRecord/precedes(_:)``) once `sortRecords()` ran.
    var records: [PolicyRecord] { loop.records }
    /// With exposure signals, those the records carry (``SampleRecord/signalsIndex``).
    var recordSignals: [SignalCounters] { loop.recordSignals }
    /// The first sample after the last one evaluated at which a visible section completes
    /// its run under some policy, if nothing changes; `nil` when none will.
    var nextFiringSample: Int? {
        get { loop.nextFiringSample }
        set { loop.nextFiringSample = newValue }
    }
    /// Every policy's resolved policies, one list per policy parallel to its measure
    /// group's (``SectionGeometry/policies``), its default ones replaced by its own.
    private(set) var policies: [ResolvedPolicy] = []
    /// What the loop that runs over this table (``CountingLoop``) keeps between samples and
    /// reports: the open runs, the records, its scratch.
    var loop = CountingLoop()
    /// Per slot and policy, laid out as `counters`, where the section's policy is in
    /// `policies`: one load per section and policy in the loop. Empty with one policy.
    var policyOfCounter: [Int32] = []

    /// Counters for every policy of `groups`, each measuring in its group.
    init<ID>(groups: MeasureGroups<ID>) {
        let policyCount = groups.policies.count
        self.policyCount = policyCount
        lanes = policyCount == 1 ? [] : groups.groupOfPolicy.map { Lane(group: Int32($0), firstPolicy: 0) }
        groupCount = groups.count
    }

    /// Where one policy reads.
    struct Lane {
        /// Its measure group.
        var group: Int32
        /// Where its list starts in `policies`.
        var firstPolicy: Int32
    }

    // MARK: - Layouts

    /// Carries every policy's counters over from `oldLayout`, the layout they are laid out
    /// by, to `newLayout`: found by slot in the old layout (matched once for all
    /// policies), or among the policy's `departed` sections. Sections that leave become
    /// departed under each policy that keeps them (at `time`, by `retention`), and open
    /// runs (those before `nextSample`) follow their sections.
    mutating func carryOver<ID>(from oldLayout: SectionLayout<ID>, to newLayout: SectionLayout<ID>,
                                departed: inout [DepartedSections<ID>], at time: Duration, nextSample: Int,
                                retention: DepartedSections<ID>.Retention, measuresSignals: Bool) {
        let oldIDs = oldLayout.ids
        var newCounters: [SectionCounters]
        // With exposure signals, their counters, laid out as the counters; empty without.
        var newSignals: [SignalCounters] = []
        if oldIDs.isEmpty && departed.allSatisfy({ $0.isEmpty && !$0.hasOpenRuns }) {
            // A first layout: nothing to look up (each lookup hashes an id).
            newCounters = Array(count: newLayout.count * policyCount, filledWith: SectionCounters(firstAppearance: time))
            if measuresSignals { newSignals = Array(count: newCounters.count, filledWith: SignalCounters()) }
            counters = newCounters
            signals = newSignals
            return
        }
        let carryOver = SlotCarryOver(from: oldLayout.slotsByID, count: oldIDs.count, to: newLayout.ids)
        newCounters = []
        newCounters.reserveCapacity(newLayout.count * policyCount)
        if measuresSignals { newSignals.reserveCapacity(newLayout.count * policyCount) }
        let fresh = SectionCounters(firstAppearance: time)
        var newSlot = 0
        while newSlot < newLayout.count {
            if let oldSlot = carryOver.oldSlots[newSlot].index {
                // Sections that stay next to each other, in the same order, move their
                // counters (every policy's) in one copy: a layout change mostly adds or
                // removes sections around runs of them.
                var end = newSlot + 1
                while end < newLayout.count, carryOver.oldSlots[end].index == oldSlot + (end - newSlot) { end += 1 }
                let moved = oldSlot * policyCount ..< (oldSlot + end - newSlot) * policyCount
                newCounters.append(contentsOf: counters[moved])
                if measuresSignals { newSignals.append(contentsOf: signals[moved]) }
                newSlot = end
                continue
            }
            for policyIndex in 0..<policyCount {
                // A new section, or one that comes back to a policy that kept its counters.
                guard !departed[policyIndex].isEmpty else {
                    newCounters.append(fresh)
                    if measuresSignals { newSignals.append(SignalCounters()) }
                    continue
                }
                let (state, signals) = departed[policyIndex].takeBack(newLayout.ids[newSlot], appearingAt: time,
                                                                      retention)
                newCounters.append(state)
                if measuresSignals { newSignals.append(signals) }
            }
            newSlot += 1
        }
        for oldSlot in oldIDs.indices where !carryOver.newSlots[oldSlot].isSome {
            for policyIndex in 0..<policyCount {
                let index = oldSlot * policyCount + policyIndex
                departed[policyIndex].remember(counters[index],
                                               signals: measuresSignals ? signals[index] : nil,
                                               of: oldIDs[oldSlot],
                                               under: policy(ofSlot: oldSlot, policyIndex: policyIndex, firstGroup: oldLayout.geometry),
                                               retention)
            }
        }
        // Each policy's open runs, in slot order: sections that leave together exit in
        // their layout order.
        // The list's buffer is kept: it is refilled, not grown again, at every layout.
        // Copied, then sorted in place: one allocation, where `sorted()` of a list that
        // is not an array makes two.
        var oldSlotsInRun = Array(slotsInRun)
        oldSlotsInRun.sort()
        var newSlotsInRun = ScratchList<Int32>()
        swap(&newSlotsInRun, &slotsInRun)
        newSlotsInRun.removeAll()
        // One list for every policy's runs, refilled policy by policy: a list per policy
        // would allocate once per policy and layout.
        var policyRuns: [Int32] = []
        for policyIndex in 0..<policyCount {
            policyRuns.removeAll(keepingCapacity: true)
            for slot in oldSlotsInRun
            where CountingRules.isInRun(counters[Int(slot) * policyCount + policyIndex], before: nextSample) {
                policyRuns.append(slot)
            }
            departed[policyIndex].moveOpenRuns(slots: policyRuns, of: oldIDs, to: carryOver.newSlots,
                                               orInto: newLayout.slotsByID, slotsInRun: &newSlotsInRun)
            departed[policyIndex].forgetOldest(retention)
        }
        // A slot open under several policies is listed once.
        newSlotsInRun.sort()
        newSlotsInRun.removeAdjacentDuplicates()
        counters = newCounters
        signals = newSignals
        slotsInRun = newSlotsInRun
    }

    /// Resolves each policy's policies: policy `policyIndex` measures as its measure group
    /// of `groups` (its lane) does, with the sections that have no policy of their own under
    /// `defaultsByPolicy[policyIndex]` (its policy resolved for a small and a large section).
    mutating func resolvePolicies<ID>(in groups: MeasureGroups<ID>,
                                      defaultsByPolicy: [(small: ResolvedPolicy, large: ResolvedPolicy)]) {
        // One policy's list is its measure group's, resolved under it: shared, not copied.
        guard policyCount > 1 else {
            policies = groups.layout.geometry.policies
            return
        }
        policies.clear()
        // The measure group's tables, read in place, not the measure group: a geometry
        // handed over whole is copied, its arrays retained and released, per policy and layout.
        for policyIndex in 0..<policyCount {
            let group = Int(lanes[policyIndex].group)
            lanes[policyIndex].firstPolicy = Int32(policies.count)
            let (groupPolicies, sources) = groups.withGeometry(ofGroup: group) { ($0.policies, $0.policySources) }
            appendPolicies(groupPolicies, sources: sources, defaults: defaultsByPolicy[policyIndex])
        }
        let slotCount = groups.layout.geometry.policyIndices.count
        policyOfCounter = Array(count: slotCount &* policyCount, filledWith: 0)
        for policyIndex in 0..<policyCount {
            let group = Int(lanes[policyIndex].group)
            let firstPolicy = lanes[policyIndex].firstPolicy
            let indices = groups.withGeometry(ofGroup: group) { $0.policyIndices }
            for slot in indices.indices {
                policyOfCounter[slot &* policyCount &+ policyIndex] = firstPolicy &+ indices[slot]
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

    /// The policy of the section in `slot` under policy `policyIndex`, in the layout the
    /// policies were resolved for, whose geometry under the first measure group is
    /// `firstGroup`.
    func policy(ofSlot slot: Int, policyIndex: Int, firstGroup: SectionGeometry) -> ResolvedPolicy {
        policyCount == 1 ? policies[Int(firstGroup.policyIndices[slot])]
            : policies[Int(policyOfCounter[slot &* policyCount &+ policyIndex])]
    }

    /// The counters of the section in `slot` under policy `policyIndex`.
    @inline(__always)
    func counters(ofSlot slot: Int, policyIndex: Int) -> SectionCounters {
        counters[slot &* policyCount &+ policyIndex]
    }

    /// The signals' counters of the section in `slot` under policy `policyIndex`; fresh ones
    /// without signals.
    func signals(ofSlot slot: Int, policyIndex: Int) -> SignalCounters {
        signals.isEmpty ? SignalCounters() : signals[slot &* policyCount &+ policyIndex]
    }

    /// The slots whose run is open under policy `policyIndex` before `nextSample`, ascending.
    func slotsInRun(ofPolicy policyIndex: Int, before nextSample: Int) -> [Int32] {
        slotsInRun.filter { CountingRules.isInRun(counters(ofSlot: Int($0), policyIndex: policyIndex), before: nextSample) }.sorted()
    }

    // MARK: - Samples

    /// Forgets the records of the last evaluation.
    mutating func clearRecords() {
        loop.clearRecords()
    }

    /// Appends `record` about policy `policyIndex`, and the exposure signals it carries, if any.
    @inline(__always)
    mutating func append(_ record: SampleRecord, signals: SignalCounters?, policyIndex: Int) {
        loop.append(record, signals: signals, policyIndex: policyIndex)
    }

    /// Puts the records in the order they are reported: sample, then policy, then each
    /// policy's order within the sample.
    mutating func sortRecords() {
        loop.sortRecords()
    }
}
