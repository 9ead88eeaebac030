import ImpressionTracking

/// ZOZO's view-impression tracker (seed 003), written naively as the seed does it: the
/// reference every benchmark figure is compared with (a library of its own, so that the
/// benchmarks and the callgrind profiler run the same code).
///
/// Every 100 ms sample scans every section: it takes the union of the section's visible
/// cell rects, intersects it with the viewport, and compares the height with half the
/// section's height (one cell's height times the number of cells, the seed's
/// `isTwoLines`). A `[Int: Int]` dictionary keeps each section's count of consecutive
/// visible samples, capped at 12; a section fires when its count reaches 11.
///
/// It is slightly kinder than the seed: the seed also builds a dictionary of the visible
/// cell rects every sample and filters the whole counter dictionary for counts of 11;
/// here the union is folded in place and the fires are collected as the counts change.
public struct ZOZOBaselineTracker {
    private let sections: [TrackedSection<Int>]
    private var counts: [Int: Int]
    private var viewport: Rect
    private var nextSample = 0
    private let sampleInterval = Duration.milliseconds(100)

    /// A tracker of `sections` (ids unique), every counter at zero.
    public init(sections: [TrackedSection<Int>], viewport: Rect) {
        self.sections = sections
        self.viewport = viewport
        counts = [:]
        for section in sections { counts[section.id] = 0 }
    }

    /// The rect of the window in the cells' coordinates.
    public mutating func setViewport(_ viewport: Rect) {
        self.viewport = viewport
    }

    /// Runs every sample due at or before `time`, one full scan each, and returns the ids
    /// of the sections that fired.
    public mutating func advance(to time: Duration) -> [Int] {
        var impressed: [Int] = []
        while sampleInterval * nextSample <= time {
            sample(into: &impressed)
            nextSample += 1
        }
        return impressed
    }

    private mutating func sample(into impressed: inout [Int]) {
        for section in sections {
            var visibleUnion: Rect?
            var cellHeight = 0.0
            for cell in section.cells where cell.intersects(viewport) {
                visibleUnion = visibleUnion.map { $0.union(cell) } ?? cell
                cellHeight = cell.height
            }
            let sectionHeight = cellHeight * Double(section.cells.count)
            if let visibleUnion, let inner = visibleUnion.intersection(viewport),
               inner.height > sectionHeight * 0.5 {
                let count = min((counts[section.id] ?? 0) + 1, 12)
                counts[section.id] = count
                if count == 11 { impressed.append(section.id) }
            } else {
                counts[section.id] = 0
            }
        }
    }
}
