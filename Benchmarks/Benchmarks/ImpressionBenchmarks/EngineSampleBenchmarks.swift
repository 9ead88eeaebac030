import Benchmark
import ImpressionTracking

/// An engine kept between iterations, with the time it has been advanced to.
struct EngineRun {
    var engine: ImpressionEngine<Int>
    var time: Duration
    var viewportTop: Double
}

extension EngineRun {
    /// An engine on the feed, at rest in its middle, two seconds in: what was on screen
    /// has fired, so the next samples fire nothing.
    static func atRest(sectionCount: Int) throws -> EngineRun {
        var engine = try ImpressionEngine<Int>()
        let top = Feed.middleTop(sectionCount: sectionCount)
        try engine.setViewport(Feed.viewport(top: top))
        try engine.setLayout(Feed.sections(count: sectionCount))
        let time = Duration.seconds(2)
        let fired = engine.advance(to: time)
        precondition(fired.count == 3, "expected the three sections on screen to fire, got \(fired.count)")
        return EngineRun(engine: engine, time: time, viewportTop: top)
    }
}

/// A steady sample: nothing moved, the engine advanced by exactly one sample interval.
///
/// Goals: the same cost at 1M sections as at 1k (within 1.5x), zero mallocs, and at
/// least 100x cheaper than the ZOZO baseline at 10k.
func registerEngineSampleBenchmarks() {
    for sectionCount in Feed.sectionCounts {
        let fixture = Fixture<EngineRun>()
        Benchmark(
            "SteadySample-\(Feed.label(sectionCount))",
            configuration: .perOperation(thresholds: [.mallocCountTotal: .strict]),
            closure: { benchmark in
                var run = fixture.take()
                defer { fixture.store(run) }
                benchmark.measuring {
                    for _ in benchmark.scaledIterations {
                        run.time += Feed.sampleInterval
                        blackHole(run.engine.advance(to: run.time))
                    }
                }
            },
            setup: { fixture.store(try EngineRun.atRest(sectionCount: sectionCount)) },
            teardown: { fixture.clear() }
        )
    }
}
