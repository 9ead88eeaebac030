import Testing
@testable import ImpressionTracking

/// Every timing, measure, margin and display knob at once, on top of every real-screen
/// feature: cumulative time and cooldowns, the width measure and focus, relative insets
/// and clip insets, the load gate, hidden and opacity (and the statistics every snapshot
/// row carries). Compared as ``RealScreenPropertyTests`` compares: event for event,
/// impression for impression, snapshot for snapshot; 60 sessions through the actor too.
@Suite("Engine, tracker and model agree with every knob at once", .catchesHangs)
struct AllKnobsPropertyTests {
    static let features = SessionGenerator.Features.realScreens.union([.timing, .measures, .margins, .gates, .forgetting, .peerRules,
                                                                      .exposureSignals, .friendlyObstructions])

    /// 300 sessions, in chunks the test runner can spread over cores.
    static let seedChunks = SeededSessions.chunks(after: 60_000)

    static func makeSession(seed: UInt64) -> Session<Int> {
        var generator = SessionGenerator(seed: seed, features: features)
        return generator.makeSession(stepCount: Int(seed % 101) + 150)
    }

    @Test("random sessions with every knob give exactly the model's events, impressions and snapshots", arguments: seedChunks)
    func randomSessionsMatchTheModel(seeds: ClosedRange<UInt64>) throws {
        try SeededSessions.expectEngineMatchesModel(seeds) { Self.makeSession(seed: $0) }
    }

    @Test("random sessions with every knob through the actor give exactly the model's impressions",
          arguments: SeededSessions.trackerChunks(after: 60_000))
    func trackerMatchesTheModel(seeds: ClosedRange<UInt64>) async throws {
        try await SeededSessions.expectTrackerMatchesModel(seeds) { Self.makeSession(seed: $0) }
    }

    @Test("the sessions fire, and reach cumulative sums, cooldowns, widths, relative insets, gates, opacity and forgetting")
    func sessionsAreNotDegenerate() {
        var impressions = 0
        var counts: [String: Int] = [:]
        for seed in UInt64(60_001)...60_300 {
            let session = Self.makeSession(seed: seed)
            var model = ReferenceModel<Int>(policy: session.policy, sampleInterval: session.sampleInterval,
                                            rememberedSectionLimit: session.rememberedSectionLimit,
                                            measuresExposureSignals: session.measuresExposureSignals)
            for step in session.steps {
                _ = model.advanceWithEvents(to: step.time)
                guard case .input(let input) = step.action else { continue }
                guard model.perform(input) else { continue }
                switch input {
                case .viewportInsets(let insets) where insets.relative != .zero: counts["relative insets", default: 0] += 1
                case .layout(let sections, let containers):
                    if containers.contains(where: { $0.clipInsets != .zero }) { counts["clip insets", default: 0] += 1 }
                    if sections.contains(where: { !$0.isLoaded }) { counts["not loaded", default: 0] += 1 }
                    if sections.contains(where: { $0.opacity < 1 }) || containers.contains(where: { $0.opacity < 1 }) {
                        counts["opacity", default: 0] += 1
                    }
                default: break
                }
            }
            impressions += model.fired.count
            if session.measuresExposureSignals { counts["sessions with exposure signals", default: 0] += 1 }
            for event in model.events {
                guard case .exited(_, _, _, _, _, _, let signals?) = event else { continue }
                // Exits whose signals differ from their time at the ratio: in view below it,
                // moving while in view, in another run of the visit.
                if signals.timeInView > signals.timeAtRatio { counts["signals: in view below the ratio", default: 0] += 1 }
                if signals.timeInViewAtRest < signals.timeInView { counts["signals: scrolled while in view", default: 0] += 1 }
                if signals.longestRun < signals.timeAtRatio { counts["signals: several runs in a visit", default: 0] += 1 }
            }
            let stats = model.stats
            counts["cumulative over several runs", default: 0] += stats.firedOverSeveralRuns
            counts["held back by a cooldown", default: 0] += stats.heldBackByCooldown
            counts["fired at a check at both ends", default: 0] += stats.firedAtBothEnds
            counts["fired at both ends after coming back", default: 0] += stats.firedAfterComingBack
            counts["visible by width", default: 0] += stats.visibleByWidth
            counts["forgotten past the limit", default: 0] += stats.forgottenSections
            counts["back with its last impression", default: 0] += stats.lastImpressionKeptAfterForgetting
            counts["back without its last impression", default: 0] += stats.lastImpressionDroppedAfterForgetting
        }
        #expect(impressions > 500, "\(impressions) impressions")   // 723 when written
        // Printed, so a change to the sessions shows what they reach.
        print("all-knobs sessions reach: \(counts.sorted(by: { $0.key < $1.key }))")
        for (kind, count) in counts.sorted(by: { $0.key < $1.key }) {
            #expect(count > 10, "\(kind): \(count)")
        }
        #expect(counts.count == 16, "\(counts)")
    }
}
