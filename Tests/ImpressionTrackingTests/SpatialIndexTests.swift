@testable import ImpressionTracking
import Testing

// The spatial index against a scan of every section's bounding box, on layouts that mix
// what it reads differently: one root cell (its box read from the cells), several cells,
// nested cells (the box is the container's), empty cells and no cells (left out), in
// stacked and shuffled order.

/// The layout's sections and what the index should find of them: each slot's bounding
/// box, as the engine defines it, `nil` for a section that can never be visible.
private struct IndexedLayout {
    var sections: [TrackedSection<Int>] = []
    var containers: [ScrollContainer] = []
    var boxes: [Rect?] = []
}

/// A random layout of `count` sections, tops in order when `stacked`, with empty cells
/// and containers when `empties`.
private func randomLayout(count: Int, stacked: Bool, empties: Bool, using random: inout SplitMix64) -> IndexedLayout {
    var layout = IndexedLayout()
    // Top-level containers, so that a nested cell's reach is the container's frame.
    layout.containers = (0 ..< 2).map { index in
        ScrollContainer(id: "carousel-\(index)",
                        frame: Rect(x: Double(random.int(in: 0 ... 50)), y: Double(random.int(in: 0 ... 2000)),
                                    width: Double(random.int(in: empties ? 0 ... 1 : 1 ... 1) * 300), height: 200))
    }
    for slot in 0 ..< count {
        let top = stacked ? Double(slot * 120) : Double(random.int(in: 0 ... 4000))
        let cells = (0 ..< random.pick(empties ? [0, 1, 1, 1, 2, 3] : [1, 1, 1, 2, 3])).map { index in
            Rect(x: Double(random.int(in: 0 ... 300)), y: top + Double(index * 60),
                 width: Double(random.pick(empties ? [0, 40, 390] : [40, 390])),
                 height: Double(random.pick(empties ? [0, 50, 100] : [50, 100])))
        }
        let nested = (0 ..< random.pick([0, 0, 0, 1, 2])).map { _ in
            NestedCell(containerID: "carousel-\(random.int(in: 0 ... 1))",
                       frame: Rect(x: Double(random.int(in: 0 ... 600)), y: 0, width: 150, height: 150))
        }
        layout.sections.append(TrackedSection(id: slot, cells: cells, nestedCells: nested))
        let reaches = nested.map { cell in layout.containers.first { $0.id == cell.containerID }!.frame }
        let box = Rect.boundingBox(of: cells + reaches)
        layout.boxes.append(box.flatMap { $0.isEmpty ? nil : $0 })
    }
    return layout
}

@Suite("Spatial index: the sections a rect meets, as a scan of every box finds them")
struct SpatialIndexTests {
    @Test("random layouts of one-cell, several-cell, nested, empty and cell-less sections",
          arguments: [(stacked: true, empties: false, seed: UInt64(1)), (stacked: true, empties: true, seed: 2),
                      (stacked: false, empties: true, seed: 3), (stacked: false, empties: false, seed: 4)])
    func matchesAScan(stacked: Bool, empties: Bool, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        // One list for every query, emptied between them as the counting loop empties its
        // candidates: what an earlier query found must not show through.
        var hits = ScratchList<Int32>()
        for count in [0, 1, 2, 3, 7, 32, 33, 64, 300] {
            let layout = randomLayout(count: count, stacked: stacked, empties: empties, using: &random)
            let built = try SectionLayout(sections: layout.sections, containers: layout.containers,
                                          defaultPolicy: .default, sampleInterval: .milliseconds(100), sameIDsAs: nil)
            for _ in 0 ..< 50 {
                let rect = Rect(x: Double(random.int(in: -100 ... 400)), y: Double(random.int(in: -100 ... 4200)),
                                width: Double(random.pick([0, 1, 100, 390])), height: Double(random.pick([0, 1, 300, 844])))
                hits.removeAll()
                built.geometry.index.collect(intersecting: rect, into: &hits)
                // In order of top edge, ties in slot order.
                let expected = layout.boxes.indices
                    .filter { layout.boxes[$0]?.intersects(rect) == true }
                    .sorted { (layout.boxes[$0]!.minY, $0) < (layout.boxes[$1]!.minY, $1) }
                    .map(Int32.init)
                #expect(Array(hits) == expected, "\(count) sections, stacked: \(stacked), empties: \(empties), rect \(rect)")
            }
        }
    }
}
