import Testing
@_spi(Testing) @testable import ImpressionTracking

/// A ``ImpressionTracker`` gives, policy by policy, exactly what one
/// ``ImpressionTracker`` per policy gives, tagged with that policy's index: impressions and
/// events, in order, over the random sessions of ``AllKnobsPropertyTests`` (every feature
/// on), each under the six policies of ``MultiPolicyPropertyTests/policies(for:)``.
///
/// Every tracker shares one ``ManualClock``. Each step moves it to the step's time, then
/// gives every tracker the step's input (which flushes first) or a flush. Two multi-policy
/// trackers run: one with an events subscription (its impressions come from
/// `advanceWithEvents`), one with impressions only (from `advance`), consumed live and,
/// for one seed in three, ticked by `run()` alone.
@Suite("A multi-policy tracker equals one tracker per policy", .catchesHangs)
struct ImpressionTrackerPropertyTests {
    /// 60 sessions, in two chunks the test runner can spread over cores.
    static let seedChunks = SeededSessions.trackerChunks(after: 60_000)

    /// What a session compared, and its first difference if any.
    struct Outcome {
        var impressions = 0
        var events = 0
        var rejected = 0
        var mismatch: String?
    }

    @Test("random sessions: each policy's impressions and events are its own tracker's, tagged with its index",
          arguments: seedChunks)
    func multiPolicyTrackerMatchesOneTrackerPerPolicy(seeds: ClosedRange<UInt64>) async throws {
        var total = Outcome()
        for seed in seeds {
            var session = AllKnobsPropertyTests.makeSession(seed: seed)
            // The actors' clock starts at zero: inputs before the first sample come at zero.
            for index in session.steps.indices where session.steps[index].time < .zero {
                session.steps[index].time = .zero
            }
            let outcome = try await Self.compare(session, policies: MultiPolicyPropertyTests.policies(for: session),
                                             ticking: seed.isMultiple(of: 3))
            if let mismatch = outcome.mismatch {
                Issue.record("seed \(seed): \(mismatch)")
                return
            }
            total.impressions += outcome.impressions
            total.events += outcome.events
            total.rejected += outcome.rejected
        }
        // Not degenerate: every chunk fires under several policies and refuses bad input
        // (379 and 429 impressions, 2,470 and 3,025 events, 282 and 240 refused when written).
        #expect(total.impressions > 200 && total.events > 1_500, "\(total.impressions) impressions, \(total.events) events")
        #expect(total.rejected > 0, "no input rejected for seeds \(seeds)")
    }

    /// Replays `session` into two multi-policy trackers and one tracker per policy, all on
    /// one manual clock; the first difference, if any.
    static func compare(_ session: Session<Int>, policies: [ImpressionPolicy], ticking: Bool) async throws -> Outcome {
        var outcome = Outcome()
        let clock = ManualClock()
        let interval = session.sampleInterval
        let signals = session.measuresExposureSignals
        let multi = try ImpressionTracker<Int>(policies: policies, sampleInterval: interval, clock: clock,
                                               measuresExposureSignals: signals)
        let multiWithoutEvents = try ImpressionTracker<Int>(policies: policies, sampleInterval: interval, clock: clock,
                                                            measuresExposureSignals: signals)
        let singles = try policies.map {
            try ImpressionTracker<Int>(policy: $0, sampleInterval: interval, clock: clock, measuresExposureSignals: signals)
        }

        let multiEvents = await multi.events()
        let multiImpressions = await multi.impressions()
        let live = await multiWithoutEvents.impressions()
        let liveConsumer = Task { await collect(live) }
        var singleEvents: [TrackerSubscription<VisibilityEvent<Int>>] = []
        var singleImpressions: [TrackerSubscription<Impression<Int>>] = []
        for single in singles {
            singleEvents.append(await single.events())
            singleImpressions.append(await single.impressions())
        }
        let running: Task<Void, any Error>? = ticking ? Task { try await multiWithoutEvents.run() } : nil
        if ticking { await multiWithoutEvents.waitUntilCaughtUp() }

        func stop() async {
            await multi.finish()
            await multiWithoutEvents.finish()
            for single in singles { await single.finish() }
            running?.cancel()
            _ = try? await running?.value
        }
        func flushAll() async {
            await multi.flush()
            await multiWithoutEvents.flush()
            for single in singles { await single.flush() }
        }

        for (index, step) in session.steps.enumerated() {
            func fail(_ what: String, _ expected: some Any, _ got: some Any) -> String {
                "step \(index) (\(EngineModelPropertyTests.describe(step))), policies \(policies): "
                    + "\(what)\n  expected: \(expected)\n  got: \(got)"
            }
            clock.advance(to: ManualClock.Instant(offset: step.time))
            switch step.action {
            case .flush, .rewind:
                // The clock cannot go back: for an actor a rewind is just a flush.
                await flushAll()
            case .input(let input):
                let accepted = await multi.perform(input)
                let acceptedWithoutEvents = await multiWithoutEvents.perform(input)
                if acceptedWithoutEvents != accepted { outcome.mismatch = fail("input accepted", accepted, acceptedWithoutEvents) }
                for (policy, single) in singles.enumerated() where outcome.mismatch == nil {
                    let expected = await single.perform(input)
                    if accepted != expected { outcome.mismatch = fail("input accepted under policy \(policy)", expected, accepted) }
                }
                if !accepted { outcome.rejected += 1 }
            }
            let expected = await (singles[0].time, singles[0].visit, singles[0].isActive)
            let got = await (multi.time, multi.visit, multi.isActive)
            if outcome.mismatch == nil, got != expected { outcome.mismatch = fail("time, visit, active", expected, got) }
            if outcome.mismatch != nil {
                await stop()
                _ = await liveConsumer.value
                return outcome
            }
        }

        // The end: time runs on so runs in progress complete.
        let end = (session.steps.last?.time ?? .zero) + TrackerModelPropertyTests.tail
        clock.advance(to: ManualClock.Instant(offset: end))
        if ticking {
            // No flush by hand: the tick loop alone must publish everything due by the end.
            await multiWithoutEvents.waitUntilCaughtUp()
            var expected = 0
            for single in singles {
                await single.flush()
                expected += await single.publishedImpressionCount
            }
            let published = await multiWithoutEvents.publishedImpressionCount
            if published != expected {
                outcome.mismatch = "impressions published with only run() flushing\n  expected: \(expected)\n  got: \(published)"
            }
        }
        await flushAll()
        await stop()
        let gotEvents = await collect(multiEvents)
        let gotImpressions = await collect(multiImpressions)
        let gotLive = await liveConsumer.value
        if outcome.mismatch != nil { return outcome }

        for policy in policies.indices {
            let expectedEvents = await collect(singleEvents[policy]).map { $0.underPolicy(policy) }
            let expectedImpressions = await collect(singleImpressions[policy]).map { $0.underPolicy(policy) }
            outcome.events += expectedEvents.count
            outcome.impressions += expectedImpressions.count
            let events = gotEvents.filter { $0.policy == policy }
            let impressions = gotImpressions.filter { $0.policy == policy }
            if let difference = firstDifference(expectedEvents, events) {
                outcome.mismatch = difference.described("events of policy \(policy) (\(policies[policy]))")
            } else if let difference = firstDifference(expectedImpressions, impressions) {
                outcome.mismatch = difference.described("impressions of policy \(policy) (\(policies[policy]))")
            }
            if outcome.mismatch != nil { return outcome }
        }
        if let difference = firstDifference(gotImpressions, gotLive) {
            outcome.mismatch = difference.described("impressions of the tracker without events, consumed live")
        } else if let stray = (gotEvents.map(\.policy) + gotImpressions.map(\.policy)).first(where: { !policies.indices.contains($0) }) {
            outcome.mismatch = "a policy index out of range: \(stray)"
        } else if let unordered = firstUnordered(gotEvents.map { ($0.time, $0.policy) }) {
            outcome.mismatch = "events out of time and policy order at index \(unordered)"
        } else if let unordered = firstUnordered(gotImpressions.map { ($0.time, $0.policy) }) {
            outcome.mismatch = "impressions out of time and policy order at index \(unordered)"
        }
        return outcome
    }

    /// Where two sequences first differ, counting a missing element as a difference.
    struct Difference {
        var index: Int
        var expected: String
        var got: String

        func described(_ what: String) -> String {
            "\(what) differ first at index \(index)\n  expected: \(expected)\n  got: \(got)"
        }
    }

    static func firstDifference<Element: Equatable>(_ expected: [Element], _ got: [Element]) -> Difference? {
        let index = zip(expected, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? (expected.count == got.count ? nil : min(expected.count, got.count))
        return index.map { index in
            Difference(index: index,
                       expected: index < expected.count ? "\(expected[index])" : "nothing (\(expected.count) in all)",
                       got: index < got.count ? "\(got[index])" : "nothing (\(got.count) in all)")
        }
    }

    /// The first index whose (time, policy) comes before the previous one's.
    static func firstUnordered(_ keys: [(Duration, Int)]) -> Int? {
        keys.indices.dropFirst().first { keys[$0] < keys[$0 - 1] }
    }

    static func collect<Element: Sendable>(_ subscription: TrackerSubscription<Element>) async -> [Element] {
        var received: [Element] = []
        for await element in subscription { received.append(element) }
        return received
    }
}
