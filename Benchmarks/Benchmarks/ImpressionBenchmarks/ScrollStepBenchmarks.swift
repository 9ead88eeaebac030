import Benchmark
import ImpressionTracking

/// A 60 Hz scroll step: the viewport moved 16 pt down, then the engine advanced by one
/// frame (16.7 ms), so about one step in six evaluates a sample.
///
/// At 16 pt per frame (958 pt/s) a 308 pt section stays at or above half its height on
/// screen for 0.88 s, less than the 1 s the default policy needs: the scroll fires
/// nothing, and what is measured is the cost of tracking alone. The scroll wraps back to
/// the top before running off the end of the feed.
///
/// Goals: the same cost at 1M sections as at 1k (within 1.5x), zero mallocs.
func registerScrollStepBenchmarks() {
    for sectionCount in Feed.sectionCounts {
        let fixture = Fixture<EngineRun>()
        Benchmark(
            "ScrollStep60Hz-\(Feed.label(sectionCount))",
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
            setup: { fixture.store(try EngineRun.atRest(sectionCount: sectionCount)) },
            teardown: { fixture.clear() }
        )
    }
}
