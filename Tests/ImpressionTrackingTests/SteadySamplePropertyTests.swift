import Testing
@testable import ImpressionTracking

/// A sample at which no input arrived counts from the ratios the last sample measured
/// (``CountingLoop``): the engine against the naive reference model, which measures every
/// section at every sample, one sample at a time.
///
/// The sessions are those of ``AllKnobsPropertyTests`` (every input kind, every knob),
/// driven sample by sample: between two inputs most samples have none, and the sample after
/// an input has one, so a ratio kept past an input that changed it, or a candidate list kept
/// past a scroll, reports another event than the model at that very sample. Each session
/// runs an engine of its own policy and one of six policies (several measure groups, each
/// policy compared with a model of its own), so that every copy of the loop reuses.
@Suite("A sample without inputs counts as the model does, sample by sample")
struct SteadySamplePropertyTests {
    /// 80 sessions, in chunks the test runner can spread over cores.
    static let seedChunks: [ClosedRange<UInt64>] = (0 as UInt64 ..< 4).map { chunk in
        let first = 70_000 + chunk * 20 + 1
        return first ... (first + 19)
    }

    /// What a session compared.
    struct Outcome {
        /// Samples evaluated with ratios kept from the sample before (no input in between).
        var reusingSamples = 0
        /// Of those, the ones that reported something.
        var reportingReusingSamples = 0
        /// Samples evaluated after an input.
        var samplesAfterInput = 0
        var mismatch: String?
    }

    /// An all-knobs session with its times stretched threefold: its inputs come about a
    /// tenth of a second apart, and stretched most samples between two have none.
    static func makeSession(seed: UInt64) -> Session<Int> {
        var generator = SessionGenerator(seed: seed, features: AllKnobsPropertyTests.features)
        var session = generator.makeSession(stepCount: Int(seed % 61) + 120)
        for index in session.steps.indices {
            session.steps[index].time *= 3
            if case .rewind(let earlier) = session.steps[index].action { session.steps[index].action = .rewind(to: earlier * 3) }
        }
        return session
    }

    @Test("sample by sample, an engine of one policy and one of six report what the model reports", arguments: seedChunks)
    func samplesWithAndWithoutInputsMatchTheModel(seeds: ClosedRange<UInt64>) throws {
        var total = Outcome()
        for seed in seeds {
            let outcome = try Self.compare(Self.makeSession(seed: seed))
            if let mismatch = outcome.mismatch {
                Issue.record("seed \(seed): \(mismatch)")
                return
            }
            total.reusingSamples += outcome.reusingSamples
            total.reportingReusingSamples += outcome.reportingReusingSamples
            total.samplesAfterInput += outcome.samplesAfterInput
        }
        // Not degenerate: both kinds of sample, and samples that reuse and still report.
        // Printed, so a change to the sessions shows what they reach.
        print("steady samples, seeds \(seeds): \(total.reusingSamples) reusing (\(total.reportingReusingSamples) reporting), \(total.samplesAfterInput) after an input")
        // 1,985 to 2,441 reusing (100 to 146 reporting) and 892 to 1,026 after an input per chunk when written.
        #expect(total.reusingSamples > 1_000 && total.samplesAfterInput > 500 && total.reportingReusingSamples > 40,
                "\(total.reusingSamples) samples reusing (\(total.reportingReusingSamples) reporting), \(total.samplesAfterInput) after an input")
    }

    /// Drives `session` one sample at a time through an engine of its policy, an engine of
    /// ``MultiPolicyPropertyTests/policies(for:)`` and a model per policy; the first
    /// difference in events, if any.
    static func compare(_ session: Session<Int>) throws -> Outcome {
        let policies = MultiPolicyPropertyTests.policies(for: session)
        var single = try ImpressionEngine<Int>(policy: session.policy, sampleInterval: session.sampleInterval,
                                               rememberedSectionLimit: session.rememberedSectionLimit,
                                               measuresExposureSignals: session.measuresExposureSignals)
        var multi = try ImpressionEngine<Int>(policies: policies, sampleInterval: session.sampleInterval,
                                              rememberedSectionLimit: session.rememberedSectionLimit,
                                              measuresExposureSignals: session.measuresExposureSignals)
        var models = policies.map {
            ReferenceModel<Int>(policy: $0, sampleInterval: session.sampleInterval,
                                rememberedSectionLimit: session.rememberedSectionLimit,
                                measuresExposureSignals: session.measuresExposureSignals)
        }
        var outcome = Outcome()
        var inputSinceSample = true
        for (index, step) in session.steps.enumerated() {
            func fail(_ what: String, _ expected: some Any, _ got: some Any) -> Outcome {
                outcome.mismatch = "step \(index) (\(EngineModelPropertyTests.describe(step))), policies \(policies), "
                    + "interval \(session.sampleInterval): \(what)\n  expected (model): \(expected)\n  got: \(got)"
                return outcome
            }
            // Every sample due by the step, one at a time, then the step's own time.
            var times: [Duration] = []
            var sample = single.nextSample
            while case let time = session.sampleInterval * sample, time <= step.time {
                times.append(time)
                sample += 1
            }
            times.append(step.time)
            for time in times {
                let evaluates = single.nextSample <= single.inputs.lastSample(atOrBefore: time)
                let reuses = evaluates && !inputSinceSample && single.table.loop.hasCurrentRatios
                let layout = models[0].layout.map(\.id)
                var reported = false
                let multiEvents = multi.advanceWithEvents(to: time)
                for policy in policies.indices {
                    let expected = models[policy].advanceWithEvents(to: time).map { $0.underPolicy(policy) }
                    reported = reported || !expected.isEmpty
                    if policy == 0 {
                        let got = RealScreenPropertyTests.canonical(single.advanceWithEvents(to: time), layout: layout)
                        if got != expected { return fail("events of the one-policy engine at \(time)", expected, got) }
                    }
                    let got = RealScreenPropertyTests.canonical(multiEvents.filter { $0.policy == policy }, layout: layout)
                    if got != expected { return fail("events of policy \(policy) at \(time)", expected, got) }
                }
                if evaluates {
                    if reuses { outcome.reusingSamples += 1 } else if inputSinceSample { outcome.samplesAfterInput += 1 }
                    if reuses && reported { outcome.reportingReusingSamples += 1 }
                    inputSinceSample = false
                }
            }
            if case .input(let input) = step.action {
                let accepted = models[0].perform(input)
                for policy in models.indices.dropFirst() { _ = models[policy].perform(input) }
                let singleAccepted = single.perform(input), multiAccepted = multi.perform(input)
                if singleAccepted != accepted || multiAccepted != accepted {
                    return fail("input accepted", accepted, "\(singleAccepted) / \(multiAccepted)")
                }
                // A refused input changes nothing: the next sample may reuse.
                inputSinceSample = inputSinceSample || accepted
            } else if case .rewind(let earlier) = step.action {
                _ = single.advanceWithEvents(to: earlier)
                _ = multi.advanceWithEvents(to: earlier)
                for policy in models.indices { _ = models[policy].advanceWithEvents(to: earlier) }
            }
        }
        return outcome
    }
}
