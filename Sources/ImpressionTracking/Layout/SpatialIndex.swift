/// Finds the sections whose bounding boxes meet a rect, without scanning them all.
///
/// Sections are kept sorted by their top edge; a binary search bounds those that start
/// above the rect's bottom, and a max-tree over their bottom edges skips every subtree
/// that ends above the rect's top. A query costs O(log n + k log n) for k hits, so a
/// sample costs about the same with a million sections as with a hundred. A few dozen
/// sections, or fewer above the rect's bottom, are tested one by one instead: the tree
/// pays only past them.
///
/// A section of one root cell has that cell as its bounding box: the index reads it from
/// the layout's cells, and keeps boxes of its own only for the other sections, so that a
/// feed of one-cell sections costs it a position and a share of the tree per section.
/// Both kinds go through one code path: a section's entry says where its box is.
///
/// Indexed on y, the axis feeds scroll along; x is checked per hit.
struct SpatialIndex: Sendable {
    // Built once and never changed, behind one reference: a copy of a geometry (a state
    // change copies the engine, an engine of several policies keeps one per way of measuring)
    // retains one object, not one per table.
    private final class Storage: Sendable {
        let tables: SpatialIndexTables

        init(_ tables: SpatialIndexTables) {
            self.tables = tables
        }
    }

    private let storage: Storage
    private static let empty = Storage(SpatialIndexTables())

    /// An index of no sections.
    init() {
        storage = Self.empty
    }

    /// The bounding box of a section whose box is not its only root cell.
    struct SectionBox: Sendable {
        /// The box: the union of the section's root cells and its nested cells' reaches.
        var box: Rect
        /// The section's slot.
        var slot: Int32
    }

    /// Whether the index needs a ``SectionBox`` for a section of `rootCells` root cells
    /// and `nestedCells` nested ones: unless its box is its one root cell, or it has no
    /// cells. A nested cell's box is its container's reach, not the cell.
    static func needsBox(rootCells: Int, nestedCells: Int) -> Bool {
        nestedCells > 0 || rootCells > 1
    }

    /// Indexes the sections of a layout whose cells are `cells`, slot `s` owning
    /// `cells[cellStarts[s] ..< cellStarts[s + 1]]`: each slot of `boxes` (by ascending
    /// slot) by its box, every other slot by its only cell. Slots without cells, and empty
    /// boxes, are left out, since they can never be visible.
    ///
    /// - Precondition: `boxes` has the slots that ``needsBox(rootCells:nestedCells:)``
    ///   says need one.
    init(cells: [Rect], cellStarts: [Int32], boxes: [SectionBox]) {
        storage = Storage(SpatialIndexTables(cells: cells, cellStarts: cellStarts, boxes: boxes))
    }

    /// Appends to `hits` the slots whose boxes share a positive area with `rect`, in
    /// order of their top edges.
    func collect(intersecting rect: Rect, into hits: inout ScratchList<Int32>) {
        storage.tables.collect(intersecting: rect, into: &hits)
    }
}

/// The tables of a ``SpatialIndex``, and the query over them.
private struct SpatialIndexTables: Sendable {
    /// By position, the sections sorted by top edge (ties in slot order): a section whose
    /// box is its only cell as its slot `s`, the box `cells[cellStarts[s]]`; any other as
    /// `~k`, its box and slot `boxes[k]`.
    private var entries: [Int32] = []
    /// The boxes the layout built, by slot, kept as they are (an empty one is never read).
    private var boxes: [SpatialIndex.SectionBox] = []
    /// The layout's cells, and where each slot's cells start: the geometry's own arrays,
    /// whose storage the index shares (copy-on-write) rather than copies.
    private var cells: [Rect] = []
    private var cellStarts: [Int32] = [0]
    // Implicit binary tree over the positions, inner nodes only: node `n` (from 1) has the
    // children `2n` and `2n + 1`, and `leafBase + i` would be the leaf of the i-th
    // position, whose bottom edge is read from its box rather than kept. An inner node
    // holds the maximum bottom edge of the positions below it.
    private var maxBottom: [Double] = []
    private var leafBase = 1

    init() {}

    /// See ``SpatialIndex/init(cells:cellStarts:boxes:)``.
    init(cells: [Rect], cellStarts: [Int32], boxes slotBoxes: [SpatialIndex.SectionBox]) {
        self.cells = cells
        self.cellStarts = cellStarts
        boxes = slotBoxes
        let slotCount = cellStarts.count - 1
        var order: [Int32] = []   // the entries, by slot, then sorted
        order.reserveCapacity(slotCount)
        var nextBox = 0
        var sorted = true
        var previousTop = -Double.infinity
        for slot in 0 ..< slotCount {
            let entry: Int32
            if nextBox < slotBoxes.count && Int(slotBoxes[nextBox].slot) == slot {
                entry = ~Int32(nextBox)
                nextBox += 1
            } else {
                let cellCount = cellStarts[slot + 1] - cellStarts[slot]
                precondition(cellCount <= 1, "a slot of several cells without its bounding box")
                guard cellCount == 1 else { continue }
                entry = Int32(slot)
            }
            let box = box(of: entry)
            guard !box.isEmpty else { continue }
            order.append(entry)
            if box.minY < previousTop { sorted = false }
            previousTop = box.minY
        }
        // Stacked feeds arrive sorted: skip the sort then.
        if !sorted {
            order.sort { first, second in
                let (firstTop, secondTop) = (box(of: first).minY, box(of: second).minY)
                return firstTop < secondTop || (firstTop == secondTop && slot(of: first) < slot(of: second))
            }
        }
        entries = order

        leafBase = 1
        while leafBase < entries.count { leafBase *= 2 }
        maxBottom = Array(count: leafBase, filledWith: -Double.infinity)
        var node = leafBase - 1
        while node >= 1 {
            maxBottom[node] = max(maxBottom(ofNode: 2 * node), maxBottom(ofNode: 2 * node + 1))
            node -= 1
        }
    }

    /// The box of a section entry.
    @inline(__always)
    private func box(of entry: Int32) -> Rect {
        entry >= 0 ? cells[Int(cellStarts[Int(entry)])] : boxes[Int(~entry)].box
    }

    /// The maximum bottom edge below `node`, a leaf's read from its box; none past the
    /// last position.
    private func maxBottom(ofNode node: Int) -> Double {
        guard node >= leafBase else { return maxBottom[node] }
        let position = node - leafBase
        return position < entries.count ? box(of: entries[position]).maxY : -Double.infinity
    }

    /// The slot of a section entry.
    @inline(__always)
    private func slot(of entry: Int32) -> Int32 {
        entry >= 0 ? entry : boxes[Int(~entry)].slot
    }

    /// See ``SpatialIndex/collect(intersecting:into:)``.
    func collect(intersecting rect: Rect, into hits: inout ScratchList<Int32>) {
        guard !entries.isEmpty, !rect.isEmpty else { return }
        // A few positions are cheaper to test one by one than to search and walk down the
        // tree to (a windowed feed's layout is a dozen sections); the order is the same.
        if entries.count <= Self.linearScanLimit {
            for position in entries.indices {
                // By top edge: the rest start below the rect.
                guard box(of: entries[position]).minY < rect.maxY else { return }
                collect(position: position, rect: rect, into: &hits)
            }
            return
        }
        // Positions [0, end) start above the rect's bottom.
        var end = 0
        var high = entries.count
        while end < high {
            let middle = (end + high) / 2
            if box(of: entries[middle]).minY < rect.maxY { end = middle + 1 } else { high = middle }
        }
        guard end > 0 else { return }
        guard end > Self.linearScanLimit else {
            for position in 0 ..< end { collect(position: position, rect: rect, into: &hits) }
            return
        }
        collect(node: 1, lower: 0, upper: leafBase, end: end, rect: rect, into: &hits)
    }

    /// The most positions a query tests one by one rather than through the tree.
    private static var linearScanLimit: Int { 32 }

    /// Appends the slot at `position` when its box, which starts above the rect's bottom,
    /// shares a positive area with `rect`.
    @inline(__always)
    private func collect(position: Int, rect: Rect, into hits: inout ScratchList<Int32>) {
        let entry = entries[position]
        let box = box(of: entry)
        if box.maxY > rect.minY && box.minX < rect.maxX && box.maxX > rect.minX { hits.append(slot(of: entry)) }
    }

    private func collect(node: Int, lower: Int, upper: Int, end: Int, rect: Rect, into hits: inout ScratchList<Int32>) {
        guard lower < end else { return }
        if upper - lower == 1 {
            collect(position: lower, rect: rect, into: &hits)
            return
        }
        guard maxBottom[node] > rect.minY else { return }
        let middle = (lower + upper) / 2
        collect(node: 2 * node, lower: lower, upper: middle, end: end, rect: rect, into: &hits)
        collect(node: 2 * node + 1, lower: middle, upper: upper, end: end, rect: rect, into: &hits)
    }
}
