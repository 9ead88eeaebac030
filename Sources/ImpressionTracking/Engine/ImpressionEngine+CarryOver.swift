// A new layout: each policy's counters follow their sections.
extension ImpressionEngine {
    /// Carries every policy's counters over to `newLayout`: found by slot in the current
    /// layout (matched once for all policies), or among the policy's departed sections.
    /// Sections that leave become departed under each policy that keeps them, and open
    /// runs follow their sections.
    mutating func carryCountersOver(to newLayout: SectionLayout<ID>) {
        let oldIDs = inputs.layout.ids
        let policyCount = policyCount
        let time = inputs.time
        let retention = inputs.retention
        let measuresSignals = inputs.measuresSignals
        var newCounters: [SectionCounters]
        // With exposure signals, their counters, laid out as the counters; empty without.
        var newSignals: [SignalCounters] = []
        if oldIDs.isEmpty && departed.allSatisfy({ $0.isEmpty && !$0.hasOpenRuns }) {
            // A first layout: nothing to look up (each lookup hashes an id).
            newCounters = Array(repeating: SectionCounters(firstAppearance: time), count: newLayout.count * policyCount)
            if measuresSignals { newSignals = Array(repeating: SignalCounters(), count: newCounters.count) }
            table.replace(counters: newCounters, signals: newSignals, slotsInRun: table.slotsInRun)
            return
        }
        let carryOver = SlotCarryOver(from: inputs.layout.slotsByID, count: oldIDs.count, to: newLayout.ids)
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
                let cells = oldSlot * policyCount ..< (oldSlot + end - newSlot) * policyCount
                newCounters.append(contentsOf: table.counters[cells])
                if measuresSignals { newSignals.append(contentsOf: table.signals[cells]) }
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
                let cell = oldSlot * policyCount + policyIndex
                departed[policyIndex].remember(table.counters[cell],
                                               signals: measuresSignals ? table.signals[cell] : nil,
                                               of: oldIDs[oldSlot],
                                               under: policy(ofSlot: oldSlot, policyIndex: policyIndex), retention)
            }
        }
        // Each policy's open runs, in slot order: sections that leave together exit in
        // their layout order.
        // The list's buffer is kept: it is refilled, not grown again, at every layout.
        var newSlotsInRun: [Int32] = []
        swap(&newSlotsInRun, &table.slotsInRun)
        let slotsInRun = newSlotsInRun.sorted()
        newSlotsInRun.removeAll(keepingCapacity: true)
        // One list for every policy's runs, refilled policy by policy: a list per policy
        // would allocate once per policy and layout.
        var policyRuns: [Int32] = []
        for policyIndex in 0..<policyCount {
            policyRuns.removeAll(keepingCapacity: true)
            for slot in slotsInRun
            where CountingRules.isInRun(table.counters[Int(slot) * policyCount + policyIndex], before: inputs.nextSample) {
                policyRuns.append(slot)
            }
            departed[policyIndex].moveOpenRuns(slots: policyRuns, of: oldIDs, to: carryOver.newSlots,
                                        orInto: newLayout.slotsByID, slotsInRun: &newSlotsInRun)
            departed[policyIndex].forgetOldest(retention)
        }
        // A slot open under several policies is listed once.
        newSlotsInRun.sort()
        newSlotsInRun.removeAdjacentDuplicates()
        table.replace(counters: newCounters, signals: newSignals, slotsInRun: newSlotsInRun)
    }

    /// The policy of the section in `slot` of the layout in force, under policy `policyIndex`.
    func policy(ofSlot slot: Int, policyIndex: Int) -> ResolvedPolicy {
        let group = measureGroups.group(ofPolicy: policyIndex)
        let groupPolicyIndex = group == 0 ? inputs.layout.geometry.policyIndices[slot]
            : otherGroups[group - 1].policyIndices[slot]
        return table.policy(groupPolicyIndex: groupPolicyIndex, policyIndex: policyIndex)
    }
}
