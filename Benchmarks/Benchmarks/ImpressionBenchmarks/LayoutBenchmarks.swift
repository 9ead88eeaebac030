import Benchmark
import ImpressionTracking

/// A full `setLayout` of the feed, with the sections array built outside the measurement.
///
/// - `LayoutInitial`: a new engine takes the feed. The previous iteration's engine is
///   freed before the measurement and the new one kept after it, so `memoryLeakedBytes`
///   (bytes allocated minus bytes freed while measuring) is the heap the engine keeps:
///   divided by the section count, the memory per section, whose goal is under 200
///   bytes plus its cells (2 x 32 bytes here).
/// - `LayoutReplace`: an engine holding the feed takes it again: every section is
///   matched by id to carry its counters over, and the old layout is freed.
///
/// Goal: under 1 s at 1,000,000 sections.
func registerLayoutBenchmarks() {
    for sectionCount in Feed.sectionCounts {
        let initial = Fixture<LayoutRun>()
        Benchmark(
            "LayoutInitial-\(Feed.label(sectionCount))",
            configuration: .layout(sectionCount: sectionCount, extraMetrics: [.memoryLeakedBytes]),
            closure: { benchmark throws in
                var run = initial.take()
                defer { initial.store(run) }
                // Free the previous iteration's engine before measuring.
                run.engine = nil
                run.engine = try benchmark.measuring {
                    var engine = try ImpressionEngine<Int>()
                    try engine.setLayout(run.sections)
                    return engine
                }
            },
            setup: { initial.store(LayoutRun(sections: Feed.sections(count: sectionCount), engine: nil)) },
            teardown: { initial.clear() }
        )

        let replace = Fixture<LayoutRun>()
        Benchmark(
            "LayoutReplace-\(Feed.label(sectionCount))",
            configuration: .layout(sectionCount: sectionCount),
            closure: { benchmark throws in
                var run = replace.take()
                defer { replace.store(run) }
                guard var engine = run.engine.take() else { fatalError("the benchmark's setup did not run") }
                defer { run.engine = engine }
                try benchmark.measuring {
                    try engine.setLayout(run.sections)
                }
            },
            setup: {
                let sections = Feed.sections(count: sectionCount)
                var engine = try ImpressionEngine<Int>()
                try engine.setViewport(Feed.viewport(top: Feed.middleTop(sectionCount: sectionCount)))
                try engine.setLayout(sections)
                _ = engine.advance(to: .seconds(2))
                replace.store(LayoutRun(sections: sections, engine: engine))
            },
            teardown: { replace.clear() }
        )
    }
}

/// The prebuilt feed, and the engine that took it.
struct LayoutRun {
    var sections: [TrackedSection<Int>]
    var engine: ImpressionEngine<Int>?
}

extension Benchmark.Configuration {
    /// A benchmark of one `setLayout`: fewer iterations for the large feeds, where one
    /// iteration takes a large part of a second.
    static func layout(sectionCount: Int, extraMetrics: [BenchmarkMetric] = []) -> Benchmark.Configuration {
        .init(
            metrics: timeAndMallocs + extraMetrics,
            timeUnits: .microseconds,
            units: exactUnits,
            warmupIterations: 1,
            maxDuration: .seconds(2),
            maxIterations: sectionCount >= 1_000_000 ? 5 : 100
        )
    }
}
