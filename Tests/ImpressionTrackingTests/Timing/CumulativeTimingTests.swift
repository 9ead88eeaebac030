import Testing
@testable import ImpressionTracking

// Worked examples of cumulative time, at 100 ms samples. A section "card" fills 0...200
// of the 320 × 600 screen; scrolling to 1000 hides it. Inputs apply from the next sample,
// so an input at 0.35 s first shows at the sample of 0.4 s. A duration of 1 s takes 11
// visible samples (ceil(1 s / 100 ms) + 1), consecutive under the default timing,
// anywhere in the visit under cumulative timing.

private let away = screen(scrolledTo: 1000)

private func policy(_ timing: ImpressionPolicy.Timing, _ recurrence: ImpressionPolicy.Recurrence = .onEveryEntry)
    -> ImpressionPolicy {
    var policy = ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .seconds(1), recurrence: recurrence)
    policy.timing = timing
    return policy
}

/// An engine showing "card" from the first sample, under `policy`.
private func engine(_ policy: ImpressionPolicy) throws -> Engine {
    try makeEngine(policy: policy, showing: [section("card", y: 0)])
}

@Suite("Cumulative time: the visible samples of a visit add up")
struct CumulativeTimingTests {
    @Test("seen 0.4 s, away 0.3 s, seen again: cumulative 1 s fires at 1.3 s, continuous at 1.7 s",
          arguments: [(ImpressionPolicy.Timing.cumulative, 1300), (.continuous, 1700)])
    func addsUpAcrossAGap(timing: ImpressionPolicy.Timing, firesAtMilliseconds: Int) throws {
        // Visible at 0.0, 0.1, 0.2, 0.3 (4 samples), away at 0.4, 0.5, 0.6, visible from
        // 0.7 on. Cumulative: 4 + 7 = 11 at the 7th sample of the second stay,
        // 0.7 + 0.6 = 1.3 s, seen (11 - 1) × 0.1 = 1.0 s. Continuous: 11 samples from
        // 0.7, at 0.7 + 1.0 = 1.7 s, seen 1.0 s.
        var engine = try engine(policy(timing))
        #expect(engine.advance(to: ms(350)) == [])
        try engine.setViewport(away)
        #expect(engine.advance(to: ms(650)) == [])
        try engine.setViewport(screen)
        #expect(engine.advance(to: ms(3000)) == [impression("card", at: ms(firesAtMilliseconds), seen: .seconds(1))])
    }

    @Test("the exit events report each stay; the impression reports the visit's sum")
    func eventsOfACumulativeImpression() throws {
        // As above: the first stay is 4 samples (0.4 s), the impression at 1.3 s has seen
        // 1.0 s, and the second stay, ended by scrolling away at 1.45 s, is 0.7 ... 1.4,
        // 8 samples (0.8 s), 1.2 s in all.
        var engine = try engine(policy(.cumulative))
        _ = engine.advanceWithEvents(to: ms(350))
        try engine.setViewport(away)
        #expect(engine.advanceWithEvents(to: ms(650)) == [exited("card", at: ms(400), stay: ms(400), total: ms(400))])
        try engine.setViewport(screen)
        #expect(engine.advanceWithEvents(to: ms(1450)) == [
            entered("card", at: ms(700)),
            .impression(impression("card", at: ms(1300), seen: .seconds(1))),
        ])
        try engine.setViewport(away)
        #expect(engine.advanceWithEvents(to: ms(2000)) == [exited("card", at: ms(1500), stay: ms(800), total: ms(1200))])
    }

    @Test("a new visit restarts the sum: 0.6 s before a push does not count after the pop")
    func newVisitRestartsTheSum() throws {
        // Visible 0.0 ... 0.5 (6 samples); disappear at 0.55, appear at 0.75: visit 2
        // counts from 0.8, 11 samples, so 1.8 s. Kept, the sum would fire at 0.8 + 0.4.
        var engine = try engine(policy(.cumulative))
        #expect(engine.advance(to: ms(550)) == [])
        engine.disappear()
        #expect(engine.advance(to: ms(750)) == [])
        engine.appear()
        #expect(engine.advance(to: ms(3000)) == [impression("card", at: ms(1800), seen: .seconds(1), visit: 2)])
    }

    @Test("a modal pauses the sum without restarting it")
    func coverPausesTheSum() throws {
        // Visible 0.0 ... 0.5 (6 samples); covered from 0.6 to 0.9; uncovered at 0.95,
        // which starts no visit: 5 more samples, 1.0 ... 1.4, fire at 1.4 s.
        var engine = try engine(policy(.cumulative))
        #expect(engine.advance(to: ms(550)) == [])
        engine.setCovered(true)
        #expect(engine.advance(to: ms(950)) == [])
        engine.setCovered(false)
        #expect(engine.advance(to: ms(3000)) == [impression("card", at: ms(1400), seen: .seconds(1))])
    }

    @Test("a section that leaves the layout and comes back keeps its sum")
    func leavingTheLayoutKeepsTheSum() throws {
        // Visible 0.0 ... 0.4 (5 samples); a lazy list drops it at 0.45 and shows it again
        // at 0.65: 6 more samples, 0.7 ... 1.2, fire at 1.2 s.
        var engine = try engine(policy(.cumulative))
        #expect(engine.advance(to: ms(450)) == [])
        try engine.setLayout([])
        #expect(engine.advance(to: ms(650)) == [])
        try engine.setLayout([section("card", y: 0)])
        #expect(engine.advance(to: ms(3000)) == [impression("card", at: ms(1200), seen: .seconds(1))])
    }

    @Test("on every entry, the sum restarts at the entry after an impression")
    func everyEntryRestartsAfterFiring() throws {
        // Visible 0.0 ... 1.4: fires at 1.0 (11 samples); 1.1 ... 1.4 come after it and
        // count for nothing. Away at 1.5 and 1.6, back from 1.7: 11 new samples, 2.7 s.
        // Had the four samples after the impression counted, it would fire at 2.3 s.
        var engine = try engine(policy(.cumulative))
        #expect(engine.advance(to: ms(1450)) == [impression("card", at: .seconds(1), seen: .seconds(1))])
        try engine.setViewport(away)
        #expect(engine.advance(to: ms(1650)) == [])
        try engine.setViewport(screen)
        #expect(engine.advance(to: ms(4000)) == [impression("card", at: ms(2700), seen: .seconds(1))])
    }

    @Test("once per visit, later entries of the visit never fire; the next visit sums afresh")
    func oncePerVisit() throws {
        // Fires at 1.0; scrolled away and back twice in visit 1, nothing more. Background
        // at 3.05, foreground at 3.25: visit 2 counts from 3.3, 11 samples, 4.3 s.
        var engine = try engine(policy(.cumulative, .oncePerVisit))
        #expect(engine.advance(to: ms(1050)) == [impression("card", at: .seconds(1), seen: .seconds(1))])
        for start in [1050, 2050] {
            try engine.setViewport(away)
            #expect(engine.advance(to: ms(start + 200)) == [])
            try engine.setViewport(screen)
            #expect(engine.advance(to: ms(start + 1000)) == [])
        }
        engine.enterBackground()
        #expect(engine.advance(to: ms(3250)) == [])
        engine.enterForeground()
        #expect(engine.advance(to: ms(6000)) == [impression("card", at: ms(4300), seen: .seconds(1), visit: 2)])
    }

    @Test("a duration of zero fires at the first visible sample, as with continuous time")
    func zeroDuration() throws {
        var zero = policy(.cumulative)
        zero.minimumDuration = .zero
        var engine = try engine(zero)
        #expect(engine.advance(to: ms(500)) == [impression("card", at: .zero, seen: .zero)])
    }

    @Test("the example of The Rules article: hero at 1.3 s")
    func articleExample() throws {
        var policy = ImpressionPolicy.default
        policy.timing = .cumulative
        policy.cooldown = .seconds(30)
        var engine = try ImpressionEngine<String>(policy: policy)
        try engine.setViewport(Rect(x: 0, y: 0, width: 390, height: 844))
        try engine.setLayout([TrackedSection(id: "hero", cells: [Rect(x: 0, y: 0, width: 390, height: 300)])])
        #expect(engine.advance(to: .milliseconds(350)) == [])
        try engine.setViewport(Rect(x: 0, y: 2000, width: 390, height: 844))
        #expect(engine.advance(to: .milliseconds(650)) == [])
        try engine.setViewport(Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(engine.advance(to: .seconds(2)) == [impression("hero", at: ms(1300), seen: .seconds(1))])
    }
}
