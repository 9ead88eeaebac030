import Testing
@testable import ImpressionTracking

/// Engine bugs the real-screen property test found, each reduced to its smallest session.
@Suite("Regressions found by the reference model")
struct ModelFoundRegressionTests {
    static let banner = section("banner", rect(0, 0, 320, 200))

    @Test("a section visible at the very first sample gets no exit before its entry")
    func noPhantomExitAtTheFirstSample() throws {
        var engine = try Engine()
        try engine.setViewport(screen())
        try engine.setLayout([Self.banner])   // before any sample: sample 0 sees it
        let events = engine.advanceWithEvents(to: .zero)
        #expect(events == [entered("banner", at: .zero)])
    }

    @Test("the total visible time adds up the visit's stays even if the section left the layout in between")
    func exposureSurvivesLeavingTheLayout() throws {
        var engine = try Engine()
        _ = engine.advance(to: .zero)
        try engine.setViewport(screen())
        try engine.setLayout([Self.banner])
        _ = engine.advanceWithEvents(to: ms(300))                // seen at 0.1...0.3
        try engine.setViewport(screen(y: 1000))
        #expect(engine.advanceWithEvents(to: ms(400)) == [exited("banner", at: ms(400), stay: ms(300), total: ms(300))])
        try engine.setLayout([])                                 // a lazy list drops it...
        _ = engine.advanceWithEvents(to: ms(500))
        try engine.setLayout([Self.banner])                      // ...and shows it again
        try engine.setViewport(screen())
        #expect(engine.advanceWithEvents(to: ms(600)) == [entered("banner", at: ms(600))])
        try engine.setViewport(screen(y: 1000))
        let exit = engine.advanceWithEvents(to: ms(700))
        #expect(exit == [exited("banner", at: ms(700), stay: ms(100), total: ms(400))])
    }

    @Test("a run voided by a new visit exits at the next sample even if its section left the layout")
    func voidedRunExitsAfterLeavingTheLayout() throws {
        var engine = try Engine()
        _ = engine.advance(to: .zero)
        try engine.setViewport(screen())
        try engine.setLayout([Self.banner])
        #expect(engine.advanceWithEvents(to: ms(100)) == [entered("banner", at: ms(100))])
        engine.disappear()
        engine.appear()              // a new visit: the run is void
        try engine.setLayout([])     // and the section leaves before the next sample
        let events = engine.advanceWithEvents(to: ms(200))
        #expect(events == [exited("banner", at: ms(200), stay: ms(100), total: ms(100))])
    }
}
