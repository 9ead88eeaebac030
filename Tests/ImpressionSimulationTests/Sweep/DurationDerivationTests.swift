@testable import ImpressionSimulation
@testable import ImpressionSimulationAnalyses
import ImpressionTracking
import Testing

/// A sweep counts its cells from one policy per ratio (``DurationDerivation``): these
/// check every cell against the cell's own policy run through the engine.
@Suite("A sweep's durations derived from run lengths")
struct DurationDerivationTests {
    /// Durations on and between samples (100 ms each), the first sample's and long ones.
    static func grid(_ measure: ImpressionPolicy.Measure) throws -> SweepGrid {
        try SweepGrid(measure: measure, ratios: [0.1, 0.3, 0.5, 0.75, 1],
                      durations: [.zero, .milliseconds(100), .milliseconds(250), .seconds(1), .milliseconds(2500), .seconds(6)])
    }

    /// Every cell counted by running the cells' policies themselves, session by session.
    static func direct(_ sweep: Sweep, configuration: SimulationConfiguration, feed: Feed?) throws -> SweepTally {
        var configuration = configuration
        configuration.policies = sweep.policies
        let simulation = try feed.map { try Simulation(configuration: configuration, feed: $0) }
            ?? Simulation(configuration: configuration)
        var tally = SweepTally(policyCount: sweep.policies.count)
        for index in 0..<configuration.sessionCount {
            tally.add(session: simulation.runner.impressionCounts(of: simulation.session(at: index)))
        }
        return tally
    }

    static func expectCellsEqualDirect(_ sweep: Sweep, configuration: SimulationConfiguration, feed: Feed? = nil) throws {
        let report = try sweep.runSerially(configuration: configuration, feed: feed)
        let direct = try Self.direct(sweep, configuration: configuration, feed: feed)
        var counted = 0
        for (index, cell) in report.cells.enumerated() {
            #expect(cell.impressions == direct.impressions[index], "\(sweep.policies[index].name)")
            #expect(cell.sessionsWithImpressions == direct.sessionsWithImpressions[index], "\(sweep.policies[index].name)")
            counted += cell.impressions
        }
        for preset in report.presets where !preset.isCellPolicy {
            let index = try #require(sweep.policies.firstIndex(of: preset.policy))
            #expect(preset.impressions == direct.impressions[index], "\(preset.policy.name)")
        }
        #expect(counted > 1000, "a grid that counts little proves little")
    }

    @Test("every cell equals its own policy run through the engine, on the generated feed",
          arguments: [ImpressionPolicy.Measure.height, .area, .width])
    func generatedFeed(measure: ImpressionPolicy.Measure) throws {
        let configuration = SimulationConfiguration(sessionCount: 16, sectionCount: 400, sessionDuration: .seconds(60), seed: 11)
        let sweep = Sweep(grid: try Self.grid(measure), presets: NamedPolicy.defaults + [
            NamedPolicy(name: "once", policy: ImpressionPolicy(minimumVisibleRatio: 0.5, measure: measure, recurrence: .oncePerVisit)),
        ])
        let feed = Feed(sectionCount: 400, screen: configuration.screen, seed: configuration.seed)
        #expect(DurationDerivation(grid: sweep.grid, sampleInterval: configuration.sampleInterval, feed: feed) != nil)
        try Self.expectCellsEqualDirect(sweep, configuration: configuration)
    }

    /// Carousels, late loads and half-transparent sections, repeated down the feed.
    static func scriptedFeed(policy: ImpressionPolicy? = nil) -> Feed {
        var late = SectionTemplate(kind: .card, height: 420, cells: [Rect(x: 0, y: 0, width: 390, height: 420)])
        late.loadDelay = .milliseconds(1500)
        var faded = SectionTemplate(kind: .banner, height: 160, cells: [Rect(x: 0, y: 0, width: 390, height: 160)])
        faded.opacity = 0.5
        let cards = (0..<6).map { Rect(x: Double($0) * 170, y: 10, width: 160, height: 200) }
        let carousel = SectionTemplate(kind: .carousel, height: 220, cells: cards,
                                       carousel: .init(y: 0, height: 220, cards: cards, contentWidth: 1020, pageWidth: 390))
        let tall = SectionTemplate(kind: .video, height: 1200, cells: [Rect(x: 0, y: 0, width: 390, height: 1200)],
                                   policy: policy)
        let templates = (0..<40).flatMap { _ in [late, faded, carousel, tall] }
        return Feed(templates: templates, sectionSpacing: 8)
    }

    @Test("every cell equals its own policy on a feed with carousels, late loads and opacity")
    func scripted() throws {
        let configuration = SimulationConfiguration(sessionCount: 16, sessionDuration: .seconds(60), seed: 5)
        let feed = Self.scriptedFeed()
        let sweep = Sweep(grid: try Self.grid(.area))
        #expect(DurationDerivation(grid: sweep.grid, sampleInterval: configuration.sampleInterval, feed: feed) != nil)
        try Self.expectCellsEqualDirect(sweep, configuration: configuration, feed: feed)
    }

    @Test("a section with a policy of its own ignores the cells' durations: every cell runs its policy")
    func sectionPolicy() throws {
        let configuration = SimulationConfiguration(sessionCount: 8, sessionDuration: .seconds(60), seed: 5)
        let feed = Self.scriptedFeed(policy: .mrcVideo)
        let sweep = Sweep(grid: try Self.grid(.height))
        #expect(DurationDerivation(grid: sweep.grid, sampleInterval: configuration.sampleInterval, feed: feed) == nil)
        try Self.expectCellsEqualDirect(sweep, configuration: configuration, feed: feed)
    }

    @Test("the fewest samples a run needs: one more than the intervals the duration spans, rounded up")
    func requiredSamples() {
        let interval = Duration.milliseconds(100)
        #expect(DurationDerivation.requiredSamples(for: .zero, sampleInterval: interval) == 1)
        #expect(DurationDerivation.requiredSamples(for: .milliseconds(1), sampleInterval: interval) == 2)
        #expect(DurationDerivation.requiredSamples(for: .milliseconds(100), sampleInterval: interval) == 2)
        #expect(DurationDerivation.requiredSamples(for: .milliseconds(250), sampleInterval: interval) == 4)
        #expect(DurationDerivation.requiredSamples(for: .seconds(1), sampleInterval: interval) == 11)
        #expect(DurationDerivation.requiredSamples(for: .seconds(3600), sampleInterval: interval) == 36_001)
        #expect(DurationDerivation.requiredSamples(for: .seconds(1), sampleInterval: .milliseconds(300)) == 5)
    }
}
