import Testing
@testable import ImpressionTracking

/// An ``ImpressionEngine`` of several policies gives, policy by policy, exactly what one
/// ``ImpressionEngine`` per policy gives, tagged with that policy's index: events, impressions, accepted inputs, `nextEventTime` and snapshots,
/// over the random sessions of ``AllKnobsPropertyTests`` (every feature on). Each session
/// runs its own policy and five more: two random ones, a preset, its own policy with
/// another ratio and duration (the same way of measuring, so a shared measurement), and
/// its own policy again.
@Suite("An engine of N policies equals N engines of one policy")
struct MultiPolicyPropertyTests {
    /// 300 sessions, in chunks the test runner can spread over cores.
    static let seedChunks: [ClosedRange<UInt64>] = (0 as UInt64..<10).map { (chunk: UInt64) -> ClosedRange<UInt64> in
        let first: UInt64 = 60_000 + chunk * 30 + 1
        return first...(first + 29)
    }

    /// What a session compared: its impressions and events, over every policy.
    struct Outcome {
        var impressions = 0
        var events = 0
        var mismatch: String?
    }

    static func policies(for session: Session<Int>) -> [ImpressionPolicy] {
        var drawer = SessionGenerator(seed: session.seed &* 7_919 &+ 13, features: AllKnobsPropertyTests.features)
        var sibling = session.policy
        sibling.minimumVisibleRatio = [0, 0.3, 0.5, 1][Int(session.seed % 4)]
        sibling.exitVisibleRatio = nil
        sibling.minimumDuration = .milliseconds([0, 500, 1000, 2000][Int(session.seed / 4 % 4)])
        let presets: [ImpressionPolicy] = [.default, .mrcDisplay, .abema, .sarahCell, .mrcLargeDisplay, .viewportRelative, .anyPixel]
        return [session.policy, drawer.randomPolicy(), presets[Int(session.seed % UInt64(presets.count))],
                sibling, drawer.randomPolicy(), session.policy]
    }

    @Test("random sessions with every knob: each policy's events, impressions and snapshots", arguments: seedChunks)
    func multiPolicyEngineMatchesOneEnginePerPolicy(seeds: ClosedRange<UInt64>) throws {
        var total = Outcome()
        for seed in seeds {
            let outcome = try Self.compare(AllKnobsPropertyTests.makeSession(seed: seed))
            total.impressions += outcome.impressions
            total.events += outcome.events
            if let mismatch = outcome.mismatch {
                Issue.record("seed \(seed): \(mismatch)")
                return
            }
        }
        // Not degenerate: 359 to 497 impressions and 2,483 to 3,615 events per chunk when written.
        #expect(total.impressions > 200 && total.events > 1_500, "\(total.impressions) impressions, \(total.events) events")
    }

    @Test("with one policy (the lane measures alone) it is that policy's engine", arguments: [(60_001 as UInt64)...60_060])
    func onePolicyMatchesItsEngine(seeds: ClosedRange<UInt64>) throws {
        for seed in seeds {
            let session = AllKnobsPropertyTests.makeSession(seed: seed)
            if let mismatch = try Self.compare(session, policies: [session.policy]).mismatch {
                Issue.record("seed \(seed): \(mismatch)")
                return
            }
        }
    }

    /// Runs `session` through a multi-policy engine (events), another (impressions only), a
    /// third (the simulator's tally: impressions and stays in samples, policy by policy)
    /// and one engine of each kind per policy (by default ``policies(for:)``); the first
    /// difference, if any.
    static func compare(_ session: Session<Int>, policies given: [ImpressionPolicy]? = nil) throws -> Outcome {
        let policies = given ?? policies(for: session)
        var multiEvents = try ImpressionEngine<Int>(policies: policies, sampleInterval: session.sampleInterval,
                                                    rememberedSectionLimit: session.rememberedSectionLimit,
                                                    measuresExposureSignals: session.measuresExposureSignals)
        var multiImpressions = multiEvents
        var multiTally = multiEvents
        var eventEngines = try policies.map {
            try ImpressionEngine<Int>(policy: $0, sampleInterval: session.sampleInterval,
                                      rememberedSectionLimit: session.rememberedSectionLimit,
                                      measuresExposureSignals: session.measuresExposureSignals)
        }
        var impressionEngines = eventEngines
        var outcome = Outcome()
        for (index, step) in session.steps.enumerated() {
            func fail(_ what: String, _ expected: some Any, _ got: some Any) -> Outcome {
                outcome.mismatch = "step \(index) (\(EngineModelPropertyTests.describe(step))), policies \(policies): "
                    + "\(what)\n  expected: \(expected)\n  got: \(got)"
                return outcome
            }
            let promised = eventEngines.compactMap(\.nextEventTime).min()
            if multiEvents.nextEventTime != promised { return fail("nextEventTime", promised as Any, multiEvents.nextEventTime as Any) }
            let times = step.action.rewindTime.map { [step.time, $0] } ?? [step.time]
            for time in times {
                let events = multiEvents.advanceWithEvents(to: time)
                let impressions = multiImpressions.advance(to: time)
                var talliedImpressions = Array(repeating: [Impression<Int>](), count: policies.count)
                var talliedStays = Array(repeating: [Stay](), count: policies.count)
                multiTally.advance(to: time, impression: { talliedImpressions[$0].append($1) },
                                   exit: { talliedStays[$0].append(Stay(section: $1, samples: $2)); _ = ($3, $4) })
                var expectedEvents: [[VisibilityEvent<Int>]] = []
                for policy in policies.indices {
                    let expected = eventEngines[policy].advanceWithEvents(to: time).map { $0.underPolicy(policy) }
                    let got = events.filter { $0.policy == policy }
                    if got != expected { return fail("events of policy \(policy) up to \(time)", expected, got) }
                    let expectedImpressions = impressionEngines[policy].advance(to: time).map { $0.underPolicy(policy) }
                    let gotImpressions = impressions.filter { $0.policy == policy }
                    if gotImpressions != expectedImpressions {
                        return fail("impressions of policy \(policy) up to \(time)", expectedImpressions, gotImpressions)
                    }
                    if talliedImpressions[policy] != expectedImpressions {
                        return fail("tallied impressions of policy \(policy) up to \(time)", expectedImpressions,
                                    talliedImpressions[policy])
                    }
                    let expectedStays = expected.compactMap { Stay(exit: $0, sampleInterval: session.sampleInterval) }
                    if talliedStays[policy] != expectedStays {
                        return fail("tallied stays of policy \(policy) up to \(time)", expectedStays, talliedStays[policy])
                    }
                    outcome.impressions += expectedImpressions.count
                    outcome.events += expected.count
                    expectedEvents.append(expected)
                }
                let keys = events.map { ($0.time, $0.policy) }
                if let unordered = keys.indices.dropFirst().first(where: { keys[$0] < keys[$0 - 1] }) {
                    return fail("events out of time and policy order at \(unordered)", expectedEvents, events)
                }
            }
            if case .input(let input) = step.action {
                let accepted = multiEvents.perform(input)
                _ = multiImpressions.perform(input)
                _ = multiTally.perform(input)
                for policy in policies.indices {
                    let expected = eventEngines[policy].perform(input)
                    _ = impressionEngines[policy].perform(input)
                    if accepted != expected { return fail("input accepted under policy \(policy)", expected, accepted) }
                }
            }
            if multiEvents.time != eventEngines[0].time || multiEvents.visit != eventEngines[0].visit
                || multiEvents.isActive != eventEngines[0].isActive {
                return fail("time, visit, active", (eventEngines[0].time, eventEngines[0].visit, eventEngines[0].isActive),
                            (multiEvents.time, multiEvents.visit, multiEvents.isActive))
            }
            for policy in policies.indices {
                let expected = eventEngines[policy].snapshot().underPolicy(policy)
                let got = multiEvents.snapshot(policy: policy)
                if got != expected { return fail("snapshot of policy \(policy)", expected, got) }
            }
        }
        return outcome
    }
}

/// A stay as the simulator's tally receives it: the section and its visible samples.
struct Stay: Equatable {
    var section: Int
    var samples: Int

    init(section: Int, samples: Int) {
        self.section = section
        self.samples = samples
    }

    /// The stay an exit event ended, in samples; `nil` for another event.
    init?(exit event: VisibilityEvent<Int>, sampleInterval: Duration) {
        guard case .exited(let section, _, let stay, _, _, _, _) = event else { return nil }
        self.init(section: section, samples: Int((stay / sampleInterval).rounded()))
    }
}

extension SessionAction {
    /// The earlier time a rewind advances to.
    var rewindTime: Duration? {
        if case .rewind(let time) = self { time } else { nil }
    }
}
