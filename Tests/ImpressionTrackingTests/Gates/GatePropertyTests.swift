import Testing
@testable import ImpressionTracking

/// The engine, the actor and the naive reference model on random sessions that switch on
/// the load gate, hidden flags and opacity: sections that are not loaded (and load
/// later), hidden or translucent, containers hidden or translucent, policies with a
/// minimum opacity, and layouts whose only fault is an opacity.
///
/// Even seeds draw only the gates; odd seeds add every real-screen feature (containers,
/// insets, obstructions, exit ratios, large-section rules), and one in four the timing
/// knobs and the measures as well. Each session is compared as ``RealScreenPropertyTests``
/// compares: event for event, impression for impression, snapshot for snapshot.
@Suite("Engine, tracker and model agree with the load gate, hidden flags and opacity", .catchesHangs)
struct GatePropertyTests {
    /// 300 sessions, in chunks the test runner can spread over cores.
    static let seedChunks = SeededSessions.chunks(after: 40_000)

    static func makeSession(seed: UInt64) -> Session<Int> {
        var features: SessionGenerator.Features = [.gates]
        if !seed.isMultiple(of: 2) { features.formUnion(.realScreens) }
        if seed % 4 == 1 { features.formUnion([.timing, .measures]) }
        var generator = SessionGenerator(seed: seed, features: features)
        return generator.makeSession(stepCount: Int(seed % 101) + 150)
    }

    @Test("random gate sessions give exactly the model's events, impressions and snapshots", arguments: seedChunks)
    func randomSessionsMatchTheModel(seeds: ClosedRange<UInt64>) throws {
        try SeededSessions.expectEngineMatchesModel(seeds) { Self.makeSession(seed: $0) }
    }

    @Test("random gate sessions through the actor give exactly the model's impressions",
          arguments: SeededSessions.trackerChunks(after: 40_000))
    func trackerMatchesTheModel(seeds: ClosedRange<UInt64>) async throws {
        try await SeededSessions.expectTrackerMatchesModel(seeds) { Self.makeSession(seed: $0) }
    }

    @Test("the sessions reach not loaded, hidden, left-out cells and bad opacities refused")
    func sessionsAreNotDegenerate() {
        var totals = ReferenceModel<Int>.Stats()
        var impressions = 0
        var events = 0
        var opacitySessions = 0
        var refused = 0
        var stateChanges = (accepted: 0, unknownSection: 0, badOpacity: 0)
        var reasons: [String: Int] = [:]
        for seed in UInt64(40_001)...40_300 {
            let session = Self.makeSession(seed: seed)
            if session.policy.minimumOpacity > 0 { opacitySessions += 1 }
            var model = ReferenceModel<Int>(policy: session.policy, sampleInterval: session.sampleInterval)
            for step in session.steps {
                let stepEvents = model.advanceWithEvents(to: step.time)
                events += stepEvents.count
                impressions += stepEvents.compactMap(\.impression).count
                guard case .input(let input) = step.action else { continue }
                let accepted = model.perform(input)
                if case .layout(let sections, let containers) = input,
                   sections.contains(where: Self.hasBadOpacity) || containers.contains(where: { !(0...1).contains($0.opacity) }) {
                    #expect(!accepted, "seed \(seed): a bad opacity was accepted")
                    refused += 1
                }
                if case .sectionState(_, _, let opacity, _) = input {
                    if accepted {
                        stateChanges.accepted += 1
                    } else if let opacity, !(0...1).contains(opacity) {
                        stateChanges.badOpacity += 1
                    } else {
                        stateChanges.unknownSection += 1
                    }
                }
                for section in model.layout {
                    switch model.expectedSnapshotRow(for: section).notVisibleReason {
                    case .notLoaded: reasons["not loaded", default: 0] += 1
                    case .hidden: reasons["hidden", default: 0] += 1
                    case .hiddenByContainer: reasons["hidden by container", default: 0] += 1
                    case .transparent: reasons["transparent", default: 0] += 1
                    default: break
                    }
                }
            }
            totals.notLoadedSamples += model.stats.notLoadedSamples
            totals.hiddenSectionSamples += model.stats.hiddenSectionSamples
            totals.leftOutCells += model.stats.leftOutCells
            totals.invisibleForGates += model.stats.invisibleForGates
        }
        #expect(impressions > 900, "only \(impressions) impressions")
        #expect(opacitySessions > 100 && opacitySessions < 250, "\(opacitySessions) sessions with a minimum opacity")
        #expect(totals.notLoadedSamples > 2_000, "\(totals)")
        #expect(totals.hiddenSectionSamples > 500, "\(totals)")
        #expect(totals.leftOutCells > 2_000, "\(totals)")
        #expect(totals.invisibleForGates > 1_000, "\(totals)")
        for reason in ["not loaded", "hidden", "hidden by container", "transparent"] {
            #expect(reasons[reason, default: 0] > 50, "\(reason): \(reasons)")
        }
        #expect(refused > 20, "only \(refused) layouts with a bad opacity")
        #expect(stateChanges.accepted > 1_000 && stateChanges.unknownSection > 20 && stateChanges.badOpacity > 20,
                "one section's state changed alone: \(stateChanges)")
        print("gate sessions: 300, \(events) events, \(impressions) impressions; \(totals); reasons \(reasons); \(refused) refused; "
              + "section states \(stateChanges)")
    }

    static func hasBadOpacity(_ section: TrackedSection<Int>) -> Bool {
        !(0...1).contains(section.opacity) || !(0...1).contains(section.policy?.minimumOpacity ?? 0)
    }

    @Test("sessions without the gates feature draw no gate")
    func otherSessionsAreUnchanged() {
        for seed in UInt64(1)...20 {
            for features: SessionGenerator.Features in [[], .realScreens, SessionGenerator.Features.realScreens.union([.timing, .measures])] {
                var generator = SessionGenerator(seed: seed, features: features)
                let session = generator.makeSession()
                var policies = [session.policy]
                for step in session.steps {
                    guard case .input(.layout(let sections, let containers)) = step.action else { continue }
                    policies += sections.compactMap(\.policy)
                    #expect(sections.allSatisfy { $0.isLoaded && !$0.isHidden && $0.opacity == 1 }, "seed \(seed)")
                    #expect(containers.allSatisfy { !$0.isHidden && $0.opacity == 1 }, "seed \(seed)")
                }
                #expect(policies.allSatisfy { $0.minimumOpacity == 0 }, "seed \(seed)")
            }
        }
    }
}
