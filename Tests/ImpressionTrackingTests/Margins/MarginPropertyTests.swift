import Testing
@testable import ImpressionTracking

/// The engine, the actor and the naive reference model on random sessions with relative
/// viewport insets (`rootMargin` in percent) and containers' clip insets (`scrollMargin`),
/// on top of every real-screen feature; one in four also draws the timing knobs, one in
/// three the width measure and focus. Compared as ``RealScreenPropertyTests`` compares:
/// event for event, impression for impression, snapshot for snapshot.
@Suite("Engine, tracker and model agree with relative insets and clip insets", .catchesHangs)
struct MarginPropertyTests {
    /// 300 sessions, in chunks the test runner can spread over cores.
    static let seedChunks = SeededSessions.chunks(after: 50_000)

    static func makeSession(seed: UInt64) -> Session<Int> {
        var features = SessionGenerator.Features.realScreens.union(.margins)
        if seed % 4 == 1 { features.insert(.timing) }
        if seed % 3 == 1 { features.insert(.measures) }
        var generator = SessionGenerator(seed: seed, features: features)
        return generator.makeSession(stepCount: Int(seed % 101) + 150)
    }

    @Test("random margin sessions give exactly the model's events, impressions and snapshots", arguments: seedChunks)
    func randomSessionsMatchTheModel(seeds: ClosedRange<UInt64>) throws {
        try SeededSessions.expectEngineMatchesModel(seeds) { Self.makeSession(seed: $0) }
    }

    @Test("random margin sessions through the actor give exactly the model's impressions",
          arguments: SeededSessions.trackerChunks(after: 50_000))
    func trackerMatchesTheModel(seeds: ClosedRange<UInt64>) async throws {
        try await SeededSessions.expectTrackerMatchesModel(seeds) { Self.makeSession(seed: $0) }
    }

    @Test("the relative insets and the clip insets change what shows, and bad ones are refused")
    func sessionsAreNotDegenerate() {
        var changedByRelativeInsets = 0
        var changedByClipInsets = 0
        var refused = 0
        for seed in UInt64(50_001)...50_100 {
            let session = Self.makeSession(seed: seed)
            var model = ReferenceModel<Int>(policy: session.policy, sampleInterval: session.sampleInterval)
            for step in session.steps {
                _ = model.advanceWithEvents(to: step.time)
                guard case .input(let input) = step.action else { continue }
                let accepted = model.perform(input)
                switch input {
                case .viewportInsets(let insets) where !insets.relative.isFinite: if !accepted { refused += 1 }
                case .layout(_, let containers) where containers.contains(where: { !$0.clipInsets.isFinite }):
                    if !accepted { refused += 1 }
                default: break
                }
                // The same screen without the relative insets, and without the clip insets.
                var withoutRelative = model
                withoutRelative.insets.relative = .zero
                var withoutClip = model
                withoutClip.containers = withoutClip.containers.mapValues { container in
                    var bare = container
                    bare.clipInsets = .zero
                    return bare
                }
                for section in model.layout {
                    let ratio = model.expectedSnapshotRow(for: section).visibleRatio
                    if withoutRelative.expectedSnapshotRow(for: section).visibleRatio != ratio { changedByRelativeInsets += 1 }
                    if withoutClip.expectedSnapshotRow(for: section).visibleRatio != ratio { changedByClipInsets += 1 }
                }
            }
        }
        #expect(changedByRelativeInsets > 500, "relative insets changed \(changedByRelativeInsets) ratios")
        #expect(changedByClipInsets > 200, "clip insets changed \(changedByClipInsets) ratios")
        #expect(refused > 10, "\(refused) bad insets refused")
    }
}
