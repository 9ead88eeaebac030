/// The slot of each section of a layout, by id: a hash table whose values are 32 bits, as
/// slots are everywhere else in the engine (``SectionGeometry/maximumCount`` bounds
/// them), so that its buckets take the room of an id and half an `Int`, not of an id
/// and a whole one. Reads as the dictionary it wraps: `slotsByID[id]`.
struct SlotsByID<ID: Hashable & Sendable>: Sendable {
    private var slots: [ID: Int32] = [:]

    /// An empty table.
    init() {}

    /// The slot of `id`, or `nil` for an id not in the layout.
    subscript(id: ID) -> Int? {
        @inline(__always) get { slots[id].map(Int.init) }
    }

    /// Makes room for `count` ids, so that filling the table does not rehash it.
    mutating func reserveCapacity(_ count: Int) {
        slots.reserveRoom(for: count)
    }

    /// Gives `id` the slot `slot`; returns the slot it had, if any.
    mutating func updateValue(_ slot: Int, forKey id: ID) -> Int? {
        slots.updateValue(Int32(slot), forKey: id).map(Int.init)
    }
}
