/// How the slots of a new layout follow from those of the current one, matched by id:
/// which counters each new slot takes over, and which sections leave.
///
/// A multi-policy engine's policies share their layouts (the same ids in the same slots),
/// so it works this out once, hashing each id once, and moves every policy's counters of
/// a section together (``MultiPolicyEngine/carryCountersOver(to:)``). Free of the id
/// type, like the geometry.
struct SlotCarryOver: Sendable {
    /// Per new slot, the old slot of its section; -1 for a section not in the old layout.
    let oldSlots: [Int32]
    /// Per old slot, the new slot of its section; -1 for a section that leaves.
    let newSlots: [Int32]

    /// Matches `newLayout`'s ids against `oldLayout`'s.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    init<ID>(from oldLayout: SectionLayout<ID>, to newLayout: SectionLayout<ID>) {
        var newSlots = [Int32](repeating: -1, count: oldLayout.count)
        var oldSlots: [Int32]
        if oldLayout.count == 0 {
            // A first layout: nothing to look up (each lookup hashes an id).
            oldSlots = [Int32](repeating: -1, count: newLayout.count)
        } else {
            oldSlots = []
            oldSlots.reserveCapacity(newLayout.count)
            for newSlot in newLayout.ids.indices {
                if let oldSlot = oldLayout.slotsByID[newLayout.ids[newSlot]] {
                    oldSlots.append(Int32(oldSlot))
                    newSlots[oldSlot] = Int32(newSlot)
                } else {
                    oldSlots.append(-1)
                }
            }
        }
        self.oldSlots = oldSlots
        self.newSlots = newSlots
    }
}
