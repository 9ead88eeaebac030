import Dispatch
import Foundation
@_spi(Testing) @testable import ImpressionTracking
import Testing

/// `send(_:)`: inputs from synchronous code, stamped at the call, applied in call order at
/// their own times, however late the actor gets to them.
@Suite("ImpressionTracker: inputs sent from synchronous code", .catchesHangs)
struct TrackerSendTests {
    /// Half a row at one sample fires it: plenty fires while the threads scroll.
    static let policy = ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .zero)
    /// Sent last, from the test: rows 0 to 4 on an active screen in a new visit, so at
    /// least 5 fire whatever the interleaving left (a guard that does not depend on it).
    static let settlingInputs: [EngineInput<Int>] = [
        .lifecycle(.reset), .lifecycle(.appear), .lifecycle(.uncover), .viewport(Rect(x: 0, y: 0, width: 100, height: 50)),
    ]

    /// What one sender thread sends: viewports over 30 rows, lifecycle calls, and now and
    /// then a viewport the engine refuses.
    static func input(_ random: inout SplitMix64) -> EngineInput<Int> {
        switch random.int(in: 0...9) {
        case 0: .lifecycle(random.pick([.disappear, .appear, .cover, .uncover]))
        case 1: .viewport(Rect(x: 0, y: 0, width: 100, height: -1))   // refused
        default: .viewport(Rect(x: 0, y: Double(random.int(in: 0...250)), width: 100, height: 50))
        }
    }

    @Test("4 threads sending in tight loops while the actor is held busy: applied at their stamps, in call order, as by an engine fed the same stamped inputs",
          arguments: [UInt64(1), 2, 3])
    func sendersWhileTheActorIsBusy(seed: UInt64) async throws {
        let clock = ManualClock()
        let tracker = try ImpressionTracker<Int>(policy: Self.policy, clock: clock)
        let stream = await tracker.impressions()
        try await tracker.setViewport(Rect(x: 0, y: 0, width: 100, height: 50))
        try await tracker.setLayout(TrackerDeliveryTests.rows(30))

        // The actor is held inside its isolation until the senders are done, on a thread
        // of its own (a task executor outside the cooperative pool, where the default
        // actor runs), so blocking it starves no other task.
        let entered = Gate()
        let release = DispatchSemaphore(value: 0)
        let busy = Task(executorPreference: SerialTaskExecutor()) {
            await tracker.holdBusy(signalling: entered, until: release)
        }
        await entered.wait()

        let threadCount = 4, sendsPerThread = 250
        let sendersDone = Gate()
        let finished = Locked(0)
        // Per thread: its inputs in send order, with the clock read before and after each send.
        let sent = Locked<[[(input: EngineInput<Int>, before: Duration, after: Duration)]]>(Array(repeating: [], count: threadCount))
        for thread in 0..<threadCount {
            Thread {
                var random = SplitMix64(seed: seed &* 100 &+ UInt64(thread))
                var mine: [(input: EngineInput<Int>, before: Duration, after: Duration)] = []
                for _ in 0..<sendsPerThread {
                    let input = Self.input(&random)
                    clock.advance(by: .milliseconds(random.int(in: 0...20)))
                    let before = clock.now.offset
                    tracker.send(input)
                    mine.append((input, before, clock.now.offset))
                }
                sent.withLock { $0[thread] = mine }
                if finished.withLock({ count in count += 1; return count }) == threadCount { sendersDone.open() }
            }.start()
        }
        await sendersDone.wait()

        // Everything is queued and nothing applied yet: the actor is still busy.
        let queued = tracker.inbox.queued
        #expect(queued.count == threadCount * sendsPerThread)
        #expect(zip(queued, queued.dropFirst()).allSatisfy { $0.time <= $1.time })   // call order is time order
        let perThread = sent.withLock { $0 }
        for thread in perThread {
            // Each thread's inputs appear in its own order, each stamped within its call.
            var position = 0
            for send in thread {
                guard let index = queued[position...].firstIndex(where: {
                    $0.input == send.input && $0.time >= send.before && $0.time <= send.after
                }) else {
                    Issue.record("a sent input is missing, out of order, or stamped outside its call")
                    break
                }
                position = index + 1
            }
        }

        for input in Self.settlingInputs { tracker.send(input) }
        let allSent = tracker.inbox.queued
        release.signal()
        await busy.value
        clock.advance(by: .seconds(2))
        await tracker.flush()
        await tracker.finish()

        var engine = try ImpressionEngine<Int>(policy: Self.policy)
        _ = engine.advance(to: .zero)   // as the tracker's inputs at 0 do: they follow the sample at 0
        try engine.setViewport(Rect(x: 0, y: 0, width: 100, height: 50))
        try engine.setLayout(TrackerDeliveryTests.rows(30))
        var expected: [Impression<Int>] = []
        var rejected = 0
        for input in allSent {
            expected += engine.advance(to: input.time)
            do { try engine.apply(input.input) } catch { rejected += 1 }
        }
        expected += engine.advance(to: clock.now.offset)
        var received: [Impression<Int>] = []
        for await impression in stream { received.append(impression) }
        #expect(received == expected)
        #expect(expected.count >= 5, "only \(expected.count) impressions")
        #expect(await tracker.rejectedSentInputCount == rejected)
        #expect(rejected > 0)
        #expect(await tracker.lastSentInputError?.code == .invalidViewport)
    }

    @Test("a send wakes run(), which applies it at its time with no other call")
    func sendWakesRun() async throws {
        let clock = ManualClock()
        let tracker = try ImpressionTracker<Int>(policy: .anyPixel, clock: clock)
        try await tracker.setLayout(TrackerDeliveryTests.rows(1))   // no viewport yet: nothing can be seen
        let stream = await tracker.impressions()
        let running = Task { try await tracker.run() }
        await tracker.waitUntilCaughtUp()
        try await clock.waitForSleepers(count: 1)   // the sample after the layout
        clock.advance(by: .milliseconds(250))
        await tracker.waitUntilCaughtUp()
        #expect(clock.sleeperCount == 0)   // at rest: nothing can happen until an input
        tracker.send(.viewport(Rect(x: 0, y: 0, width: 100, height: 10)))   // stamped 0.25 s
        await tracker.waitUntilCaughtUp()   // the loop woke, applied it, and sleeps towards 0.3 s
        try await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(50))
        var iterator = stream.makeAsyncIterator()
        let first = await iterator.next()
        #expect(first?.sectionID == 0)
        #expect(first?.time == .milliseconds(300))
        running.cancel()
        try await running.value
    }

    @Test("apply with a batch applies in order in one hop, and stops at the first refused input")
    func batch() async throws {
        let clock = ManualClock()
        let tracker = try ImpressionTracker<Int>(policy: .anyPixel, clock: clock)
        try await tracker.apply([.viewport(Rect(x: 0, y: 0, width: 100, height: 20)), .layout(TrackerDeliveryTests.rows(2))])
        await #expect(throws: InputError.invalidViewport(Rect(x: 0, y: 0, width: -1, height: 1))) {
            try await tracker.apply([.lifecycle(.disappear), .viewport(Rect(x: 0, y: 0, width: -1, height: 1)),
                                     .lifecycle(.appear)])
        }
        #expect(await !tracker.isActive)   // disappear applied, appear never reached
        await tracker.apply(.appear)
        clock.advance(by: .milliseconds(100))
        let snapshot = await tracker.snapshot()
        #expect(snapshot.sections.filter(\.hasFiredThisVisit).count == 2)
    }
}

extension ImpressionTracker {
    /// Blocks inside the actor's isolation until `release` is signalled, after opening
    /// `entered`: the actor is busy, however many calls wait for it.
    func holdBusy(signalling entered: Gate, until release: DispatchSemaphore) {
        entered.open()
        release.wait()
    }
}
