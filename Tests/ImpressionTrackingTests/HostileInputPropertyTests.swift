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
        var engine = ImpressionEngine<Int>(policy: .anyPixel)
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
            ids = engine.layout.ids
            cells = engine.layout.geometry.cells
            containerOffsets = engine.layout.geometry.containers.offsets
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
        var engine = ImpressionEngine<Int>(policy: policy, sampleInterval: interval)
        var model = ReferenceModel<Int>(policy: policy, sampleInterval: interval)
        let clock = ManualClock()
        let tracker = ImpressionTracker<Int>(policy: policy, sampleInterval: interval, clock: clock)
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

extension EngineInput {
    /// Whether every number in the input is a whole number of magnitude at most 2^20:
    /// sums and products of such numbers are exact in a `Double`.
    var isTame: Bool {
        func tame(_ values: Double...) -> Bool {
            values.allSatisfy { $0.magnitude <= 1_048_576 && $0.rounded() == $0 }
        }
        func tame(_ rect: Rect) -> Bool { tame(rect.x, rect.y, rect.width, rect.height) }
        func tame(_ sections: [TrackedSection<ID>]) -> Bool {
            sections.allSatisfy { section in
                section.cells.allSatisfy(tame) && section.nestedCells.allSatisfy { tame($0.frame) }
                    && tame(section.fullHeight ?? 0, section.fullArea ?? 0)
            }
        }
        switch self {
        case .layout(let sections, let containers):
            return tame(sections) && containers.allSatisfy { tame($0.frame) && tame($0.contentOffset.x, $0.contentOffset.y) }
        case .contentOffset(let offset, _):
            return tame(offset.x, offset.y)
        case .viewport(let rect):
            return tame(rect)
        case .viewportInsets(let insets):
            return tame(insets.top, insets.left, insets.bottom, insets.right)
        case .obstructions(let rects):
            return rects.allSatisfy(tame)
        case .lifecycle:
            return true
        }
    }
}

/// Random hostile inputs, reproducible from a seed.
struct HostileGenerator {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    static let extremes: [Double] = [
        .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        1e300, -1e300, 1e-300, -1e-300, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
        .ulpOfOne, 0, -0.0, -1, 1e15, 9_007_199_254_740_992,
    ]
    static let containerIDs = ["a", "b", "c", "d"]

    /// Mostly a plausible screen coordinate, often an extreme.
    mutating func number() -> Double {
        random.chance(0.3) ? random.pick(Self.extremes) : Double(random.int(in: -50...900))
    }

    /// Mostly plausible, sometimes hostile in one field, sometimes in all.
    mutating func rect() -> Rect {
        if random.chance(0.75) {
            return Rect(x: Double(random.int(in: 0...320)), y: Double(random.int(in: -100...2_000)),
                        width: Double(random.int(in: 0...320)), height: Double(random.int(in: 0...400)))
        }
        return Rect(x: number(), y: number(), width: number(), height: number())
    }

    mutating func policy() -> ImpressionPolicy? {
        guard random.chance(0.2) else { return nil }
        let durations: [Duration] = [.zero, .milliseconds(300), .seconds(-1), .seconds(Int64.max),
                                     .seconds(Int64.max) + .seconds(Int64.max), .nanoseconds(1)]
        var policy = ImpressionPolicy(minimumVisibleRatio: random.chance(0.5) ? number() : 0.5,
                                      minimumDuration: random.pick(durations),
                                      measure: random.chance(0.5) ? .area : .height)
        if random.chance(0.2) { policy.exitVisibleRatio = number() }
        return policy
    }

    mutating func sections() -> [TrackedSection<Int>] {
        (0..<(random.chance(0.05) ? 0 : random.int(in: 1...6))).map { _ in
            let id = random.int(in: 0...7)   // duplicates are common
            // Often the section's usual place, so that it can stay in view and fire.
            let home = Rect(x: 0, y: Double(id * 150), width: 320, height: 150)
            var section = TrackedSection(
                id: id,
                cells: random.chance(0.6) ? [home] : (0..<random.int(in: 0...3)).map { _ in rect() },
                fullHeight: random.chance(0.15) ? number() : nil,
                fullArea: random.chance(0.15) ? number() : nil,
                policy: policy())
            if random.chance(0.3) {
                section.nestedCells = (0..<random.int(in: 1...2)).map { _ in
                    NestedCell(containerID: random.chance(0.9) ? random.pick(Self.containerIDs) : "nowhere", frame: rect())
                }
            }
            return section
        }
    }

    /// Containers whose parents may be missing or form cycles.
    mutating func containers() -> [ScrollContainer] {
        (0..<random.int(in: 0...4)).map { index in
            ScrollContainer(
                id: random.chance(0.9) ? Self.containerIDs[index] : random.pick(Self.containerIDs),
                frame: random.chance(0.8) ? Rect(x: 0, y: Double(index * 200), width: 320, height: 200) : rect(),
                parentID: random.chance(0.4) ? random.pick(Self.containerIDs + ["unknown"]) : nil,
                contentOffset: Point(x: random.chance(0.8) ? Double(random.int(in: 0...500)) : number(), y: 0))
        }
    }

    mutating func input() -> EngineInput<Int> {
        switch random.int(in: 0...11) {
        case 0, 1, 2: return .layout(sections())
        case 3, 4: return .layout(sections: sections(), containers: containers())
        case 5: return .contentOffset(Point(x: number(), y: number()), containerID: random.pick(Self.containerIDs + ["nowhere"]))
        case 6, 7: return .viewport(random.chance(0.5) ? Rect(x: 0, y: Double(random.int(in: 0...1_500)), width: 320, height: 600) : rect())
        case 8:
            if random.chance(0.5) {   // a safe area: bars top and bottom
                return .viewportInsets(Insets(top: Double(random.int(in: 0...100)), bottom: Double(random.int(in: 0...100))))
            }
            return .viewportInsets(Insets(top: number(), left: number(), bottom: number(), right: number()))
        case 9:
            if random.chance(0.5) {   // a floating button
                return .obstructions([Rect(x: Double(random.int(in: 0...300)), y: Double(random.int(in: 0...550)), width: 50, height: 50)])
            }
            return .obstructions((0..<random.int(in: 0...2)).map { _ in rect() })
        case 10: return random.pick([.viewportInsets(.zero), .obstructions([]), .lifecycle(.reset)])
        // Lifecycle: mostly back to active, so that there is something to fire.
        default:
            let calls: [LifecycleCall] = [.appear, .appear, .appear, .disappear, .endRefresh, .endRefresh, .beginRefresh,
                                          .uncover, .uncover, .cover, .enterForeground, .enterForeground, .enterBackground]
            return .lifecycle(random.pick(calls))
        }
    }
}
