@testable import ImpressionTracking
import Testing

/// Hostile input on seeded random sessions: rects with NaN, infinities, huge and tiny
/// magnitudes and negative sizes, duplicate ids, containers with cycles and unknown
/// parents, bad insets, obstructions, offsets and policies, fed to the engine, the
/// reference model and the tracker side by side.
///
/// Every input must either be rejected with a ``InputError`` that names the thing and
/// shows the value, leaving the previous state in force, or be accepted; the model's own
/// validity rules (written apart from the engine's) decide which. Nothing may crash, the
/// tracker publishes exactly the engine's impressions, and every impression stays sane
/// (a ratio in 0...1, a time on the sample grid).
///
/// While every accepted value is tame (whole numbers up to 2^20, so that any correct
/// algorithm computes bit-identical ratios), the engine's events must also be the
/// model's. Past that, with a cell at 1e300 or 1e-300 wide, the edges cannot carry the
/// size in a `Double` and two correct algorithms may round differently, so only the
/// invariants are checked.
@Suite("Hostile input: a typed error or a correct result, never a crash", .catchesHangs)
struct HostileInputPropertyTests {
    static let seedChunks: [ClosedRange<UInt64>] = (UInt64(0)..<4).map { $0 * 50 + 1 ... $0 * 50 + 50 }

    @Test("random hostile sessions through the engine, the model and the tracker", arguments: seedChunks)
    func hostileSessions(seeds: ClosedRange<UInt64>) async throws {
        var totals = (accepted: 0, rejected: 0, impressions: 0, tameSteps: 0)
        for seed in seeds {
            let outcome = try await Self.run(seed: seed)
            totals.accepted += outcome.accepted
            totals.rejected += outcome.rejected
            totals.impressions += outcome.impressions
            totals.tameSteps += outcome.tameSteps
        }
        // Not degenerate: both kinds of answer, and impressions to compare.
        #expect(totals.rejected > 200, "\(totals)")
        #expect(totals.accepted > 200, "\(totals)")
        #expect(totals.impressions > 20, "\(totals)")
        #expect(totals.tameSteps > 1_000, "\(totals)")
    }

    @Test("sections that leave together exit in layout order, not screen order (found at seed 177)")
    func departuresExitInLayoutOrder() throws {
        // Section 2 is first in the layout, section 3 higher on screen.
        let sections = [TrackedSection(id: 2, cells: [Rect(x: 0, y: 300, width: 320, height: 150)]),
                        TrackedSection(id: 3, cells: [Rect(x: 0, y: 0, width: 320, height: 150)]),
                        TrackedSection(id: 4, cells: [Rect(x: 0, y: 150, width: 320, height: 150)])]
        var engine = try ImpressionEngine<Int>(policy: .anyPixel)
        var model = ReferenceModel<Int>(policy: .anyPixel)
        for input: EngineInput<Int> in [.viewport(Rect(x: 0, y: 0, width: 320, height: 600)), .layout(sections)] {
            _ = engine.perform(input)
            _ = model.perform(input)
        }
        #expect(engine.advanceWithEvents(to: .milliseconds(300)) == model.advanceWithEvents(to: .milliseconds(300)))
        // 4 leaves, then 2 and 3 together, before the next sample: they exit in their
        // order in the layout of the last sample, as in the model.
        for input: EngineInput<Int> in [.layout(Array(sections.prefix(2))), .layout([])] {
            _ = engine.perform(input)
            _ = model.perform(input)
        }
        let exits = engine.advanceWithEvents(to: .milliseconds(400))
        #expect(exits.map(\.sectionID) == [2, 3, 4])
        #expect(exits == model.advanceWithEvents(to: .milliseconds(400)))
    }

    struct Outcome {
        var accepted = 0
        var rejected = 0
        var impressions = 0
        var tameSteps = 0
    }

    /// What must not change when an input is rejected.
    struct State: Equatable {
        var ids: [Int]
        var cells: [Rect]
        var containerOffsets: [Point]
        var viewport: Rect?
        var insets: Insets
        var obstructions: [Rect]

        init(_ engine: ImpressionEngine<Int>) {
            ids = engine.measureGroups.layout.ids
            cells = engine.measureGroups.layout.geometry.cells
            containerOffsets = engine.measureGroups.layout.geometry.containers.offsets
            viewport = engine.viewport
            insets = engine.viewportInsets
            obstructions = engine.obstructions
        }
    }

    static func run(seed: UInt64) async throws -> Outcome {
        var generator = HostileGenerator(seed: seed)
        let interval = Duration.milliseconds(generator.random.pick([30, 100, 250]))
        let policy = generator.random.pick([ImpressionPolicy.default, .anyPixel, .mrcDisplay,
                                            ImpressionPolicy(minimumVisibleRatio: 0.3, minimumDuration: .milliseconds(200))])
        var engine = try ImpressionEngine<Int>(policy: policy, sampleInterval: interval)
        var model = ReferenceModel<Int>(policy: policy, sampleInterval: interval)
        let clock = ManualClock()
        let tracker = try ImpressionTracker<Int>(policy: policy, sampleInterval: interval, clock: clock)
        let subscription = await tracker.impressions()
        var outcome = Outcome()
        var expected: [Impression<Int>] = []
        var now = Duration.zero
        var isTame = true
        // Something to see from the start: a screen, before the hostile inputs.
        let screen = EngineInput<Int>.viewport(Rect(x: 0, y: 0, width: 320, height: 600))
        _ = engine.error(applying: screen)
        _ = model.perform(screen)
        _ = await tracker.perform(screen)

        for step in 0..<80 {
            let context = "seed \(seed), step \(step)"
            now += .milliseconds(generator.random.int(in: 0...800))
            let fromEngine = engine.advanceWithEvents(to: now)
            let fromModel = model.advanceWithEvents(to: now)
            clock.advance(to: ManualClock.Instant(offset: now))
            if isTame {
                #expect(fromEngine == fromModel, "\(context)")
                outcome.tameSteps += 1
            }
            for impression in fromEngine.compactMap(\.impression) {
                #expect(impression.visibleRatio >= 0 && impression.visibleRatio <= 1, "\(context): \(impression)")
                #expect(impression.time.attoseconds % interval.attoseconds == 0, "\(context): \(impression)")
            }
            expected += fromEngine.compactMap(\.impression)

            // Half the steps only let time pass, so that sections can fire.
            guard generator.random.chance(0.5) else { continue }
            let input = generator.input()
            let before = State(engine)
            let error = engine.error(applying: input)
            let modelAccepted = model.perform(input)
            let trackerError = await tracker.error(applying: input)
            #expect((error == nil) == modelAccepted, "\(context): \(input) → \(error.map { "\($0)" } ?? "accepted")")
            // Compared as text: a NaN in the value makes the errors themselves unequal.
            #expect(trackerError.map { "\($0)" } == error.map { "\($0)" }, "\(context): the tracker differs on \(input)")
            if let error {
                outcome.rejected += 1
                #expect(State(engine) == before, "\(context): rejected \(input) changed the state")
                Self.expectClearMessage(error, for: input, context: context)
            } else {
                outcome.accepted += 1
                isTame = isTame && input.isTame
            }
        }
        now += .seconds(3)
        clock.advance(to: ManualClock.Instant(offset: now))
        let tail = engine.advance(to: now)
        let modelTail = model.advance(to: now)
        if isTame { #expect(tail == modelTail, "seed \(seed), the end") }
        expected += tail
        await tracker.flush()
        await tracker.finish()
        var received: [Impression<Int>] = []
        for await impression in subscription { received.append(impression) }
        #expect(received == expected, "seed \(seed): the tracker's impressions differ from the engine's")
        outcome.impressions = expected.count
        return outcome
    }

    /// The message names the section or container and shows the offending value.
    static func expectClearMessage(_ error: InputError, for input: EngineInput<Int>, context: String) {
        let message = String(describing: error)
        if let section = error.section {
            #expect(message.contains(section), "\(context): \(message)")
        }
        if let container = error.container {
            #expect(message.contains(container), "\(context): \(message)")
        }
        // Every problem names its value, except an id clash, which names the other index.
        let value: String? = error.code == .duplicateSectionID ? nil : error.value
        if let value {
            #expect(message.contains(value), "\(context): \(message) should show \(value)")
        }
    }
}
