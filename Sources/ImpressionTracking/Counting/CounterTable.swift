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
    var slotsInRun: [Int32] = []
    /// What the last evaluation reported, in the order it is reported
    /// (``PolicyRecord/precedes(_:)``) once `sortRecords()` ran.
    private(set) var records: [PolicyRecord] = []
    /// With exposure signals, those the records carry (``SampleRecord/signalsIndex``).
    private(set) var recordSignals: [SignalCounters] = []
    /// The first sample after the last one evaluated at which a visible section completes
    /// its run under some policy, if nothing changes; `nil` when none will.
    var nextFiringSample: Int?
    /// Every policy's resolved policies, one list per policy parallel to its measure
    /// group's (``SectionGeometry/policies``), its default ones replaced by its own.
    private(set) var policies: [ResolvedPolicy] = []
    /// Per slot and policy, laid out as `counters`, where the section's policy is in
    /// `policies`: one load per section and policy in the loop. Empty with one policy.
    var policyOfCounter: [Int32] = []

    /// Counters for `policyCount` policies, each measuring in its group of `groups`.
    init(policyCount: Int, groups: MeasureGroups) {
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

    /// Puts in force the counters of a new layout, `policyCount` per slot, their signals'
    /// counters (empty without signals), and the slots with an open run under some policy.
    mutating func replace(counters: [SectionCounters], signals: [SignalCounters], slotsInRun: [Int32]) {
        self.counters = counters
        self.signals = signals
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
        policyOfCounter = Array(repeating: 0, count: slotCount &* policyCount)
        for policyIndex in 0..<policyCount {
            let group = Int(lanes[policyIndex].group)
            let firstPolicy = lanes[policyIndex].firstPolicy
            let indices = group == 0 ? firstGroup.policyIndices : otherGroups[group &- 1].policyIndices
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

    /// The policy of the section whose index in its measure group's policies is
    /// `groupPolicyIndex` (``SectionGeometry/policyIndices``), under policy `policyIndex`.
    func policy(groupPolicyIndex: Int32, policyIndex: Int) -> ResolvedPolicy {
        policies[Int((lanes.isEmpty ? 0 : lanes[policyIndex].firstPolicy) &+ groupPolicyIndex)]
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

    /// Puts the records in the order they are reported: sample, then policy, then each
    /// policy's order within the sample.
    mutating func sortRecords() {
        // Usually there is nothing, or one record, or they are in order already: sorting
        // would move each record out and back even so.
        guard records.count > 1,
              records.indices.dropFirst().contains(where: { records[$0].precedes(records[$0 &- 1]) }) else { return }
        records.sort { $0.precedes($1) }
    }
}
