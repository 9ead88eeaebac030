@testable import ImpressionSimulation
import ImpressionTracking
import Testing

@Suite("The sweep's counts")
struct SweepRunTests {
    /// A small run: a few seconds of test time on one core.
    static let configuration = SimulationConfiguration(sessionCount: 12, sectionCount: 300,
                                                       sessionDuration: .seconds(30), seed: 7)

    static func grid(_ measure: ImpressionPolicy.Measure) throws -> SweepGrid {
        try SweepGrid(measure: measure, ratios: [0.25, 0.5, 1], durations: [.zero, .seconds(1), .milliseconds(2500)])
    }

    /// What `simulate` reports for `policy` alone on the same configuration.
    static func simulated(_ policy: ImpressionPolicy) throws -> PolicySummary {
        var configuration = configuration
        configuration.policies = [NamedPolicy(name: "alone", policy: policy)]
        return try Simulation(configuration: configuration).runSerially().policies[0]
    }

    @Test("a cell counts what simulate counts for its policy alone", arguments: [ImpressionPolicy.Measure.height, .area])
    func cellsEqualSimulate(measure: ImpressionPolicy.Measure) throws {
        let grid = try Self.grid(measure)
        let report = try Sweep(grid: grid).runSerially(configuration: Self.configuration)
        #expect(report.sessions == 12)
        for (ratio, duration) in [(0, 0), (1, 1), (2, 2), (2, 0), (0, 2)] {
            let cell = report.cell(ratio: ratio, duration: duration)
            let alone = try Self.simulated(grid.policy(ratio: grid.ratios[ratio], duration: grid.durations[duration]))
            #expect(alone.impressions > 0, "a cell that counts nothing proves little")
            #expect(cell.impressions == alone.impressions, "\(grid.policies[grid.index(ratio: ratio, duration: duration)].name)")
            #expect(cell.sessionsWithImpressions == alone.sessionsWithImpressions)
            #expect(cell.impressionsPerSession == alone.impressionsPerSession)
        }
    }

    @Test("presets: on a cell they take its count; off the grid, or differing in a knob, their own")
    func presets() throws {
        let grid = try Self.grid(.height)
        let onCell = NamedPolicy(name: "default", policy: .default)   // 50% height 1 s
        var perVisit = ImpressionPolicy.default
        perVisit.recurrence = .oncePerVisit                               // same cell, another knob
        let offGrid = NamedPolicy(name: "sarah", policy: .sarahCell)
        let sweep = Sweep(grid: grid, presets: [onCell, NamedPolicy(name: "per-visit", policy: perVisit), offGrid])
        #expect(sweep.policies.count == grid.count + 2)
        let report = try sweep.runSerially(configuration: Self.configuration)
        let cell = grid.index(ratio: 1, duration: 1)
        #expect(report.presets.map(\.cell) == [cell, cell, nil])
        #expect(report.presets.map(\.isCellPolicy) == [true, false, false])
        #expect(report.cells[cell].presets == ["default", "per-visit"])
        #expect(report.presets[0].impressions == report.cells[cell].impressions)
        #expect(report.presets[1].impressions == (try Self.simulated(perVisit)).impressions)
        #expect(report.presets[2].impressions == (try Self.simulated(.sarahCell)).impressions)
        #expect(report.presetsOffGrid.map(\.policy.name) == ["sarah"])
    }

    @Test("the lean count per session equals the full run's impression lists")
    func leanCountsEqualFullRun() throws {
        var configuration = Self.configuration
        configuration.policies = try Self.grid(.area).policies
        let simulation = try Simulation(configuration: configuration)
        var total = 0
        for index in 0..<configuration.sessionCount {
            let session = simulation.session(at: index)
            let counts = simulation.runner.impressionCounts(of: session)
            #expect(counts == simulation.runner.run(session).impressions.map(\.count))
            total += counts.reduce(0, +)
        }
        #expect(total > 100)
    }

    @Test("on the same sessions, a higher ratio or a longer duration never counts more (default timing)",
          arguments: [ImpressionPolicy.Measure.height, .area, .width])
    func monotone(measure: ImpressionPolicy.Measure) throws {
        let grid = try SweepGrid(measure: measure)
        var configuration = Self.configuration
        configuration.sessionCount = 20
        let report = try Sweep(grid: grid).runSerially(configuration: configuration)
        var compared = 0
        for duration in grid.durations.indices {
            for ratio in grid.ratios.indices {
                let here = report.cell(ratio: ratio, duration: duration).impressions
                if ratio + 1 < grid.ratios.count {
                    #expect(report.cell(ratio: ratio + 1, duration: duration).impressions <= here,
                            "\(measure.name) ratio \(grid.ratios[ratio + 1]) after \(grid.ratios[ratio]) at \(grid.durations[duration])")
                    compared += 1
                }
                if duration + 1 < grid.durations.count {
                    #expect(report.cell(ratio: ratio, duration: duration + 1).impressions <= here,
                            "\(measure.name) duration \(grid.durations[duration + 1]) after \(grid.durations[duration]) at \(grid.ratios[ratio])")
                    compared += 1
                }
            }
        }
        #expect(compared == 9 * 7 + 10 * 6)
        // Not flat: the grid separates definitions.
        #expect(report.cells.first!.impressions > report.cells.last!.impressions)
    }

    @Test("traces of simulated sessions sweep to the same counts as the sessions")
    func tracesEqualSessions() throws {
        let grid = try Self.grid(.height)
        let sweep = Sweep(grid: grid, presets: [NamedPolicy(name: "sarah", policy: .sarahCell)])
        var configuration = Self.configuration
        configuration.sessionCount = 4
        let simulated = try sweep.runSerially(configuration: configuration)
        configuration.policies = sweep.policies
        let simulation = try Simulation(configuration: configuration)
        let traces = (0..<4).map { simulation.runner.trace(of: simulation.session(at: $0)) }
        let replayed = try sweep.report(replaying: traces)
        #expect(replayed.sessions == 4)
        #expect(replayed.cells.map(\.impressions) == simulated.cells.map(\.impressions))
        #expect(replayed.presets.map(\.impressions) == simulated.presets.map(\.impressions))
    }

    @Test("the same run gives the same report and bytes, on one worker or several")
    func deterministic() async throws {
        let sweep = Sweep(grid: try Self.grid(.area), presets: [NamedPolicy(name: "mrc-display", policy: .mrcDisplay)])
        let serial = try sweep.runSerially(configuration: Self.configuration)
        let one = try await sweep.run(configuration: Self.configuration, workers: 1)
        let three = try await sweep.run(configuration: Self.configuration, workers: 3)
        #expect(serial == one && one == three)
        #expect(one.table() == three.table() && one.json() == three.json())
        #expect(one.heatmapSVG() == three.heatmapSVG())
    }
}
