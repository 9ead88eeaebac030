import Testing
@testable import ImpressionTracking

// Worked examples of the width measure, on the 320 × 600 screen at 100 ms samples with a
// duration of 0, so a section fires at the first sample at which it reaches the ratio.
// Inputs apply from the next sample. A card 200 high sits at the top of the screen; only
// its horizontal position changes, so under `.height` every one of these cards reads 1.0
// as soon as any of it shows.

private func byWidth(_ ratio: Double) -> ImpressionPolicy {
    ImpressionPolicy(minimumVisibleRatio: ratio, minimumDuration: .zero, measure: .width)
}

@Suite("Width measure: the visible width over the full width")
struct WidthMeasureTests {
    @Test("a card half off the right edge reads 0.5 by width, 1.0 by height")
    func halfShownCard() throws {
        // The card spans x 160...480; the screen shows 160...320: 160 of its 320 points of
        // width, 0.5; all 200 of its height, 1.0. At ratio 0.6 only height fires; at 0.5
        // width fires too, with ratio 160 / 320 = 0.5.
        let card = section("card", rect(160, 0, 320, 200))
        var byHeight = try makeEngine(policy: ImpressionPolicy(minimumVisibleRatio: 0.6, minimumDuration: .zero), showing: [card])
        #expect(byHeight.advance(to: .zero) == [impression("card", at: .zero, ratio: 1)])
        var strict = try makeEngine(policy: byWidth(0.6), showing: [card])
        #expect(strict.advance(to: .seconds(1)) == [])
        var half = try makeEngine(policy: byWidth(0.5), showing: [card])
        #expect(half.advance(to: .zero) == [impression("card", at: .zero, ratio: 0.5)])
    }

    @Test("a card in a horizontal scroll container fires once enough of its width scrolls in")
    func cardInACarousel() throws {
        // The carousel's frame is x 0...320 at y 100; the card is at x 340...490 of its
        // content, 150 wide. At offset 60 the card is at 280...430 on screen, clipped by
        // the carousel to 280...320: 40 / 150 = 0.267, below 0.5. Scrolled to offset 100
        // at 0.25 s, it is at 240...390, clipped to 240...320: 80 / 150 = 0.533, which
        // fires at the next sample, 0.3 s.
        var engine = try Engine(policy: byWidth(0.5))
        try engine.setViewport(screen)
        try engine.setLayout([card("c3", in: "row", rect(340, 0, 150, 200))],
                             containers: [ScrollContainer(id: "row", frame: rect(0, 100, 320, 200), contentOffset: Point(x: 60, y: 0))])
        #expect(engine.advance(to: ms(250)) == [])
        try engine.setContentOffset(Point(x: 100, y: 0), ofContainer: "row")
        #expect(engine.advance(to: ms(1000)) == [impression("c3", at: ms(300), ratio: 80.0 / 150.0)])
    }

    @Test("fullWidth is the denominator when a lazy carousel gives only the cards it shows")
    func fullWidthOfALazyCarousel() throws {
        // The row has four cards 150 wide, 10 apart: 0...660, 660 wide. The list gives
        // only the two on screen, 0...150 and 170...320: their box is 320 wide. Without
        // fullWidth that is all of the section, 1.0; with fullWidth 660, 320 / 660 = 0.485,
        // below 0.5.
        let shown = [rect(0, 0, 150, 200), rect(170, 0, 150, 200)]
        var guessed = try makeEngine(policy: byWidth(0.5), showing: [TrackedSection(id: "row", cells: shown)])
        #expect(guessed.advance(to: .zero) == [impression("row", at: .zero, ratio: 1)])
        var lazyRow = TrackedSection(id: "row", cells: shown)
        lazyRow.fullWidth = 660
        var given = try makeEngine(policy: byWidth(0.5), showing: [lazyRow])
        #expect(given.advance(to: .seconds(1)) == [])
        #expect(row("row", in: given.snapshot())?.visibleRatio == 320.0 / 660.0)
    }

    @Test("an obstruction over the right half leaves half the width")
    func obstructedWidth() throws {
        // The card spans the screen's width, 0...320. A panel covers x 160...320 of the
        // viewport: the visible part is 0...160, 160 / 320 = 0.5. At 0.6 it never fires;
        // when the panel goes at 0.45 s, it fires at 0.5 s with 1.0.
        var engine = try makeEngine(policy: byWidth(0.6), showing: [section("card", rect(0, 0, 320, 200))])
        try engine.setObstructions([rect(160, 0, 160, 600)])
        #expect(engine.advance(to: ms(450)) == [])
        try engine.setObstructions([])
        #expect(engine.advance(to: ms(1000)) == [impression("card", at: ms(500), ratio: 1)])
    }

    @Test("a section of zero width is never visible by width, though it has a height")
    func zeroWidth() throws {
        // A cell 0 wide and 200 high has no area, so nothing of it is visible, whatever
        // the measure; by width there is also nothing to divide by.
        var engine = try makeEngine(policy: byWidth(0), showing: [section("line", rect(100, 0, 0, 200))])
        #expect(engine.advance(to: .seconds(1)) == [])
        #expect(row("line", in: engine.snapshot())?.notVisibleReason == .noSize)
    }
}
