// What a MultiPolicyEngine asks of its lanes when it sets a layout: built once for every
// way of measuring, its slots matched once for every lane.
extension ImpressionEngine {
    /// ``validatedLayout(_:containers:)``, resolving the layout under the default policy
    /// of each other way of measuring of a multi-policy engine in the same pass (see
    /// ``SectionLayout/columns(sections:containers:defaultPolicy:otherColumnPolicies:sampleInterval:sameIDsAs:)``);
    /// this engine's policy measures as the first column. Touches no state.
    mutating func laneValidatedColumns(_ sections: [TrackedSection<ID>], containers: [ScrollContainer],
                                       otherColumnPolicies: [ImpressionPolicy])
        throws(InputError) -> (layout: SectionLayout<ID>, otherColumns: [SectionGeometry], keepsSlots: Bool) {
        let keepsSlots = self.keepsSlots(of: sections)
        let (newLayout, otherColumns) = try SectionLayout.columns(
            sections: sections, containers: containers, defaultPolicy: policy, otherColumnPolicies: otherColumnPolicies,
            sampleInterval: sampleInterval, sameIDsAs: keepsSlots ? layout : nil)
        return (newLayout, otherColumns, keepsSlots)
    }

    /// How `newLayout`'s slots follow from the current layout's, read in place.
    mutating func laneCarryOver(to newLayout: SectionLayout<ID>) -> SlotCarryOver {
        SlotCarryOver(from: layout, to: newLayout)
    }

    /// Puts in force a layout whose slots follow from the current layout's as `carryOver`
    /// says (worked out once for every lane sharing these layouts), carrying the counters
    /// over as ``setLayout(_:containers:)`` does: without hashing an id, but those of this
    /// engine's own departed sections.
    mutating func adopt(_ newLayout: consuming SectionLayout<ID>, carrying carryOver: SlotCarryOver) {
        var newStates: [SectionState]
        if layout.count == 0 && departed.isEmpty {
            newStates = Array(repeating: SectionState(firstAppearance: time), count: newLayout.count)
        } else {
            newStates = []
            newStates.reserveCapacity(newLayout.count)
            for newSlot in newLayout.ids.indices {
                let oldSlot = Int(carryOver.oldSlots[newSlot])
                // `takeBack` hashes the id only when some departed counters are kept.
                newStates.append(oldSlot >= 0 ? sampler.states[oldSlot]
                                              : departed.takeBack(newLayout.ids[newSlot], appearingAt: time))
            }
        }
        let retention = self.retention
        for oldSlot in layout.ids.indices where carryOver.newSlots[oldSlot] < 0 {
            departed.remember(sampler.states[oldSlot], of: layout.ids[oldSlot], retention)
        }
        // Sorted by slot: `slotsInRun` is in screen order, but sections that leave
        // together exit in their layout order.
        let layoutRuns = sampler.slotsInRun.sorted()
        sampler.slotsInRun.removeAll(keepingCapacity: true)
        departed.moveOpenRuns(slots: layoutRuns, of: layout.ids, to: carryOver.newSlots, orInto: newLayout.slotsByID,
                              slotsInRun: &sampler.slotsInRun)
        commit(newLayout, states: newStates)
    }
}
