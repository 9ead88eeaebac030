import Testing
@testable import ImpressionTracking

// Worked examples of the focus rule, on the 320 × 600 screen at 100 ms samples with a
// duration of 0. Epoxy's FOCUSED_VISIBLE is ratio 1 with `.focus(fraction: 0.5)`: the
// denominator is min(full size, 0.5 × 600 = 300), so a section taller than 300 needs 300
// points on screen, and a shorter one all of itself.

private func focused(_ fraction: Double, measure: ImpressionPolicy.Measure = .height) -> ImpressionPolicy {
    ImpressionPolicy(minimumVisibleRatio: 1, minimumDuration: .zero, measure: measure,
                     exitVisibleRatio: nil, largeSectionRule: .focus(fraction: fraction))
}

@Suite("Focus: measured against min(full size, fraction × viewport)")
struct FocusRuleTests {
    @Test("a section three halves of a screen tall is focused with 300 points on screen, not with 250")
    func tallSection() throws {
        // "story" spans y 0...900. Scrolled to 650, the screen shows 650...900: 250 points,
        // 250 / min(900, 300) = 0.833, below 1. Scrolled to 600 at 0.25 s: 600...900, 300
        // points, 300 / 300 = 1: fires at 0.3 s. Under capToViewport (fraction 1) the same
        // 300 points are 300 / 600 = 0.5, and it never fires.
        for (rule, fires) in [(focused(0.5), true), (ImpressionPolicy(minimumVisibleRatio: 1, minimumDuration: .zero,
                                                                      exitVisibleRatio: nil, largeSectionRule: .capToViewport), false)] {
            var engine = try makeEngine(policy: rule, showing: [section("story", y: 0, height: 900)], viewport: screen(scrolledTo: 650))
            #expect(engine.advance(to: ms(250)) == [])
            try engine.setViewport(screen(scrolledTo: 600))
            #expect(engine.advance(to: ms(1000)) == (fires ? [impression("story", at: ms(300), ratio: 1)] : []))
        }
    }

    @Test("a section shorter than half the screen must be fully visible")
    func shortSection() throws {
        // "card" spans y 500...700, 200 high: min(200, 300) = 200. The screen at 0 shows
        // 500...600, 100 / 200 = 0.5. Scrolled to 100 at 0.45 s, all 200 show: fires at 0.5 s.
        var engine = try makeEngine(policy: focused(0.5), showing: [section("card", y: 500)])
        #expect(engine.advance(to: ms(450)) == [])
        try engine.setViewport(screen(scrolledTo: 100))
        #expect(engine.advance(to: ms(1000)) == [impression("card", at: ms(500), ratio: 1)])
    }

    @Test("focus with fraction 1 is capToViewport: the same impressions on the same scrolls")
    func fractionOneIsCapToViewport() throws {
        // Both divide by min(full size, 1 × viewport). A 1500-tall section and a 200-tall
        // one, ratio 0.6 by area and by height, scrolled through in 50-point steps, every
        // 100 ms: the impressions (times and ratios) are identical, and the engine resolves
        // both policies to the same cap.
        for measure in [ImpressionPolicy.Measure.height, .area, .width] {
            var outcomes: [[Impression<String>]] = []
            for rule in [ImpressionPolicy.LargeSectionRule.capToViewport, .focus(fraction: 1)] {
                let policy = ImpressionPolicy(minimumVisibleRatio: 0.6, minimumDuration: ms(300), measure: measure,
                                              exitVisibleRatio: nil, largeSectionRule: rule)
                #expect(ResolvedPolicy(policy, sampleInterval: ms(100), isLarge: false).viewportFraction == 1)
                var engine = try makeEngine(policy: policy, showing: [section("long", y: 700, height: 1500),
                                                                      section("short", rect(-100, 2400, 320, 200))])
                var fired: [Impression<String>] = []
                for step in 1...60 {
                    fired += engine.advance(to: ms(step * 100))
                    try engine.setViewport(screen(scrolledTo: Double(step * 50)))
                }
                outcomes.append(fired)
            }
            #expect(outcomes[0] == outcomes[1], "\(measure)")
            #expect(outcomes[0].count >= 1, "\(measure): \(outcomes[0])")
        }
    }

    @Test("focus by width: a card wider than half the screen needs half the screen's width")
    func focusByWidth() throws {
        // "banner" spans x -100...300, 400 wide; by width the denominator is
        // min(400, 0.5 × 320 = 160) = 160. The screen shows 0...300, 300 ≥ 160: fires at 0
        // with ratio min(1, 300 / 160) = 1. A card at x 200...400 shows 200...320, 120 of
        // min(200, 160) = 160: 0.75, not focused.
        var engine = try makeEngine(policy: focused(0.5, measure: .width),
                                    showing: [section("banner", rect(-100, 0, 400, 200)), section("card", rect(200, 300, 200, 200))])
        #expect(engine.advance(to: .seconds(1)) == [impression("banner", at: .zero, ratio: 1)])
        #expect(row("card", in: engine.snapshot())?.visibleRatio == 0.75)
    }
}
