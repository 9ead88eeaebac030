extension Rect {
    /// The exact area covered by `rects`, each overlap counted once.
    ///
    /// Exact for any arrangement (a sweep over the x edges with a segment tree over the
    /// y edges, O(n log n)), not a grid approximation. Empty rects add nothing.
    public static func unionArea(of rects: some Collection<Rect>) -> Double {
        var workspace = UnionAreaWorkspace()
        return workspace.unionArea(of: rects)
    }
}

/// Reusable buffers for exact union areas, so the engine's samples do not allocate.
///
/// Keep one per engine; each call clears and refills the buffers, keeping their capacity.
struct UnionAreaWorkspace: Sendable {
    private struct Edge {
        var x: Double
        var lowerY: Int32   // index into `ys`
        var upperY: Int32
        var delta: Int32    // +1 where a rect starts, -1 where it ends
    }

    /// A column of a grid: its left and right edges.
    private struct Column: Equatable {
        var minX: Double
        var maxX: Double
    }

    private var ys: [Double] = []
    // A grid's columns and which of its elementary y intervals are rows.
    private var columns: [Column] = []
    private var isRowInterval: [Bool] = []
    private var edges: [Edge] = []
    // Segment tree over the elementary y intervals [ys[i], ys[i + 1]).
    private var coverCount: [Int32] = []
    private var coveredLength: [Double] = []

    init() {}

    /// The exact area covered by `rects`, each overlap counted once; empty rects add nothing.
    mutating func unionArea(of rects: some Collection<Rect>) -> Double {
        unionArea(of: rects, allNonEmpty: false)
    }

    /// ``unionArea(of:)`` of rects none of which is empty (what a measurer collects): the
    /// common cases do not check each rect again.
    mutating func unionArea(ofNonEmpty rects: some Collection<Rect>) -> Double {
        unionArea(of: rects, allNonEmpty: true)
    }

    @inline(__always)
    private mutating func unionArea(of rects: some Collection<Rect>, allNonEmpty: Bool) -> Double {
        // Fast paths: most sections have one or two visible cells.
        var nonEmpty = 0
        var first = Rect.zero
        var second = Rect.zero
        for rect in rects where allNonEmpty || !rect.isEmpty {
            if nonEmpty == 0 { first = rect } else if nonEmpty == 1 { second = rect }
            nonEmpty += 1
            if nonEmpty > 2 { break }
        }
        switch nonEmpty {
        case 0: return 0
        case 1: return first.area
        case 2: return first.area + second.area - (first.intersection(second)?.area ?? 0)
        default: return rowsArea(rects, allNonEmpty: allNonEmpty) ?? gridArea(rects) ?? sweep(rects)
        }
    }

    /// The area of rects that form one row, or a grid of two rows; `nil` otherwise.
    ///
    /// One row: all with the same top and bottom, each left of the next (touching at
    /// most), as a carousel's visible cards are. It adds each rect's `height * width` from
    /// left to right, which is exactly what ``sweep(_:)`` adds for such rects (one y
    /// interval, each rect's width between its own edges, nothing between them), so the
    /// result is the same to the last bit.
    ///
    /// Two rows: a second row below the first (touching at most) with the first row's
    /// columns, as a two-line module's visible cells are. That is ``gridArea(_:)``'s
    /// case, whose covered height for two rows is the first row's height plus the
    /// second's (the gap between them, if any, adds an exact 0), so it adds that times
    /// each column's width, in order: the same to the last bit. Worked out here without
    /// the grid's buffers, which every measure of a module would clear, fill and read back
    /// through the tree.
    private func rowsArea(_ rects: some Collection<Rect>, allNonEmpty: Bool) -> Double? {
        var (top, bottom) = (0.0, 0.0)                // the first row's
        var (secondTop, secondBottom) = (0.0, 0.0)
        var firstRowArea = 0.0
        var twoRowsArea = 0.0
        var coveredHeight = 0.0
        var right = -Double.infinity
        var columns = 0                               // in the first row
        var column = -1                               // the current rect's, in the second row
        var columnRect = rects.startIndex             // the first row's rect in that column
        for rect in rects where allNonEmpty || !rect.isEmpty {
            if columns == 0 {
                (top, bottom) = (rect.minY, rect.maxY)
            } else if column < 0 && rect.minY == top && rect.maxY == bottom {
                guard rect.minX >= right else { return nil }
            } else if column < 0 {
                guard rect.minY >= bottom else { return nil }
                (secondTop, secondBottom, column) = (rect.minY, rect.maxY, 0)
                coveredHeight = (bottom - top) + (secondBottom - secondTop)
            } else {
                // A third row is the grid's to measure.
                guard rect.minY == secondTop && rect.maxY == secondBottom else { return nil }
                column += 1
            }
            if column < 0 {
                columns += 1
                firstRowArea += (bottom - top) * (rect.maxX - rect.minX)
                right = rect.maxX
            } else {
                guard column < columns else { return nil }
                while !allNonEmpty && rects[columnRect].isEmpty { rects.formIndex(after: &columnRect) }
                let above = rects[columnRect]
                rects.formIndex(after: &columnRect)
                guard rect.minX == above.minX && rect.maxX == above.maxX else { return nil }
                twoRowsArea += coveredHeight * (rect.maxX - rect.minX)
            }
        }
        guard column >= 0 else { return firstRowArea }
        return column == columns - 1 ? twoRowsArea : nil
    }

    /// The area of rects that form a grid: rows one below the other (touching at most),
    /// each a row as ``rowsArea(_:allNonEmpty:)`` takes it and all with the first row's columns (the
    /// same left and right edges), as a module's visible cells are; `nil` otherwise.
    ///
    /// For such rects the sweep adds, at each column's right edge, its segment tree's
    /// covered height times the column's width, and nothing else (no rect is open between
    /// columns). Each row is one of its elementary y intervals, so the covered height is
    /// the rows' heights summed node by node as the tree sums them (``treeSum(from:to:)``):
    /// the result is the same to the last bit.
    private mutating func gridArea(_ rects: some Collection<Rect>) -> Double? {
        columns.removeAll(keepingCapacity: true)
        // The rows' tops and bottoms, deduplicated, as the sweep's `ys`; row `r` is the
        // interval `isRowInterval` marks.
        ys.removeAll(keepingCapacity: true)
        isRowInterval.removeAll(keepingCapacity: true)
        var (rowTop, rowBottom) = (0.0, 0.0)
        var column = -1   // the current rect's column, in a row after the first
        for rect in rects where !rect.isEmpty {
            if ys.isEmpty {
                (rowTop, rowBottom) = (rect.minY, rect.maxY)
                ys.append(rowTop)
                ys.append(rowBottom)
                isRowInterval.append(true)
                columns.append(Column(minX: rect.minX, maxX: rect.maxX))
            } else if rect.minY == rowTop && rect.maxY == rowBottom {
                if column < 0 {
                    guard rect.minX >= columns[columns.count - 1].maxX else { return nil }
                    columns.append(Column(minX: rect.minX, maxX: rect.maxX))
                } else {
                    column += 1
                    guard column < columns.count, columns[column] == Column(minX: rect.minX, maxX: rect.maxX) else { return nil }
                }
            } else {
                // A new row: below the last, which has every column, starting with the first.
                guard rect.minY >= rowBottom, column < 0 || column == columns.count - 1,
                      columns[0] == Column(minX: rect.minX, maxX: rect.maxX) else { return nil }
                if rect.minY > rowBottom {
                    ys.append(rect.minY)
                    isRowInterval.append(false)
                }
                ys.append(rect.maxY)
                isRowInterval.append(true)
                (rowTop, rowBottom, column) = (rect.minY, rect.maxY, 0)
            }
        }
        guard column >= 0, column == columns.count - 1 else { return nil }
        let coveredHeight = treeSum(from: 0, to: ys.count - 1)
        var area = 0.0
        for column in columns { area += coveredHeight * (column.maxX - column.minX) }
        return area
    }

    /// The covered length of the segment tree node over the elementary intervals
    /// `lower..<upper` when exactly the rows are covered, as `update` computes it.
    private func treeSum(from lower: Int, to upper: Int) -> Double {
        if upper - lower == 1 { return isRowInterval[lower] ? ys[upper] - ys[lower] : 0 }
        let middle = (lower + upper) / 2
        return treeSum(from: lower, to: middle) + treeSum(from: middle, to: upper)
    }

    private mutating func sweep(_ rects: some Collection<Rect>) -> Double {
        ys.removeAll(keepingCapacity: true)
        for rect in rects where !rect.isEmpty {
            ys.append(rect.minY)
            ys.append(rect.maxY)
        }
        ys.sort()
        ys.removeAdjacentDuplicates()
        let intervalCount = ys.count - 1

        edges.removeAll(keepingCapacity: true)
        for rect in rects where !rect.isEmpty {
            let lower = Int32(ys.lowerBound(of: rect.minY))
            let upper = Int32(ys.lowerBound(of: rect.maxY))
            edges.append(Edge(x: rect.minX, lowerY: lower, upperY: upper, delta: 1))
            edges.append(Edge(x: rect.maxX, lowerY: lower, upperY: upper, delta: -1))
        }
        edges.sort { $0.x < $1.x }

        let nodeCount = 4 * intervalCount
        coverCount.removeAll(keepingCapacity: true)
        coverCount.append(contentsOf: repeatElement(0, count: nodeCount))
        coveredLength.removeAll(keepingCapacity: true)
        coveredLength.append(contentsOf: repeatElement(0, count: nodeCount))

        var area = 0.0
        var previousX = edges[0].x
        for edge in edges {
            area += coveredLength[1] * (edge.x - previousX)
            previousX = edge.x
            update(node: 1, nodeLower: 0, nodeUpper: intervalCount,
                   lower: Int(edge.lowerY), upper: Int(edge.upperY), delta: edge.delta)
        }
        return area
    }

    /// Adds `delta` to the cover count of the intervals `lower..<upper`.
    private mutating func update(node: Int, nodeLower: Int, nodeUpper: Int, lower: Int, upper: Int, delta: Int32) {
        if upper <= nodeLower || nodeUpper <= lower { return }
        if lower <= nodeLower && nodeUpper <= upper {
            coverCount[node] += delta
        } else {
            let middle = (nodeLower + nodeUpper) / 2
            update(node: 2 * node, nodeLower: nodeLower, nodeUpper: middle, lower: lower, upper: upper, delta: delta)
            update(node: 2 * node + 1, nodeLower: middle, nodeUpper: nodeUpper, lower: lower, upper: upper, delta: delta)
        }
        if coverCount[node] > 0 {
            coveredLength[node] = ys[nodeUpper] - ys[nodeLower]
        } else if nodeUpper - nodeLower == 1 {
            coveredLength[node] = 0
        } else {
            coveredLength[node] = coveredLength[2 * node] + coveredLength[2 * node + 1]
        }
    }
}
