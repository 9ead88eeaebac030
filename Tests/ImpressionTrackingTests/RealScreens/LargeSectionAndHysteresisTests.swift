import Testing
@testable import ImpressionTracking

@Suite("Large sections and hysteresis")
struct LargeSectionAndHysteresisTests {
    @Test("a section three screens tall fires under .capToViewport, and never without it")
    func threeScreensTall() throws {
        let video = section("video", rect(0, 0, 320, 1800))
        let capped = ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .seconds(1),
                                      exitVisibleRatio: nil, largeSectionRule: .capToViewport)
        for policy in [ImpressionPolicy.default, .mrcDisplay] {
            // Scrolled through from top to bottom: never more than 600 of 1800.
            var engine = try Engine(policy: policy)
            try engine.setLayout([video])
            for (step, y) in [0.0, 300, 600, 900, 1200].enumerated() {
                try engine.setViewport(screen(y: y))
                #expect(engine.advance(to: .seconds(2 * step + 2)) == [], "\(policy)")
            }
            #expect(row("video", in: engine.snapshot())?.notVisibleReason == .belowThreshold(ratio: 1.0 / 3.0, required: 0.5))
        }
        for policy in [capped, .viewportRelative] {
            var engine = try Engine(policy: policy)
            try engine.setViewport(screen())
            try engine.setLayout([video])
            #expect(engine.advance(to: ms(1000)) == [impression("video", at: ms(1000), seen: .seconds(1))], "\(policy)")
        }
        // Capped, it counts once it fills half the screen: 1500...1800 is 300 of 600.
        var engine = try Engine(policy: capped)
        try engine.setViewport(screen(y: 1500))
        try engine.setLayout([video])
        #expect(engine.advance(to: ms(1000)) == [impression("video", at: ms(1000), ratio: 0.5, seen: .seconds(1))])
        // The cap is the effective viewport: with 100 points of insets, 500 of 500.
        var inset = try Engine(policy: capped)
        try inset.setViewport(screen(y: 600))
        try inset.setViewportInsets(Insets(top: 50, bottom: 50))
        try inset.setLayout([video])
        #expect(inset.advance(to: ms(1000)) == [impression("video", at: ms(1000), seen: .seconds(1))])
    }

    @Test("MRC large display: a 300 × 900 ad (270,000 pt²) at 35 % fires, a small one at 35 % does not")
    func mrcLargeDisplay() throws {
        func fired(_ ad: TrackedSection<String>, policy: ImpressionPolicy = .mrcLargeDisplay) throws -> [Impression<String>] {
            var engine = try Engine(policy: policy)
            try engine.setViewport(screen())
            try engine.setLayout([ad])
            return engine.advance(to: ms(3000))
        }
        // 315 of its 900 rows on screen: 94,500 / 270,000 = 35 %, above the 30 % rule.
        let large = section("large", rect(0, 285, 300, 900))
        #expect(try fired(large) == [impression("large", at: ms(1000), ratio: 0.35, seen: .seconds(1))])
        #expect(try fired(large, policy: .mrcDisplay) == [])
        // 300 × 200 = 60,000 pt², 70 rows on screen: 21,000 / 60,000 = 35 %, below 50 %.
        #expect(try fired(section("small", rect(0, 530, 300, 200))) == [])
        // The rule is inclusive: 250 × 970 = 242,500 pt² at exactly 30 % fires...
        #expect(try fired(section("edge", rect(0, 309, 250, 970))) == [impression("edge", at: ms(1000), ratio: 0.3, seen: .seconds(1))])
        // ...and 249 × 970 = 241,530 pt² needs 50 %.
        #expect(try fired(section("under", rect(0, 309, 249, 970))) == [])
        // fullArea, when given, decides: 90,000 pt² on screen is 45 % of 200,000 (small,
        // needs 50 %) but 37 % of 242,500 (large, needs 30 %).
        var declared = section("declared", rect(0, 300, 300, 300))
        declared.fullArea = 200_000
        #expect(try fired(declared) == [])
        declared.fullArea = 242_500
        #expect(try fired(declared) == [impression("declared", at: ms(1000), ratio: 90_000.0 / 242_500.0, seen: .seconds(1))])
    }

    @Test("a ratio hovering between the exit and entry ratios keeps counting only once it has entered")
    func hysteresis() throws {
        // An ad 200 high at 520...720: 80 of it on screen at y = 0 (40 %), 120 at y = 40
        // (60 %), 40 at y = -40 (20 %). Entry 50 %, exit 30 %.
        let ad = section("ad", rect(0, 520, 320, 200))
        let policy = ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .seconds(1), exitVisibleRatio: 0.3)
        var engine = try Engine(policy: policy)
        _ = engine.advance(to: .zero)
        try engine.setViewport(screen())
        try engine.setLayout([ad])
        // 40 % never enters.
        #expect(engine.advanceWithEvents(to: ms(1000)) == [])
        #expect(row("ad", in: engine.snapshot())?.notVisibleReason == .belowThreshold(ratio: 0.4, required: 0.5))
        // 60 % enters at 1.1 s; back at 40 % from 1.4 s it keeps counting.
        try engine.setViewport(screen(y: 40))
        #expect(engine.advanceWithEvents(to: ms(1300)) == [entered("ad", at: ms(1100), ratio: 0.6)])
        try engine.setViewport(screen())
        let counting = try #require(row("ad", in: engine.snapshot()))
        #expect(counting.isVisible && counting.consecutiveSamples == 3 && counting.visibleRatio == 0.4)
        #expect(engine.advanceWithEvents(to: ms(2500)) == [
            .impression(impression("ad", at: ms(2100), ratio: 0.4, seen: .seconds(1))),
        ])
        // 20 % is below the exit ratio: it exits at 2.6 s after 15 samples (1.1...2.5).
        try engine.setViewport(screen(y: -40))
        #expect(engine.advanceWithEvents(to: ms(2600)) == [exited("ad", at: ms(2600), stay: ms(1500), total: ms(1500))])
        // Back at 40 %: out of the run, it needs 50 % again.
        try engine.setViewport(screen())
        #expect(engine.advanceWithEvents(to: ms(5000)) == [])
        #expect(row("ad", in: engine.snapshot())?.notVisibleReason == .belowThreshold(ratio: 0.4, required: 0.5))

        // Without an exit ratio the same scroll leaves at 40 %, at 1.4 s, and never fires.
        var plain = try Engine()
        _ = plain.advance(to: .zero)
        try plain.setViewport(screen())
        try plain.setLayout([ad])
        _ = plain.advanceWithEvents(to: ms(1000))
        try plain.setViewport(screen(y: 40))
        #expect(plain.advanceWithEvents(to: ms(1300)) == [entered("ad", at: ms(1100), ratio: 0.6)])
        try plain.setViewport(screen())
        #expect(plain.advanceWithEvents(to: ms(2500)) == [exited("ad", at: ms(1400), stay: ms(300), total: ms(300))])
    }
}
