import ImpressionSimulation
import ImpressionTracking
import Testing

@Suite("Summaries, checked by hand on a tiny feed")
struct SummaryTests {
    // Default sizes on a 390×844 screen, 12 pt apart:
    //   0 banner  y    0...120   (390 wide)
    //   1 card    y  132...472   (x 16...374)
    //   2 ad      y  484...734   (300×250, centred)
    //   3 card    y  746...1086
    // At offset 0 the screen shows 0...844: the banner, the card and the ad entirely,
    // the second card 98 of 340 pt (29 %). At offset 242 it shows 242...1086: the first
    // card 230 of 340 pt (68 %), the ad and the second card entirely.
    static let feed = Feed(kinds: [.banner, .card, .ad, .card])

    /// Reads for 3 s at the top, scrolls 242 pt down, switches tabs at 5 s and comes
    /// back at 6 s; the session lasts 10 s.
    static let session = Session(duration: .seconds(10), events: [
        SessionEvent(time: .seconds(3), input: .scroll(offset: 242)),
        SessionEvent(time: .seconds(5), input: .lifecycle(.disappear)),
        SessionEvent(time: .seconds(6), input: .lifecycle(.appear)),
    ])

    static let defaultPolicy = NamedPolicy(name: "default", policy: .default)
    static let abema = NamedPolicy(name: "abema", policy: .abema)

    @Test("each policy's impressions on the scripted session, sample by sample")
    func impressions() throws {
        let runner = try SessionRunner(feed: Self.feed, policies: [Self.defaultPolicy, Self.abema])
        let outcome = runner.run(Self.session)
        // Default (50 % height for 1 s = 11 samples, on every entry):
        //   banner, card 1, ad seen from 0.0 s: fire at 1.0 s;
        //   card 2 seen from 3.1 s (the sample after the scroll): fires at 4.1 s;
        //   5.1...6.0 s off screen; a new visit at 6.1 s: card 1, ad, card 2 fire at 7.1 s.
        let fired = outcome.impressions[0].map { "\($0.sectionID)@\($0.time)" }
        #expect(fired == ["0@1.0 seconds", "1@1.0 seconds", "2@1.0 seconds", "3@4.1 seconds",
                          "1@7.1 seconds", "2@7.1 seconds", "3@7.1 seconds"])
        // ABEMA (80 % area for 2 s = 21 samples): banner, card 1, ad at 2.0 s. Card 1 at
        // 68 % never again; card 2 from 3.1 s would fire at 5.1 s, but the tab switch at
        // 5.0 s ends the run; from 6.1 s the ad and card 2 fire at 8.1 s.
        let abema = outcome.impressions[1].map { "\($0.sectionID)@\($0.time)" }
        #expect(abema == ["0@2.0 seconds", "1@2.0 seconds", "2@2.0 seconds", "2@8.1 seconds", "3@8.1 seconds"])
        #expect(outcome.deepestSection == 3)
        #expect(outcome.rejectedInputs == 0)
    }

    @Test("the summary of two such sessions and one that never leaves the top")
    func summary() throws {
        let configuration = SimulationConfiguration(policies: [Self.defaultPolicy, Self.abema],
                                                    depthBucketEnds: [1, 2])
        let simulation = try Simulation(configuration: configuration, feed: Self.feed)
        // A session of 0.5 s: nothing is seen long enough under either policy.
        let short = Session(duration: .milliseconds(500), events: [])
        let report = simulation.report(replaying: [Self.session, Self.session, short])

        #expect(report.configuration.sessionCount == 3)
        #expect(report.sectionsByKind == [1, 2, 0, 0, 0, 1])     // banner, card, two-line, carousel, video, ad
        #expect(report.depthBuckets.map(\.label) == ["1", "2", "3-4"])
        // Deepest position 4 in all three (at the top, the fourth section shows 98 pt).
        #expect(report.deepestPositionMedian == 4 && report.deepestPositionP90 == 4)
        #expect(report.deepestPositionMean == 4)

        let defaultSummary = report.policies[0]
        #expect(defaultSummary.impressions == 14)
        #expect(abs(defaultSummary.impressionsPerSession - 14.0 / 3) < 1e-12)
        #expect(defaultSummary.distinctSections == 8)            // 4 + 4 + 0
        #expect(defaultSummary.sessionsWithImpressions == 2)
        #expect(defaultSummary.firstImpressionMedian == .seconds(1))
        #expect(defaultSummary.firstImpressionP90 == .seconds(1))
        // Positions: banner 1 → "1"; card 1 twice → "2"; ad twice, card 2 twice → "3-4".
        #expect(defaultSummary.impressionsByDepth == [2, 4, 8])
        #expect(defaultSummary.impressionsByKind == [2, 8, 0, 0, 0, 4])

        let abemaSummary = report.policies[1]
        #expect(abemaSummary.impressions == 10)
        #expect(abemaSummary.distinctSections == 8)
        #expect(abemaSummary.firstImpressionMedian == .seconds(2))
        #expect(abemaSummary.impressionsByDepth == [2, 2, 6])
        #expect(abemaSummary.impressions(of: .card) == 4)
        #expect(abemaSummary.impressions(of: .ad) == 4)
    }

    @Test("the table shows the hand-checked numbers")
    func table() throws {
        let configuration = SimulationConfiguration(policies: [Self.defaultPolicy, Self.abema],
                                                    depthBucketEnds: [1, 2])
        let simulation = try Simulation(configuration: configuration, feed: Self.feed)
        let table = simulation.report(replaying: [Self.session]).table()
        // Columns are padded with spaces; compare words.
        let lines = table.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines.first == "1 session of 10 s on a feed of 4 sections, seed 1, sampled every 100 ms")
        #expect(lines.contains("policy default abema"))
        #expect(lines.contains("rule 50% height 1 s 80% area 2 s"))
        #expect(lines.contains("impressions 7 5"))
        #expect(lines.contains("first impression p50 1.0 s 2.0 s"))
        #expect(lines.contains("3-4 4 3"))
        #expect(lines.contains("ad 2 2"))
    }

    @Test("nearest-rank percentiles of first impressions")
    func percentiles() throws {
        // Ten sessions whose first impression comes at 1.1, 1.2, ..., 2.0 s: the screen
        // comes back (a new visit) at a later and later sample.
        let feed = Feed(kinds: [.banner, .video])
        let sessions = (0..<10).map { index in
            Session(duration: .seconds(5), events: [
                SessionEvent(time: .zero, input: .lifecycle(.disappear)),
                SessionEvent(time: .milliseconds(100 * index + 50), input: .lifecycle(.appear)),
            ])
        }
        let simulation = try Simulation(configuration: SimulationConfiguration(policies: [Self.defaultPolicy]), feed: feed)
        let summary = simulation.report(replaying: sessions).policies[0]
        #expect(summary.sessionsWithImpressions == 10)
        // p50: the 5th of 10 (1.5 s); p90: the 9th (1.9 s).
        #expect(summary.firstImpressionMedian == .milliseconds(1500))
        #expect(summary.firstImpressionP90 == .milliseconds(1900))
    }
}
