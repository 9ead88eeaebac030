import Testing
@testable import ImpressionTracking

// The worked examples of the five seeds, and the policy rules, on the pure engine.
// The screen is 320 × 600 points; feeds scroll down (towards larger y).

private typealias Engine = ImpressionEngine<String>

private func ms(_ milliseconds: Int) -> Duration { .milliseconds(milliseconds) }

private let screen = Rect(x: 0, y: 0, width: 320, height: 600)

private func screen(scrolledTo y: Double) -> Rect {
    Rect(x: 0, y: y, width: 320, height: 600)
}

/// A full-width section made of one cell.
private func section(_ id: String, y: Double, height: Double = 200, fullHeight: Double? = nil,
                     policy: ImpressionPolicy? = nil) -> TrackedSection<String> {
    TrackedSection(id: id, cells: [Rect(x: 0, y: y, width: 320, height: height)],
                   fullHeight: fullHeight, policy: policy)
}

private func impression(_ id: String, at time: Duration, ratio: Double = 1, seen: Duration,
                        visit: Int = 1) -> Impression<String> {
    Impression(sectionID: id, time: time, visibleRatio: ratio, visibleDuration: seen, visit: visit)
}

/// An engine showing `sections` on `screen` from the first sample on.
private func makeEngine(policy: ImpressionPolicy, sampleInterval: Duration = ms(100),
                        showing sections: [TrackedSection<String>], viewport: Rect = screen) throws -> Engine {
    var engine = Engine(policy: policy, sampleInterval: sampleInterval)
    try engine.setViewport(viewport)
    try engine.setLayout(sections)
    return engine
}

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

@Suite("Cookpad (seed 001): ShowContentLog and its six lifecycle rules")
struct CookpadExampleTests {
    private static let feed = [section("first", y: 0), section("second", y: 700)]

    @Test("rule 1: content logs on its first appearance")
    func firstAppearanceLogs() throws {
        var engine = try makeEngine(policy: .cookpadShowContent, showing: Self.feed)
        #expect(engine.advance(to: .zero) == [impression("first", at: .zero, seen: .zero)])
        try engine.setViewport(screen(scrolledTo: 500))
        #expect(engine.advance(to: ms(100)) == [impression("second", at: ms(100), seen: .zero)])
    }

    @Test("rule 2: scrolling out and back in does not log again")
    func scrollingBackDoesNotLogAgain() throws {
        var engine = try makeEngine(policy: .cookpadShowContent, showing: Self.feed)
        #expect(engine.advance(to: .zero).map(\.sectionID) == ["first"])
        try engine.setViewport(screen(scrolledTo: 1000))
        #expect(engine.advance(to: ms(100)) == [])
        try engine.setViewport(screen)
        #expect(engine.advance(to: ms(2000)) == [])
    }

    @Test("rule 3: a refresh logs the new content, and the old content never does")
    func refreshLogsTheNewContent() throws {
        var engine = try makeEngine(policy: .cookpadShowContent, showing: Self.feed)
        #expect(engine.advance(to: .zero).map(\.sectionID) == ["first"])
        engine.beginRefresh()
        try engine.setViewport(screen(scrolledTo: 500))    // "second" on screen, mid-refresh
        #expect(engine.advance(to: ms(500)) == [])
        try engine.setLayout([section("fresh", y: 500), section("fresher", y: 800)])
        engine.endRefresh()
        #expect(engine.advance(to: ms(3000)) == [
            impression("fresh", at: ms(600), seen: .zero, visit: 2),
            impression("fresher", at: ms(600), seen: .zero, visit: 2),
        ])
    }

    @Test("rule 4: pushing a screen and popping back logs again")
    func pushAndPopLogsAgain() throws {
        var engine = try makeEngine(policy: .cookpadShowContent, showing: Self.feed)
        #expect(engine.advance(to: .zero).map(\.sectionID) == ["first"])
        engine.disappear()
        #expect(engine.advance(to: ms(1000)) == [])
        engine.appear()
        #expect(engine.advance(to: ms(2000)) == [impression("first", at: ms(1100), seen: .zero, visit: 2)])
    }

    @Test("rule 5: switching tabs and back logs again, even between two samples")
    func tabSwitchLogsAgain() throws {
        var engine = try makeEngine(policy: .cookpadShowContent, showing: Self.feed)
        #expect(engine.advance(to: ms(350)).map(\.sectionID) == ["first"])
        engine.disappear()
        engine.appear()
        #expect(engine.advance(to: ms(1000)) == [impression("first", at: ms(400), seen: .zero, visit: 2)])
    }

    @Test("rule 6: going to the background and back to the foreground logs again")
    func foregroundLogsAgain() throws {
        var engine = try makeEngine(policy: .cookpadShowContent, showing: Self.feed)
        #expect(engine.advance(to: .zero).map(\.sectionID) == ["first"])
        engine.enterBackground()
        #expect(engine.advance(to: ms(1000)) == [])
        engine.enterForeground()
        #expect(engine.advance(to: ms(2000)) == [impression("first", at: ms(1100), seen: .zero, visit: 2)])
    }

    @Test("rule 6: foregrounding does not log again when a modal covered the screen")
    func modalSuppressesTheForegroundVisit() throws {
        var engine = try makeEngine(policy: .cookpadShowContent, showing: Self.feed)
        #expect(engine.advance(to: .zero).map(\.sectionID) == ["first"])
        #expect(engine.advance(to: ms(200)) == [])
        engine.setCovered(true)
        #expect(engine.advance(to: ms(300)) == [])
        engine.enterBackground()
        #expect(engine.advance(to: ms(1000)) == [])
        engine.enterForeground()
        #expect(engine.advance(to: ms(1500)) == [])
        engine.setCovered(false)
        #expect(engine.advance(to: ms(3000)) == [])
        #expect(engine.visit == 1)
    }

    @Test("rule 6: with a refresh pending on foreground, only the new content logs")
    func pendingRefreshLogsOnlyTheNewContent() throws {
        var engine = try makeEngine(policy: .cookpadShowContent, showing: Self.feed)
        #expect(engine.advance(to: .zero).map(\.sectionID) == ["first"])
        engine.enterBackground()
        #expect(engine.advance(to: ms(1000)) == [])
        engine.enterForeground()
        engine.beginRefresh()                              // before the next sample
        #expect(engine.advance(to: ms(1500)) == [])
        try engine.setLayout([section("fresh", y: 0)])
        engine.endRefresh()
        #expect(engine.advance(to: ms(3000)) == [impression("fresh", at: ms(1600), seen: .zero, visit: 3)])
    }
}

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

@Suite("ABEMA (seed 004): 80 % of the area for 2 s")
struct ABEMAExampleTests {
    private static func item(y: Double) -> TrackedSection<String> {
        TrackedSection(id: "item", cells: [Rect(x: 0, y: y, width: 100, height: 100)])
    }

    @Test("79 % of the area never fires")
    func seventyNinePercentNeverFires() throws {
        var engine = try makeEngine(policy: .abema, showing: [Self.item(y: 521)])
        #expect(engine.advance(to: ms(10_000)) == [])
    }

    @Test("80 % of the area fires after 2 s")
    func eightyPercentFiresAfterTwoSeconds() throws {
        var engine = try makeEngine(policy: .abema, showing: [Self.item(y: 520)])
        #expect(engine.advance(to: ms(1900)) == [])
        #expect(engine.advance(to: ms(2000)) == [impression("item", at: .seconds(2), ratio: 0.8, seen: .seconds(2))])
    }
}

@Suite("Policies and the rules of sampling")
struct PolicyRuleTests {
    @Test("requiredSamples is ceil(duration / interval) + 1")
    func requiredSamples() {
        #expect(ImpressionPolicy.zozoModule.requiredSamples(sampleInterval: ms(100)) == 11)
        #expect(ImpressionPolicy.sarahCell.requiredSamples(sampleInterval: ms(500)) == 5)
        #expect(ImpressionPolicy.cookpadShowContent.requiredSamples(sampleInterval: ms(100)) == 1)
        #expect(ImpressionPolicy(minimumDuration: ms(250)).requiredSamples(sampleInterval: ms(100)) == 4)
        #expect(ImpressionPolicy(minimumDuration: ms(500)).requiredSamples(sampleInterval: ms(250)) == 3)
        #expect(ImpressionPolicy(minimumDuration: ms(200)).requiredSamples(sampleInterval: ms(100)) == 3)
    }

    @Test("an impression is never early: 250 ms at 100 ms fires at the 4th sample, 0.3 s")
    func neverEarly() throws {
        var engine = try makeEngine(policy: ImpressionPolicy(minimumDuration: ms(250)), showing: [section("module", y: 0)])
        #expect(engine.advance(to: ms(200)) == [])
        #expect(engine.advance(to: ms(300)) == [impression("module", at: ms(300), seen: ms(300))])
    }

    @Test("the threshold is inclusive: exactly half the height is visible, just under is not")
    func inclusiveThreshold() throws {
        var engine = try makeEngine(policy: .zozoModule, showing: [
            section("half", y: 500),          // 100 of 200
            section("justUnder", y: 501, height: 198).with(fullHeight: 200),   // 99 of 200
        ])
        #expect(engine.advance(to: ms(3000)) == [impression("half", at: .seconds(1), ratio: 0.5, seen: .seconds(1))])
    }

    @Test("a section of zero height or zero area is never visible")
    func zeroSizeSectionNeverVisible() throws {
        let anyPart = ImpressionPolicy(minimumVisibleRatio: 0, minimumDuration: .zero)
        var engine = try makeEngine(policy: anyPart, showing: [
            TrackedSection(id: "flat", cells: [Rect(x: 0, y: 100, width: 320, height: 0)]),
            TrackedSection(id: "thin", cells: [Rect(x: 10, y: 100, width: 0, height: 100)],
                           policy: .anyPixel),
            TrackedSection(id: "zeroFullHeight", cells: [Rect(x: 0, y: 100, width: 320, height: 100)], fullHeight: 0),
            TrackedSection(id: "zeroFullArea", cells: [Rect(x: 0, y: 100, width: 320, height: 100)], fullArea: 0,
                           policy: .anyPixel),
        ])
        #expect(engine.advance(to: ms(2000)) == [])
    }

    @Test("a section with no cells is allowed and never visible")
    func sectionWithNoCells() throws {
        var engine = try makeEngine(policy: .cookpadShowContent, showing: [
            TrackedSection(id: "lazy", cells: [], fullHeight: 200, fullArea: 64_000),
            section("shown", y: 0),
        ])
        #expect(engine.advance(to: ms(1000)) == [impression("shown", at: .zero, seen: .zero)])
    }

    @Test("nothing is visible until a viewport is set, or while it has zero size")
    func noViewportNothingVisible() throws {
        var engine = Engine(policy: .cookpadShowContent)
        try engine.setLayout([section("module", y: 0)])
        #expect(engine.advance(to: ms(500)) == [])
        try engine.setViewport(Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(engine.advance(to: ms(700)) == [])
        try engine.setViewport(Rect(x: 0, y: 0, width: 320, height: 0))
        #expect(engine.advance(to: ms(900)) == [])
        try engine.setViewport(screen)
        #expect(engine.advance(to: ms(1500)) == [impression("module", at: ms(1000), seen: .zero)])
    }

    @Test("time never runs backwards: advancing to an earlier time evaluates nothing")
    func timeNeverRunsBackwards() throws {
        var engine = try makeEngine(policy: .zozoModule, showing: [section("module", y: 0)])
        #expect(engine.advance(to: ms(550)) == [])
        #expect(engine.time == ms(550))
        #expect(engine.advance(to: ms(200)) == [])
        #expect(engine.time == ms(550))
        #expect(engine.advance(to: ms(550)) == [])
        // The count was not disturbed: 0.0 ... 1.0 s is still 11 samples.
        #expect(engine.advance(to: ms(1000)) == [impression("module", at: .seconds(1), seen: .seconds(1))])
        #expect(engine.advance(to: .zero) == [])
        #expect(engine.time == .seconds(1))
    }

    @Test("an input applies from the next sample on, even at exactly a sample's time")
    func inputsApplyFromTheNextSample() throws {
        var engine = try makeEngine(policy: .cookpadShowContent, showing: [section("module", y: 1000)])
        #expect(engine.advance(to: ms(300)) == [])
        try engine.setViewport(screen(scrolledTo: 900))   // sample 0.3 s is already evaluated
        #expect(engine.advance(to: ms(300)) == [])
        #expect(engine.advance(to: ms(400)) == [impression("module", at: ms(400), seen: .zero)])
    }

    @Test("a section's own policy overrides the engine's")
    func perSectionPolicyOverride() throws {
        var engine = try makeEngine(policy: .zozoModule, showing: [
            section("module", y: 0),
            section("ad", y: 300, policy: .anyPixel),
            section("video", y: 400, policy: .mrcVideo),
        ])
        #expect(engine.advance(to: .zero) == [impression("ad", at: .zero, seen: .zero)])
        #expect(engine.advance(to: ms(1000)) == [impression("module", at: .seconds(1), seen: .seconds(1))])
        #expect(engine.advance(to: ms(2000)) == [impression("video", at: .seconds(2), seen: .seconds(2))])
    }

    @Test("the visible ratio at the firing sample is reported, capped at 1")
    func ratioIsReported() throws {
        var engine = try makeEngine(policy: .zozoModule, showing: [
            section("threeQuarters", y: 450),                            // 150 of 200
            section("overfull", y: 0, height: 200, fullHeight: 100),     // 200 of 100
        ])
        #expect(engine.advance(to: ms(1000)) == [
            impression("threeQuarters", at: .seconds(1), ratio: 0.75, seen: .seconds(1)),
            impression("overfull", at: .seconds(1), ratio: 1, seen: .seconds(1)),
        ])
    }

    @Test("overlapping cells count once in the area measure")
    func overlappingCellsCountOnce() throws {
        let policy = ImpressionPolicy(minimumVisibleRatio: 0, minimumDuration: .zero, measure: .area)
        let overlapping = TrackedSection(id: "pair", cells: [
            Rect(x: 0, y: 0, width: 100, height: 100),
            Rect(x: 50, y: 0, width: 100, height: 100),
        ])
        var engine = try makeEngine(policy: policy, showing: [overlapping],
                                viewport: Rect(x: 0, y: 0, width: 100, height: 600))
        #expect(engine.advance(to: .zero) == [impression("pair", at: .zero, ratio: 10_000.0 / 15_000.0, seen: .zero)])
    }

    @Test("impressions of one sample come in the order of the last layout")
    func orderFollowsTheLayout() throws {
        var engine = try makeEngine(policy: .zozoModule, showing: [
            section("c", y: 0, height: 100), section("a", y: 100, height: 100), section("b", y: 200, height: 100),
        ])
        #expect(engine.advance(to: ms(1000)).map(\.sectionID) == ["c", "a", "b"])
        try engine.setViewport(screen(scrolledTo: 2000))
        #expect(engine.advance(to: ms(1100)) == [])
        try engine.setViewport(screen)
        try engine.setLayout([
            section("b", y: 200, height: 100), section("c", y: 0, height: 100), section("a", y: 100, height: 100),
        ])
        #expect(engine.advance(to: ms(2200)).map(\.sectionID) == ["b", "c", "a"])
    }

    @Test("a section that leaves the layout between two samples keeps its count; missing at a sample resets it")
    func countsFollowTheIDAcrossLayouts() throws {
        var engine = try makeEngine(policy: .zozoModule, showing: [section("module", y: 0)])
        #expect(engine.advance(to: ms(500)) == [])
        try engine.setLayout([])
        try engine.setLayout([section("module", y: 0)])
        #expect(engine.advance(to: ms(1000)) == [impression("module", at: .seconds(1), seen: .seconds(1))])

        var other = try makeEngine(policy: .zozoModule, showing: [section("module", y: 0)])
        #expect(other.advance(to: ms(500)) == [])
        try other.setLayout([])
        #expect(other.advance(to: ms(600)) == [])          // missing at 0.6 s
        try other.setLayout([section("module", y: 0)])
        #expect(other.advance(to: ms(1600)) == [])
        #expect(other.advance(to: ms(1700)) == [impression("module", at: ms(1700), seen: .seconds(1))])
    }

    @Test("a section that fired once per visit is remembered after leaving the layout")
    func firedMemoryFollowsTheID() throws {
        var engine = try makeEngine(policy: .cookpadShowContent, showing: [section("module", y: 0)])
        #expect(engine.advance(to: .zero).count == 1)
        try engine.setLayout([])
        #expect(engine.advance(to: ms(500)) == [])
        try engine.setLayout([section("module", y: 0)])
        #expect(engine.advance(to: ms(1000)) == [])
    }

    @Test("once per tracker: not again in later visits, until reset()")
    func oncePerTracker() throws {
        let once = ImpressionPolicy(minimumVisibleRatio: 0, minimumDuration: .zero, recurrence: .oncePerTracker)
        var engine = try makeEngine(policy: once, showing: [section("module", y: 0)])
        #expect(engine.advance(to: .zero).count == 1)
        engine.disappear()
        engine.appear()
        engine.enterBackground()
        engine.enterForeground()
        #expect(engine.advance(to: ms(1000)) == [])
        engine.reset()
        #expect(engine.advance(to: ms(1100)) == [impression("module", at: ms(1100), seen: .zero, visit: 4)])
    }

    @Test("repeated lifecycle calls change nothing")
    func repeatedCallsChangeNothing() throws {
        var engine = try makeEngine(policy: .cookpadShowContent, showing: [section("module", y: 0)])
        #expect(engine.advance(to: .zero).count == 1)
        engine.appear()
        engine.enterForeground()
        engine.endRefresh()
        engine.setCovered(false)
        #expect(engine.visit == 1)
        #expect(engine.advance(to: ms(1000)) == [])
    }
}

private extension TrackedSection {
    func with(fullHeight: Double) -> TrackedSection {
        var copy = self
        copy.fullHeight = fullHeight
        return copy
    }
}
