import Testing
@testable import ImpressionTracking

@Suite("SARAH (seed 000): two thirds of a cell for 2 s, checked every 0.5 s, once per visit")
struct SARAHExampleTests {
    @Test("two thirds of a cell seen for 2 s fires at 2.0 s, the 5th sample")
    func firesAtTheFifthSample() throws {
        // The cell is 400...700: 200 of its 300 points are on screen.
        var engine = try makeEngine(policy: .sarahCell, sampleInterval: ms(500), showing: [section("cell", y: 400, height: 300)])
        #expect(200.0 / 300.0 == ImpressionPolicy.sarahCell.minimumVisibleRatio)
        #expect(engine.advance(to: ms(1999)) == [])
        #expect(engine.advance(to: ms(2000)) == [impression("cell", at: .seconds(2), ratio: 200.0 / 300.0, seen: .seconds(2))])
    }

    @Test("a cell just short of two thirds never fires")
    func lessThanTwoThirdsNeverFires() throws {
        var engine = try makeEngine(policy: .sarahCell, sampleInterval: ms(500), showing: [section("cell", y: 401, height: 300)])
        #expect(engine.advance(to: ms(10_000)) == [])
    }

    @Test("a cell fires once per visit: scrolling away and back does not count again, a new visit does")
    func oncePerVisit() throws {
        var engine = try makeEngine(policy: .sarahCell, sampleInterval: ms(500), showing: [section("cell", y: 100, height: 300)])
        #expect(engine.advance(to: ms(2000)) == [impression("cell", at: .seconds(2), seen: .seconds(2))])
        try engine.setViewport(screen(scrolledTo: 1000))
        #expect(engine.advance(to: ms(2500)) == [])
        try engine.setViewport(screen)
        #expect(engine.advance(to: ms(6000)) == [])
        engine.disappear()
        engine.appear()
        #expect(engine.advance(to: ms(8000)) == [])
        #expect(engine.advance(to: ms(8500)) == [impression("cell", at: ms(8500), seen: .seconds(2), visit: 2)])
    }

    @Test("restart (reset) forgets what fired and counts again from zero")
    func resetForgetsWhatFired() throws {
        var engine = try makeEngine(policy: .sarahCell, sampleInterval: ms(500), showing: [section("cell", y: 100, height: 300)])
        #expect(engine.advance(to: ms(3000)) == [impression("cell", at: .seconds(2), seen: .seconds(2))])
        engine.reset()
        #expect(engine.advance(to: ms(5000)) == [])
        #expect(engine.advance(to: ms(5500)) == [impression("cell", at: ms(5500), seen: .seconds(2), visit: 2)])
    }
}
