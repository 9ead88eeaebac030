/// How the slots of a new layout follow from those of the current one, matched by id:
/// which counters each new slot takes over, and which sections leave.
///
/// An engine's policies share their layouts (the same ids in the same slots),
/// so it works this out once, looking each id up once, and moves every policy's counters of
/// a section together (``ImpressionEngine/carryCountersOver(to:)``). Free of the id
/// type, like the geometry.
struct SlotCarryOver: Sendable {
    /// Per new slot, the old slot of its section; none for a section not in the old layout.
    let oldSlots: [PackedIndex]
    /// Per old slot, the new slot of its section; none for a section that leaves.
    let newSlots: [PackedIndex]

    /// Matches the ids of a new layout, `newIDs` by slot, against the old layout's
    /// `oldSlotsByID`, of `oldCount` slots.
    ///
    /// The tables, not the layouts: a layout read from the engine and handed over is
    /// copied, its tables retained and released, at every change.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    init<ID>(from oldSlotsByID: SlotsByID<ID>, count oldCount: Int, to newIDs: [ID]) {
        var newSlots = [PackedIndex](count: oldCount, filledWith: .none)
        var oldSlots: [PackedIndex]
        if oldCount == 0 {
            // A first layout: nothing to look up (each lookup hashes an id).
            oldSlots = [PackedIndex](count: newIDs.count, filledWith: .none)
        } else {
            oldSlots = []
            oldSlots.reserveCapacity(newIDs.count)
            // Sections that stay mostly stay next to each other: each is looked for first
            // after the last one found.
            var guess = 0
            for newSlot in newIDs.indices {
                if let oldSlot = oldSlotsByID.slot(of: newIDs[newSlot], guessing: guess) {
                    oldSlots.append(PackedIndex(oldSlot))
                    newSlots[oldSlot] = PackedIndex(newSlot)
                    guess = oldSlot + 1
                } else {
                    oldSlots.append(.none)
                }
            }
        }
        self.oldSlots = oldSlots
        self.newSlots = newSlots
    }
}
