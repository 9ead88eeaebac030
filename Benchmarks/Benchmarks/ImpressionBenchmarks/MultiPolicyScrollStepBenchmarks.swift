import Benchmark
import ImpressionTracking

/// The 60 Hz scroll step of `ScrollStep60Hz` under several policies at once: the README's
/// four, and twenty-five (every preset, a range of ratios and durations, a focus rule,
/// cumulative timing with a cooldown), on the 10k feed. Read next to `ScrollStep60Hz-10k`
/// from the same run, the time says what each policy adds to one engine's; some of these
/// policies fire during the scroll (`any-pixel` at once), so the count includes one array
/// per `advance` that fires.
///
/// Goals: no allocation per step under the four, whose policies fire nothing during the
/// scroll (checked in CI); under the twenty-five, one array per `advance` that fires, and
/// a time that says what the policies cost.
func registerMultiPolicyScrollStepBenchmarks() {
    let sectionCount = 10_000
    for (label, policies) in [("4Policies", MultiPolicyRun.fourPolicies), ("25Policies", MultiPolicyRun.twentyFivePolicies)] {
        let fixture = Fixture<MultiPolicyRun>()
        Benchmark(
            "ScrollStep60Hz\(label)-\(Feed.label(sectionCount))",
            configuration: .perOperation(thresholds: [.mallocCountTotal: .strict]),
            closure: { benchmark throws in
                var run = fixture.take()
                defer { fixture.store(run) }
                try benchmark.measuring {
                    for _ in benchmark.scaledIterations {
                        run.viewportTop = Feed.nextScrollTop(after: run.viewportTop, sectionCount: sectionCount)
                        try run.engine.setViewport(Feed.viewport(top: run.viewportTop))
                        run.time += Feed.frameInterval
                        blackHole(run.engine.advance(to: run.time))
                    }
                }
            },
            setup: { fixture.store(try MultiPolicyRun.atRest(sectionCount: sectionCount, policies: policies)) },
            teardown: { fixture.clear() }
        )
    }
}

/// A multi-policy engine kept between iterations, as ``EngineRun`` keeps one engine.
struct MultiPolicyRun {
    var engine: ImpressionEngine<Int>
    var time: Duration
    var viewportTop: Double

    /// The engine on the feed, at rest in its middle, two seconds in.
    static func atRest(sectionCount: Int, policies: [ImpressionPolicy]) throws -> MultiPolicyRun {
        var engine = try ImpressionEngine<Int>(policies: policies)
        let top = Feed.middleTop(sectionCount: sectionCount)
        try engine.setViewport(Feed.viewport(top: top))
        try engine.setLayout(Feed.sections(count: sectionCount))
        let time = Duration.seconds(2)
        blackHole(engine.advance(to: time))
        return MultiPolicyRun(engine: engine, time: time, viewportTop: top)
    }

    /// `impressions simulate`'s four in the README.
    static let fourPolicies: [ImpressionPolicy] = [.default, .mrcDisplay, .abema, .mrcVideo]

    /// The twenty-five of `Benchmarks/multi-policy-cost.sh`.
    static var twentyFivePolicies: [ImpressionPolicy] {
        func variant(ratio: Double, duration: Duration = .seconds(1), _ change: (inout ImpressionPolicy) -> Void = { _ in })
            -> ImpressionPolicy {
            var policy = ImpressionPolicy.default
            policy.minimumVisibleRatio = ratio
            policy.minimumDuration = duration
            change(&policy)
            return policy
        }
        var policies: [ImpressionPolicy] = [
            .default, .mrcDisplay, .abema, .sarahCell, .zozoModule, .cookpadShowContent, .anyPixel, .mrcVideo,
            .mrcLargeDisplay, .viewportRelative, .mrcNewsfeedSubSecond,
        ]
        policies += [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1].map { variant(ratio: $0) }
        policies.append(variant(ratio: 0.5, duration: .seconds(2)))
        policies.append(variant(ratio: 1) { $0.largeSectionRule = .focus(fraction: 0.5) })
        policies.append(variant(ratio: 0.5) { $0.timing = .cumulative; $0.cooldown = .seconds(30) })
        policies.append(variant(ratio: 0.5, duration: .seconds(3)))
        policies.append(variant(ratio: 0.25, duration: .milliseconds(500)))
        return policies
    }
}
