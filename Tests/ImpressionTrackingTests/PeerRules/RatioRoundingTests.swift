import Testing
@testable import ImpressionTracking

/// A policy's ``ImpressionPolicy/Rounding``, on worked examples: the ratio is rounded
/// before it is compared, reported and added up, and a policy without it counts as it
/// always did.
@Suite("Policy rounding of the measured ratio")
struct RatioRoundingTests {
    /// The OM SDK's integer `percentageInView`, floored: 248 of 500 points is 49.6 %,
    /// reported and compared as 49 %; 250 of 500 is 50 % and counts.
    @Test("floored to a percent: 49.6 % is 49 %, reported as 0.49; 50 % counts")
    func flooredPercentIsReported() throws {
        var policy = ImpressionPolicy.mrcDisplay
        policy.rounding = .floorToPercent
        policy.minimumDuration = .zero
        var engine = try makeEngine(policy: policy, showing: [
            section("under", rect(0, 600 - 248, 320, 500)),   // 248 of 500: 49.6 %
            section("half", rect(0, 600 - 250, 320, 500)),    // 250 of 500: 50 %
        ], viewport: rect(0, 0, 320, 600))
        #expect(row("under", in: engine.snapshot())?.visibleRatio == 0.49)
        #expect(row("under", in: engine.snapshot())?.notVisibleReason == .belowThreshold(ratio: 0.49, required: 0.5))
        #expect(engine.advance(to: .zero) == [impression("half", at: .zero, ratio: 0.5)])
    }

    /// A 49.5 % policy: 248 of 500 (49.6 %) meets it measured exactly, but the OM SDK
    /// says 49 %, which does not.
    @Test("floored to a percent: a policy between two whole percents is judged by the lower")
    func flooringChangesTheVerdict() throws {
        let shown = [section("ad", rect(0, 600 - 248, 320, 500))]
        var policy = ImpressionPolicy(minimumVisibleRatio: 0.495, minimumDuration: .zero, measure: .area)
        var exact = try makeEngine(policy: policy, showing: shown, viewport: rect(0, 0, 320, 600))
        #expect(exact.advance(to: .zero) == [impression("ad", at: .zero, ratio: 0.496)])
        policy.rounding = .floorToPercent
        var floored = try makeEngine(policy: policy, showing: shown, viewport: rect(0, 0, 320, 600))
        #expect(floored.advance(to: .seconds(1)).isEmpty)
    }

    /// 29 of 100 points is 0.29, whose `× 100` is 28.999…: it is 29 %, not 28 %.
    @Test("floored to a percent: a whole percent measured in floating point stays that percent")
    func wholePercentsStay() throws {
        var policy = ImpressionPolicy(minimumVisibleRatio: 0.29, minimumDuration: .zero, rounding: .floorToPercent)
        for percent in [29, 57, 58, 100, 1] {
            let engine = try makeEngine(policy: policy, showing: [section("s", rect(0, 600 - Double(percent), 320, 100))])
            #expect(row("s", in: engine.snapshot())?.visibleRatio == Double(percent) / 100, "\(percent) %")
        }
        policy.rounding = .exact
        #expect(policy.rounding.rounded(0.123456) == 0.123456)
    }

    /// The exit ratio compares the rounded ratio too: a counting section at 0.9999 under
    /// a hysteresis down to 1 stays in its run with snapping, and leaves it without.
    @Test("rounding applies before the exit ratio as well")
    func exitRatioSeesTheRoundedRatio() throws {
        var policy = ImpressionPolicy(minimumVisibleRatio: 1, minimumDuration: .seconds(1), measure: .area,
                                      rounding: .snapNearEnds)
        var engine = try makeEngine(policy: policy, showing: [section("s", rect(0, 0, 320, 10_000))],
                                    viewport: rect(0, 0, 320, 20_000))
        #expect(engine.advance(to: ms(500)).isEmpty)
        try engine.setViewport(rect(0, 1, 320, 20_000))   // 0.9999: snapped, still 1
        #expect(engine.advance(to: .seconds(1)) == [impression("s", at: .seconds(1), seen: .seconds(1))])
        policy.rounding = .exact
        var exact = try makeEngine(policy: policy, showing: [section("s", rect(0, 0, 320, 10_000))],
                                   viewport: rect(0, 0, 320, 20_000))
        #expect(exact.advance(to: ms(500)).isEmpty)
        try exact.setViewport(rect(0, 1, 320, 20_000))
        #expect(exact.advance(to: .seconds(2)).isEmpty)
    }

    /// Two policies that differ only in rounding measure apart (their ratios differ) in
    /// one engine, each as it would alone.
    @Test("policies that round differently share an engine and count as they would alone")
    func severalPolicies() throws {
        let whole = ImpressionPolicy(minimumVisibleRatio: 1, minimumDuration: .zero, measure: .area)
        var snapped = whole
        snapped.rounding = .snapNearEnds
        var engine = try Engine(policies: [whole, snapped])
        try engine.setViewport(rect(0, 1, 320, 20_000))
        try engine.setLayout([section("tall", rect(0, 0, 320, 10_000))])
        let fired = engine.advance(to: .zero)
        #expect(fired.map(\.policy) == [1])
        #expect(fired.map(\.visibleRatio) == [1])
    }
}
