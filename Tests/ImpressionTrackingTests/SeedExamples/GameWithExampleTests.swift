import Testing
@testable import ImpressionTracking

@Suite("GameWith (seed 002): one pixel on screen")
struct GameWithExampleTests {
    @Test("a 1-point sliver on screen fires at once, at the first sample after load")
    func oneSliverFires() throws {
        var engine = try makeEngine(policy: .anyPixel, showing: [section("ad", y: 599, height: 100)])
        #expect(engine.advance(to: .zero) == [impression("ad", at: .zero, ratio: 320.0 / 32_000.0, seen: .zero)])
    }

    @Test("a cell touching the screen's edge is not on screen")
    func edgeAdjacentDoesNotFire() throws {
        var engine = try makeEngine(policy: .anyPixel, showing: [
            section("below", y: 600),
            TrackedSection(id: "right", cells: [Rect(x: 320, y: 0, width: 100, height: 100)]),
            TrackedSection(id: "left", cells: [Rect(x: -100, y: 0, width: 100, height: 100)]),
            section("above", y: -200),
        ])
        #expect(engine.advance(to: ms(2000)) == [])
    }

    @Test("cells of a horizontal carousel are clipped by the screen's sides")
    func carouselCellsAreClipped() throws {
        var engine = try makeEngine(policy: .anyPixel, showing: [
            TrackedSection(id: "banner0", cells: [Rect(x: 0, y: 0, width: 300, height: 100)]),
            TrackedSection(id: "banner1", cells: [Rect(x: 310, y: 0, width: 300, height: 100)]),
            TrackedSection(id: "banner2", cells: [Rect(x: 620, y: 0, width: 300, height: 100)]),
        ])
        #expect(engine.advance(to: .zero) == [
            impression("banner0", at: .zero, seen: .zero),
            impression("banner1", at: .zero, ratio: 10.0 / 300.0, seen: .zero),
        ])
        try engine.setViewport(Rect(x: 320, y: 0, width: 320, height: 600))
        // banner1 stays on screen (no new entry); banner2 enters.
        #expect(engine.advance(to: ms(100)) == [impression("banner2", at: ms(100), ratio: 20.0 / 300.0, seen: .zero)])
    }
}
