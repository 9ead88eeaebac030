/// Finds the sections whose bounding boxes meet a rect, without scanning them all.
///
/// Sections are kept sorted by their top edge; a binary search bounds those that start
/// above the rect's bottom, and a max-tree over their bottom edges skips every subtree
/// that ends above the rect's top. A query costs O(log n + k log n) for k hits, so a
/// sample costs about the same with a million sections as with a hundred.
///
/// Indexed on y, the axis feeds scroll along; x is checked per hit.
struct SpatialIndex: Sendable {
    /// Slots sorted by top edge (ties in slot order).
    private var slotsByTop: [Int32] = []
    private var bounds: [Rect] = []   // by position in `slotsByTop`
    // Implicit binary tree: leaves at `leafBase + i` hold the bottom edge of the i-th
    // section by top; inner nodes the maximum of their children.
    private var maxBottom: [Double] = []
    private var leafBase = 1

    init() {}

    /// Indexes the given boxes; empty boxes (no cells, or no area) are left out, since
    /// they can never be visible.
    init(bounds slotBounds: [Rect]) {
        var slots: [Int32] = []
        slots.reserveCapacity(slotBounds.count)
        var sorted = true
        var previousTop = -Double.infinity
        for (slot, box) in slotBounds.enumerated() where !box.isEmpty {
            slots.append(Int32(slot))
            if box.minY < previousTop { sorted = false }
            previousTop = box.minY
        }
        // Stacked feeds arrive sorted: skip the sort then.
        if !sorted {
            slots.sort { slotBounds[Int($0)].minY < slotBounds[Int($1)].minY || (slotBounds[Int($0)].minY == slotBounds[Int($1)].minY && $0 < $1) }
        }
        slotsByTop = slots
        bounds = slots.map { slotBounds[Int($0)] }

        leafBase = 1
        while leafBase < max(1, slots.count) { leafBase *= 2 }
        maxBottom = Array(repeating: -Double.infinity, count: 2 * leafBase)
        for (position, box) in bounds.enumerated() { maxBottom[leafBase + position] = box.maxY }
        var node = leafBase - 1
        while node >= 1 {
            maxBottom[node] = max(maxBottom[2 * node], maxBottom[2 * node + 1])
            node -= 1
        }
    }

    /// Appends to `hits` the slots whose boxes share a positive area with `rect`, in
    /// order of their top edges.
    func collect(intersecting rect: Rect, into hits: inout [Int32]) {
        guard !slotsByTop.isEmpty, !rect.isEmpty else { return }
        // Positions [0, end) start above the rect's bottom.
        var end = 0
        var high = bounds.count
        while end < high {
            let middle = (end + high) / 2
            if bounds[middle].minY < rect.maxY { end = middle + 1 } else { high = middle }
        }
        guard end > 0 else { return }
        collect(node: 1, lower: 0, upper: leafBase, end: end, rect: rect, into: &hits)
    }

    private func collect(node: Int, lower: Int, upper: Int, end: Int, rect: Rect, into hits: inout [Int32]) {
        guard lower < end, maxBottom[node] > rect.minY else { return }
        if upper - lower == 1 {
            let box = bounds[lower]
            if box.minX < rect.maxX && box.maxX > rect.minX { hits.append(slotsByTop[lower]) }
            return
        }
        let middle = (lower + upper) / 2
        collect(node: 2 * node, lower: lower, upper: middle, end: end, rect: rect, into: &hits)
        collect(node: 2 * node + 1, lower: middle, upper: upper, end: end, rect: rect, into: &hits)
    }
}
