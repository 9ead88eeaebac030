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
        var newStates: [SectionState]
        if oldIDs.isEmpty && departed.allSatisfy(\.isEmpty) {
            newStates = Array(repeating: SectionState(firstAppearance: time), count: newLayout.count * policyCount)
        } else {
            newStates = []
            newStates.reserveCapacity(newLayout.count * policyCount)
            for newSlot in newLayout.ids.indices {
                if let oldSlot = carryOver.oldSlots[newSlot].index {
                    newStates.append(contentsOf: sampler.states[oldSlot * policyCount ..< (oldSlot + 1) * policyCount])
                } else {
                    // `takeBack` hashes the id only for a policy that keeps departed counters.
                    for policyIndex in 0..<policyCount {
                        newStates.append(departed[policyIndex].takeBack(newLayout.ids[newSlot], appearingAt: time,
                                                                        retention))
                    }
                }
            }
        }
        for oldSlot in oldIDs.indices where !carryOver.newSlots[oldSlot].isSome {
            for policyIndex in 0..<policyCount {
                departed[policyIndex].remember(sampler.states[oldSlot * policyCount + policyIndex], of: oldIDs[oldSlot],
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
        sampler.replaceCounters(newStates, slotsInRun: newSlotsInRun)
    }
}
