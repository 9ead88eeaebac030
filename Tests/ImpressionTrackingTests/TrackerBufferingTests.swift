@testable import ImpressionTracking
import Testing

/// Subscriber buffers: unbounded by default so nothing is lost; bounded on request, and
/// then every drop is counted on the subscription, never silent.
@Suite("ImpressionTracker subscriber buffering", .catchesHangs)
struct TrackerBufferingTests {
    /// A tracker on a manual clock showing `count` stacked rows, all on screen, under a
    /// policy that fires at the first visible sample: one flush publishes `count`
    /// impressions, in row order.
    static func makeTracker(rows count: Int) async throws -> (ImpressionTracker<Int>, ManualClock) {
        try await TrackerDeliveryTests.makeTracker(rows: count, policy: .anyPixel)
    }

    /// Publishes one more round of `rows(count)`: a new visit fires every row again.
    static func publishRound(_ tracker: ImpressionTracker<Int>, _ clock: ManualClock) async {
        await tracker.disappear()
        await tracker.appear()
        clock.advance(by: .milliseconds(100))
        await tracker.flush()
    }

    static func collect<Element>(_ subscription: TrackerSubscription<Element>) async -> [Element] {
        var received: [Element] = []
        for await element in subscription { received.append(element) }
        return received
    }

    @Test("an unbounded subscription that nobody reads keeps all 5,000 impressions and drops none")
    func unboundedKeepsEverything() async throws {
        let (tracker, clock) = try await Self.makeTracker(rows: 5_000)
        let subscription = await tracker.impressions(bufferingPolicy: .unbounded)
        clock.advance(by: .milliseconds(100))
        await tracker.flush()
        await tracker.finish()
        #expect(await Self.collect(subscription).map(\.sectionID) == Array(0..<5_000))
        #expect(subscription.droppedCount == 0)
    }

    @Test("bufferingNewest(10) keeps the last 10 of 100 and counts the 90 it dropped")
    func bufferingNewest() async throws {
        let (tracker, clock) = try await Self.makeTracker(rows: 100)
        let bounded = await tracker.impressions(bufferingPolicy: .bufferingNewest(10))
        let everything = await tracker.impressions()
        clock.advance(by: .milliseconds(100))
        await tracker.flush()
        // The count is there before the consumer reads anything, and stays after the end.
        #expect(bounded.droppedCount == 90)
        await tracker.finish()
        #expect(await Self.collect(bounded).map(\.sectionID) == Array(90..<100))
        #expect(bounded.droppedCount == 90)
        // A bounded neighbour costs the unbounded subscription nothing.
        #expect(await TrackerDeliveryTests.collect(everything).map(\.sectionID) == Array(0..<100))
    }

    @Test("bufferingOldest(10) keeps the first 10 of 100 and counts the 90 it dropped")
    func bufferingOldest() async throws {
        let (tracker, clock) = try await Self.makeTracker(rows: 100)
        let bounded = await tracker.impressions(bufferingPolicy: .bufferingOldest(10))
        clock.advance(by: .milliseconds(100))
        await tracker.flush()
        await tracker.finish()
        #expect(await Self.collect(bounded).map(\.sectionID) == Array(0..<10))
        #expect(bounded.droppedCount == 90)
    }

    @Test("drops add up over publishes, per subscription")
    func dropsAddUpPerSubscription() async throws {
        let (tracker, clock) = try await Self.makeTracker(rows: 20)
        let small = await tracker.impressions(bufferingPolicy: .bufferingNewest(5))
        let large = await tracker.impressions(bufferingPolicy: .bufferingOldest(30))
        clock.advance(by: .milliseconds(100))
        await tracker.flush()                        // 20 published
        #expect(small.droppedCount == 15)
        #expect(large.droppedCount == 0)
        await Self.publishRound(tracker, clock)     // 20 more
        #expect(small.droppedCount == 35)
        #expect(large.droppedCount == 10)
        await tracker.finish()
        let smallReceived = await Self.collect(small)
        let largeReceived = await Self.collect(large)
        // What each received plus what it dropped is everything published.
        #expect(smallReceived.count + small.droppedCount == 40)
        #expect(largeReceived.count + large.droppedCount == 40)
        #expect(smallReceived.map(\.sectionID) == Array(15..<20))
        #expect(smallReceived.allSatisfy { $0.visit == 2 })
        #expect(largeReceived.map(\.sectionID) == Array(0..<20) + Array(0..<10))
    }

    @Test("a consumer that keeps up loses nothing, even through a buffer of one")
    func consumerKeepingUpLosesNothing() async throws {
        let (tracker, clock) = try await Self.makeTracker(rows: 1)
        let subscription = await tracker.impressions(bufferingPolicy: .bufferingNewest(1))
        var iterator = subscription.makeAsyncIterator()
        var received: [Impression<Int>] = []
        for _ in 0..<50 {
            await Self.publishRound(tracker, clock)   // one impression per round
            if let impression = await iterator.next() { received.append(impression) }
        }
        #expect(received.map(\.visit) == Array(2...51))
        #expect(subscription.droppedCount == 0)
    }

    @Test("bounded event subscriptions count their drops like impression ones")
    func boundedEvents() async throws {
        let (tracker, clock) = try await Self.makeTracker(rows: 10)
        let bounded = await tracker.events(bufferingPolicy: .bufferingNewest(4))
        let everything = await tracker.events(bufferingPolicy: .unbounded)
        clock.advance(by: .milliseconds(100))
        await tracker.flush()                        // 10 entries, then 10 impressions
        await tracker.finish()
        let all = await Self.collect(everything)
        #expect(all.count == 20)
        #expect(everything.droppedCount == 0)
        let kept = await Self.collect(bounded)
        #expect(kept == Array(all.suffix(4)))
        #expect(bounded.droppedCount == 16)
    }

    @Test("after finish() a bounded subscription ends at once, with nothing dropped")
    func boundedAfterFinish() async throws {
        let (tracker, clock) = try await Self.makeTracker(rows: 3)
        await tracker.finish()
        let impressions = await tracker.impressions(bufferingPolicy: .bufferingOldest(1))
        let events = await tracker.events(bufferingPolicy: .bufferingNewest(1))
        clock.advance(by: .milliseconds(100))
        await tracker.flush()
        #expect(await Self.collect(impressions).isEmpty)
        #expect(await Self.collect(events).isEmpty)
        #expect(impressions.droppedCount == 0)
        #expect(events.droppedCount == 0)
    }

    @Test("a buffer of zero or less keeps nothing for a consumer that is not waiting, and counts it")
    func zeroAndNegativeLimits() async throws {
        let (tracker, clock) = try await Self.makeTracker(rows: 3)
        let zero = await tracker.impressions(bufferingPolicy: .bufferingNewest(0))
        let negative = await tracker.impressions(bufferingPolicy: .bufferingOldest(-5))
        clock.advance(by: .milliseconds(100))
        await tracker.flush()
        await tracker.finish()
        #expect(await Self.collect(zero).isEmpty)
        #expect(await Self.collect(negative).isEmpty)
        #expect(zero.droppedCount == 3)
        #expect(negative.droppedCount == 3)
    }
}
