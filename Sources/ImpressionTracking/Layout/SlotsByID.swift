/// The ids of a layout's sections by slot, and the slot of each id. Reads as a dictionary:
/// `slotsByID[id]`.
///
/// A layout of a few sections (a lazy list's window) finds an id by scanning its ids: a
/// dozen comparisons cost less than hashing the id, and the layout then allocates no hash
/// table and hashes nothing while it is built. A larger one keeps a hash table whose values
/// are 32 bits, as slots are everywhere else in the engine (``SectionGeometry/maximumCount``
/// bounds them), so that its buckets take the room of an id and half an `Int`, not of an id
/// and a whole one.
struct SlotsByID<ID: Hashable & Sendable>: Sendable {
    /// The ids, by slot.
    private(set) var ids: [ID] = []
    /// The slot of each id, for a layout of more than ``scanLimit`` sections; empty for a
    /// smaller one, whose ids are scanned.
    private var slots: [ID: Int32] = [:]
    /// Whether ids are looked up in `slots` rather than scanned.
    private var hashes = false

    /// The most sections whose ids are scanned rather than hashed: past it, a scan would
    /// cost more than a hash, and checking each new id against the others for duplicates
    /// grows with the square of the count.
    static var scanLimit: Int { 32 }

    /// An empty table.
    init() {}

    /// An empty table with room for `count` ids, to be filled with ``append(_:)``: a hash
    /// table, made at its size so that filling it does not rehash it, only past
    /// ``scanLimit`` ids.
    init(capacity count: Int) {
        ids.reserveCapacity(count)
        if count > Self.scanLimit {
            hashes = true
            slots.reserveRoom(for: count)
        }
    }

    /// The number of ids.
    var count: Int { ids.count }

    /// The slot of `id`, or `nil` for an id not in the layout.
    subscript(id: ID) -> Int? {
        @inline(__always) get {
            if hashes { return slots[id].map(Int.init) }
            return ids.firstIndex(of: id)
        }
    }

    /// The slot of `id`, or `nil` for an id not in the layout; tries `guess` first, so
    /// that matching the ids of a layout against those of the last one, which mostly
    /// follow each other in both, seldom scans or hashes.
    @inline(__always)
    func slot(of id: ID, guessing guess: Int) -> Int? {
        if guess >= 0 && guess < ids.count && ids[guess] == id { return guess }
        return self[id]
    }

    /// Gives `id` the next slot, unless it has one: returns that slot then, adding nothing.
    mutating func append(_ id: ID) -> Int? {
        if hashes {
            if let first = slots.updateValue(Int32(ids.count), forKey: id) {
                // The first slot stays the id's, as if nothing had been added.
                slots[id] = first
                return Int(first)
            }
        } else if let first = ids.firstIndex(of: id) {
            return first
        }
        ids.append(id)
        return nil
    }
}
