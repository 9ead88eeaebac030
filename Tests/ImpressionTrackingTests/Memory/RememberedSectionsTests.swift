import Testing
@testable import ImpressionTracking

// What an engine remembers of the sections that left its layout: what the rules need,
// exactly and without limit; statistics for at most `rememberedSectionLimit` sections,
// the one that left first forgotten first. The seeded sessions of AllKnobsPropertyTests
// check the same against the reference model with limits of 0 to 4.

@Suite("Sections that left the layout: the rules' memory exact, statistics bounded")
struct RememberedSectionsTests {
    @Test("a negative limit is a ConfigurationError naming the setting and the value, from engine and tracker")
    func negativeLimit() {
        let error = ConfigurationError.negativeRememberedSectionLimit(-1)
        #expect(error.code == .negativeRememberedSectionLimit && error.field == "rememberedSectionLimit")
        #expect(error.description == "rememberedSectionLimit must not be negative, got -1")
        #expect(throws: error) { try Engine(rememberedSectionLimit: -1) }
        #expect(throws: error) { try Engine(policies: [.default, .mrcDisplay], rememberedSectionLimit: -1) }
        #expect(throws: error) { try ImpressionTracker<String>(rememberedSectionLimit: -1) }
    }

    @Test("a tracker's engine keeps the limit it is given")
    func trackerLimit() async throws {
        let tracker = try ImpressionTracker<String>(rememberedSectionLimit: 3)
        #expect(await tracker.engine.departed[0].statisticsLimit == 3)
        let multi = try ImpressionTracker<String>(policies: [.default, .mrcDisplay])
        #expect(await multi.engine.departed.map(\.statisticsLimit) == [Engine.defaultRememberedSectionLimit,
                                                                        Engine.defaultRememberedSectionLimit])
    }

    /// A window of `window` sections 100 high sliding one section per 100 ms sample over
    /// `ids` distinct ids, the viewport showing 12 of them, so each is on screen for 12
    /// samples and fires once under the default policy. Returns the engine and the
    /// impressions.
    static func endlessFeed(ids: Int, window: Int = 50, policy: ImpressionPolicy = .default,
                            limit: Int) throws -> (engine: ImpressionEngine<Int>, impressions: Int, mostKept: Int) {
        var engine = try ImpressionEngine<Int>(policy: policy, rememberedSectionLimit: limit)
        var impressions = 0
        var mostKept = 0
        for step in 0..<(ids - window + 1) {
            try engine.setLayout((step..<step + window).map { id in
                TrackedSection(id: id, cells: [Rect(x: 0, y: Double(id) * 100, width: 390, height: 100)])
            })
            try engine.setViewport(Rect(x: 0, y: Double(step + 20) * 100, width: 390, height: 1200))
            impressions += engine.advance(to: .milliseconds(100 * step)).count
            mostKept = max(mostKept, engine.departed[0].entries.count)
        }
        return (engine, impressions, mostKept)
    }

    @Test("an endless feed under the default policy: at most the limit's sections kept, every impression made")
    func endlessFeedIsBounded() throws {
        let bounded = try Self.endlessFeed(ids: 3_000, limit: 100)
        // Again on every entry: the rules need nothing of a section gone, so the limit
        // is all that is kept (between samples, the sections that left since one more).
        #expect(bounded.mostKept <= 101, "\(bounded.mostKept) sections kept")
        #expect(bounded.engine.departed[0].statisticsCount == 100)
        #expect(bounded.engine.snapshot().sections.count == 50 + 100)
        // The limit forgets statistics, never an impression: the same as without it.
        let unbounded = try Self.endlessFeed(ids: 3_000, limit: .max)
        #expect(bounded.impressions == unbounded.impressions && bounded.impressions > 2_900, "\(bounded.impressions)")
        #expect(unbounded.engine.departed[0].entries.count > 2_900)
    }

    @Test("once per tracker stays exact past the limit: a section seen thousands of sections ago never fires twice")
    func oncePerTrackerIsExact() throws {
        let policy = ImpressionPolicy(recurrence: .oncePerTracker)
        var (engine, impressions, _) = try Self.endlessFeed(ids: 2_000, policy: policy, limit: 0)
        #expect(impressions > 1_900)
        // Every section that fired is kept for its rule, none with its statistics.
        #expect(engine.departed[0].statisticsCount == 0)
        let kept = engine.departed[0].entries.count
        #expect(kept <= impressions && kept >= impressions - 50, "\(kept) kept, \(impressions) impressions")
        // Sections that fired early on come back on screen for two seconds: nothing fires.
        try engine.setLayout((100..<112).map { id in
            TrackedSection(id: id, cells: [Rect(x: 0, y: Double(id) * 100, width: 390, height: 100)])
        })
        try engine.setViewport(Rect(x: 0, y: 10_000, width: 390, height: 1200))
        #expect(engine.advance(to: engine.time + .seconds(2)) == [])
        // After a reset they may fire again.
        engine.reset()
        #expect(engine.advance(to: engine.time + .seconds(2)).count == 12)
    }

    @Test("past the limit, the section that left first is forgotten: no snapshot row, fresh statistics when back")
    func oldestForgottenFirst() throws {
        for limit in [1, 2] {
            var engine = try Engine(rememberedSectionLimit: limit)
            try engine.setViewport(screen)
            try engine.setLayout([section("a", y: 0)])
            _ = engine.advance(to: ms(500))
            try engine.setLayout([section("b", y: 0)])
            _ = engine.advance(to: ms(1000))
            try engine.setLayout([section("c", y: 0)])
            _ = engine.advance(to: ms(1500))
            let snapshot = engine.snapshot()
            // "b" left last: kept either way; "a" only while the limit lets two keep theirs.
            #expect(row("b", in: snapshot)?.notVisibleReason == .missingFromLayout)
            #expect((row("a", in: snapshot) != nil) == (limit == 2), "limit \(limit)")
            #expect((engine.snapshot(of: "a") != nil) == (limit == 2), "limit \(limit)")
            try engine.setLayout([section("a", y: 0)])
            let back = try #require(engine.snapshot(of: "a")).statistics
            #expect(back.entries == (limit == 2 ? 1 : 0), "limit \(limit)")
            #expect(back.firstAppearance == (limit == 2 ? .zero : ms(1500)), "limit \(limit)")
        }
    }

    @Test("a cooldown still running outlives the statistics; once it is over the section comes back as new")
    func cooldownOutlivesForgetting() throws {
        var engine = try Engine(policy: ImpressionPolicy(cooldown: .seconds(10)), rememberedSectionLimit: 0)
        try engine.setViewport(screen)
        try engine.setLayout([section("a", y: 0)])
        #expect(engine.advance(to: ms(1500)) == [impression("a", at: ms(1000), seen: ms(1000))])
        try engine.setLayout([section("b", y: 0)])
        _ = engine.advance(to: ms(2000))
        #expect(engine.snapshot(of: "a") == nil)   // forgotten: the limit is 0
        // Back within the cooldown: a run of 2 s fires nothing.
        try engine.setLayout([section("a", y: 0)])
        #expect(engine.advance(to: ms(4000)) == [])
        let row = try #require(engine.snapshot(of: "a"))
        #expect(row.hasFiredThisVisit && row.statistics.entries == 1 && row.statistics.cooldownEnd == ms(11_000))
        // Gone again and back after the cooldown: it fires, as a section never seen would.
        try engine.setLayout([section("b", y: 0)])
        _ = engine.advance(to: ms(12_000))
        try engine.setLayout([section("a", y: 0)])
        #expect(engine.advance(to: ms(14_000)) == [impression("a", at: ms(13_100), seen: ms(1000))])
    }

    @Test("cumulative time outlives the statistics: the visit's earlier stay still counts")
    func cumulativeTimeOutlivesForgetting() throws {
        var engine = try Engine(policy: ImpressionPolicy(timing: .cumulative), rememberedSectionLimit: 0)
        try engine.setViewport(screen)
        try engine.setLayout([section("a", y: 0)])
        _ = engine.advance(to: ms(500))   // visible at samples 0 to 5
        try engine.setLayout([section("b", y: 0)])
        _ = engine.advance(to: ms(1000))
        #expect(engine.snapshot(of: "a") == nil)
        try engine.setLayout([section("a", y: 0)])
        // 6 samples before, 5 more from 1.1 s: the 11 of a second at 1.5 s.
        #expect(engine.advance(to: ms(2000)) == [impression("a", at: ms(1500), seen: ms(1000))])
    }

    @Test("the visible time an exit reports is a statistic: it starts again after the section was forgotten")
    func exitTotalsRestart() throws {
        for limit in [0, 1] {
            var engine = try Engine(rememberedSectionLimit: limit)
            try engine.setViewport(screen)
            try engine.setLayout([section("a", y: 0)])
            _ = engine.advanceWithEvents(to: ms(500))
            try engine.setLayout([section("b", y: 0)])
            _ = engine.advanceWithEvents(to: ms(1000))
            try engine.setLayout([section("a", y: 0)])
            _ = engine.advanceWithEvents(to: ms(1500))
            try engine.setLayout([section("b", y: 0)])
            let exits = engine.advanceWithEvents(to: ms(1600)).filter { $0.sectionID == "a" }
            let total = limit == 0 ? ms(500) : ms(1100)
            #expect(exits == [exited("a", at: ms(1600), stay: ms(500), total: total)], "limit \(limit)")
        }
    }
}
