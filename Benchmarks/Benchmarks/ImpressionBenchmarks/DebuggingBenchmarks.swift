import Benchmark
import ImpressionTracking

/// What the debugging aids cost: recording a trace, and an overlay's snapshot.
///
/// - `ScrollStep60HzRecorded-10k` is `ScrollStep60Hz-10k` with a ``TraceRecorder``: each
///   step writes its viewport line, and the lines are read as an app's task would read
///   them (every 1,000 steps, inside the measurement). The difference from
///   `ScrollStep60Hz-10k` is the recorder's cost per input, writing and reading.
/// - `OverlaySnapshot-*` is one ``ImpressionEngine/overlaySnapshot(policy:)`` of the
///   engine at rest in the middle of the feed: what the tracker takes after each sample
///   while an overlay is subscribed. Compare it with `SteadySample-*`, the sample itself;
///   the goal is the same cost at 1M sections as at 1k.
func registerDebuggingBenchmarks() {
    let recorded = Fixture<RecordedRun>()
    Benchmark(
        "ScrollStep60HzRecorded-10k",
        configuration: .perOperation(),
        closure: { benchmark async throws in
            var run = recorded.take()
            defer { recorded.store(run) }
            try await benchmark.measuring {
                for _ in benchmark.scaledIterations {
                    run.run.viewportTop = Feed.nextScrollTop(after: run.run.viewportTop, sectionCount: 10_000)
                    try run.run.engine.setViewport(Feed.viewport(top: run.run.viewportTop))
                    run.run.time += Feed.frameInterval
                    blackHole(run.run.engine.advance(to: run.run.time))
                    run.unread += 1
                    if run.unread == 1_000 { await run.read() }
                }
            }
        },
        setup: { recorded.store(try await RecordedRun.make()) },
        teardown: { recorded.clear() }
    )

    for sectionCount in [1_000, 10_000, 1_000_000] {
        let fixture = Fixture<EngineRun>()
        Benchmark(
            "OverlaySnapshot-\(Feed.label(sectionCount))",
            configuration: .perOperation(),
            closure: { benchmark in
                let run = fixture.take()
                defer { fixture.store(run) }
                benchmark.measuring {
                    for _ in benchmark.scaledIterations { blackHole(run.engine.overlaySnapshot()) }
                }
            },
            setup: { fixture.store(try EngineRun.atRest(sectionCount: sectionCount)) },
            teardown: { fixture.clear() }
        )
    }
}

/// An engine at rest on a feed of 10k sections, recording, with the lines not yet read.
struct RecordedRun {
    var run: EngineRun
    let recorder: TraceRecorder
    var lines: TrackerSubscription<String>.Iterator
    var unread = 0

    static func make() async throws -> RecordedRun {
        let recorder = TraceRecorder(bufferLimit: 4_096)
        var engine = try ImpressionEngine<Int>(recorder: recorder)
        let top = Feed.middleTop(sectionCount: 10_000)
        try engine.setViewport(Feed.viewport(top: top))
        try engine.setLayout(Feed.sections(count: 10_000))
        _ = engine.advance(to: .seconds(2))
        var run = RecordedRun(run: EngineRun(engine: engine, time: .seconds(2), viewportTop: top), recorder: recorder,
                              lines: recorder.lines.makeAsyncIterator(), unread: 3)
        await run.read()
        return run
    }

    /// Reads what was written since the last read, as the app's task would.
    mutating func read() async {
        for _ in 0..<unread { blackHole(await lines.next()) }
        unread = 0
        precondition(recorder.droppedLineCount == 0, "the benchmark's reader fell behind")
    }
}
