@_spi(Testing) @testable import ImpressionTracking
import Testing

/// Delivery on the multi-policy actor: tagged impressions and events to every subscriber,
/// the tick loop, sent inputs, snapshots per policy, and ending cleanly. What each policy
/// fires is pinned by ``ImpressionTrackerPropertyTests``; here a `ManualClock` drives time.
@Suite("ImpressionTracker delivery", .catchesHangs)
struct ImpressionTrackerDeliveryTests {
    /// Policy 0 needs a second on screen; policy 1 fires at the first visible sample.
    static let policies = [ImpressionPolicy.default, ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .zero)]

    /// A tracker on a manual clock showing `rows(count)` (all on screen) under ``policies``.
    static func makeTracker(rows count: Int) async throws -> (ImpressionTracker<Int>, ManualClock) {
        let clock = ManualClock()
        let tracker = try ImpressionTracker<Int>(policies: policies, clock: clock)
        try await tracker.setViewport(Rect(x: 0, y: 0, width: 100, height: Double(count) * 10))
        try await tracker.setLayout(TrackerDeliveryTests.rows(count))
        return (tracker, clock)
    }

    /// What `rows(3)` fires by 1.1 s: inputs at 0 come after the sample at 0, so policy 1
    /// fires at 0.1 s, policy 0 at 1.1 s, each in layout order.
    static let expectedForThreeRows: [Impression<Int>] =
        (0..<3).map { Impression(sectionID: $0, time: .milliseconds(100), visibleRatio: 1, visibleDuration: .zero, visit: 1,
                                 policy: 1) }
        + (0..<3).map { Impression(sectionID: $0, time: .milliseconds(1100), visibleRatio: 1, visibleDuration: .seconds(1),
                                   visit: 1, policy: 0) }

    static func collect<Element: Sendable>(_ subscription: TrackerSubscription<Element>) async -> [Element] {
        await ImpressionTrackerPropertyTests.collect(subscription)
    }

    /// With an events subscriber, impressions are taken from the events; without, the
    /// engine reports impressions alone.
    @Test("every subscriber receives every impression tagged with its policy, in order", arguments: [false, true])
    func severalSubscribers(withEvents: Bool) async throws {
        let (tracker, clock) = try await Self.makeTracker(rows: 3)
        let events = withEvents ? await tracker.events() : nil
        let subscriptions = [await tracker.impressions(), await tracker.impressions(), await tracker.impressions()]
        clock.advance(by: .milliseconds(1100))
        await tracker.flush()
        await tracker.finish()
        for subscription in subscriptions {
            #expect(await Self.collect(subscription) == Self.expectedForThreeRows)
        }
        #expect(await tracker.publishedImpressionCount == 6)
        if let events {
            #expect(await Self.collect(events).compactMap(\.impression) == Self.expectedForThreeRows)
        }
    }

    @Test("run() alone publishes to a subscriber consumed live; finish() makes it return")
    func runTicksForEveryPolicy() async throws {
        let (tracker, clock) = try await Self.makeTracker(rows: 3)
        let subscription = await tracker.impressions()
        let consumer = Task { await Self.collect(subscription) }
        let running = Task { try await tracker.run() }
        for _ in 0..<12 {
            await tracker.waitUntilCaughtUp()
            clock.advance(by: .milliseconds(100))
        }
        await tracker.waitUntilCaughtUp()
        await tracker.finish()
        try await running.value
        #expect(await consumer.value == Self.expectedForThreeRows)
        await #expect(throws: ImpressionTrackerError.finished) { try await tracker.run() }
    }

    @Test("events are tagged with their policy, and are each policy's own tracker's")
    func taggedEvents() async throws {
        let (tracker, clock) = try await Self.makeTracker(rows: 1)
        let singles = try Self.policies.map { try ImpressionTracker<Int>(policy: $0, clock: clock) }
        for single in singles {
            try await single.setViewport(Rect(x: 0, y: 0, width: 100, height: 10))
            try await single.setLayout(TrackerDeliveryTests.rows(1))
        }
        let events = await tracker.events()
        let singleEvents = [await singles[0].events(), await singles[1].events()]
        clock.advance(by: .milliseconds(1100))
        try await tracker.setViewport(Rect(x: 0, y: 500, width: 100, height: 10))   // row 0 leaves at 1.2 s
        for single in singles { try await single.setViewport(Rect(x: 0, y: 500, width: 100, height: 10)) }
        clock.advance(by: .milliseconds(100))
        await tracker.flush()
        await tracker.finish()
        for single in singles {
            await single.flush()
            await single.finish()
        }
        let received = await Self.collect(events)
        // At 0.1 s both enter, policy 1 fires; policy 0 fires at 1.1 s; both exit at 1.2 s.
        #expect(received.map { "\($0.policy) \(Self.kind(of: $0)) \($0.time)" } == [
            "0 entered 0.1 seconds", "1 entered 0.1 seconds", "1 impression 0.1 seconds", "0 impression 1.1 seconds",
            "0 exited 1.2 seconds", "1 exited 1.2 seconds",
        ])
        for policy in Self.policies.indices {
            #expect(received.filter { $0.policy == policy }
                == (await Self.collect(singleEvents[policy])).map { $0.underPolicy(policy) })
        }
    }

    @Test("finish() ends every subscription, later ones end at once, and nothing more is published")
    func finishEndsSubscriptions() async throws {
        let (tracker, clock) = try await Self.makeTracker(rows: 1)
        let impressions = await tracker.impressions()
        let events = await tracker.events()
        let impressionConsumer = Task { await Self.collect(impressions) }
        let eventConsumer = Task { await Self.collect(events) }
        clock.advance(by: .milliseconds(100))
        await tracker.flush()
        await tracker.finish()
        #expect(await impressionConsumer.value.map(\.policy) == [1])
        #expect(await eventConsumer.value.map(\.policy) == [0, 1, 1])
        #expect(await tracker.subscriberCount == 0)

        let afterFinish = await tracker.impressions()
        let eventsAfterFinish = await tracker.events(bufferingPolicy: .bufferingNewest(1))
        try await tracker.setLayout(TrackerDeliveryTests.rows(1))
        clock.advance(by: .seconds(2))
        await tracker.flush()
        #expect(afterFinish.endsAtOnce())
        #expect(eventsAfterFinish.endsAtOnce())
        #expect(await tracker.publishedImpressionCount == 1)
    }

    @Test("run() throws when another run() is in progress")
    func runStates() async throws {
        let (tracker, _) = try await Self.makeTracker(rows: 1)
        let running = Task { try await tracker.run() }
        await tracker.waitUntilCaughtUp()
        await #expect(throws: ImpressionTrackerError.alreadyRunning) { try await tracker.run() }
        running.cancel()
        try await running.value   // ends quietly on cancellation
    }

    @Test("send() applies under every policy at the time it was sent, and counts what is refused")
    func sentInputs() async throws {
        let clock = ManualClock()
        let tracker = try ImpressionTracker<Int>(policies: Self.policies, clock: clock)
        let subscription = await tracker.impressions()
        try await tracker.setLayout(TrackerDeliveryTests.rows(3))
        clock.advance(by: .milliseconds(50))
        tracker.send(.viewport(Rect(x: 0, y: 0, width: 100, height: 30)))   // from 0.1 s on
        tracker.send(.viewport(Rect(x: 0, y: 0, width: -1, height: 30)))    // refused
        clock.advance(by: .milliseconds(1050))
        await tracker.flush()
        await tracker.finish()
        #expect(await Self.collect(subscription) == Self.expectedForThreeRows)
        #expect(await tracker.rejectedSentInputCount == 1)
        #expect(await tracker.lastSentInputError?.code == .invalidViewport)
    }

    @Test("snapshot(policy:) is that policy's state")
    func snapshotPerPolicy() async throws {
        let (tracker, clock) = try await Self.makeTracker(rows: 3)
        clock.advance(by: .milliseconds(500))
        #expect(await tracker.snapshot(policy: 0).sections.filter(\.hasFiredThisVisit).isEmpty)
        #expect(await tracker.snapshot(policy: 1).sections.filter(\.hasFiredThisVisit).count == 3)
        #expect(await tracker.snapshot(of: 2, policy: 1)?.hasFiredThisVisit == true)
        #expect(await tracker.time == .milliseconds(500))
    }

    @Test("a multi-policy tracker that goes away ends its subscriptions")
    func trackerDeinitEndsSubscriptions() async throws {
        var tracker: ImpressionTracker<Int>? = try ImpressionTracker<Int>(policies: Self.policies, clock: ManualClock())
        weak let weakTracker = tracker
        let impressions = await tracker!.impressions()
        let events = await tracker!.events()
        tracker = nil
        #expect(weakTracker == nil)
        #expect(impressions.endsAtOnce())
        #expect(events.endsAtOnce())
    }

    static func kind(of event: VisibilityEvent<Int>) -> String {
        switch event {
        case .entered: "entered"
        case .impression: "impression"
        case .exited: "exited"
        }
    }
}
