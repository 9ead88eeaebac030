import Testing
@testable import ImpressionTracking

/// The peers' rules on top of every other knob: policies that round their ratio (Flutter's
/// snap near 0 and 1, the OM SDK's whole percent, React Native's whole points), that
/// measure against the viewport (React Native's view-area coverage), and that wait for the user's
/// first interaction, with the interaction among the steps, and React Native's
/// `minimumViewTime` (timing checked at both ends). Engine and model agree event
/// for event, impression for impression and snapshot for snapshot; the sessions are
/// those of ``AllKnobsPropertyTests``, which switches these rules on too, on other seeds.
@Suite("Engine and model agree with the peers' rounding and interaction gate", .catchesHangs)
struct PeerRulesPropertyTests {
    static let features = AllKnobsPropertyTests.features.union(.peerRules)

    /// 300 sessions, in chunks the test runner can spread over cores.
    static let seedChunks = SeededSessions.chunks(after: 510_000)

    static func makeSession(seed: UInt64) -> Session<Int> {
        var generator = SessionGenerator(seed: seed, features: features)
        return generator.makeSession(stepCount: Int(seed % 101) + 150)
    }

    @Test("random sessions with rounding and the gate give exactly the model's events, impressions and snapshots",
          arguments: seedChunks)
    func randomSessionsMatchTheModel(seeds: ClosedRange<UInt64>) throws {
        try SeededSessions.expectEngineMatchesModel(seeds) { Self.makeSession(seed: $0) }
    }

    @Test("random sessions with rounding and the gate through the actor give exactly the model's impressions",
          arguments: SeededSessions.trackerChunks(after: 510_000))
    func trackerMatchesTheModel(seeds: ClosedRange<UInt64>) async throws {
        try await SeededSessions.expectTrackerMatchesModel(seeds) { Self.makeSession(seed: $0) }
    }

    @Test("the sessions round, wait for the interaction, interact, and still fire")
    func sessionsAreNotDegenerate() {
        var impressions = 0
        var counts: [String: Int] = [:]
        for seed in UInt64(510_001)...510_300 {
            let session = Self.makeSession(seed: seed)
            var model = ReferenceModel<Int>(policy: session.policy, sampleInterval: session.sampleInterval,
                                            rememberedSectionLimit: session.rememberedSectionLimit,
                                            measuresExposureSignals: session.measuresExposureSignals)
            var interacted = false
            for step in session.steps {
                _ = model.advanceWithEvents(to: step.time)
                guard case .input(let input) = step.action, model.perform(input) else { continue }
                if input == .lifecycle(.interact) { interacted = true }
            }
            impressions += model.fired.count
            if session.policy.requiresInteraction {
                counts[interacted ? "gated sessions that interact" : "gated sessions that never interact", default: 0] += 1
                if interacted && !model.fired.isEmpty { counts["gated sessions that fire", default: 0] += 1 }
            }
            if session.policy.rounding == .snapNearEnds { counts["snapping sessions", default: 0] += 1 }
            if session.policy.rounding == .floorToPercent { counts["flooring sessions", default: 0] += 1 }
            if session.policy.rounding == .floorToWholePoints { counts["whole-point sessions", default: 0] += 1 }
            if session.policy.largeSectionRule == .viewportCoverage { counts["viewport-coverage sessions", default: 0] += 1 }
            counts["samples that waited for the interaction", default: 0] += model.stats.waitedForInteraction
            counts["samples the rounding decided", default: 0] += model.stats.decidedByRounding
            if session.policy.timing == .checkedAtBothEnds { counts["sessions checked at both ends", default: 0] += 1 }
            counts["fired at a check at both ends", default: 0] += model.stats.firedAtBothEnds
            counts["fired at both ends after coming back", default: 0] += model.stats.firedAfterComingBack
        }
        #expect(impressions > 300, "\(impressions) impressions")
        print("peer-rules sessions reach: \(counts.sorted(by: { $0.key < $1.key }))")
        for (kind, count) in counts.sorted(by: { $0.key < $1.key }) {
            #expect(count > 10, "\(kind): \(count)")
        }
        #expect(counts.count == 12, "\(counts)")
    }
}
