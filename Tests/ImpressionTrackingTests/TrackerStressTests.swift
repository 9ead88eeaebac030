@_spi(Testing) @testable import ImpressionTracking
import Testing

/// Load, interleaving and teardown on the actor: many trackers at once, one tracker fed
/// from many tasks, `finish()` racing everything, and a tracker released while live.
///
/// The interleavings are arbitrary, so the expected impressions are not fixed in advance:
/// the actor records, from inside its isolation, the order in which it applied inputs,
/// subscriptions and `finish()` (an ``ActorLog``), and that order replayed into a plain
/// ``ImpressionEngine`` says exactly what each subscriber must have received.
///
/// Serialized: each test fills the cooperative pool with hundreds of tasks; one at a time,
/// they leave room for the rest of the suite. No outcome here depends on timing: slow
/// consumers are held back at a ``Gate``, and the bounded yields only vary interleavings.
@Suite("ImpressionTracker under load and concurrency", .serialized, .catchesHangs)
struct TrackerStressTests {
    // MARK: - Many trackers

    @Test("1,000 trackers fed from 1,000 concurrent tasks each give exactly the engine's impressions")
    func thousandTrackers() async throws {
        let trackerCount = 1_000
        let results = try await withThrowingTaskGroup(of: (seed: UInt64, expected: [Impression<Int>], got: [[Impression<Int>]]).self) { group in
            for seed in UInt64(1)...UInt64(trackerCount) {
                group.addTask {
                    var generator = SessionGenerator(seed: 10_000 + seed)
                    let session = generator.makeSession(stepCount: 30)
                    var engine = try ImpressionEngine<Int>(policy: session.policy, sampleInterval: session.sampleInterval)
                    var expected = await replay(session, into: &engine).flatMap(\.impressions)
                    expected += engine.advance(to: Self.end(of: session))
                    return (seed, expected, try await Self.trackerImpressions(for: session))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == trackerCount)
        for result in results {
            for (subscriber, got) in result.got.enumerated() where got != result.expected {
                Issue.record("seed \(result.seed), subscriber \(subscriber): expected \(result.expected), got \(got)")
            }
        }
        // Not degenerate: most trackers fire, so there is something to get wrong.
        #expect(results.filter { !$0.expected.isEmpty }.count > trackerCount / 2)
        #expect(results.map(\.expected.count).reduce(0, +) > 2 * trackerCount)
    }

    /// A time past the session's last step, so that runs in progress can complete.
    static func end(of session: Session<Int>) -> Duration {
        (session.steps.last?.time ?? .zero) + .seconds(3)
    }

    /// `session` through a tracker on a manual clock: what each of its three subscribers
    /// received (one consumed live, one held back until the end, one drained at the end).
    static func trackerImpressions(for session: Session<Int>) async throws -> [[Impression<Int>]] {
        let clock = ManualClock()
        let tracker = try ImpressionTracker<Int>(policy: session.policy, sampleInterval: session.sampleInterval, clock: clock)
        let gate = Gate()
        let live = consume(await tracker.impressions(), .fast)
        let slow = consume(await tracker.impressions(), .heldBack(gate))
        let drained = await tracker.impressions()
        for step in session.steps {
            clock.advance(to: ManualClock.Instant(offset: step.time))
            if case .input(let input) = step.action {
                _ = await tracker.perform(input)
            } else {
                await tracker.flush()
            }
        }
        clock.advance(to: ManualClock.Instant(offset: end(of: session)))
        await tracker.flush()
        await tracker.finish()
        gate.open()
        return [await live.value, await slow.value, await TrackerDeliveryTests.collect(drained)]
    }

    // MARK: - One tracker, many feeders, many subscribers

    @Test("one tracker fed from 8 tasks at once: 16 subscribers at different speeds see the same complete sequence, or a prefix when they cancel",
          arguments: [UInt64(1), 2, 3, 4])
    func oneTrackerManyFeedersAndSubscribers(seed: UInt64) async throws {
        let (session, inputs) = Self.inputs(seed: seed, count: 1_200)
        let clock = ManualClock()
        let tracker = try ImpressionTracker<Int>(policy: session.policy, sampleInterval: session.sampleInterval, clock: clock)
        let log = ActorLog()
        let gate = Gate()
        let consumerStyles = Self.consumerStyles(heldBackAt: gate)
        var consumers: [Task<[Impression<Int>], Never>] = []
        for (index, style) in consumerStyles.enumerated() {
            consumers.append(Self.consume(await tracker.impressions(subscriber: index, loggingTo: log), style))
        }

        await Self.feedConcurrently(tracker, clock: clock, inputs: inputs, feederCount: 8, maximumStep: .milliseconds(200),
                                    seed: seed, log: log)
        await Self.settle(tracker, clock: clock, log: log)
        let expected = try log.replay(policy: session.policy, sampleInterval: session.sampleInterval, finishing: false)
        #expect(expected.published.count >= 30, "only \(expected.published.count) impressions for seed \(seed)")

        // Those that stop early end on their own and leave the tracker.
        for (index, style) in consumerStyles.enumerated() where !style.keepsGoing {
            let received = await consumers[index].value
            #expect(Array(expected.published.prefix(received.count)) == received, "subscriber \(index) (\(style))")
            if case .leavesAfter(let count) = style { #expect(received.count == count) }
            if case .cancelsAfter(let count) = style { #expect(received.count >= count) }
        }
        #expect(await tracker.subscriberCount == consumerStyles.filter(\.keepsGoing).count)

        await tracker.finish(loggingTo: log)
        gate.open()
        for (index, style) in consumerStyles.enumerated() where style.keepsGoing {
            #expect(await consumers[index].value == expected.published, "subscriber \(index) (\(style))")
        }
        #expect(expected.rejectedInputs == log.rejectedInputCount)
    }

    // MARK: - finish() racing

    @Test("finish() racing inputs, ticks and new subscriptions: no hang, and every stream ends with exactly what was published while it was open",
          arguments: Array(UInt64(1)...UInt64(12)))
    func finishRacesEverything(seed: UInt64) async throws {
        let (session, inputs) = Self.inputs(seed: 100 + seed, count: 200)
        let clock = ManualClock()
        let tracker = try ImpressionTracker<Int>(policy: session.policy, sampleInterval: session.sampleInterval, clock: clock)
        let log = ActorLog()
        let gate = Gate()
        // Half the rounds tick with run() too: its flushes race everything else.
        let running: Task<Void, any Error>? = seed % 2 == 0 ? Task { try await tracker.run() } : nil
        var random = SplitMix64(seed: seed)
        let finishAfterYields = random.int(in: 0...400)

        let consumers = await withTaskGroup(of: [(Int, Task<[Impression<Int>], Never>)].self) { group in
            group.addTask {
                await Self.feedConcurrently(tracker, clock: clock, inputs: inputs, feederCount: 4,
                                            maximumStep: .milliseconds(300), seed: seed, log: log)
                return []
            }
            group.addTask {
                // New subscriptions keep arriving, before and after the finish.
                var consumers: [(Int, Task<[Impression<Int>], Never>)] = []
                for index in 0..<24 {
                    let stream = await tracker.impressions(subscriber: index, loggingTo: log)
                    consumers.append((index, Self.consume(stream, index % 3 == 0 ? .heldBack(gate) : .fast)))
                    for _ in 0..<index { await Task.yield() }
                }
                return consumers
            }
            group.addTask {
                for _ in 0..<finishAfterYields { await Task.yield() }
                await tracker.finish(loggingTo: log)
                return []
            }
            return await group.reduce(into: []) { $0 += $1 }
        }

        gate.open()
        let expected = try log.replay(policy: session.policy, sampleInterval: session.sampleInterval, finishing: false)
        #expect(consumers.count == 24)
        for (index, consumer) in consumers {
            let received = await consumer.value   // ends: finish() ended it, or it began ended
            let start = try #require(expected.subscriptionStarts[index])
            #expect(received == Array(expected.published[start...]), "subscriber \(index), seed \(seed)")
        }
        // Nothing is published after the finish, whatever comes next.
        let late = await tracker.impressions()
        await tracker.appear()
        clock.advance(by: .seconds(5))
        await tracker.flush()
        #expect(await TrackerDeliveryTests.collect(late).isEmpty)
        #expect(await tracker.subscriberCount == 0)
        if let running {
            // run() ends at its next tick on its own: no cancellation needed.
            clock.advance(by: session.sampleInterval)
            try await running.value
        }
    }

    // MARK: - Release

    @Test("a tracker released while run() and subscribers are live: once its task is cancelled the loop ends, streams finish, and nothing is left")
    func releasedWhileLive() async throws {
        let clock = ManualClock()
        var tracker: ImpressionTracker<Int>? = try ImpressionTracker<Int>(policy: .anyPixel, clock: clock)
        weak let weakTracker = tracker
        try await tracker?.setViewport(Rect(x: 0, y: 0, width: 100, height: 30))
        try await tracker?.setLayout(TrackerDeliveryTests.rows(3))
        let gate = Gate()
        var consumers: [Task<[Impression<Int>], Never>] = []
        for style in [ConsumerStyle.fast, .heldBack(gate), .fast] {
            consumers.append(Self.consume(await tracker!.impressions(), style))
        }
        let events = await tracker!.events(bufferingPolicy: .bufferingNewest(2))
        let running = Task { [tracker] in try await tracker?.run() }
        try await clock.waitForSleepers(count: 1)

        // The owner lets go. The running loop still holds the tracker: it keeps ticking
        // and publishing until its task is cancelled (the screen's task going away).
        tracker = nil
        clock.advance(by: .milliseconds(100))
        await weakTracker?.waitUntilCaughtUp()   // the tick at 0.1 s was flushed
        #expect(await weakTracker?.time == .milliseconds(100))
        #expect(weakTracker != nil)

        running.cancel()
        try await running.value
        gate.open()
        for consumer in consumers {
            #expect(await consumer.value.map(\.sectionID) == [0, 1, 2])
        }
        var eventCount = 0
        for await _ in events { eventCount += 1 }
        #expect(eventCount == 2)
        #expect(events.droppedCount == 4)
        #expect(weakTracker == nil)
        #expect(clock.sleeperCount == 0)
    }
}
