import Testing
@_spi(Testing) @testable import ImpressionTracking

/// The actor against the engine and the naive reference model, on seeded random sessions.
///
/// Each session is replayed three ways in lockstep: into a ``ReferenceModel`` and an
/// ``ImpressionEngine`` driven with the actor's rule (advance to the step's time, then
/// apply the input), and into an ``ImpressionTracker`` on a ``ManualClock`` (move the
/// clock to the step's time, then call the input, which flushes first, or `flush()`).
/// Everything two subscriptions receive must be exactly the model's impressions (ids,
/// times, `Double` ratios, durations, visits, order); every input must be accepted or
/// rejected alike; and after every step the tracker's time, visit and activity must be the
/// engine's. A mismatch names the seed, the first differing index and the step that
/// produced it; rerun it alone with `firstMismatch(in: session(seed:), ticking:)`.
@Suite("Tracker matches the engine and the reference model", .catchesHangs)
struct TrackerModelPropertyTests {
    /// 240 sessions in chunks the test runner can spread over cores.
    static let seedChunks: [ClosedRange<UInt64>] = (UInt64(0)..<8).map { (chunk: UInt64) -> ClosedRange<UInt64> in
        let first: UInt64 = chunk * 30 + 1
        return first...(first + 29)
    }

    /// Sessions replayed while `run()` ticks: the first ones of the chunks above.
    static let tickingSeedChunks: [ClosedRange<UInt64>] = [1...10, 31...40]

    /// Time added after a session's last step, so that runs in progress can complete.
    static let tail = Duration.seconds(3)

    /// The session of `seed`: the generator's defaults (random interval and length).
    static func session(seed: UInt64) -> Session<Int> {
        var generator = SessionGenerator(seed: seed)
        return generator.makeSession()
    }

    @Test("random sessions through the actor give exactly the model's impressions", arguments: seedChunks)
    func randomSessionsMatchTheModel(seeds: ClosedRange<UInt64>) async throws {
        var totals = Totals()
        for seed in seeds {
            let outcome = try await Self.firstMismatch(in: Self.session(seed: seed), ticking: false)
            if let mismatch = outcome.mismatch {
                Issue.record("\(mismatch)")
            }
            totals.add(outcome)
        }
        // Not degenerate: the chunk fires, rejects bad input and moves across visits.
        #expect(totals.impressions > 100, "only \(totals.impressions) impressions for seeds \(seeds)")
        #expect(totals.sessionsWithImpressions > 20, "only \(totals.sessionsWithImpressions) sessions fire for seeds \(seeds)")
        #expect(totals.rejected > 0, "no input rejected for seeds \(seeds)")
        #expect(totals.impressionsAfterFirstVisit > 0, "no impression after the first visit for seeds \(seeds)")
    }

    @Test("the same sessions match while run() ticks on the clock concurrently", arguments: tickingSeedChunks)
    func sessionsMatchTheModelWhileRunning(seeds: ClosedRange<UInt64>) async throws {
        var totals = Totals()
        for seed in seeds {
            let outcome = try await Self.firstMismatch(in: Self.session(seed: seed), ticking: true)
            if let mismatch = outcome.mismatch {
                Issue.record("\(mismatch)")
            }
            totals.add(outcome)
        }
        #expect(totals.impressions > 30, "only \(totals.impressions) impressions for seeds \(seeds)")
    }

    // MARK: - Lockstep comparison

    /// What one session gave, and its first difference if any.
    struct Outcome {
        var mismatch: Mismatch?
        var impressions = 0
        var rejected = 0
        var impressionsAfterFirstVisit = 0
    }

    struct Totals {
        var impressions = 0
        var sessionsWithImpressions = 0
        var rejected = 0
        var impressionsAfterFirstVisit = 0

        mutating func add(_ outcome: Outcome) {
            impressions += outcome.impressions
            if outcome.impressions > 0 { sessionsWithImpressions += 1 }
            rejected += outcome.rejected
            impressionsAfterFirstVisit += outcome.impressionsAfterFirstVisit
        }
    }

    /// A difference between the tracker, the engine and the model, with what is needed
    /// to reproduce it.
    struct Mismatch: CustomStringConvertible {
        var seed: UInt64
        var session: String
        var ticking: Bool
        var what: String
        var expected: String
        var got: String
        var context: [String]

        var description: String {
            """
            seed \(seed) (\(session)\(ticking ? ", run() ticking" : "")): \(what)
              expected: \(expected)
              got:      \(got)
                \(context.joined(separator: "\n    "))
            """
        }
    }

    /// Replays `session` into a fresh model, engine and tracker side by side and returns
    /// the first difference, if any. With `ticking`, the tracker's `run()` ticks on the
    /// manual clock throughout, flushing on its own as the clock moves.
    static func firstMismatch(in session: Session<Int>, ticking: Bool) async throws -> Outcome {
        var outcome = Outcome()
        let clock = ManualClock()
        let limit = session.rememberedSectionLimit
        let signals = session.measuresExposureSignals
        let tracker = try ImpressionTracker<Int>(policy: session.policy, sampleInterval: session.sampleInterval, clock: clock,
                                                 rememberedSectionLimit: limit, measuresExposureSignals: signals)
        var engine = try ImpressionEngine<Int>(policy: session.policy, sampleInterval: session.sampleInterval,
                                               rememberedSectionLimit: limit, measuresExposureSignals: signals)
        var model = ReferenceModel<Int>(policy: session.policy, sampleInterval: session.sampleInterval,
                                        rememberedSectionLimit: limit, measuresExposureSignals: signals)

        // Both subscriptions exist before the first step: one drained at the end, one
        // consumed as the impressions are published.
        let drained = await tracker.impressions()
        let live = await tracker.impressions()
        let liveConsumer = Task { await collect(live) }
        // The geometry through the actor, against the model's at every sample.
        let geometry = await tracker.geometryChanges()
        model.geometryWatcher = ReferenceGeometryWatcher()

        let running: Task<Void, any Error>? = ticking ? Task { try await tracker.run() } : nil
        if ticking {
            // The loop has flushed once and waits for what comes next.
            await tracker.waitUntilCaughtUp()
        }
        // Whatever happens, the tick loop and the live consumer end before returning.
        func stop() async {
            await tracker.finish()
            running?.cancel()
            _ = try? await running?.value
            _ = await liveConsumer.value
        }

        let sessionText = "policy \(session.policy), interval \(session.sampleInterval), \(session.steps.count) steps"
        var recent: [String] = []
        func mismatch(_ what: String, _ expected: some Any, _ got: some Any, context: [String]? = nil) -> Mismatch {
            Mismatch(seed: session.seed, session: sessionText, ticking: ticking, what: what,
                     expected: "\(expected)", got: "\(got)",
                     context: context ?? ["steps up to it:"] + recent.suffix(12))
        }

        /// The model's impressions, concatenated, and the step that produced each one.
        var expected: [Impression<Int>] = []
        var producedBy: [String] = []

        for (index, step) in session.steps.enumerated() {
            recent.append("#\(index) \(describe(step))")
            var fromModel = model.advance(to: step.time)
            var fromEngine = engine.advance(to: step.time)
            clock.advance(to: ManualClock.Instant(offset: step.time))
            switch step.action {
            case .flush:
                await tracker.flush()
            case .rewind(let earlier):
                // The clock cannot go back: for the actor a rewind is just a flush.
                fromModel += model.advance(to: earlier)
                fromEngine += engine.advance(to: earlier)
                await tracker.flush()
            case .input(let input):
                let modelAccepted = model.perform(input)
                let engineAccepted = engine.perform(input)
                let trackerAccepted = await perform(input, on: tracker)
                if engineAccepted != modelAccepted {
                    outcome.mismatch = mismatch("input accepted by the engine", modelAccepted, engineAccepted)
                } else if trackerAccepted != modelAccepted {
                    outcome.mismatch = mismatch("input accepted by the tracker", modelAccepted, trackerAccepted)
                }
                if !modelAccepted { outcome.rejected += 1 }
            }
            if outcome.mismatch == nil, fromEngine != fromModel {
                outcome.mismatch = mismatch("engine impressions up to \(step.time)", fromModel, fromEngine)
            }
            if outcome.mismatch == nil {
                let (time, visit, isActive) = await (tracker.time, tracker.visit, tracker.isActive)
                if engine.time != model.time {
                    outcome.mismatch = mismatch("engine time", model.time, engine.time)
                } else if time != engine.time {
                    outcome.mismatch = mismatch("tracker time", engine.time, time)
                } else if visit != engine.visit {
                    outcome.mismatch = mismatch("tracker visit", engine.visit, visit)
                } else if isActive != engine.isActive {
                    outcome.mismatch = mismatch("tracker isActive", engine.isActive, isActive)
                }
            }
            if outcome.mismatch != nil {
                await stop()
                return outcome
            }
            expected += fromModel
            producedBy += Array(repeating: "step #\(index) \(describe(step))", count: fromModel.count)
        }

        // The end: time runs on past the last step so runs in progress complete, then a
        // final flush and finish.
        let end = (session.steps.last?.time ?? .zero) + tail
        let fromModel = model.advance(to: end)
        let fromEngine = engine.advance(to: end)
        if fromEngine != fromModel {
            outcome.mismatch = mismatch("engine impressions up to the end, \(end)", fromModel, fromEngine)
        }
        expected += fromModel
        producedBy += Array(repeating: "the end, advancing to \(end)", count: fromModel.count)
        clock.advance(to: ManualClock.Instant(offset: end))
        if ticking, outcome.mismatch == nil {
            // No flush by hand: the tick loop alone must publish everything due by the end.
            await tracker.waitUntilCaughtUp()
            let published = await tracker.publishedImpressionCount
            if published != expected.count {
                outcome.mismatch = mismatch("impressions published with only run() flushing", expected.count, published)
            }
        }
        await tracker.flush()
        await stop()
        let got = await collect(drained)
        let gotLive = await liveConsumer.value
        var gotGeometry: [VisibleGeometry<Int>] = []
        for await change in geometry { gotGeometry.append(change) }

        outcome.impressions = expected.count
        outcome.impressionsAfterFirstVisit = expected.filter { $0.visit > 1 }.count
        if outcome.mismatch != nil { return outcome }
        if let difference = GeometryComparison.firstDifference(expected: model.geometryChanges, got: gotGeometry) {
            outcome.mismatch = mismatch("geometry published by the tracker", difference, "", context: [])
            return outcome
        }
        for (name, received) in [("first subscription (drained at the end)", got), ("second subscription (consumed live)", gotLive)] {
            if let index = firstDifference(expected, received) {
                let expectedAt = index < expected.count ? "\(expected[index])" : "nothing (the model has \(expected.count))"
                let gotAt = index < received.count ? "\(received[index])" : "nothing (received \(received.count))"
                let origin = index < producedBy.count ? producedBy[index] : "after the model's last impression"
                outcome.mismatch = mismatch(
                    "\(name) differs first at index \(index) of \(expected.count)", expectedAt, gotAt,
                    context: ["the model produced it at \(origin)",
                              "model impressions before it: \(expected[max(0, index - 3)..<min(index, expected.count)])"])
                return outcome
            }
        }
        return outcome
    }

    /// Calls `input` on the tracker; `false` when it was rejected as bad input.
    static func perform(_ input: EngineInput<Int>, on tracker: ImpressionTracker<Int>) async -> Bool {
        await tracker.perform(input)
    }

    /// The first index at which `a` and `b` differ, counting a missing element as a
    /// difference; `nil` when they are equal.
    static func firstDifference(_ a: [Impression<Int>], _ b: [Impression<Int>]) -> Int? {
        if let index = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            return index
        }
        return a.count == b.count ? nil : min(a.count, b.count)
    }

    static func collect(_ stream: TrackerSubscription<Impression<Int>>) async -> [Impression<Int>] {
        var received: [Impression<Int>] = []
        for await impression in stream { received.append(impression) }
        return received
    }

    static func describe(_ step: SessionStep<Int>) -> String {
        if case .rewind(let earlier) = step.action {
            return "at \(step.time): rewind to \(earlier) (a flush for the tracker)"
        }
        return EngineModelPropertyTests.describe(step)
    }
}
