import Testing
@testable import ImpressionTracking

/// The engine, the actor and the naive reference model on random sessions whose policies
/// (the engine's and the sections' own) switch on issue 13's timing knobs: cumulative
/// time and cooldowns, some with longer durations.
///
/// Even seeds draw only the timing knobs; odd seeds add every real-screen feature
/// (containers, insets, obstructions, exit ratios, large-section rules). Each session is
/// compared as ``RealScreenPropertyTests`` compares: event for event, impression for
/// impression, snapshot for snapshot, and `nextEventTime` never later than an event.
@Suite("Engine, tracker and model agree with cumulative time and cooldowns", .catchesHangs)
struct TimingPropertyTests {
    /// 300 sessions, in chunks the test runner can spread over cores.
    static let seedChunks: [ClosedRange<UInt64>] = (0 as UInt64..<10).map { (chunk: UInt64) -> ClosedRange<UInt64> in
        let first: UInt64 = 20_000 + chunk * 30 + 1
        return first...(first + 29)
    }

    static func makeSession(seed: UInt64) -> Session<Int> {
        let features: SessionGenerator.Features = seed.isMultiple(of: 2) ? [.timing] : SessionGenerator.Features.realScreens.union(.timing)
        var generator = SessionGenerator(seed: seed, features: features)
        return generator.makeSession(stepCount: Int(seed % 101) + 150)
    }

    @Test("random timing sessions give exactly the model's events, impressions and snapshots", arguments: seedChunks)
    func randomSessionsMatchTheModel(seeds: ClosedRange<UInt64>) {
        let mismatches = seeds.compactMap { RealScreenPropertyTests.firstMismatch(in: Self.makeSession(seed: $0)) }
        #expect(mismatches.isEmpty, "\(mismatches.count) sessions differ; the first: \(mismatches.first.map { "\($0)" } ?? "")")
    }

    @Test("random timing sessions through the actor give exactly the model's impressions",
          arguments: [(20_001 as UInt64)...20_030, 20_031...20_060])
    func trackerMatchesTheModel(seeds: ClosedRange<UInt64>) async {
        for seed in seeds {
            let ticking = seed.isMultiple(of: 3)
            var session = Self.makeSession(seed: seed)
            // The actor's clock starts at zero: inputs the generator put before the first
            // sample (at -1 ms) come at zero instead, for the model as for the actor.
            for index in session.steps.indices where session.steps[index].time < .zero {
                session.steps[index].time = .zero
            }
            let outcome = await TrackerModelPropertyTests.firstMismatch(in: session, ticking: ticking)
            if let mismatch = outcome.mismatch {
                Issue.record("\(mismatch)")
            }
        }
    }

    @Test("the timing sessions reach cumulative firing, held-back runs and cooldowns that end")
    func sessionsAreNotDegenerate() {
        var totals = ReferenceModel<Int>.Stats()
        var impressions = 0
        var cumulativeSessions = 0
        var cooldownSessions = 0
        for seed in UInt64(20_001)...20_300 {
            let session = Self.makeSession(seed: seed)
            if session.policy.timing == .cumulative { cumulativeSessions += 1 }
            if session.policy.cooldown > .zero { cooldownSessions += 1 }
            var model = ReferenceModel<Int>(policy: session.policy, sampleInterval: session.sampleInterval)
            for step in session.steps {
                impressions += model.advance(to: step.time).count
                if case .input(let input) = step.action { _ = model.perform(input) }
            }
            totals.firedOverSeveralRuns += model.stats.firedOverSeveralRuns
            totals.heldBackByCooldown += model.stats.heldBackByCooldown
            totals.firedAgainAfterCooldown += model.stats.firedAgainAfterCooldown
        }
        #expect(impressions > 900, "only \(impressions) impressions")
        #expect(cumulativeSessions > 120 && cumulativeSessions < 240, "\(cumulativeSessions) cumulative sessions")
        #expect(cooldownSessions > 150 && cooldownSessions < 270, "\(cooldownSessions) sessions with a cooldown")
        print("timing sessions: \(impressions) impressions, \(cumulativeSessions) cumulative, \(cooldownSessions) with a cooldown, \(totals)")
        #expect(totals.firedOverSeveralRuns > 100, "\(totals)")
        #expect(totals.heldBackByCooldown > 60, "\(totals)")
        #expect(totals.firedAgainAfterCooldown > 60, "\(totals)")
    }

    @Test("sessions without the timing feature draw no timing knob")
    func otherSessionsAreUnchanged() {
        for seed in UInt64(1)...20 {
            for features: SessionGenerator.Features in [[], .realScreens] {
                var generator = SessionGenerator(seed: seed, features: features)
                let session = generator.makeSession()
                var policies = [session.policy]
                for step in session.steps {
                    if case .input(.layout(let sections, _)) = step.action { policies += sections.compactMap(\.policy) }
                }
                #expect(policies.allSatisfy { $0.timing == .continuous && $0.cooldown == .zero }, "seed \(seed)")
            }
        }
    }
}
