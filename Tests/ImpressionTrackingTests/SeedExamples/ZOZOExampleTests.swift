import Testing
@testable import ImpressionTracking

@Suite("ZOZO (seed 003): 50 % of the module's height for 1 continuous second")
struct ZOZOExampleTests {
    @Test("a module seen at every sample from 0.0 s fires at the 11th sample, t = 1.0 s")
    func firesAtTheEleventhSample() throws {
        var engine = try makeEngine(policy: .zozoModule, showing: [section("module", y: 100)])
        #expect(engine.advance(to: ms(900)) == [])
        #expect(engine.advance(to: ms(1000)) == [impression("module", at: .seconds(1), seen: .seconds(1))])
    }

    @Test("a module first seen at 0.1 s fires at 1.1 s")
    func firstSeenLaterFiresLater() throws {
        var engine = try makeEngine(policy: .zozoModule, showing: [section("module", y: 1000)])
        #expect(engine.advance(to: .zero) == [])
        try engine.setViewport(screen(scrolledTo: 700))   // applies from the 0.1 s sample
        #expect(engine.advance(to: ms(1000)) == [])
        #expect(engine.advance(to: ms(1100)) == [impression("module", at: ms(1100), seen: .seconds(1))])
    }

    @Test("a module that drops out resets its count to 0")
    func droppingOutResetsTheCount() throws {
        var engine = try makeEngine(policy: .zozoModule, showing: [section("module", y: 100)])
        #expect(engine.advance(to: ms(500)) == [])      // 6 samples seen
        try engine.setViewport(screen(scrolledTo: 1000))
        #expect(engine.advance(to: ms(600)) == [])      // not seen at 0.6 s
        try engine.setViewport(screen)
        #expect(engine.advance(to: ms(1600)) == [])     // seen from 0.7 s: 10 samples
        #expect(engine.advance(to: ms(1700)) == [impression("module", at: ms(1700), seen: .seconds(1))])
    }

    @Test("a module stays fired while it stays on screen, and fires again when scrolled out and back in")
    func scrolledOutAndBackFiresAgain() throws {
        var engine = try makeEngine(policy: .zozoModule, showing: [section("module", y: 100)])
        #expect(engine.advance(to: ms(3000)) == [impression("module", at: .seconds(1), seen: .seconds(1))])
        try engine.setViewport(screen(scrolledTo: 1000))
        #expect(engine.advance(to: ms(3100)) == [])
        try engine.setViewport(screen)
        #expect(engine.advance(to: ms(4100)) == [])
        #expect(engine.advance(to: ms(4200)) == [impression("module", at: ms(4200), seen: .seconds(1))])
    }

    @Test("isTwoLines: a given full height is the denominator when not every cell is laid out")
    func fullHeightIsTheDenominator() throws {
        var engine = try makeEngine(policy: .zozoModule, showing: [
            section("twoLines", y: 0, height: 150, fullHeight: 300),   // 150 / 300 = 50 %
            section("threeLines", y: 200, height: 100, fullHeight: 300), // 100 / 300 < 50 %
            section("oneLine", y: 400, height: 100),                   // 100 / 100
        ])
        #expect(engine.advance(to: ms(5000)) == [
            impression("twoLines", at: .seconds(1), ratio: 0.5, seen: .seconds(1)),
            impression("oneLine", at: .seconds(1), seen: .seconds(1)),
        ])
    }

    @Test("the visible height is that of the union of the visible cells, not their sum")
    func visibleHeightIsTheUnionsHeight() throws {
        // Two cells side by side, 500...700; the screen shows 500...600 of both.
        let module = TrackedSection(id: "module", cells: [
            Rect(x: 0, y: 500, width: 160, height: 200),
            Rect(x: 160, y: 500, width: 160, height: 200),
        ])
        var engine = try makeEngine(policy: .zozoModule, showing: [module])
        #expect(engine.advance(to: ms(1000)) == [impression("module", at: .seconds(1), ratio: 0.5, seen: .seconds(1))])
    }
}
