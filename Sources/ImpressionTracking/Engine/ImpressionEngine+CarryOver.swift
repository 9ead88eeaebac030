// A new layout under several policies: each policy's counters follow their sections.
extension ImpressionEngine {
    /// Carries every policy's counters over to `newLayout`, as each policy's own engine
    /// would: found by slot in the current layout (matched once for all policies), or
    /// among the policy's departed sections. Sections that leave become departed under
    /// each policy that keeps them, and open runs follow their sections.
    mutating func carryCountersOver(to newLayout: SectionLayout<ID>) {
        let oldIDs = base.layout.ids
        let policyCount = policyCount
        let carryOver = SlotCarryOver(from: base.layout.slotsByID, count: oldIDs.count, to: newLayout.ids)
        let time = base.time
        let retention = base.retention
        let measuresSignals = base.measuresSignals
        var newStates: [SectionState]
        // With exposure signals, their counters, laid out as the counters; empty without.
        var newSignalStates: [SignalCounters] = []
        if oldIDs.isEmpty && departed.allSatisfy(\.isEmpty) {
            newStates = Array(repeating: SectionState(firstAppearance: time), count: newLayout.count * policyCount)
            if measuresSignals { newSignalStates = Array(repeating: SignalCounters(), count: newStates.count) }
        } else {
            newStates = []
            newStates.reserveCapacity(newLayout.count * policyCount)
            if measuresSignals { newSignalStates.reserveCapacity(newLayout.count * policyCount) }
            for newSlot in newLayout.ids.indices {
                if let oldSlot = carryOver.oldSlots[newSlot].index {
                    let cells = oldSlot * policyCount ..< (oldSlot + 1) * policyCount
                    newStates.append(contentsOf: sampler.states[cells])
                    if measuresSignals { newSignalStates.append(contentsOf: sampler.signalStates[cells]) }
                } else {
                    // `takeBack` hashes the id only for a policy that keeps departed counters.
                    for policyIndex in 0..<policyCount {
                        let (state, signals) = departed[policyIndex].takeBack(newLayout.ids[newSlot], appearingAt: time,
                                                                              retention)
                        newStates.append(state)
                        if measuresSignals { newSignalStates.append(signals) }
                    }
                }
            }
        }
        for oldSlot in oldIDs.indices where !carryOver.newSlots[oldSlot].isSome {
            for policyIndex in 0..<policyCount {
                let cell = oldSlot * policyCount + policyIndex
                departed[policyIndex].remember(sampler.states[cell],
                                               signals: measuresSignals ? sampler.signalStates[cell] : nil,
                                               of: oldIDs[oldSlot],
                                               under: sampler.policy(ofSlot: oldSlot, policyIndex: policyIndex), retention)
            }
        }
        // Each policy's open runs, in slot order: sections that leave together exit in
        // their layout order.
        let slotsInRun = sampler.slotsInRun.sorted()
        var newSlotsInRun: [Int32] = []
        for policyIndex in 0..<policyCount {
            let policyRuns = slotsInRun.filter {
                ManyPolicyCounters.isInRun(sampler.states[Int($0) * policyCount + policyIndex], before: base.nextSample)
            }
            departed[policyIndex].moveOpenRuns(slots: policyRuns, of: oldIDs, to: carryOver.newSlots,
                                        orInto: newLayout.slotsByID, slotsInRun: &newSlotsInRun)
            departed[policyIndex].forgetOldest(retention)
        }
        // A slot open under several policies is listed once.
        newSlotsInRun.sort()
        newSlotsInRun.removeAdjacentDuplicates()
        sampler.replaceCounters(newStates, signalStates: newSignalStates, slotsInRun: newSlotsInRun)
    }
}
