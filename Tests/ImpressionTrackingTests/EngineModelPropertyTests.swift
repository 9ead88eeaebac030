import Testing
@testable import ImpressionTracking

/// The engine against the naive reference model, on seeded random sessions.
///
/// Every step of every session must give exactly the same impressions (ids, times,
/// `Double` ratios, durations, visits, order), the same accept or reject of bad input,
/// and the same time, visit and activity. A mismatch names the seed, the step and the
/// steps before it; rerun it alone with `firstMismatch(in: SessionGenerator(seed:).makeSession())`.
@Suite("Engine matches the reference model")
struct EngineModelPropertyTests {
    /// 300 sessions with random intervals, in chunks the test runner can spread over cores.
    static let seedChunks: [ClosedRange<UInt64>] = (0 as UInt64..<10).map { (chunk: UInt64) -> ClosedRange<UInt64> in
        // Spelled out: under load the type checker gave up on the inferred form.
        let first: UInt64 = chunk * 30 + 1
        return first...(first + 29)
    }

    /// 100 sessions at each fixed interval, in chunks of 50: the interval in
    /// milliseconds and the chunk's first seed.
    static let fixedIntervalChunks: [(Int, UInt64)] = [(100, 1_000), (100, 1_050), (250, 2_000), (250, 2_050)]

    @Test("random sessions give exactly the model's impressions", arguments: seedChunks)
    func randomSessionsMatchTheModel(seeds: ClosedRange<UInt64>) throws {
        for seed in seeds {
            var generator = SessionGenerator(seed: seed)
            let session = generator.makeSession()
            if let mismatch = try Self.firstMismatch(in: session) {
                Issue.record("\(mismatch)")
            }
        }
    }

    @Test("random sessions sampled every 100 ms and every 250 ms match the model at each interval",
          arguments: fixedIntervalChunks)
    func fixedIntervalSessionsMatchTheModel(intervalMilliseconds: Int, firstSeed: UInt64) throws {
        for seed in firstSeed..<firstSeed + 50 {
            var generator = SessionGenerator(seed: seed)
            let session = generator.makeSession(sampleIntervalMilliseconds: intervalMilliseconds)
            if let mismatch = try Self.firstMismatch(in: session) {
                Issue.record("\(mismatch)")
            }
        }
    }

    @Test("the random sessions exercise firing, rejection and every kind of step")
    func sessionsAreNotDegenerate() {
        var impressions = 0
        var sessionsWithImpressions = 0
        var rejected = 0
        var rewinds = 0
        var visitsAboveOne = 0
        var oncePerVisitImpressions = 0
        for seed in UInt64(1)...100 {
            var generator = SessionGenerator(seed: seed)
            let session = generator.makeSession()
            var model = ReferenceModel<Int>(policy: session.policy, sampleInterval: session.sampleInterval)
            var fired = 0
            for step in session.steps {
                fired += model.advance(to: step.time).count
                switch step.action {
                case .flush: break
                case .rewind(let earlier): _ = model.advance(to: earlier); rewinds += 1
                case .input(let input): if !model.perform(input) { rejected += 1 }
                }
            }
            impressions += fired
            if fired > 0 { sessionsWithImpressions += 1 }
            visitsAboveOne += model.fired.filter { $0.visit > 1 }.count
            if session.policy.recurrence == .oncePerVisit { oncePerVisitImpressions += fired }
        }
        #expect(impressions > 600, "only \(impressions) impressions in 100 sessions")
        #expect(sessionsWithImpressions > 85, "only \(sessionsWithImpressions) of 100 sessions fire")
        #expect(rejected > 20)
        #expect(rewinds > 50)
        #expect(visitsAboveOne > 100)
        #expect(oncePerVisitImpressions > 20)
    }

    @Test("replaying a session gives the same impressions every time")
    func replayIsDeterministic() async throws {
        var generator = SessionGenerator(seed: 42)
        let session = generator.makeSession()
        var first = try ImpressionEngine<Int>(policy: session.policy, sampleInterval: session.sampleInterval)
        var second = try ImpressionEngine<Int>(policy: session.policy, sampleInterval: session.sampleInterval)
        let firstOutcomes = await replay(session, into: &first)
        let secondOutcomes = await replay(session, into: &second)
        #expect(firstOutcomes == secondOutcomes)
        #expect(firstOutcomes.contains { !$0.impressions.isEmpty })
    }

    @Test("the reference model replays through the same driver protocol as the engine")
    func modelAndEngineAgreeThroughReplay() async throws {
        var generator = SessionGenerator(seed: 7)
        let session = generator.makeSession()
        var engine = try ImpressionEngine<Int>(policy: session.policy, sampleInterval: session.sampleInterval)
        var model = ReferenceModel<Int>(policy: session.policy, sampleInterval: session.sampleInterval)
        let engineOutcomes = await replay(session, into: &engine)
        let modelOutcomes = await replay(session, into: &model)
        #expect(engineOutcomes == modelOutcomes, "seed 7")
    }

    // MARK: - Lockstep comparison

    /// A difference between the engine and the model, with what is needed to reproduce it.
    struct Mismatch: CustomStringConvertible {
        var seed: UInt64
        var stepIndex: Int
        var step: String
        var what: String
        var expected: String
        var got: String
        var recentSteps: [String]

        var description: String {
            """
            seed \(seed), step \(stepIndex) (\(step)): \(what)
              expected (model): \(expected)
              got (engine):     \(got)
              steps before it:
                \(recentSteps.joined(separator: "\n    "))
            """
        }
    }

    /// Replays `session` into a fresh engine and a fresh model side by side and returns
    /// the first difference, or `nil`.
    static func firstMismatch(in session: Session<Int>) throws -> Mismatch? {
        var engine = try ImpressionEngine<Int>(policy: session.policy, sampleInterval: session.sampleInterval)
        var model = ReferenceModel<Int>(policy: session.policy, sampleInterval: session.sampleInterval)
        // The geometry at every sample, against the model's.
        engine.watchGeometry()
        model.geometryWatcher = ReferenceGeometryWatcher()
        var recent: [String] = ["engine policy \(session.policy), interval \(session.sampleInterval)"]
        for (index, step) in session.steps.enumerated() {
            let stepText = describe(step)
            func mismatch(_ what: String, _ expected: some Any, _ got: some Any) -> Mismatch {
                Mismatch(seed: session.seed, stepIndex: index, step: stepText, what: what,
                         expected: "\(expected)", got: "\(got)", recentSteps: recent.suffix(12))
            }
            let expected = model.advance(to: step.time)
            let got = engine.advance(to: step.time)
            if expected != got {
                return mismatch("impressions up to \(step.time)", expected, got)
            }
            if let difference = GeometryComparison.firstDifference(expected: model.geometryChanges,
                                                                    got: engine.takeGeometryChanges()) {
                return mismatch("geometry up to \(step.time)", difference, "")
            }
            model.geometryChanges.removeAll()
            switch step.action {
            case .flush:
                break
            case .rewind(let earlier):
                let gotBackwards = engine.advance(to: earlier)
                if !gotBackwards.isEmpty {
                    return mismatch("advancing back to \(earlier) evaluated samples", [Impression<Int>](), gotBackwards)
                }
                _ = model.advance(to: earlier)
            case .input(let input):
                let modelAccepted = model.perform(input)
                let engineAccepted = engine.perform(input)
                if modelAccepted != engineAccepted {
                    return mismatch("input accepted", modelAccepted, engineAccepted)
                }
            }
            if engine.time != model.time {
                return mismatch("time", model.time, engine.time)
            }
            if engine.visit != model.visit {
                return mismatch("visit", model.visit, engine.visit)
            }
            if engine.isActive != model.isActive {
                return mismatch("isActive", model.isActive, engine.isActive)
            }
            recent.append("#\(index) \(stepText)")
        }
        return nil
    }

    static func describe(_ step: SessionStep<Int>) -> String {
        let action: String
        switch step.action {
        case .flush:
            action = "flush"
        case .rewind(let earlier):
            action = "advance back to \(earlier)"
        case .input(.layout(let sections, let containers)) where containers.isEmpty:
            action = "setLayout [\(describe(sections))]"
        case .input(.layout(let sections, let containers)):
            let containerText = containers.map { container in
                "\(container.id) in \(container.parentID ?? "root") frame \(container.frame) offset (\(container.contentOffset.x), \(container.contentOffset.y))"
            }
            action = "setLayout [\(describe(sections))] containers [\(containerText.joined(separator: "; "))]"
        case .input(.contentOffset(let offset, let container)):
            action = "setContentOffset (\(offset.x), \(offset.y)) of \(container)"
        case .input(let input):
            action = "\(input)"
        }
        return "at \(step.time): \(action)"
    }

    static func describe(_ sections: [TrackedSection<Int>]) -> String {
        sections.map { section in
            var text = "\(section.id): \(section.cells)"
            if !section.nestedCells.isEmpty {
                text += " nested \(section.nestedCells.map { "\($0.containerID)\($0.frame)" })"
            }
            if let fullHeight = section.fullHeight { text += " fullHeight \(fullHeight)" }
            if let fullArea = section.fullArea { text += " fullArea \(fullArea)" }
            if let policy = section.policy { text += " policy [\(policy)]" }
            return text
        }.joined(separator: "; ")
    }
}
