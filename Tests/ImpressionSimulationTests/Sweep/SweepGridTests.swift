@testable import ImpressionSimulation
import ImpressionTracking
import Testing

@Suite("The sweep's grid")
struct SweepGridTests {
    @Test("the default grid: 10% ... 100% by 10 x 0 ... 3 s by 0.5 s, height, named cells in row order")
    func defaults() throws {
        let grid = try SweepGrid()
        #expect(grid.count == 70 && grid.measure == .height)
        #expect(grid.ratios == [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1])
        #expect(grid.durations == (0...6).map { .milliseconds(500 * $0) })
        let policies = grid.policies
        #expect(policies[grid.index(ratio: 4, duration: 2)].name == "height 50% 1s")
        #expect(policies[grid.index(ratio: 4, duration: 2)].policy == .default)
        #expect(policies[1].name == "height 20% 0s" && policies[10].name == "height 10% 0.5s")
        #expect(grid.cell(of: .default) == 24)
        #expect(grid.cell(of: .mrcDisplay) == nil)   // area
    }

    @Test("ranges land on their end without rounding drift")
    func ranges() throws {
        let ratios = try SweepGrid.ratios(from: 0.1, through: 1, step: 0.1)
        #expect(ratios == [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1])
        #expect(try SweepGrid.ratios(from: 0.05, through: 1, step: 0.05).count == 20)
        #expect(try SweepGrid.ratios(from: 0.25, through: 0.9, step: 0.25) == [0.25, 0.5, 0.75])
        let durations = try SweepGrid.durations(from: .zero, through: .milliseconds(4500), step: .milliseconds(500))
        #expect(durations.count == 10 && durations.last == .milliseconds(4500))
        #expect(try SweepGrid(ratios: try SweepGrid.ratios(from: 0.05, through: 1, step: 0.05), durations: durations).count == 200)
    }

    @Test("bad grids throw an error naming the value", arguments: [
        ([0.5, 0], [Duration.zero], SweepGridError.Code.ratioOutOfRange, "ratio 0.0"),
        ([1.5], [.zero], .ratioOutOfRange, "ratio 1.5"),
        ([.nan], [.zero], .ratioOutOfRange, "ratio nan"),
        ([0.5], [.seconds(-1)], .durationOutOfRange, "duration -1.0 s"),
        ([0.5], [.seconds(3601)], .durationOutOfRange, "duration 3,601.0 s"),
        ([0.5, 0.5], [.zero], .duplicate, "ratio 50%"),
        ([0.5], [.seconds(1), .seconds(1)], .duplicate, "duration 1.0 s"),
        ([], [.zero], .empty, "ratio"),
        ([0.5], [], .empty, "duration"),
    ] as [([Double], [Duration], SweepGridError.Code, String)])
    func invalid(ratios: [Double], durations: [Duration], code: SweepGridError.Code, named: String) {
        #expect {
            _ = try SweepGrid(ratios: ratios, durations: durations)
        } throws: { error in
            guard let error = error as? SweepGridError else { return false }
            return error.code == code && error.message.contains(named)
        }
    }

    @Test("more than 10,000 definitions, a bad step or a backward range are refused before anything is built")
    func limits() throws {
        let ratios = try SweepGrid.ratios(from: 0.01, through: 1, step: 0.01)
        let durations = (0...101).map { Duration.milliseconds(100 * $0) }
        #expect(throws: SweepGridError.self) { try SweepGrid(ratios: ratios, durations: durations) }
        #expect(try SweepGrid(ratios: ratios, durations: Array(durations.prefix(100))).count == 10_000)
        #expect(throws: SweepGridError.self) { try SweepGrid.ratios(from: 0.1, through: 1, step: 0) }
        #expect(throws: SweepGridError.self) { try SweepGrid.ratios(from: 0.1, through: 1, step: 1e-12) }
        #expect(throws: SweepGridError.self) { try SweepGrid.ratios(from: 1, through: 0.1, step: 0.1) }
        #expect(throws: SweepGridError.self) { try SweepGrid.durations(from: .zero, through: .seconds(3), step: .zero) }
        #expect(throws: SweepGridError.self) { try SweepGrid.durations(from: .zero, through: .seconds(3600), step: .nanoseconds(1)) }
    }
}
