@_spi(Testing) @testable import ImpressionTracking
import Testing

/// Delivery on the actor: subscriptions, ordering, the tick loop, and ending cleanly.
/// Semantics are tested on the engine; here a `ManualClock` drives time.
@Suite("ImpressionTracker delivery", .catchesHangs)
struct TrackerDeliveryTests {
    static let screen = Rect(x: 0, y: 0, width: 100, height: 100)

    /// `count` sections of 10 pt stacked from the top, all on screen when `count <= 10`.
    static func rows(_ count: Int) -> [TrackedSection<Int>] {
        (0..<count).map { TrackedSection(id: $0, cells: [Rect(x: 0, y: Double($0) * 10, width: 100, height: 10)]) }
    }

    /// A tracker on a manual clock showing `rows(count)` with the given policy.
    static func makeTracker(
        rows count: Int = 3, policy: ImpressionPolicy = .default
    ) async throws -> (ImpressionTracker<Int>, ManualClock) {
        let clock = ManualClock()
        let tracker = try ImpressionTracker<Int>(policy: policy, clock: clock)
        try await tracker.setViewport(Rect(x: 0, y: 0, width: 100, height: Double(max(count, 1)) * 10))
        try await tracker.setLayout(rows(count))
        return (tracker, clock)
    }

    static func collect(_ stream: TrackerSubscription<Impression<Int>>) async -> [Impression<Int>] {
        var received: [Impression<Int>] = []
        for await impression in stream { received.append(impression) }
        return received
    }

    @Test("every subscriber receives every impression, in order")
    func severalSubscribers() async throws {
        let (tracker, clock) = try await Self.makeTracker(rows: 3)
        let streams = [await tracker.impressions(), await tracker.impressions(), await tracker.impressions()]
        clock.advance(by: .milliseconds(1100))
        await tracker.flush()
        await tracker.finish()
        var results: [[Impression<Int>]] = []
        for stream in streams { results.append(await Self.collect(stream)) }
        // Inputs at t = 0 come after the sample at 0, so the first visible sample is 0.1 s.
        #expect(results[0].map(\.sectionID) == [0, 1, 2])
        #expect(results[0].allSatisfy { $0.time == .milliseconds(1100) })
        #expect(results[1] == results[0])
        #expect(results[2] == results[0])
    }

    @Test("a late subscriber receives only what is published after it subscribed")
    func lateSubscriber() async throws {
        let (tracker, clock) = try await Self.makeTracker(rows: 2)
        let early = await tracker.impressions()
        clock.advance(by: .milliseconds(1100))
        await tracker.flush()                       // sections 0 and 1 fire
        let late = await tracker.impressions()
        try await tracker.setLayout(Self.rows(3))   // section 2 joins
        try await tracker.setViewport(Rect(x: 0, y: 0, width: 100, height: 30))
        clock.advance(by: .milliseconds(1100))   // visible from 1.2 s, fires at 2.2 s
        await tracker.flush()
        await tracker.finish()
        #expect(await Self.collect(early).map(\.sectionID) == [0, 1, 2])
        #expect(await Self.collect(late).map(\.sectionID) == [2])
    }

    @Test("a cancelled subscriber is removed without disturbing the others")
    func cancelledSubscriber() async throws {
        let (tracker, clock) = try await Self.makeTracker(rows: 1, policy: .anyPixel)
        let kept = await tracker.impressions()
        let cancelled = await tracker.impressions()
        #expect(await tracker.subscriberCount == 2)
        let consumer = Task { await Self.collect(cancelled) }
        consumer.cancel()
        let cancelledReceived = await consumer.value
        #expect(cancelledReceived.isEmpty)
        #expect(await tracker.subscriberCount == 1)

        clock.advance(by: .milliseconds(100))
        await tracker.flush()
        await tracker.finish()
        #expect(await Self.collect(kept).map(\.sectionID) == [0])
    }

    @Test("finish() ends every subscription, and later ones end at once")
    func finishEndsSubscriptions() async throws {
        let (tracker, clock) = try await Self.makeTracker(rows: 1, policy: .anyPixel)
        let stream = await tracker.impressions()
        let consumer = Task { await Self.collect(stream) }
        clock.advance(by: .milliseconds(100))
        await tracker.flush()
        await tracker.finish()
        #expect(await consumer.value.map(\.sectionID) == [0])
        #expect(await tracker.subscriberCount == 0)

        let afterFinish = await tracker.impressions()
        try await tracker.setLayout(Self.rows(2))
        clock.advance(by: .seconds(1))
        await tracker.flush()
        #expect(await Self.collect(afterFinish).isEmpty)
    }

    @Test("a consumer held back while 10,000 impressions are published loses none of them")
    func slowConsumer() async throws {
        let sectionCount = 5_000
        let clock = ManualClock()
        let tracker = try ImpressionTracker<Int>(policy: .anyPixel, clock: clock)
        let stream = await tracker.impressions()
        let fast = await tracker.impressions()
        // A grid of 5,000 small sections, all on screen at once.
        let sections = (0..<sectionCount).map { index in
            TrackedSection(id: index, cells: [Rect(x: Double(index % 100), y: Double(index / 100), width: 1, height: 1)])
        }
        try await tracker.setViewport(Rect(x: 0, y: 0, width: 100, height: 50))
        try await tracker.setLayout(sections)
        // The slow consumer takes one impression, then waits at a gate the test opens
        // only once everything is published: it lags by all the rest, whatever the load.
        let gate = Gate()
        let tookFirst = Gate()
        let slow = Task {
            var received: [Int] = []
            for await impression in stream {
                received.append(impression.sectionID)
                if received.count == 1 {
                    tookFirst.open()
                    await gate.wait()
                }
            }
            return received
        }
        clock.advance(by: .milliseconds(100))
        await tracker.flush()
        // A second round: a new visit fires them all again.
        await tracker.disappear()
        await tracker.appear()
        clock.advance(by: .milliseconds(100))
        await tracker.flush()
        await tracker.finish()
        await tookFirst.wait()
        // Everything is published and the stream is finished while the consumer holds 1.
        #expect(await tracker.publishedImpressionCount == 2 * sectionCount)
        gate.open()
        let expected = Array(0..<sectionCount) + Array(0..<sectionCount)
        #expect(await slow.value == expected)
        #expect(await Self.collect(fast).map(\.sectionID) == expected)
    }

    @Test("an input first brings the engine up to the clock, so due samples see the old state")
    func inputsCatchUp() async throws {
        let (tracker, clock) = try await Self.makeTracker(rows: 1)
        let stream = await tracker.impressions()
        clock.advance(by: .milliseconds(1100))
        // No flush yet: the tick is late. Scrolling away must not lose the samples due.
        try await tracker.setViewport(Rect(x: 0, y: 500, width: 100, height: 100))
        await tracker.finish()
        let received = await Self.collect(stream)
        #expect(received.map(\.time) == [.milliseconds(1100)])
    }

    @Test("run() ticks on the clock and publishes without any flush by hand")
    func runTicks() async throws {
        let (tracker, clock) = try await Self.makeTracker(rows: 1)
        let stream = await tracker.impressions()
        let running = Task { try await tracker.run() }
        var iterator = stream.makeAsyncIterator()
        // Move the clock one interval at a time once the loop has caught up with it.
        let driver = Task {
            for _ in 0..<30 {
                await tracker.waitUntilCaughtUp()
                clock.advance(by: .milliseconds(100))
            }
        }
        let first = await iterator.next()
        #expect(first?.sectionID == 0)
        #expect(first?.time == .milliseconds(1100))
        await driver.value
        running.cancel()
        try await running.value   // ends quietly on cancellation
        #expect(await tracker.time >= .milliseconds(1100))
    }

    @Test("run() sleeps on the clock only while something can fire, and wakes for an input")
    func runSleepsOnlyWhenSomethingIsDue() async throws {
        let (tracker, clock) = try await Self.makeTracker(rows: 1)   // row 0 on screen, 1 s to go
        let stream = await tracker.impressions()
        let running = Task { try await tracker.run() }
        await tracker.waitUntilCaughtUp()
        // Parked; its sleep registers with the clock a moment later.
        try await clock.waitForSleepers(count: 1)   // until 1.1 s, when row 0 completes its run
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .milliseconds(1100))
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next()?.time == .milliseconds(1100))
        await tracker.waitUntilCaughtUp()
        #expect(clock.sleeperCount == 0)      // everything on screen fired: no tick at all
        clock.advance(by: .seconds(3600))    // an hour at rest: now 3601.1 s
        // Inputs wake the loop for the next sample, then for the new row's impression.
        try await tracker.setLayout(Self.rows(2))
        try await tracker.setViewport(Rect(x: 0, y: 10, width: 100, height: 10))
        await tracker.waitUntilCaughtUp()
        try await clock.waitForSleepers(count: 1)
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(2))
        let next = await iterator.next()
        #expect(next?.sectionID == 1)
        #expect(next?.time == .milliseconds(3_602_200))   // seen from 3601.2 s, for 1 s
        running.cancel()
        try await running.value
    }

    @Test("run() throws when another run() is in progress, and after finish()")
    func runStates() async throws {
        let (tracker, _) = try await Self.makeTracker(rows: 1)
        let running = Task { try await tracker.run() }
        await tracker.waitUntilCaughtUp()
        await #expect(throws: ImpressionTrackerError.alreadyRunning) { try await tracker.run() }
        await tracker.finish()   // the loop ends without waiting for a tick
        try await running.value
        await #expect(throws: ImpressionTrackerError.finished) { try await tracker.run() }
    }

    @Test("a tracker that goes away ends its subscriptions")
    func trackerDeinitEndsSubscriptions() async throws {
        var tracker: ImpressionTracker<Int>? = try ImpressionTracker<Int>(clock: ManualClock())
        weak let weakTracker = tracker
        let impressions = await tracker!.impressions()
        let events = await tracker!.events(bufferingPolicy: .bufferingNewest(1))
        tracker = nil
        // Nothing else held it, so its deinit has run. It must have ended both streams:
        // probed, each returns nil at once instead of waiting for what can never come.
        #expect(weakTracker == nil)
        #expect(impressions.endsAtOnce())
        #expect(events.endsAtOnce())
    }

    @Test("an invalid configuration is refused by the initialiser, naming the value")
    func invalidConfiguration() {
        let clock = ManualClock()
        #expect(throws: ConfigurationError.ratioOutOfRange(2)) {
            try ImpressionTracker<Int>(policy: ImpressionPolicy(minimumVisibleRatio: 2), clock: clock)
        }
        #expect(throws: ConfigurationError.nonPositiveSampleInterval(.zero)) {
            try ImpressionTracker<Int>(sampleInterval: .zero, clock: clock)
        }
    }

    @Test("run() after finish() throws instead of returning as if it had run")
    func runAfterFinish() async throws {
        let tracker = try ImpressionTracker<Int>(clock: ManualClock())
        await tracker.finish()
        await #expect(throws: ImpressionTrackerError.finished) { try await tracker.run() }
    }

    @Test("the real clock ticks: an impression arrives on ContinuousClock")
    func realClockLiveness() async throws {
        // The one test on the wall clock: a 10 ms interval and an immediate policy.
        let tracker = try ImpressionTracker<Int>(policy: .anyPixel, sampleInterval: .milliseconds(10))
        try await tracker.setViewport(Self.screen)
        try await tracker.setLayout(Self.rows(1))
        let stream = await tracker.impressions()
        let running = Task { try await tracker.run() }
        var iterator = stream.makeAsyncIterator()
        let first = await iterator.next()
        #expect(first?.sectionID == 0)
        running.cancel()
        try await running.value
    }
}
