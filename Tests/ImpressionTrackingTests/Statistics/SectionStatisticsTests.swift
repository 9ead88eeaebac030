import Testing
@testable import ImpressionTracking

// Worked examples of the per-section statistics, at 100 ms samples on the 320 × 600
// screen. Inputs apply from the next sample; a visible sample counts one interval of
// visible time, as exits do.

private func stats(_ id: String, in engine: Engine) -> SectionStatistics? {
    row(id, in: engine.snapshot())?.statistics
}

@Suite("Section statistics: entries, visible time, highest ratio, age, counted samples, cooldown")
struct SectionStatisticsTests {
    @Test("entries and visible time add up over runs and visits; the highest ratio counts what was below threshold")
    func entriesAndVisibleTime() throws {
        // "a" fills 0...200; "peek" shows 50 of its 200 points (0.25 < 0.5); "far" never shows.
        var engine = try makeEngine(policy: .default, showing: [
            section("a", y: 0), section("peek", y: 550), section("far", y: 5000),
        ])
        _ = engine.advance(to: ms(450))               // a visible at 0, 0.1, ..., 0.4: 5 samples
        try engine.setViewport(screen(scrolledTo: 1000))
        _ = engine.advance(to: ms(950))               // away at 0.5 ... 0.9
        try engine.setViewport(screen)
        _ = engine.advance(to: ms(1250))              // back at 1.0, 1.1, 1.2: 3 samples, 2nd entry
        // Durations are times between samples: the first run, 0 ... 0.4, ended at 0.5 (0.5 s,
        // as its exit says); the open one has been visible from 1.0 to 1.2 (0.2 s): 0.7 s,
        // never more than the section's age.
        var a = try #require(stats("a", in: engine))
        #expect(a.entries == 2 && a.totalVisibleDuration == ms(700) && a.visibleDurationThisVisit == ms(700))
        #expect(a.highestVisibleRatio == 1 && a.firstAppearance == .zero && a.timeSinceFirstAppearance == ms(1250))

        // A new visit at 1.25: the open run is void and exits at 1.3 (1.0 to 1.3: 0.3 s); it
        // re-enters at 1.3 (3rd entry) and has been visible to 1.5 (0.2 s, this visit's):
        // 0.5 + 0.3 + 0.2 s in all.
        engine.disappear()
        engine.appear()
        _ = engine.advance(to: ms(1500))
        a = try #require(stats("a", in: engine))
        #expect(a.entries == 3 && a.totalVisibleDuration == ms(1000) && a.visibleDurationThisVisit == ms(200))
        #expect(a.countedSamples == 3)
        let peek = try #require(stats("peek", in: engine))
        #expect(peek.entries == 0 && peek.totalVisibleDuration == .zero && peek.highestVisibleRatio == 0.25)
        #expect(stats("far", in: engine) == SectionStatistics(timeSinceFirstAppearance: ms(1500)))
    }

    @Test("statistics survive leaving the layout once something showed; a section that left unseen appears anew")
    func departedSections() throws {
        var engine = try makeEngine(policy: .default, showing: [section("a", y: 0), section("far", y: 5000)])
        _ = engine.advance(to: ms(450))               // a: 5 samples, 0 ... 0.4
        try engine.setLayout([section("c", y: 300)])
        // Gone from the layout, a is still in the snapshot with what it showed (visible from
        // 0 to 0.4, its run not ended yet); far is forgotten.
        let departed = try #require(stats("a", in: engine))
        #expect(departed.entries == 1 && departed.totalVisibleDuration == ms(400) && departed.cooldownEnd == nil)
        #expect(row("far", in: engine.snapshot()) == nil)

        _ = engine.advance(to: ms(2000))
        try engine.setLayout([section("a", y: 0), section("c", y: 300), section("far", y: 5000)])
        // Its run ended at 0.5, the next sample: 0 to 0.5, as its exit said.
        let back = try #require(stats("a", in: engine))
        #expect(back.entries == 1 && back.totalVisibleDuration == ms(500) && back.firstAppearance == .zero)
        #expect(back.timeSinceFirstAppearance == ms(2000))
        #expect(stats("c", in: engine)?.firstAppearance == ms(450))
        #expect(stats("far", in: engine)?.firstAppearance == ms(2000))
    }

    @Test("cumulative timing counts the visit's samples; a cooldown says when it ends")
    func countedSamplesAndCooldown() throws {
        // 1 s cumulative (11 samples), cooldown 2 s. Visible 0 ... 0.3 (4 samples), away
        // 0.4 ... 0.6, back from 0.7: the 7th sample back, 1.3, makes 11 and fires.
        var policy = ImpressionPolicy.default
        policy.timing = .cumulative
        policy.cooldown = .seconds(2)
        var engine = try makeEngine(policy: policy, showing: [section("card", y: 0)])
        _ = engine.advance(to: ms(350))
        try engine.setViewport(screen(scrolledTo: 1000))
        _ = engine.advance(to: ms(650))
        var card = try #require(stats("card", in: engine))
        #expect(card.countedSamples == 4 && card.visibleDurationThisVisit == ms(400) && card.cooldownEnd == nil)
        #expect(row("card", in: engine.snapshot())?.consecutiveSamples == 0)

        try engine.setViewport(screen)
        #expect(engine.advance(to: ms(1350)) == [impression("card", at: ms(1300), seen: ms(1000))])
        card = try #require(stats("card", in: engine))
        #expect(card.countedSamples == 11 && card.cooldownEnd == ms(3300) && card.entries == 2)

        // Away: the sum stays until the next entry restarts it; the cooldown runs on until
        // the sample at 3.3 s, 2 s after the impression.
        try engine.setViewport(screen(scrolledTo: 1000))
        _ = engine.advance(to: ms(3150))              // next sample 3.2: 1.9 s after
        #expect(stats("card", in: engine)?.countedSamples == 11)
        #expect(stats("card", in: engine)?.cooldownEnd == ms(3300))
        _ = engine.advance(to: ms(3250))              // next sample 3.3: over
        #expect(stats("card", in: engine)?.cooldownEnd == nil)
        try engine.setViewport(screen)
        _ = engine.advance(to: ms(3350))              // re-entered at 3.3: the sum restarts
        #expect(stats("card", in: engine)?.countedSamples == 1)
    }

    @Test("reset() forgets what fired, not what was seen")
    func resetKeepsStatistics() throws {
        var engine = try makeEngine(policy: .default, showing: [section("a", y: 0)])
        _ = engine.advance(to: ms(1000))
        engine.reset()
        // Visible from 0 to 1.0 (11 samples, 1 s: as old as the section).
        let a = try #require(stats("a", in: engine))
        #expect(a.entries == 1 && a.totalVisibleDuration == ms(1000) && a.visibleDurationThisVisit == .zero)
        #expect(row("a", in: engine.snapshot())?.hasFiredThisVisit == false)
    }
}
