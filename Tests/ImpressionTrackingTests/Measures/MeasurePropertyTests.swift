import Testing
@testable import ImpressionTracking

/// The engine, the actor and the naive reference model on random sessions whose policies
/// (the engine's and the sections' own) switch on the width measure and focus rule, and
/// whose sections sometimes give a `fullWidth`.
///
/// Even seeds draw only the measures; odd seeds add every real-screen feature
/// (containers, insets, obstructions, exit ratios, large-section rules), and one in four
/// the timing knobs as well. Each session is compared as ``RealScreenPropertyTests``
/// compares: event for event, impression for impression, snapshot for snapshot.
@Suite("Engine, tracker and model agree with the width measure and focus", .catchesHangs)
struct MeasurePropertyTests {
    /// 300 sessions, in chunks the test runner can spread over cores.
    static let seedChunks = SeededSessions.chunks(after: 30_000)

    static func makeSession(seed: UInt64) -> Session<Int> {
        var features: SessionGenerator.Features = [.measures]
        if !seed.isMultiple(of: 2) { features.formUnion(.realScreens) }
        if seed % 4 == 1 { features.insert(.timing) }
        var generator = SessionGenerator(seed: seed, features: features)
        return generator.makeSession(stepCount: Int(seed % 101) + 150)
    }

    @Test("random width and focus sessions give exactly the model's events, impressions and snapshots", arguments: seedChunks)
    func randomSessionsMatchTheModel(seeds: ClosedRange<UInt64>) throws {
        try SeededSessions.expectEngineMatchesModel(seeds) { Self.makeSession(seed: $0) }
    }

    @Test("random width and focus sessions through the actor give exactly the model's impressions",
          arguments: SeededSessions.trackerChunks(after: 30_000))
    func trackerMatchesTheModel(seeds: ClosedRange<UInt64>) async throws {
        try await SeededSessions.expectTrackerMatchesModel(seeds) { Self.makeSession(seed: $0) }
    }

    @Test("the sessions reach width, part-shown widths, focus and bad widths and fractions refused")
    func sessionsAreNotDegenerate() {
        var totals = ReferenceModel<Int>.Stats()
        var impressions = 0
        var widthSessions = 0
        var focusSessions = 0
        var refused = 0
        for seed in UInt64(30_001)...30_300 {
            let session = Self.makeSession(seed: seed)
            if session.policy.measure == .width { widthSessions += 1 }
            if case .focus = session.policy.largeSectionRule { focusSessions += 1 }
            var model = ReferenceModel<Int>(policy: session.policy, sampleInterval: session.sampleInterval)
            for step in session.steps {
                impressions += model.advance(to: step.time).count
                guard case .input(let input) = step.action else { continue }
                let accepted = model.perform(input)
                if case .layout(let sections, _) = input, sections.contains(where: Self.hasBadMeasureValue) {
                    #expect(!accepted, "seed \(seed): a bad fullWidth or focus fraction was accepted")
                    refused += 1
                }
            }
            totals.visibleByWidth += model.stats.visibleByWidth
            totals.partlyShownByWidth += model.stats.partlyShownByWidth
            totals.visibleThanksToFocus += model.stats.visibleThanksToFocus
        }
        #expect(impressions > 900, "only \(impressions) impressions")
        #expect(widthSessions > 100 && widthSessions < 200, "\(widthSessions) sessions measure by width")
        #expect(focusSessions > 70 && focusSessions < 170, "\(focusSessions) sessions with a focus rule")
        #expect(totals.visibleByWidth > 5_000, "\(totals)")
        #expect(totals.partlyShownByWidth > 500, "\(totals)")
        #expect(totals.visibleThanksToFocus > 500, "\(totals)")
        #expect(refused > 20, "only \(refused) layouts with a bad fullWidth or focus fraction")
    }

    static func hasBadMeasureValue(_ section: TrackedSection<Int>) -> Bool {
        if let fullWidth = section.fullWidth, !(fullWidth.isFinite && fullWidth >= 0) { return true }
        if case .focus(let fraction) = section.policy?.largeSectionRule, !(fraction > 0 && fraction <= 1) { return true }
        return false
    }

    @Test("sessions without the measures feature draw no width, focus or fullWidth")
    func otherSessionsAreUnchanged() {
        for seed in UInt64(1)...20 {
            for features: SessionGenerator.Features in [[], .realScreens, SessionGenerator.Features.realScreens.union(.timing)] {
                var generator = SessionGenerator(seed: seed, features: features)
                let session = generator.makeSession()
                var policies = [session.policy]
                for step in session.steps {
                    guard case .input(.layout(let sections, _)) = step.action else { continue }
                    policies += sections.compactMap(\.policy)
                    #expect(sections.allSatisfy { $0.fullWidth == nil }, "seed \(seed)")
                }
                for policy in policies {
                    #expect(policy.measure != .width, "seed \(seed)")
                    if case .focus = policy.largeSectionRule { Issue.record("seed \(seed): a focus rule") }
                }
            }
        }
    }
}
