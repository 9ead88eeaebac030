import Testing
@testable import ImpressionTracking

@Suite("Visibility events")
struct VisibilityEventTests {
    @Test("exited events carry the stay and the total over the visit's stays; a new visit starts from zero")
    func exposureTimes() throws {
        let banner = section("banner", rect(0, 100, 320, 100))
        var engine = try Engine()
        _ = engine.advance(to: .zero)
        try engine.setViewport(screen())
        try engine.setLayout([banner])
        // Seen at 0.1...0.5 s (5 samples), out at 0.6 s.
        #expect(engine.advanceWithEvents(to: ms(550)) == [entered("banner", at: ms(100))])
        try engine.setViewport(screen(y: 1000))
        #expect(engine.advanceWithEvents(to: ms(750)) == [exited("banner", at: ms(600), stay: ms(500), total: ms(500))])
        // Seen again at 0.8...1.0 s: this stay 0.3 s, the visit's total 0.8 s.
        try engine.setViewport(screen())
        #expect(engine.advanceWithEvents(to: ms(1050)) == [entered("banner", at: ms(800))])
        try engine.setViewport(screen(y: 1000))
        #expect(engine.advanceWithEvents(to: ms(1150)) == [exited("banner", at: ms(1100), stay: ms(300), total: ms(800))])
        // A new visit (pop back): 1.3...1.4 s, and the total starts over.
        engine.disappear()
        engine.appear()
        try engine.setViewport(screen())
        #expect(engine.advanceWithEvents(to: ms(1450)) == [entered("banner", at: ms(1200), visit: 2)])
        try engine.setViewport(screen(y: 1000))
        #expect(engine.advanceWithEvents(to: ms(1500)) == [exited("banner", at: ms(1500), stay: ms(300), total: ms(300), visit: 2)])
    }

    @Test("a new visit voids open runs: a section seen across it exits and re-enters at the same sample")
    func newVisitSplitsTheRun() throws {
        let banner = section("banner", rect(0, 100, 320, 100))
        var engine = try Engine(policy: ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: ms(300)))
        _ = engine.advance(to: .zero)
        try engine.setViewport(screen())
        try engine.setLayout([banner])
        #expect(engine.advanceWithEvents(to: ms(450)) == [
            entered("banner", at: ms(100)),
            .impression(impression("banner", at: ms(400), seen: ms(300))),
        ])
        engine.reset()   // SARAH's restart: a new visit, and what fired is forgotten
        #expect(engine.advanceWithEvents(to: ms(900)) == [
            exited("banner", at: ms(500), stay: ms(400), total: ms(400)),
            entered("banner", at: ms(500), visit: 2),
            .impression(impression("banner", at: ms(800), seen: ms(300), visit: 2)),
        ])
    }

    @Test("within a sample: exits (those that left the layout first), then entries, then impressions, each in layout order")
    func orderWithinASample() throws {
        var engine = try Engine(policy: ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .zero))
        _ = engine.advance(to: .zero)
        try engine.setViewport(screen())
        try engine.setLayout([section("a", rect(0, 0, 320, 100)), section("b", rect(0, 100, 320, 100))])
        #expect(engine.advanceWithEvents(to: ms(300)) == [
            entered("a", at: ms(100)), entered("b", at: ms(100)),
            .impression(impression("a", at: ms(100))), .impression(impression("b", at: ms(100))),
        ])
        // "b" leaves the layout, "a" moves off screen, "d" and "c" arrive, in that order.
        try engine.setLayout([section("d", rect(0, 300, 320, 100)), section("a", rect(0, 900, 320, 100)),
                              section("c", rect(0, 200, 320, 100))])
        #expect(engine.advanceWithEvents(to: ms(400)) == [
            exited("b", at: ms(400), stay: ms(300), total: ms(300)),
            exited("a", at: ms(400), stay: ms(300), total: ms(300)),
            entered("d", at: ms(400)), entered("c", at: ms(400)),
            .impression(impression("d", at: ms(400))), .impression(impression("c", at: ms(400))),
        ])
    }

    @Test("a section that leaves the layout and comes back before the next sample keeps its run")
    func leavingAndComingBackBetweenSamples() throws {
        let banner = section("banner", rect(0, 100, 320, 100))
        var engine = try Engine()
        _ = engine.advance(to: .zero)
        try engine.setViewport(screen())
        try engine.setLayout([banner])
        #expect(engine.advanceWithEvents(to: ms(350)) == [entered("banner", at: ms(100))])
        try engine.setLayout([])
        try engine.setLayout([banner])
        #expect(engine.advanceWithEvents(to: ms(1050)) == [])   // no exit or entry at 0.4 s
        #expect(engine.advanceWithEvents(to: ms(1100)) == [.impression(impression("banner", at: ms(1100), seen: .seconds(1)))])
        // Gone at the next sample: it exits there, once.
        try engine.setLayout([])
        #expect(engine.advanceWithEvents(to: ms(1500)) == [exited("banner", at: ms(1200), stay: ms(1100), total: ms(1100))])
    }
}
