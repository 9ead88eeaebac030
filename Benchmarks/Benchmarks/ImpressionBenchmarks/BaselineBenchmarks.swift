import Benchmark
import ImpressionTracking
import ZOZOBaseline

/// The baseline: ZOZO's seed algorithm (``ZOZOBaselineTracker``) on the same feed, the
/// same sizes and the same operations as the engine, in the same run, so that every
/// engine figure reads as a ratio against it.
///
/// Goal: at 10,000 sections, the engine's steady sample at least 100x cheaper.
func registerBaselineBenchmarks() {
    for sectionCount in Feed.sectionCounts {
        let steady = Fixture<BaselineRun>()
        Benchmark(
            "BaselineSteadySample-\(Feed.label(sectionCount))",
            configuration: .baseline(sectionCount: sectionCount, scalingFactor: .one),
            closure: { benchmark in
                var run = steady.take()
                defer { steady.store(run) }
                benchmark.measuring {
                    for _ in benchmark.scaledIterations {
                        run.time += Feed.sampleInterval
                        blackHole(run.tracker.advance(to: run.time))
                    }
                }
            },
            setup: { steady.store(BaselineRun.atRest(sectionCount: sectionCount)) },
            teardown: { steady.clear() }
        )

        let scroll = Fixture<BaselineRun>()
        Benchmark(
            "BaselineScrollStep60Hz-\(Feed.label(sectionCount))",
            configuration: .baseline(sectionCount: sectionCount, scalingFactor: .kilo),
            closure: { benchmark in
                var run = scroll.take()
                defer { scroll.store(run) }
                benchmark.measuring {
                    for _ in benchmark.scaledIterations {
                        run.viewportTop = Feed.nextScrollTop(after: run.viewportTop, sectionCount: sectionCount)
                        run.tracker.setViewport(Feed.viewport(top: run.viewportTop))
                        run.time += Feed.frameInterval
                        blackHole(run.tracker.advance(to: run.time))
                    }
                }
            },
            setup: { scroll.store(BaselineRun.atRest(sectionCount: sectionCount)) },
            teardown: { scroll.clear() }
        )
    }
}

/// A baseline tracker at rest in the middle of the feed, two seconds in.
struct BaselineRun {
    var tracker: ZOZOBaselineTracker
    var time: Duration
    var viewportTop: Double

    static func atRest(sectionCount: Int) -> BaselineRun {
        let top = Feed.middleTop(sectionCount: sectionCount)
        var tracker = ZOZOBaselineTracker(sections: Feed.sections(count: sectionCount), viewport: Feed.viewport(top: top))
        let time = Duration.seconds(2)
        let fired = tracker.advance(to: time)
        precondition(fired.count == 3, "expected the three sections on screen to fire, got \(fired.count)")
        return BaselineRun(tracker: tracker, time: time, viewportTop: top)
    }
}

extension Benchmark.Configuration {
    /// A baseline benchmark. A steady sample scans the whole feed, well above the
    /// clock's resolution even at 1k, so it runs once per iteration; a scroll step samples
    /// once every six frames, so it runs a thousand times per iteration (about 167
    /// samples) to measure the average step. The figures are per operation either way.
    static func baseline(sectionCount: Int, scalingFactor: BenchmarkScalingFactor) -> Benchmark.Configuration {
        .init(
            metrics: timeAndMallocs,
            timeUnits: .nanoseconds,
            units: exactUnits,
            warmupIterations: sectionCount >= 1_000_000 && scalingFactor != .one ? 0 : 1,
            scalingFactor: scalingFactor,
            maxDuration: .seconds(1),
            maxIterations: 1_000
        )
    }
}
