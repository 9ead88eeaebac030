@testable import ImpressionTracking
import Testing

/// The seeded sessions the property tests compare the geometry on reach every reason,
/// both kinds of obstruction and partial percentages: a comparison that never meets them
/// would prove nothing about them.
@Suite("Geometry in the seeded sessions")
struct GeometryCoverageTests {
    @Test("the all-knobs sessions reach every reason, obstructions of both kinds and partial percentages")
    func sessionsReachEveryCase() {
        var counts: [String: Int] = [:]
        for seed in UInt64(60_001)...60_100 {
            let session = AllKnobsPropertyTests.makeSession(seed: seed)
            var model = ReferenceModel<Int>(policy: session.policy, sampleInterval: session.sampleInterval,
                                            rememberedSectionLimit: session.rememberedSectionLimit,
                                            measuresExposureSignals: session.measuresExposureSignals)
            model.geometryWatcher = ReferenceGeometryWatcher()
            for step in session.steps {
                _ = model.advanceWithEvents(to: step.time)
                if case .input(let input) = step.action { _ = model.perform(input) }
            }
            for change in model.geometryChanges {
                for (reason, name) in NotInViewReasons.all where change.reasons.contains(reason) {
                    counts[name, default: 0] += 1
                }
                if !change.obstructions.isEmpty { counts["obstructions listed", default: 0] += 1 }
                if !change.friendlyObstructions.isEmpty { counts["friendly obstructions listed", default: 0] += 1 }
                if change.percentageInView > 0 && change.percentageInView < 100 { counts["partly in view", default: 0] += 1 }
                if change.percentageInView == 100 { counts["wholly in view", default: 0] += 1 }
            }
        }
        print("geometry changes reach: \(counts.sorted(by: { $0.key < $1.key }))")
        for name in NotInViewReasons.all.map(\.name) + ["obstructions listed", "friendly obstructions listed",
                                                        "partly in view", "wholly in view"] {
            #expect(counts[name, default: 0] > 10, "\(name): \(counts[name, default: 0])")
        }
    }
}
