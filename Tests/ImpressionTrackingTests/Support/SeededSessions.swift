import Testing
@testable import ImpressionTracking

/// The seeded random sessions of a property suite and the two comparisons each suite
/// makes of them: through the engine (event for event, impression for impression,
/// snapshot for snapshot, as ``RealScreenPropertyTests`` compares) and through the actor
/// (impression for impression).
enum SeededSessions {
    /// 300 seeds after `base`, in 10 chunks of 30 that the test runner spreads over cores.
    static func chunks(after base: UInt64) -> [ClosedRange<UInt64>] {
        (0 as UInt64 ..< 10).map { chunk in
            let first = base + chunk * 30 + 1
            return first ... (first + 29)
        }
    }

    /// The first 60 of those seeds, in two chunks: the actor's share.
    static func trackerChunks(after base: UInt64) -> [ClosedRange<UInt64>] {
        [(base + 1) ... (base + 30), (base + 31) ... (base + 60)]
    }

    /// Records one issue when any session of `seeds` differs from the model through the
    /// engine, naming how many and the first.
    static func expectEngineMatchesModel(_ seeds: ClosedRange<UInt64>, _ makeSession: (UInt64) -> Session<Int>,
                                         sourceLocation: SourceLocation = #_sourceLocation) throws {
        let mismatches = try seeds.compactMap { try RealScreenPropertyTests.firstMismatch(in: makeSession($0)) }
        #expect(mismatches.isEmpty, "\(mismatches.count) sessions differ; the first: \(mismatches.first.map { "\($0)" } ?? "")",
                sourceLocation: sourceLocation)
    }

    /// Records an issue for each session of `seeds` whose impressions through the actor
    /// differ from the model's; one in three lets `run()` tick.
    static func expectTrackerMatchesModel(_ seeds: ClosedRange<UInt64>, _ makeSession: (UInt64) -> Session<Int>) async throws {
        for seed in seeds {
            var session = makeSession(seed)
            // The actor's clock starts at zero: inputs the generator put before the first
            // sample (at -1 ms) come at zero instead, for the model as for the actor.
            for index in session.steps.indices where session.steps[index].time < .zero {
                session.steps[index].time = .zero
            }
            let outcome = try await TrackerModelPropertyTests.firstMismatch(in: session, ticking: seed.isMultiple(of: 3))
            if let mismatch = outcome.mismatch {
                Issue.record("\(mismatch)")
            }
        }
    }
}
