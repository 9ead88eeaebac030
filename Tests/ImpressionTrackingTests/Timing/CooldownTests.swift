import Testing
@testable import ImpressionTracking

// Worked examples of the cooldown, at 100 ms samples. A section "card" fills 0...200 of
// the 320 × 600 screen; scrolling to 1000 hides it. Inputs apply from the next sample. A
// completion less than the cooldown after the last impression is dropped, not delayed:
// the run is spent, and only a later entry can fire (KarrotImpression drops a detection
// made in its cooltime the same way).

private let away = screen(scrolledTo: 1000)

private func policy(duration: Duration = .zero, cooldown: Duration,
                    recurrence: ImpressionPolicy.Recurrence = .onEveryEntry) -> ImpressionPolicy {
    var policy = ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: duration, recurrence: recurrence)
    policy.cooldown = cooldown
    return policy
}

/// Scrolls "card" away at `leave` ms and back at `back` ms, after advancing to each.
private func scrollAwayAndBack(_ engine: inout Engine, leave: Int, back: Int) throws -> [Impression<String>] {
    var fired = engine.advance(to: ms(leave))
    try engine.setViewport(away)
    fired += engine.advance(to: ms(back))
    try engine.setViewport(screen)
    return fired
}

@Suite("Cooldown: no second impression until the cooldown has passed")
struct CooldownTests {
    @Test("an entry within the cooldown is dropped, even if it stays past it; the next entry fires")
    func entryInTheCooldownIsDropped() throws {
        // Duration 0, cooldown 1 s: fires at 0.0. Away at 0.2 and 0.3, back at 0.4: 0.4 s
        // after the impression, dropped; it stays on screen to 1.5 s and does not fire at
        // 1.0 (dropped, not delayed). Away at 1.6, back at 1.7: 1.7 s after, fires.
        var engine = try makeEngine(policy: policy(cooldown: .seconds(1)), showing: [section("card", y: 0)])
        #expect(try scrollAwayAndBack(&engine, leave: 150, back: 350) == [impression("card", at: .zero)])
        #expect(try scrollAwayAndBack(&engine, leave: 1550, back: 1650) == [])
        #expect(engine.advance(to: ms(2000)) == [impression("card", at: ms(1700))])
    }

    @Test("the cooldown counts from the impression, not from the entry")
    func countsFromTheImpression() throws {
        // Duration 1 s, cooldown 2 s: on screen from 0.0, fires at 1.0. Away at 1.1, back
        // at 1.2: completes at 2.2, 1.2 s after the impression: dropped; still on screen at
        // 3.0 and 3.5, nothing. Away at 3.6, back at 3.7: completes at 4.7, fires.
        var engine = try makeEngine(policy: policy(duration: .seconds(1), cooldown: .seconds(2)),
                                    showing: [section("card", y: 0)])
        #expect(try scrollAwayAndBack(&engine, leave: 1050, back: 1150) == [impression("card", at: .seconds(1), seen: .seconds(1))])
        #expect(try scrollAwayAndBack(&engine, leave: 3550, back: 3650) == [])
        #expect(engine.advance(to: ms(6000)) == [impression("card", at: ms(4700), seen: .seconds(1))])
    }

    @Test("a cooldown ends at a sample: 250 ms and 300 ms let an entry at 0.3 s fire, 301 ms does not",
          arguments: [(250, true), (300, true), (301, false)])
    func roundsUpToTheNextSample(cooldownMilliseconds: Int, firesAgain: Bool) throws {
        // Fires at 0.0; away at 0.1 and 0.2, back at 0.3: 0.3 s after the impression,
        // at least 250 or 300 ms, less than 301 ms. ceil(cooldown / 100 ms) samples: 3, 3, 4.
        let cooled = policy(cooldown: .milliseconds(cooldownMilliseconds))
        #expect(cooled.cooldownSamples(sampleInterval: ms(100)) == (firesAgain ? 3 : 4))
        var engine = try makeEngine(policy: cooled, showing: [section("card", y: 0)])
        #expect(try scrollAwayAndBack(&engine, leave: 50, back: 250) == [impression("card", at: .zero)])
        #expect(engine.advance(to: ms(1000)) == (firesAgain ? [impression("card", at: ms(300))] : []))
    }

    @Test("once per visit: the next visit's first entry waits out the cooldown")
    func oncePerVisitAcrossVisits() throws {
        // Fires at 0.0 in visit 1. Disappear at 0.05, appear at 0.15: visit 2 enters at
        // 0.2, 0.2 s after the impression, dropped. Away at 1.3, back at 1.4: fires, visit 2.
        var engine = try makeEngine(policy: policy(cooldown: .seconds(1), recurrence: .oncePerVisit),
                                    showing: [section("card", y: 0)])
        #expect(engine.advance(to: ms(50)) == [impression("card", at: .zero)])
        engine.disappear()
        #expect(engine.advance(to: ms(150)) == [])
        engine.appear()
        #expect(try scrollAwayAndBack(&engine, leave: 1250, back: 1350) == [])
        #expect(engine.advance(to: ms(3000)) == [impression("card", at: ms(1400), visit: 2)])
    }

    @Test("a section that leaves the layout is still cooling down when it comes back")
    func survivesLeavingTheLayout() throws {
        // Fires at 0.0; dropped from the layout at 0.05, back at 0.25: enters at 0.3,
        // dropped; away at 1.1, back at 1.2: fires.
        var engine = try makeEngine(policy: policy(cooldown: .seconds(1)), showing: [section("card", y: 0)])
        #expect(engine.advance(to: ms(50)) == [impression("card", at: .zero)])
        try engine.setLayout([])
        #expect(engine.advance(to: ms(250)) == [])
        try engine.setLayout([section("card", y: 0)])
        #expect(try scrollAwayAndBack(&engine, leave: 1050, back: 1150) == [])
        #expect(engine.advance(to: ms(2000)) == [impression("card", at: ms(1200))])
    }

    @Test("reset() forgets the last impression, and so the cooldown")
    func resetForgetsTheCooldown() throws {
        // Fires at 0.0; reset at 0.05 starts visit 2, whose first sample (0.1) enters and
        // fires: nothing is remembered to cool down from.
        var engine = try makeEngine(policy: policy(cooldown: .seconds(30)), showing: [section("card", y: 0)])
        #expect(engine.advance(to: ms(50)) == [impression("card", at: .zero)])
        engine.reset()
        #expect(engine.advance(to: ms(500)) == [impression("card", at: ms(100), visit: 2)])
    }

    @Test("with cumulative time, a run held back spends the sum like an impression")
    func cumulativeWithCooldown() throws {
        // Cumulative 0.3 s (4 samples), cooldown 1 s. Fires at 0.3 (0.0 ... 0.3). Away at
        // 0.4, back at 0.5: 0.5 ... 0.8 completes at 0.8, 0.5 s after: dropped, and the
        // sum restarts at the next entry. Away at 0.9 ... 1.0, back at 1.1: four new
        // samples, 1.1 ... 1.4, fire at 1.4 (1.1 s after 0.3).
        var cumulative = policy(duration: ms(300), cooldown: .seconds(1))
        cumulative.timing = .cumulative
        var engine = try makeEngine(policy: cumulative, showing: [section("card", y: 0)])
        #expect(try scrollAwayAndBack(&engine, leave: 350, back: 450) == [impression("card", at: ms(300), seen: ms(300))])
        #expect(try scrollAwayAndBack(&engine, leave: 850, back: 1050) == [])
        #expect(engine.advance(to: ms(3000)) == [impression("card", at: ms(1400), seen: ms(300))])
    }
}
