@testable import ImpressionTracking
import Testing

@Suite("Geometry")
struct GeometryTests {
    @Test("intersection keeps only positive area; edge-adjacent rects do not meet")
    func intersection() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersection(Rect(x: 5, y: 5, width: 10, height: 10)) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.intersection(Rect(x: 10, y: 0, width: 5, height: 5)) == nil)   // touching edges
        #expect(a.intersection(Rect(x: 0, y: 10, width: 5, height: 5)) == nil)
        #expect(!a.intersects(Rect(x: 10, y: 10, width: 1, height: 1)))           // touching corners
        #expect(a.intersection(Rect(x: 2, y: 2, width: 0, height: 5)) == nil)     // zero width
        #expect(a.intersects(Rect(x: 9.5, y: 9.5, width: 1, height: 1)))
    }

    @Test("union is the bounding box; emptiness and validity")
    func unionAndValidity() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.union(Rect(x: 20, y: -5, width: 1, height: 1)) == Rect(x: 0, y: -5, width: 21, height: 15))
        #expect(Rect.boundingBox(of: [Rect]()) == nil)
        #expect(Rect.boundingBox(of: [a, Rect(x: 5, y: 30, width: 1, height: 1)]) == Rect(x: 0, y: 0, width: 10, height: 31))
        #expect(Rect.zero.isEmpty && Rect(x: 0, y: 0, width: 5, height: 0).isEmpty && !a.isEmpty)
        #expect(a.isValid)
        #expect(!Rect(x: .nan, y: 0, width: 1, height: 1).isValid)
        #expect(!Rect(x: 0, y: 0, width: .infinity, height: 1).isValid)
        #expect(!Rect(x: 0, y: 0, width: -1, height: 1).isValid)
        #expect(!Rect(x: .greatestFiniteMagnitude, y: 0, width: .greatestFiniteMagnitude, height: 1).isValid)
        #expect(a.inset(top: 1, left: 2, bottom: 3, right: 4) == Rect(x: 2, y: 1, width: 4, height: 6))
        #expect(a.inset(top: 20).height == 0)
    }

    @Test("union area counts overlaps once")
    func unionAreaExamples() {
        #expect(Rect.unionArea(of: [Rect]()) == 0)
        #expect(Rect.unionArea(of: [Rect(x: 0, y: 0, width: 10, height: 10)]) == 100)
        // Two overlapping squares: 100 + 100 - 25.
        #expect(Rect.unionArea(of: [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 5, y: 5, width: 10, height: 10)]) == 175)
        // A cross: 30×10 + 10×30 - 10×10.
        let cross = [Rect(x: 0, y: 10, width: 30, height: 10), Rect(x: 10, y: 0, width: 10, height: 30)]
        #expect(Rect.unionArea(of: cross) == 500)
        // The same rect three times, and one inside another.
        let square = Rect(x: 1, y: 1, width: 4, height: 4)
        #expect(Rect.unionArea(of: [square, square, square]) == 16)
        #expect(Rect.unionArea(of: [Rect(x: 0, y: 0, width: 10, height: 10), square, Rect(x: 2, y: 2, width: 1, height: 1)]) == 100)
        // Empty rects add nothing.
        #expect(Rect.unionArea(of: [square, .zero, Rect(x: 0, y: 0, width: 0, height: 50)]) == 16)
    }

    @Test("union area equals a brute-force count of unit squares on random integer rects")
    func unionAreaMatchesGrid() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<500 {
            let rects = (0..<random.int(in: 0...11)).map { _ in
                Rect(x: Double(random.int(in: 0...19)), y: Double(random.int(in: 0...19)),
                     width: Double(random.int(in: 0...9)), height: Double(random.int(in: 0...9)))
            }
            var covered = 0
            for x in 0..<30 {
                for y in 0..<30 where rects.contains(where: { $0.contains(Rect(x: Double(x), y: Double(y), width: 1, height: 1)) }) {
                    covered += 1
                }
            }
            #expect(Rect.unionArea(of: rects) == Double(covered), "rects: \(rects)")
        }
    }

    @Test("a row of cards (a carousel's visible parts) sums to the sweep's area to the last bit")
    func unionAreaOfRows() {
        var random = SplitMix64(seed: 7)
        var rows = 0
        for _ in 0..<2000 {
            // Fractional positions and sizes, as scrolled and clipped cards have; some touch.
            let top = Double.random(in: -500...500, using: &random)
            let height = Double.random(in: 0.001...400, using: &random)
            var left = Double.random(in: -1000...1000, using: &random)
            var row: [Rect] = []
            for _ in 0..<random.int(in: 3...9) {
                let width = Double.random(in: 0.001...300, using: &random)
                row.append(Rect(x: left, y: top, width: width, height: height))
                left = row[row.count - 1].maxX + (random.int(in: 0...2) == 0 ? 0 : Double.random(in: 0...40, using: &random))
            }
            // Right to left, the rects are not a row in order: the sweep measures them.
            let swept = Rect.unionArea(of: row.reversed())
            #expect(Rect.unionArea(of: row).bitPattern == swept.bitPattern, "row: \(row)")
            rows += 1
        }
        #expect(rows == 2000)
        // Not a row: overlapping, or another top, goes to the sweep.
        let cards = [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 5, y: 0, width: 10, height: 10), Rect(x: 20, y: 0, width: 10, height: 10)]
        #expect(Rect.unionArea(of: cards) == 250)
        #expect(Rect.unionArea(of: cards.map { $0.offsetBy(dx: 0, dy: $0.minX) }) == 275)
    }

    @Test("a grid of cells (a module's visible parts) sums to the sweep's area to the last bit")
    func unionAreaOfGrids() {
        var random = SplitMix64(seed: 11)
        func gap() -> Double { random.int(in: 0...2) == 0 ? 0 : Double.random(in: 0...40, using: &random) }
        for _ in 0..<2000 {
            // Fractional edges, as scrolled and clipped cells have; some rows and columns touch.
            var columns: [(minX: Double, maxX: Double)] = []
            var left = Double.random(in: -1000...1000, using: &random)
            for _ in 0..<random.int(in: 1...6) {
                let width = Double.random(in: 0.001...300, using: &random)
                columns.append((left, left + width))
                left += width + gap()
            }
            var grid: [Rect] = []
            var top = Double.random(in: -500...500, using: &random)
            for _ in 0..<random.int(in: 2...5) {
                let height = Double.random(in: 0.001...400, using: &random)
                for column in columns {
                    grid.append(Rect(x: column.minX, y: top, width: column.maxX - column.minX, height: height))
                }
                top = grid[grid.count - 1].maxY + gap()
            }
            // Empty rects add nothing wherever they are (a cell of no size).
            if random.int(in: 0...3) == 0 {
                grid.insert(Rect(x: left, y: top, width: 0, height: 10), at: random.int(in: 0...grid.count))
            }
            // Bottom to top and right to left, the rects are not a grid in order: the sweep measures them.
            let swept = Rect.unionArea(of: grid.reversed())
            #expect(Rect.unionArea(of: grid).bitPattern == swept.bitPattern, "grid: \(grid)")
        }
        // Not a grid, so swept: a row with a column missing, or one that is shifted.
        let cells = [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 20, y: 0, width: 10, height: 10),
                     Rect(x: 0, y: 20, width: 10, height: 10)]
        #expect(Rect.unionArea(of: cells) == 300)
        #expect(Rect.unionArea(of: cells + [Rect(x: 25, y: 20, width: 10, height: 10)]) == 400)
        #expect(Rect.unionArea(of: cells + [Rect(x: 20, y: 5, width: 10, height: 20)]) == 450)
        // Two rows, the second overlapping the first, or with a column too many.
        let twoRows = cells + [Rect(x: 20, y: 20, width: 10, height: 10)]
        #expect(Rect.unionArea(of: twoRows) == 400)
        #expect(Rect.unionArea(of: twoRows.map { $0.minY > 0 ? $0.offsetBy(dx: 0, dy: -15) : $0 }) == 300)
        #expect(Rect.unionArea(of: twoRows + [Rect(x: 40, y: 20, width: 10, height: 10)]) == 500)
    }

    @Test("the reusable workspace gives the same areas call after call")
    func workspaceReuse() {
        var workspace = UnionAreaWorkspace()
        let many = (0..<40).map { Rect(x: Double($0), y: Double($0 % 7), width: 3, height: 2) }
        let first = workspace.unionArea(of: many)
        #expect(workspace.unionArea(of: [Rect(x: 0, y: 0, width: 2, height: 2)]) == 4)
        #expect(workspace.unionArea(of: many) == first)
        #expect(first == Rect.unionArea(of: many))
    }
}
