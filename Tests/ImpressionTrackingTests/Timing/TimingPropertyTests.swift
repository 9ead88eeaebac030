import Testing
@testable import ImpressionTracking

/// The engine, the actor and the naive reference model on random sessions whose policies
/// (the engine's and the sections' own) switch on the timing knobs: cumulative time and
/// cooldowns, some with longer durations.
///
/// Even seeds draw only the timing knobs; odd seeds add every real-screen feature
/// (containers, insets, obstructions, exit ratios, large-section rules). Each session is
/// compared as ``RealScreenPropertyTests`` compares: event for event, impression for
/// impression, snapshot for snapshot, and `nextEventTime` never later than an event.
@Suite("Engine, tracker and model agree with cumulative time and cooldowns", .catchesHangs)
struct TimingPropertyTests {
    /// 300 sessions, in chunks the test runner can spread over cores.
    static let seedChunks = SeededSessions.chunks(after: 20_000)

    static func makeSession(seed: UInt64) -> Session<Int> {
        let features: SessionGenerator.Features = seed.isMultiple(of: 2) ? [.timing] : SessionGenerator.Features.realScreens.union(.timing)
        var generator = SessionGenerator(seed: seed, features: features)
        return generator.makeSession(stepCount: Int(seed % 101) + 150)
    }

    @Test("random timing sessions give exactly the model's events, impressions and snapshots", arguments: seedChunks)
    func randomSessionsMatchTheModel(seeds: ClosedRange<UInt64>) throws {
        try SeededSessions.expectEngineMatchesModel(seeds) { Self.makeSession(seed: $0) }
    }

    @Test("random timing sessions through the actor give exactly the model's impressions",
          arguments: SeededSessions.trackerChunks(after: 20_000))
    func trackerMatchesTheModel(seeds: ClosedRange<UInt64>) async throws {
        try await SeededSessions.expectTrackerMatchesModel(seeds) { Self.makeSession(seed: $0) }
    }

    @Test("without a cooldown, cumulative time fires in every visit at least as often and no later than continuous time",
          arguments: [(20_001 as UInt64)...20_100, 20_101...20_200])
    func cumulativeNeverLater(seeds: ClosedRange<UInt64>) throws {
        // The runs of visible samples do not depend on the timing, and a run long enough
        // for continuous time brings the visit's sum (restarted at the latest at the run's
        // entry) to the duration by the same sample, in a run not yet spent.
        var earlier = 0
        for seed in seeds {
            let session = Self.makeSession(seed: seed)
            let continuous = try Self.impressionsByVisit(Self.session(session, timing: .continuous))
            let cumulative = try Self.impressionsByVisit(Self.session(session, timing: .cumulative))
            for (key, times) in continuous {
                let cumulativeTimes = cumulative[key] ?? []
                #expect(cumulativeTimes.count >= times.count, "seed \(seed), section \(key.section) in visit \(key.visit)")
                #expect(cumulativeTimes.first.map { $0 <= times[0] } ?? false, "seed \(seed), section \(key.section) in visit \(key.visit)")
                if let first = cumulativeTimes.first, first < times[0] { earlier += 1 }
            }
        }
        #expect(earlier > 20, "cumulative time fired earlier only \(earlier) times")
    }

    struct SectionVisit: Hashable {
        var section: Int
        var visit: Int
    }

    /// The engine's impression times of `session`, by section and visit.
    static func impressionsByVisit(_ session: Session<Int>) throws -> [SectionVisit: [Duration]] {
        var engine = try ImpressionEngine<Int>(policy: session.policy, sampleInterval: session.sampleInterval)
        var fired: [Impression<Int>] = []
        for step in session.steps {
            fired += engine.advance(to: step.time)
            if case .input(let input) = step.action { _ = engine.perform(input) }
        }
        fired += engine.advance(to: (session.steps.last?.time ?? .zero) + .seconds(3))
        return Dictionary(grouping: fired) { SectionVisit(section: $0.sectionID, visit: $0.visit) }.mapValues { $0.map(\.time) }
    }

    /// `session` with every policy (the engine's and the sections') given `timing` and no cooldown.
    static func session(_ session: Session<Int>, timing: ImpressionPolicy.Timing) -> Session<Int> {
        func retimed(_ policy: ImpressionPolicy) -> ImpressionPolicy {
            var policy = policy
            policy.timing = timing
            policy.cooldown = .zero
            return policy
        }
        var result = session
        result.policy = retimed(session.policy)
        for index in result.steps.indices {
            guard case .input(.layout(var sections, let containers)) = result.steps[index].action else { continue }
            for slot in sections.indices { sections[slot].policy = sections[slot].policy.map(retimed) }
            result.steps[index].action = .input(.layout(sections: sections, containers: containers))
        }
        return result
    }

    @Test("the timing sessions reach cumulative firing, held-back runs, cooldowns that end and negative cooldowns refused")
    func sessionsAreNotDegenerate() {
        var totals = ReferenceModel<Int>.Stats()
        var impressions = 0
        var cumulativeSessions = 0
        var cooldownSessions = 0
        var refusedCooldowns = 0
        for seed in UInt64(20_001)...20_300 {
            let session = Self.makeSession(seed: seed)
            if session.policy.timing == .cumulative { cumulativeSessions += 1 }
            if session.policy.cooldown > .zero { cooldownSessions += 1 }
            var model = ReferenceModel<Int>(policy: session.policy, sampleInterval: session.sampleInterval)
            for step in session.steps {
                impressions += model.advance(to: step.time).count
                guard case .input(let input) = step.action else { continue }
                let accepted = model.perform(input)
                if case .layout(let sections, _) = input, sections.contains(where: { ($0.policy?.cooldown ?? .zero) < .zero }) {
                    #expect(!accepted, "seed \(seed): a negative cooldown was accepted")
                    refusedCooldowns += 1
                }
            }
            totals.firedOverSeveralRuns += model.stats.firedOverSeveralRuns
            totals.heldBackByCooldown += model.stats.heldBackByCooldown
            totals.firedAgainAfterCooldown += model.stats.firedAgainAfterCooldown
        }
        #expect(impressions > 900, "only \(impressions) impressions")
        #expect(cumulativeSessions > 120 && cumulativeSessions < 240, "\(cumulativeSessions) cumulative sessions")
        #expect(cooldownSessions > 150 && cooldownSessions < 270, "\(cooldownSessions) sessions with a cooldown")
        #expect(totals.firedOverSeveralRuns > 100, "\(totals)")
        #expect(totals.heldBackByCooldown > 60, "\(totals)")
        #expect(totals.firedAgainAfterCooldown > 60, "\(totals)")
        #expect(refusedCooldowns > 20, "only \(refusedCooldowns) layouts with a negative cooldown")
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
