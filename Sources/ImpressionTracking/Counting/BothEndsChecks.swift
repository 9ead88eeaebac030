/// The checks of the policies whose timing is ``ImpressionPolicy/Timing/checkedAtBothEnds``
/// (React Native's `minimumViewTime`): per policy number and wait (the sections a policy
/// number counts at both ends with one wait, their own policies included, are one React
/// Native list), the set of sections visible at the last sample, the checks waiting, each
/// holding the set visible at the change that set it, and the sections reported.
///
/// The counting loop keeps the runs as for any policy, but never completes one under such
/// a policy (``CountingRules``); after the loop, ``evaluate(from:through:layout:table:visits:ratio:)``
/// notes each policy's set, sets a check when it changed, and runs the checks due, which
/// fire. Sets are kept by section id, so that a layout that moves sections to other slots
/// keeps them. An engine whose policies all use another timing has no entry here, and a
/// sample pays one test of an empty list.
struct BothEndsChecks<ID: Hashable & Sendable>: Sendable {
    /// One policy's checks.
    struct PolicyChecks: Sendable {
        /// A check waiting: at `sample`, the sections of `set` still visible are reported.
        struct Check: Sendable {
            var sample: Int
            /// The sample whose change set it: the start of the wait.
            var setAt: Int
            var set: Set<ID>
        }

        /// The policy's number.
        var policyIndex: Int
        /// Samples from a change to its check: `ceil(minimumDuration / sampleInterval)`.
        var waitSamples: Int
        /// The visit the sets below belong to: a visit that starts forgets them.
        var visit = 0
        /// The sections visible under the policy at the last sample evaluated (React
        /// Native's `_viewableIndices`).
        var visible: Set<ID> = []
        /// The checks waiting, in the order they fall due (React Native's `_timers`).
        var pending: [Check] = []
        /// The sections reported visible (React Native's `_viewableItems`).
        var reported: Set<ID> = []
    }

    /// The policies checked at both ends, by ascending number; empty for none.
    private(set) var policies: [PolicyChecks] = []

    /// The checks of `policies` that are checked at both ends, with `sampleInterval`'s grid.
    init(_ policies: PolicyList, sampleInterval: Duration) {
        for policyIndex in 0..<policies.count where policies[policyIndex].timing == .checkedAtBothEnds {
            let policy = policies[policyIndex]
            self.policies.append(PolicyChecks(
                policyIndex: policyIndex,
                waitSamples: policy.requiredSamples(sampleInterval: sampleInterval) - 1))
        }
    }

    /// Adds the checks of every wait with which a section's own policy in `table`'s
    /// resolved policies is checked at both ends, under each policy number, that have none
    /// yet: a layout resolved them. Kept once added: a set of sections no longer there
    /// empties at the next sample.
    mutating func noteWaits(in table: CounterTable) {
        // The usual layout has no such policy: one pass over the few resolved policies.
        guard table.policies.contains(where: \.checksBothEnds) else { return }
        for policyIndex in 0..<table.policyCount {
            let first = table.policyCount == 1 ? 0 : Int(table.lanes[policyIndex].firstPolicy)
            let end = policyIndex + 1 < table.policyCount ? Int(table.lanes[policyIndex + 1].firstPolicy)
                : table.policies.count
            for policy in table.policies[first..<end] where policy.checksBothEnds {
                let wait = policy.requiredSamples - 1
                guard !policies.contains(where: { $0.policyIndex == policyIndex && $0.waitSamples == wait }) else { continue }
                policies.append(PolicyChecks(policyIndex: policyIndex, waitSamples: wait))
            }
        }
        policies.sort { ($0.policyIndex, $0.waitSamples) < ($1.policyIndex, $1.waitSamples) }
    }

    /// Whether no policy is checked at both ends.
    var isEmpty: Bool { policies.isEmpty }

    /// The first sample after `sample` at which a check waits, if any.
    func nextCheck(after sample: Int) -> Int? {
        var next: Int?
        for policy in policies {
            guard let check = policy.pending.first(where: { $0.sample > sample }) else { continue }
            next = min(next ?? check.sample, check.sample)
        }
        return next
    }

    /// Notes the sections visible under each policy checked at both ends over samples
    /// `first` to `last` (nothing changes between them), as the loop left `table`'s
    /// counters, sets a check when a policy's set differs from the last sample's, and runs
    /// the checks due by `last`, appending the impressions they fire to `table`'s records.
    ///
    /// `ratio` measures a section, by slot, under a policy, by number, when it fires.
    mutating func evaluate(from first: Int, through last: Int, layout: SectionLayout<ID>, table: inout CounterTable,
                           visits: CountingRules.Visits, ratio: (_ slot: Int, _ policyIndex: Int) -> Double) {
        for index in policies.indices {
            policies[index].evaluate(from: first, through: last, layout: layout, table: &table, visits: visits,
                                     ratio: ratio)
        }
    }
}

extension BothEndsChecks.PolicyChecks {
    /// ``BothEndsChecks/evaluate(from:through:layout:table:visits:ratio:)`` for this policy.
    mutating func evaluate(from first: Int, through last: Int, layout: SectionLayout<ID>, table: inout CounterTable,
                           visits: CountingRules.Visits, ratio: (_ slot: Int, _ policyIndex: Int) -> Double) {
        if visit != visits.current {
            // A visit starts: what was visible, waiting or reported belongs to the last one.
            visit = visits.current
            visible.removeAll()
            pending.removeAll()
            reported.removeAll()
        }
        if visibleChanged(at: last, layout: layout, table: table) {
            visible = visibleSet(at: last, layout: layout, table: table)
            // A check past the last representable sample never falls due.
            let (due, overflow) = first.addingReportingOverflow(waitSamples)
            if !overflow { pending.append(Check(sample: due, setAt: first, set: visible)) }
        }
        // Visible now is `visible`, the same at every sample up to `last`.
        while let check = pending.first, check.sample <= last {
            pending.removeFirst()
            let stillVisible = check.set.intersection(visible)
            for id in stillVisible where !reported.contains(id) {
                guard let slot = layout.slotsByID[id] else { continue }
                fire(slot: slot, at: check.sample, waitedFrom: check.setAt, layout: layout, table: &table, visits: visits,
                     ratio: ratio(slot, policyIndex))
            }
            // Reported not in it: a leaving, which lets the section fire again on its next report.
            reported = stillVisible
        }
    }

    /// Whether the sections visible under the policy at `sample` differ from ``visible``.
    private func visibleChanged(at sample: Int, layout: SectionLayout<ID>, table: CounterTable) -> Bool {
        var count = 0
        for slot in table.slotsInRun where isVisible(Int(slot), at: sample, layout: layout, table: table) {
            count += 1
            if !visible.contains(layout.ids[Int(slot)]) { return true }
        }
        return count != visible.count
    }

    /// The sections visible under the policy at `sample`.
    private func visibleSet(at sample: Int, layout: SectionLayout<ID>, table: CounterTable) -> Set<ID> {
        var set: Set<ID> = []
        for slot in table.slotsInRun where isVisible(Int(slot), at: sample, layout: layout, table: table) {
            set.insert(layout.ids[Int(slot)])
        }
        return set
    }

    /// Whether the section in `slot` counts as visible at `sample` under the policy number,
    /// its policy checked at both ends with this wait.
    private func isVisible(_ slot: Int, at sample: Int, layout: SectionLayout<ID>, table: CounterTable) -> Bool {
        guard table.counters(ofSlot: slot, policyIndex: policyIndex).lastVisibleSample == sample else { return false }
        let policy = resolvedPolicy(ofSlot: slot, layout: layout, table: table)
        return policy.checksBothEnds && policy.requiredSamples - 1 == waitSamples
    }

    /// The policy of the section in `slot` under this policy: a lone policy's are its
    /// measure group's, the layout's own geometry's.
    private func resolvedPolicy(ofSlot slot: Int, layout: SectionLayout<ID>, table: CounterTable) -> ResolvedPolicy {
        table.policyCount == 1 ? layout.geometry.policy(ofSlot: slot)
            : table.policy(ofSlot: slot, policyIndex: policyIndex, firstGroup: layout.geometry)
    }

    /// Reports the section in `slot` at `sample`, the wait having started at `start`: it
    /// fires unless the recurrence or the cooldown holds it back, and its run is spent as
    /// a completed run is. The impression carries no exposure signals: a check may fall
    /// inside samples evaluated together, past which the signals have already added up.
    private func fire(slot: Int, at sample: Int, waitedFrom start: Int, layout: SectionLayout<ID>,
                      table: inout CounterTable,
                      visits: CountingRules.Visits, ratio: Double) {
        let counterIndex = slot &* table.policyCount &+ policyIndex
        let policy = resolvedPolicy(ofSlot: slot, layout: layout, table: table)
        var counters = table.counters[counterIndex]
        guard CountingRules.mayFire(counters, recurrence: policy.recurrence, visits: visits) else { return }
        counters.completedDuringRun = true
        counters.completionFired = !counters.isCoolingDown(
            at: sample, cooldownSamples: policy.cooldownSamples,
            firstRememberedVisit: visits.firstRemembered)
        if counters.completionFired {
            counters.lastFiredVisit = visits.current
            counters.lastFiredSample = sample
            table.append(.impression(ofSlot: slot, at: sample, ratio: ratio, countedSamples: sample - start + 1,
                                     visit: visits.current),
                         signals: nil, policyIndex: policyIndex)
        }
        table.counters[counterIndex] = counters
    }
}
