import Testing
@testable import ImpressionTracking

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
        var engine = try Engine(policy: .cookpadShowContent)
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
