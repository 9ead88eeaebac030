import ImpressionSimulation
import ImpressionTracking
import Testing

@Suite("Layouts A/B: two feeds on the same users")
struct LayoutComparisonTests {
    static let configuration = SimulationConfiguration(
        sessionCount: 40, sessionDuration: .seconds(20), seed: 3,
        policies: [NamedPolicy(name: "default", policy: .default), NamedPolicy(name: "abema", policy: .abema)])

    /// Cards with an ad at position `adPosition` (1-based) of every block of 8.
    static func feed(adPosition: Int) -> Feed {
        let block = (1...8).map { $0 == adPosition ? SectionKind.ad : $0 == 7 ? .carousel : .card }
        return Feed(kinds: Array(repeating: block, count: 25).flatMap { $0 })
    }

    @Test("A against A: every difference, in total and by kind, is exactly 0 with the interval [0, 0]")
    func sameFeedTwice() async throws {
        let feed = Self.feed(adPosition: 3)
        let report = try await LayoutComparison(configuration: Self.configuration, a: feed, b: feed).run(workers: 2)
        #expect(report.a == report.b)
        #expect(report.kinds == [.card, .carousel, .ad])
        for difference in report.policies {
            for comparison in [difference.impressions] + report.kinds.compactMap({ difference.byKind[$0] }) {
                #expect(comparison.difference == 0 && comparison.lower == 0 && comparison.upper == 0)
                #expect(!comparison.excludesZero && comparison.sessions == 40)
            }
            #expect(difference.impressions.meanA > 0)
        }
    }

    @Test("the report is the same for 1 and 4 workers, and each arm is the run of its feed alone")
    func workersAndArms() async throws {
        let (feedA, feedB) = (Self.feed(adPosition: 3), Self.feed(adPosition: 5))
        let comparison = try LayoutComparison(configuration: Self.configuration, a: feedA, b: feedB)
        let one = await comparison.run(workers: 1)
        let four = await comparison.run(workers: 4)
        #expect(one == four)
        #expect(one.table() == four.table() && one.json() == four.json() && one.sectionsCSV() == four.sectionsCSV())
        let aloneA = try await Simulation(configuration: Self.configuration, feed: feedA).run(workers: 3)
        let aloneB = try await Simulation(configuration: Self.configuration, feed: feedB).run(workers: 3)
        #expect(one.a == aloneA && one.b == aloneB)
        #expect(one.a != one.b)
    }

    @Test("the paired means are the arms' own totals per session, in total and by kind")
    func meansMatchReports() async throws {
        let report = try await LayoutComparison(configuration: Self.configuration, a: Self.feed(adPosition: 3),
                                                b: Self.feed(adPosition: 5)).run(workers: 2)
        for (policy, difference) in report.policies.enumerated() {
            let (summaryA, summaryB) = (report.a.policies[policy], report.b.policies[policy])
            #expect(difference.impressions.meanA == Double(summaryA.impressions) / 40)
            #expect(difference.impressions.meanB == Double(summaryB.impressions) / 40)
            for kind in report.kinds {
                #expect(difference.byKind[kind]?.meanA == Double(summaryA.impressions(of: kind)) / 40, "\(kind)")
                #expect(difference.byKind[kind]?.meanB == Double(summaryB.impressions(of: kind)) / 40, "\(kind)")
            }
        }
    }

    /// The users are the same, so moving the ad from 3 to 5 of every 8 changes the ads
    /// seen only where the layouts differ: users who stop between them. The interval of
    /// so paired a difference is narrow enough to say so on 40 sessions.
    @Test("moving the ad down loses ad impressions, and the interval says so")
    func adMovedDown() async throws {
        let report = try await LayoutComparison(configuration: Self.configuration, a: Self.feed(adPosition: 2),
                                                b: Self.feed(adPosition: 6)).run(workers: 2)
        let ads = try #require(report.policies[0].byKind[.ad])
        #expect(ads.difference < 0 && ads.upper < 0 && ads.excludesZero, "\(ads)")
        #expect((ads.relativeChange ?? 0) < 0 && (ads.relativeUpper ?? 0) < 0)
    }

    @Test("the bootstrap's seed comes from the run's seed; a bad configuration names the arm")
    func seedAndErrors() throws {
        let comparison = try LayoutComparison(configuration: Self.configuration, a: Self.feed(adPosition: 3),
                                              b: Self.feed(adPosition: 5))
        #expect(comparison.bootstrap == PairedBootstrap(resamples: 2000, seed: LayoutComparison.bootstrapSeed(runSeed: 3)))
        #expect(LayoutComparison.bootstrapSeed(runSeed: 3) != LayoutComparison.bootstrapSeed(runSeed: 4))
        var bad = Self.configuration
        bad.sessionCount = -1
        #expect(throws: SimulationError("feed A: sessionCount must be in 0...1000000, got -1")) {
            try LayoutComparison(configuration: bad, a: Self.feed(adPosition: 3), b: Self.feed(adPosition: 5))
        }
    }
}
