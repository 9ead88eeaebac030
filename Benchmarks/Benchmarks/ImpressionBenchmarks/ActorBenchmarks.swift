import Benchmark
import ImpressionTracking

/// The actor: the cost of crossing into it, and of delivering impressions.
///
/// - `ActorInputFlush`: one input (`setViewport`, jittering 16 pt so that no section
///   changes visibility) plus `flush()`, on a ``ManualClock`` advanced by one sample
///   interval first, so each repetition evaluates one sample inside the actor.
/// - `ActorDelivery10k-Nsub`: 10,000 tiny sections all on screen with the `.anyPixel`
///   policy fire together at one sample; the time until each of N consuming tasks has
///   received all 10,000 (N = 0: the sample and its publishing alone). `reset()` before
///   each iteration lets them fire again.
func registerActorBenchmarks() {
    for sectionCount in Feed.sectionCounts {
        let fixture = Fixture<TrackerRun>()
        Benchmark(
            "ActorInputFlush-\(Feed.label(sectionCount))",
            configuration: .perOperation(thresholds: [.mallocCountTotal: .strict]),
            closure: { benchmark async throws in
                let run = fixture.take()
                defer { fixture.store(run) }
                let restingTop = Feed.middleTop(sectionCount: sectionCount)
                try await benchmark.measuring {
                    for repetition in benchmark.scaledIterations {
                        run.clock.advance(by: Feed.sampleInterval)
                        let top = repetition.isMultiple(of: 2) ? restingTop + Feed.scrollStepPoints : restingTop
                        try await run.tracker.setViewport(Feed.viewport(top: top))
                        await run.tracker.flush()
                    }
                }
            },
            setup: { fixture.store(try await TrackerRun.atRest(sectionCount: sectionCount)) },
            teardown: { fixture.clear() }
        )
    }

    // 0 subscribers: the sample and its publishing alone, what the others' delivery adds to.
    for subscriberCount in [0, 1, 8] {
        let fixture = Fixture<DeliveryRun>()
        Benchmark(
            "ActorDelivery10k-\(subscriberCount)sub",
            configuration: .init(
                metrics: Benchmark.Configuration.timeAndMallocs,
                timeUnits: .microseconds,
                units: Benchmark.Configuration.exactUnits,
                warmupIterations: 3,
                maxDuration: .seconds(2),
                maxIterations: 500,
                // The runtime allocates when a batch resumes a waiting consumer, which
                // depends on scheduling: the count may vary a little from run to run.
                thresholds: [.mallocCountTotal: BenchmarkThresholds(relative: [.p90: 10])]
            ),
            closure: { benchmark async in
                let run = fixture.take()
                defer { fixture.store(run) }
                await run.tracker.reset()   // a new visit: every section may fire again
                run.clock.advance(by: Feed.sampleInterval)
                await benchmark.measuring {
                    await run.tracker.flush()
                    await run.waitUntilEveryConsumerHasReceivedTheFlush()
                }
            },
            setup: { fixture.store(try await DeliveryRun.make(subscriberCount: subscriberCount)) },
            teardown: { await fixture.take().finish() }
        )
    }
}

/// A tracker on a manual clock, at rest in the middle of the feed, past its first fires.
final class TrackerRun: Sendable {
    let clock: ManualClock
    let tracker: ImpressionTracker<Int>

    private init(clock: ManualClock, tracker: ImpressionTracker<Int>) {
        self.clock = clock
        self.tracker = tracker
    }

    static func atRest(sectionCount: Int) async throws -> TrackerRun {
        let clock = ManualClock()
        let tracker = try ImpressionTracker<Int>(clock: clock)
        try await tracker.setViewport(Feed.viewport(top: Feed.middleTop(sectionCount: sectionCount)))
        try await tracker.setLayout(Feed.sections(count: sectionCount))
        clock.advance(by: .seconds(2))
        await tracker.flush()
        return TrackerRun(clock: clock, tracker: tracker)
    }
}

/// A tracker whose every section fires at each sample after a reset, with consuming tasks
/// that count what they receive.
final class DeliveryRun {
    static let impressionsPerFlush = 10_000

    let clock: ManualClock
    let tracker: ImpressionTracker<Int>
    private let consumers: [Task<Void, Never>]
    /// One per consumer: a value each time it has received another `impressionsPerFlush`.
    private var batchesReceived: [AsyncStream<Void>.Iterator]

    private init(
        clock: ManualClock, tracker: ImpressionTracker<Int>,
        consumers: [Task<Void, Never>], batchesReceived: [AsyncStream<Void>.Iterator]
    ) {
        self.clock = clock
        self.tracker = tracker
        self.consumers = consumers
        self.batchesReceived = batchesReceived
    }

    static func make(subscriberCount: Int) async throws -> DeliveryRun {
        let clock = ManualClock()
        let tracker = try ImpressionTracker<Int>(policy: .anyPixel, clock: clock)
        try await tracker.setViewport(Feed.viewport(top: 0))
        try await tracker.setLayout(Feed.tinySections(count: impressionsPerFlush))
        var consumers: [Task<Void, Never>] = []
        var batchesReceived: [AsyncStream<Void>.Iterator] = []
        for _ in 0 ..< subscriberCount {
            let impressions = await tracker.impressions()
            let (batches, batchContinuation) = AsyncStream.makeStream(of: Void.self)
            consumers.append(Task {
                var received = 0
                for await impression in impressions {
                    blackHole(impression)
                    received += 1
                    if received == impressionsPerFlush {
                        received = 0
                        batchContinuation.yield()
                    }
                }
                batchContinuation.finish()
            })
            batchesReceived.append(batches.makeAsyncIterator())
        }
        return DeliveryRun(clock: clock, tracker: tracker, consumers: consumers, batchesReceived: batchesReceived)
    }

    /// Waits until every consumer has received the `impressionsPerFlush` impressions of
    /// one more flush.
    func waitUntilEveryConsumerHasReceivedTheFlush() async {
        for index in batchesReceived.indices {
            guard await batchesReceived[index].next() != nil else {
                fatalError("a consumer stopped before receiving its impressions")
            }
        }
    }

    /// Ends the subscriptions and waits for the consumers to finish.
    func finish() async {
        await tracker.finish()
        for consumer in consumers { await consumer.value }
    }
}
